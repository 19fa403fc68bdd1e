"""Bankruptcy (docs/rules.md C21, C19, C10, M21, K10; C22/C23 end of game).

docs/table-log.md ``bankrupt``: ``player`` owes more than they can raise and is out.
How the debts are met is the edition's ``creditor_order``
(:mod:`companion.commands.bankrupt_money`): ``"named"`` (C21, seeds 000–002) — the
creditor named, any one owed, takes the cash, the buildings' half price (a player), the
deeds and get-out cards, every other debt cleared unpaid; ``"oldest_first"`` (K10) or
``"players_first"`` (M21) — what the bankrupt has or raises pays each debt in turn, up
to what is owed, and the creditor named must be the first the money does not cover, who
takes what is left.  A player receiving deeds pays the 10 % on every mortgaged one at
once (a debt if short), or lifts the ones named in ``lift`` (mortgage value + 10 %,
C19).  To the bank: the deeds go back to the bank (the banker auctions them later, C4),
get-out cards back under their decks.
The game ends when one player is left (C22), or at the first bankruptcy of a quick game
when the edition's ``quick_ends_at_first_bankruptcy`` says so (C23).
"""

from __future__ import annotations

from dataclasses import replace

from companion import events as ev
from companion.commands import bankrupt_money as money
from companion.commands.base import Cmd, command
from companion.commands.trades import parse_spaces, receive_mortgaged
from companion.errors import NotEnoughCash, RuleBroken
from companion.ledger.claims import collect_claim
from companion.ledger.draft import Draft
from companion.ledger.ending import finish
from companion.ledger.payments import charge, open_debt, pay_in_full
from companion.money import Money
from companion.rules import rules_for
from companion.rules.mortgages import interest, lift_cost
from companion.state import GameState
from companion.valuation import raisable


@command("bankrupt")
def bankrupt(draft: Draft, cmd: Cmd) -> None:
    """``player`` goes bankrupt to ``creditor`` (``"bank"`` or a player they owe) (C21).

    With ``creditor_order = "named"`` (C21) any creditor owed may be named and takes
    everything; otherwise (M21, K10) ``creditor`` must be the first creditor
    (:func:`~companion.commands.bankrupt_money.payout` order) the bankrupt's money does
    not cover.  ``lift`` (optional, creditor a player): mortgaged deeds the creditor
    lifts at once.

    Raises:
        RuleBroken: the player owes that creditor nothing, can still raise what they owe
        (selling buildings, mortgaging: see ``raisable``), another creditor comes first
        (M21, K10), is bidding in the open auction, or a lift names a deed not passing to
        the creditor mortgaged.
        NotEnoughCash: the creditor cannot pay the lifts.
    """
    state = draft.state
    player, creditor = cmd.player(), cmd.player("creditor", bank=True)
    lift = tuple(parse_spaces(cmd, cmd.raw.get("lift") or [], "lift"))
    _check(state, player, creditor)
    paid = money.paid_out(state, player, creditor)
    if creditor != ev.BANK:
        _check_lifts(state, player, creditor, lift, paid)
    money.sell_buildings(draft, player, paid)
    money.sell_assets(draft, player, paid)
    if money.serving(state):
        if paid:
            money.borrow(draft, player)  # M21: mortgages, debt notes
        money.serve(draft, player)
    else:
        money.forgive(draft, player)  # C21: the creditor named takes everything
    deeds = [d.space for d in state.owned_by(player)]
    _hand_over(draft, player, creditor)
    rules_for(state.ed).after_hand_over(draft, player, creditor)  # M21: shares, debt notes
    if creditor != ev.BANK:
        for index in deeds:
            receive_mortgaged_or_owe(draft, creditor, index, index in lift)
    _leave(draft, player, creditor)


def _check(state: GameState, player: str, creditor: str) -> None:
    if state.players[player].bankrupt:
        raise RuleBroken("%(player)s is already out of the game.", player=player)
    owed = sum(d.amount for d in state.debts_of(player))
    if not any(d.creditor == creditor for d in state.debts_of(player)):
        if creditor == ev.BANK:
            # The English says "bank" as the player's name would be (tests pin it).
            raise RuleBroken("%(player)s owes bank nothing — only a player who cannot pay a "
                             "debt goes bankrupt.", player=player)
        raise RuleBroken("%(player)s owes %(creditor)s nothing — only a player who cannot pay "
                         "a debt goes bankrupt.", player=player, creditor=creditor)
    can = raisable(state, player)
    if can >= owed:
        raise RuleBroken("%(player)s can still raise %(can)s by selling buildings and "
                         "mortgaging — enough for the %(owed)s owed.", player=player,
                         can=Money.of(state, can), owed=Money.of(state, owed))
    if money.serving(state):
        _check_order(state, player, creditor)
    auction = state.auction
    if auction is not None and any(b.player == player for b in auction.bids):
        raise RuleBroken("%(player)s is bidding in the open auction — close it first.",
                         player=player)


def _check_order(state: GameState, player: str, creditor: str) -> None:
    """M21 ("Motspillers krav skal betales før bankens krav"), K10: the creditor named
    must be :func:`~companion.commands.bankrupt_money.creditor_due`.  Raises RuleBroken
    naming whom to name."""
    due = money.creditor_due(state, player)
    if creditor == due:
        return
    if creditor == ev.BANK and state.ed.settings.creditor_order == "players_first":
        raise RuleBroken("Players are paid before the bank: %(player)s owes %(due)s, so "
                         "name %(due)s as the creditor (M21).", player=player, due=due)
    if due == ev.BANK:
        raise RuleBroken("%(player)s's money pays the debts in the order they arose, and the "
                         "bank is the first it does not cover: name the bank as the "
                         "creditor.", player=player)
    raise RuleBroken("%(player)s's money pays the debts in the order they arose, and "
                     "%(due)s is the first it does not cover: name %(due)s as the creditor.",
                     player=player, due=due)


def _check_lifts(state: GameState, player: str, creditor: str, lift: tuple[int, ...],
                 paid: bool) -> None:
    """C19: each lift names a deed passing to the creditor mortgaged (in the serving
    order with a player owed, every deed with a mortgage value: :func:`money.borrow`),
    and the creditor can pay them with their cash and what the bankruptcy pays them."""
    borrows = paid and money.serving(state)
    mortgaged = [d.space for d in state.owned_by(player)
                 if d.mortgaged or (borrows and state.ed.space(d.space).mortgage)]
    for index in lift:
        if index not in mortgaged:
            raise RuleBroken("%(deed)s is not a mortgaged deed of %(player)s's.",
                             deed=state.ed.space(index).label, player=player)
    cost = sum(lift_cost(state.ed, state.ed.space(i)) for i in lift)
    cash = state.players[creditor].cash + _receives(state, player, creditor)
    if cost > cash:
        raise NotEnoughCash("%(creditor)s would have %(cash)s; lifting costs %(cost)s.",
                            creditor=creditor, cash=Money.of(state, cash),
                            cost=Money.of(state, cost))


def _receives(state: GameState, player: str, creditor: str) -> int:
    """The money ``creditor`` gets from the bankrupt ``player``: their part of the
    payout (M21, K10), or everything raised when named (C21)."""
    if money.serving(state):
        return sum(p for c, _, p in money.payout(state, player) if c == creditor)
    return money.raised(state, player)


def _hand_over(draft: Draft, player: str, creditor: str) -> None:
    """What cash is left (none when the debts exceed it), deeds and get-out cards to the
    creditor; debts owed to the player now owed to the creditor (forgiven when that is
    the debtor)."""
    state = draft.state
    pay_in_full(draft, player, creditor, state.players[player].cash, "bankrupt", "bankrupt")
    owed_to = [(d.debtor, d.amount, d.memo) for d in state.debts if d.creditor == player]
    for debtor, amount, memo in owed_to:  # an asset of the player's
        draft.emit(ev.DebtSettled(debtor, player, amount))
        open_debt(draft, debtor, creditor, amount, memo)  # forgiven when the creditor
    for deed in list(state.owned_by(player)):
        draft.emit(ev.DeedMoved(deed.space, creditor))
    cards = state.players[player].jail_cards
    if cards:
        draft.emit(ev.JailCardsChanged(player, -cards))
        if creditor != ev.BANK:
            draft.emit(ev.JailCardsChanged(creditor, cards))


def receive_mortgaged_or_owe(draft: Draft, creditor: str, index: int, lift: bool) -> None:
    """C21 + C19: the lift (checked) in full, or the 10 % — a debt when short."""
    state = draft.state
    deed = state.deeds.get(index)
    if deed is None or deed.owner != creditor or not deed.mortgaged:
        return
    if lift:
        receive_mortgaged(draft, creditor, index, True)
        return
    space = state.ed.space(index)
    charge(draft, creditor, ev.BANK, interest(state.ed, space), f"10 % on mortgaged {space.label}",
           "mortgage_interest", index)


def _leave(draft: Draft, player: str, creditor: str) -> None:
    """Close the player's claims and trades; out; end the game per C22/C23.

    Rent still owed TO the player (an open claim, C5) passes to the creditor as a debt of
    its payer, like the player's other assets (C21; forgiven when the payer is the
    creditor).  Ola Nordmann's rent (payer the bank, M4: "Ola Nordmann betaler leie med
    BANKENS PENGER") is claimed for the creditor at once: the bank pays the creditor
    (C25: the bank never owes), with the rule set's ``after_rent`` (M10) as for any
    claim.  Claims against the player die with their other debts."""
    state = draft.state
    for claim in list(state.claims.values()):
        if claim.owner == player and claim.payer == ev.BANK and creditor != ev.BANK:
            collect_claim(draft, replace(claim, owner=creditor))
            continue
        if player in (claim.owner, claim.payer):
            draft.emit(ev.ClaimClosed(claim.id, "bankrupt", claim.owner, claim.payer,
                                      claim.space, claim.amount))
        if claim.owner == player:
            label = state.ed.space(claim.space).label
            open_debt(draft, claim.payer, creditor, claim.amount, f"rent {label}", "rent",
                      claim.space)
    for pending in list(state.trades.values()):
        if player in pending.parties:
            draft.emit(ev.TradeClosed(pending.id, "cancelled"))
    draft.emit(ev.PlayerBankrupt(player, creditor))
    quick_end = state.variant == "quick" and state.ed.settings.quick_ends_at_first_bankruptcy
    if len(state.active_players()) <= 1 or quick_end:  # C5: claims paid before the tally
        finish(draft, how="C22" if len(state.active_players()) <= 1 else "C23")

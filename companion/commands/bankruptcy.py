"""Bankruptcy (docs/rules.md C21, C19, C10, M21, K10; C22/C23 end of game).

docs/table-log.md ``bankrupt``: ``player`` owes more than they can raise and is out.
What the bankrupt has in money is raised first: buildings sold to the bank at half price
(at the rule module's rate where it has one: K8, two houses for 1 coin), and what the
rule module sells besides (``assets_sale``: M21 the shares at the board price; K10 every
property and fire insurance at the K8 prices).  That money pays the bankrupt's debts in
the order they are served (:func:`~companion.ledger.payments.serving_order`: oldest
first, C21; players before the bank, M21), each up to what is owed.  The ``creditor``
named is the first of them the money does not cover: they take what is left (the deeds,
get-out cards, C21) and pay the 10 % on every mortgaged deed at once (a debt if short),
or lift the ones named in ``lift`` (mortgage value + 10 %, C19).  Every debt of the
bankrupt is then cleared.  To the bank: the deeds go back to the bank (the banker
auctions them later, C4), get-out cards back under their decks.
The game ends when one player is left (C22), or at the first bankruptcy of a quick game
when the edition's ``quick_ends_at_first_bankruptcy`` says so (C23).
"""

from __future__ import annotations

from dataclasses import replace

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.commands.buildings import emit_plan
from companion.commands.trades import parse_spaces, receive_mortgaged
from companion.errors import NotEnoughCash, RuleBroken
from companion.ledger.claims import collect_claim
from companion.ledger.draft import Draft
from companion.ledger.ending import finish
from companion.ledger.payments import charge, open_debt, pay_in_full, serving_order
from companion.money import Money, half
from companion.rules import hook, rules_for
from companion.rules.buildings import building_value, plan_for
from companion.rules.mortgages import interest, lift_cost
from companion.state import GameState
from companion.valuation import raisable


@command("bankrupt")
def bankrupt(draft: Draft, cmd: Cmd) -> None:
    """``player`` goes bankrupt to ``creditor`` (``"bank"`` or a player they owe) (C21).

    ``creditor`` must be the first creditor (:func:`payout` order) the bankrupt's money
    does not cover (M21: a player owed comes before the bank).  ``lift`` (optional,
    creditor a player): mortgaged deeds the creditor lifts at once.

    Raises:
        RuleBroken: the player owes that creditor nothing, can still raise what they owe
        (selling buildings, mortgaging: see ``raisable``), another creditor comes first
        (M21, C21), is bidding in the open auction, or a lift names a deed not passing to
        the creditor.
        NotEnoughCash: the creditor cannot pay the lifts.
    """
    state = draft.state
    player, creditor = cmd.player(), cmd.player("creditor", bank=True)
    lift = tuple(parse_spaces(cmd, cmd.raw.get("lift") or [], "lift"))
    _check(state, player, creditor)
    if creditor != ev.BANK:
        _check_lifts(state, player, creditor, lift)
    paid = any(d.creditor != ev.BANK for d in state.debts_of(player))
    _sell_buildings(draft, player, paid)
    _sell_assets(draft, player, paid)
    deeds = [d.space for d in state.owned_by(player)]
    _serve(draft, player)
    _hand_over(draft, player, creditor)
    hook(state.ed, "after_hand_over")(draft, player, creditor)  # M21: shares, debt notes
    if creditor != ev.BANK:
        for index in deeds:
            receive_mortgaged_or_owe(draft, creditor, index, index in lift)
    _leave(draft, player, creditor)


def payout(state: GameState, player: str) -> list[tuple[str, int, int]]:
    """C21/M21/K10: how the bankrupt ``player``'s money would pay their debts.

    Shape: ``[(creditor, owed, paid), …]`` in serving order (oldest first; players
    before the bank when ``creditors_before_bank``), ``paid`` ≤ ``owed``, from
    :func:`raised` — cash, buildings and the rule module's ``assets_sale``.  ``int`` in
    the edition's unit.
    """
    money = raised(state, player)
    rows = []
    for debt in serving_order(state, state.debts_of(player)):
        part = min(money, debt.amount)
        money -= part
        rows.append((debt.creditor, debt.amount, part))
    return rows


def creditor_due(state: GameState, player: str) -> str:
    """The creditor the bankrupt ``player`` goes bankrupt to (C21, M21): the first in
    :func:`payout` order whose debt their money does not cover (the last when all are
    covered); ``"bank"`` when there are no debts."""
    rows = payout(state, player)
    short = [c for c, owed, paid in rows if paid < owed] or [c for c, _, _ in rows[-1:]]
    return short[0] if short else ev.BANK


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
    _check_order(state, player, creditor)
    auction = state.auction
    if auction is not None and any(b.player == player for b in auction.bids):
        raise RuleBroken("%(player)s is bidding in the open auction — close it first.",
                         player=player)


def _check_order(state: GameState, player: str, creditor: str) -> None:
    """M21 ("Motspillers krav skal betales før bankens krav"), C21: the creditor named
    must be :func:`creditor_due`.  Raises RuleBroken naming whom to name."""
    due = creditor_due(state, player)
    if creditor == due:
        return
    if creditor == ev.BANK and state.ed.settings.creditors_before_bank:
        raise RuleBroken("Players are paid before the bank: %(player)s owes %(due)s, so "
                         "name %(due)s as the creditor (M21).", player=player, due=due)
    raise RuleBroken("%(player)s's money pays the debts in the order they arose, and "
                     "%(due)s is the first it does not cover: name %(due)s as the creditor.",
                     player=player, due=due)


def _check_lifts(state: GameState, player: str, creditor: str, lift: tuple[int, ...]) -> None:
    mortgaged = [d.space for d in state.owned_by(player) if d.mortgaged]
    for index in lift:
        if index not in mortgaged:
            raise RuleBroken("%(deed)s is not a mortgaged deed of %(player)s's.",
                             deed=state.ed.space(index).label, player=player)
    cost = sum(lift_cost(state.ed, state.ed.space(i)) for i in lift)
    cash = state.players[creditor].cash + sum(p for c, _, p in payout(state, player)
                                              if c == creditor)
    if cost > cash:
        raise NotEnoughCash("%(creditor)s would have %(cash)s; lifting costs %(cost)s.",
                            creditor=creditor, cash=Money.of(state, cash),
                            cost=Money.of(state, cost))


def raised(state: GameState, player: str) -> int:
    """``player``'s cash plus everything the bank buys at a bankruptcy (C21, M21, K10):
    :func:`buildings_sale` and the rule module's ``assets_sale`` (M21: shares at the
    board price; K8/K10: 1 coin a property, 1 coin a fire insurance)."""
    own = getattr(rules_for(state.ed), "assets_sale", None)
    extra = int(own(state, player)) if own is not None else 0
    return state.players[player].cash + buildings_sale(state, player) + extra


def buildings_sale(state: GameState, player: str) -> int:
    """What the bank pays for every building ``player`` has: half the purchase price
    (C17, C21), or the rule module's own ``buildings_sale`` (K8: 1 coin per two houses)."""
    own = getattr(rules_for(state.ed), "buildings_sale", None)
    if own is not None:
        return int(own(state, player))
    return sum(half(building_value(state, deed)) for deed in state.owned_by(player))


def _sell_buildings(draft: Draft, player: str, paid: bool) -> None:
    """Every building back to the bank; paid for (:func:`buildings_sale`) when a player
    is the creditor."""
    state = draft.state
    if paid:
        pay_in_full(draft, ev.BANK, player, buildings_sale(state, player),
                    "buildings sold (bankrupt)")
    for deed in list(state.owned_by(player)):
        if deed.houses or deed.hotel:
            plan = plan_for(state, state.ed.space(deed.space))
            plan.sell_all()
            emit_plan(draft, plan)


def _sell_assets(draft: Draft, player: str, paid: bool) -> None:
    """The rule module's ``sell_assets(draft, player, paid)``: what it sells to the bank
    at a bankruptcy besides buildings (M21 shares, K10 properties and fire insurance)."""
    own = getattr(rules_for(draft.state.ed), "sell_assets", None)
    if own is not None:
        own(draft, player, paid)


def _serve(draft: Draft, player: str) -> None:
    """C21/M21/K10: the bankrupt's money pays each debt in :func:`payout` order, up to
    what is owed; then every debt of theirs is cleared (paid or forgiven)."""
    state = draft.state
    for creditor, owed, _ in payout(state, player):
        part = min(state.players[player].cash, owed)
        pay_in_full(draft, player, creditor, part, "bankrupt")
        draft.emit(ev.DebtSettled(player, creditor, owed))


def _hand_over(draft: Draft, player: str, creditor: str) -> None:
    """What cash is left (none when the debts exceed it), deeds and get-out cards to the
    creditor; debts owed to the player now owed to the creditor (forgiven when that is
    the debtor)."""
    state = draft.state
    pay_in_full(draft, player, creditor, state.players[player].cash, "bankrupt")
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
    charge(draft, creditor, ev.BANK, interest(state.ed, space), f"10 % on mortgaged {space.label}")


def _leave(draft: Draft, player: str, creditor: str) -> None:
    """Close the player's claims and trades; out; end the game per C22/C23.

    Rent still owed TO the player (an open claim, C5) passes to the creditor as a debt of
    its payer, like the player's other assets (C21; forgiven when the payer is the
    creditor).  Ola Nordmann's rent (payer the bank, M4: "Ola Nordmann betaler leie med
    BANKENS PENGER") is claimed for the creditor at once: the bank pays the creditor
    (C25: the bank never owes), with the rule module's ``after_rent`` (M10) as for any
    claim.  Claims against the player die with their other debts."""
    state = draft.state
    for claim in list(state.claims.values()):
        if claim.owner == player and claim.payer == ev.BANK and creditor != ev.BANK:
            collect_claim(draft, replace(claim, owner=creditor))
            continue
        if player in (claim.owner, claim.payer):
            draft.emit(ev.ClaimClosed(claim.id, "bankrupt"))
        if claim.owner == player:
            label = state.ed.space(claim.space).label
            open_debt(draft, claim.payer, creditor, claim.amount, f"rent {label}")
    for pending in list(state.trades.values()):
        if player in pending.parties:
            draft.emit(ev.TradeClosed(pending.id, "cancelled"))
    draft.emit(ev.PlayerBankrupt(player, creditor))
    quick_end = state.variant == "quick" and state.ed.settings.quick_ends_at_first_bankruptcy
    if len(state.active_players()) <= 1 or quick_end:
        finish(draft)  # C5: the others' open claims are paid before the tally

"""Trades between two players, recorded by the banker or confirmed on both phones (C18, M9).

docs/table-log.md ``trade`` (the banker records an agreed deal: applied at once), and the
two-step form for phones: ``trade_propose`` (``from``: the proposer, a party), then
``trade_accept`` (``player``: the other party; may add ``lift`` for deeds they receive),
or ``trade_cancel`` (either party, or the banker).  A pending trade is re-checked when
accepted; a player has at most :data:`MAX_PROPOSALS` offers waiting.  Deal fields::

    "parties": {"Alice": {"cash": 500, "spaces": ["Parkveien"], "jail_cards": 1},
                "Bob": {"cash": 0, "spaces": ["Oslo S"], "shares": {"3": 2}}},
    "lift": ["Parkveien"]

``shares`` (``{series: count}``) only in editions with a stock board (Multimillionær,
M9: at any agreed price, not the board's).  Which lots of a built group may change hands
is the edition's ``settings.built_group_sold_whole`` (C18: none; M9: the whole series,
buildings and all) — see :mod:`companion.rules.trading`.
"""

from __future__ import annotations

from typing import Any

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.errors import BadCommand, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import pay_in_full
from companion.records import PendingTrade
from companion.rules import rules_for
from companion.rules.deed_values import ask_all
from companion.rules.mortgages import receive_cost
from companion.rules.trading import Deal, Offer, check_deal
from companion.state import GameState

_FIELDS = {"cash", "spaces", "jail_cards", "shares"}
#: C18: the most trade offers one player may have waiting for an answer at once.  Every
#: pending trade is in every state snapshot, so a phone must not be able to pile them up.
MAX_PROPOSALS = 3


@command("trade")
def trade(draft: Draft, cmd: Cmd) -> None:
    """The banker records a trade both players agreed to; applied at once (C18, C19, M9).

    Raises: see :func:`~companion.rules.trading.check_deal`; BadCommand: malformed deal;
    MissingValue: see :func:`apply_deal`.
    """
    deal = parse_deal(cmd)
    check_deal(draft.state, deal)
    apply_deal(draft, deal)


@command("trade_propose", player_field="from")
def trade_propose(draft: Draft, cmd: Cmd) -> None:
    """``from`` (a party) proposes a trade; it waits for the other party (C18).

    Raises: BadCommand: ``from`` is not a party; RuleBroken: ``from`` already has
    :data:`MAX_PROPOSALS` offers waiting (C18); then as ``trade``.
    """
    deal = parse_deal(cmd)
    proposer = cmd.player("from")
    if proposer not in deal.offers:
        raise BadCommand("%(player)s must be one of the two parties of the trade.",
                         player=proposer)
    _room_for_offer(draft.state, proposer)
    check_deal(draft.state, deal)
    draft.emit(ev.TradeProposed(draft.state.next_trade, proposer, deal.to_parties(), deal.lift))


def _room_for_offer(state: GameState, proposer: str) -> None:
    """C18: ``proposer`` may have at most :data:`MAX_PROPOSALS` offers waiting.
    Raises RuleBroken."""
    waiting = sum(1 for t in state.trades.values() if t.proposer == proposer)
    if waiting >= MAX_PROPOSALS:
        raise RuleBroken("%(player)s already has %(count)s trade offers waiting for an "
                         "answer: at most %(most)s at once (C18). Wait for an answer, or "
                         "withdraw one first.", player=proposer, count=waiting,
                         most=MAX_PROPOSALS)


@command("trade_accept", player_field="player")
def trade_accept(draft: Draft, cmd: Cmd) -> None:
    """The other party accepts pending trade ``trade`` (default: the only one waiting for
    them); ``lift`` (optional) names the mortgaged deeds they receive and lift now (C19).

    Raises: RuleBroken: no such trade, or the proposer accepting; then as ``trade``.
    """
    state, player = draft.state, cmd.player()
    pending = _pending(state, cmd, player)
    if player == pending.proposer or player not in pending.parties:
        raise RuleBroken("Only %(player)s can accept this trade.", player=_other(pending))
    deal = Deal.from_parties(pending.parties, pending.lift)
    if cmd.has("lift"):
        mine = set(deal.received(player))
        own = tuple(i for i in parse_spaces(cmd, cmd.raw["lift"], "lift"))
        deal = Deal(deal.offers, tuple(i for i in deal.lift if i not in mine) + own)
    check_deal(state, deal)
    draft.emit(ev.TradeClosed(pending.id, "accepted", player))
    apply_deal(draft, deal)


@command("trade_cancel", player_field="player")
def trade_cancel(draft: Draft, cmd: Cmd) -> None:
    """Either party (or the banker, without ``player``) withdraws pending ``trade``."""
    state = draft.state
    player = cmd.player() if cmd.has("player") else None
    pending = _pending(state, cmd, player)
    if player is not None and player not in pending.parties:
        raise RuleBroken("%(player)s is not a party to this trade.", player=player)
    draft.emit(ev.TradeClosed(pending.id, "cancelled", player or ""))


def deed_marks(state: GameState) -> dict[int, tuple[Any, ...]]:
    """The condition of the deeds in every pending trade, by trade: each deed's owner,
    buildings and mortgage, to notice a change before the other party says yes (C18)."""
    return {t.id: _condition(state, t) for t in state.trades.values()}


def void_changed_trades(draft: Draft, marks: dict[int, tuple[Any, ...]]) -> None:
    """Cancel every pending trade whose deeds changed during this command (mortgaged,
    lifted, built on, sold, changed hands): the other party was offered them as they were,
    and must not accept something else (C18, C19).  ``marks``: :func:`deed_marks` taken
    before the command."""
    for pending in list(draft.state.trades.values()):
        before = marks.get(pending.id)
        if before is not None and before != _condition(draft.state, pending):
            draft.emit(ev.TradeClosed(pending.id, "cancelled"))


def _condition(state: GameState, pending: PendingTrade) -> tuple[Any, ...]:
    spaces = sorted({int(i) for offer in pending.parties.values() for i in offer["spaces"]})
    deeds = [state.deeds.get(i) for i in spaces]
    return tuple((i, None) if d is None else (i, d.owner, d.houses, d.hotel, d.mortgaged)
                 for i, d in zip(spaces, deeds, strict=True))


def apply_deal(draft: Draft, deal: Deal) -> None:
    """Emit a checked deal: cash, deeds (with their buildings, M9), cards, shares (M9),
    then each receiver's C19 payments.

    Raises: MissingValue: a deed's board value not known yet, asked before it changes
    hands (:func:`companion.rules.deed_values.ask_all`; M22, C19; h21)."""
    ask_all(draft.state, [i for offer in deal.offers.values() for i in offer.spaces])
    for giver, offer in deal.offers.items():
        taker = deal.other(giver)
        pay_in_full(draft, giver, taker, offer.cash, f"trade with {taker}", "trade")
        for index in offer.spaces:
            draft.emit(ev.DeedMoved(index, taker))
        if offer.jail_cards:
            draft.emit(ev.JailCardsChanged(giver, -offer.jail_cards))
            draft.emit(ev.JailCardsChanged(taker, offer.jail_cards))
        for series, count in offer.shares:
            draft.emit(ev.SharesMoved(series, giver, taker, count))
    for taker in deal.offers:
        for index in deal.received(taker):
            receive_mortgaged(draft, taker, index, index in deal.lift)


def receive_mortgaged(draft: Draft, taker: str, index: int, lift: bool) -> None:
    """``taker`` received deed ``index``: if mortgaged, pay the 10 % now, or lift it now for
    mortgage value + 10 % (C19).  The caller checked the cash."""
    state = draft.state
    if not state.deeds[index].mortgaged:
        return
    space = state.ed.space(index)
    cost = receive_cost(state.ed, space, lift)
    memo = f"lifted {space.label}" if lift else f"10 % on mortgaged {space.label}"
    pay_in_full(draft, taker, ev.BANK, cost, memo,
                "unmortgage" if lift else "mortgage_interest", index)
    if lift:
        draft.emit(ev.MortgageSet(index, False, taker))


def parse_deal(cmd: Cmd) -> Deal:
    """The deal of a ``trade``/``trade_propose`` command.  Raises BadCommand, UnknownPlayer,
    UnknownSpace, BadAmount on malformed fields."""
    parties = cmd.raw.get("parties")
    if not isinstance(parties, dict) or len(parties) != 2:
        raise BadCommand("A trade needs 'parties': exactly two players and what each gives.")
    offers: dict[str, Offer] = {}
    for name, given in parties.items():
        player = Cmd({"player": name}, cmd.state).player()
        offers[player] = _offer(cmd, given or {})
    if len(offers) != 2:
        raise BadCommand("A trade is between two different players.")
    lift = cmd.raw.get("lift") or []
    return Deal(offers, tuple(parse_spaces(cmd, lift, "lift")))


def _offer(cmd: Cmd, given: Any) -> Offer:
    if not isinstance(given, dict) or set(given) - _FIELDS:
        raise BadCommand("Each party gives 'cash', 'spaces', 'jail_cards' and/or 'shares'.")
    part = Cmd(given, cmd.state)
    cash = part.amount("cash", allow_zero=True) if part.has("cash") else 0
    cards = part.integer("jail_cards", 0, 16, default=0)
    spaces = tuple(parse_spaces(cmd, given.get("spaces") or [], "spaces"))
    return Offer(cash, spaces, cards, _shares(cmd, given.get("shares")))


def _shares(cmd: Cmd, given: Any) -> tuple[tuple[str, int], ...]:
    """M9: ``{series: count}`` -> (series, count) pairs in column order.  Raises BadCommand
    (no stock board, not a table, a count not 1–10), or as the rule set's ``parse_series``."""
    if not given:
        return ()
    assert cmd.state is not None
    rules = rules_for(cmd.state.ed)
    if not rules.series(cmd.state.ed):
        raise BadCommand("There are no shares to trade in this game.")
    if not isinstance(given, dict):
        raise BadCommand("'shares' must be a table of series = number of shares, like "
                         "{\"3\": 2}.")
    counts: dict[str, int] = {}
    for raw, count in given.items():
        series = rules.parse_series(cmd.state, raw)
        if series in counts:
            raise BadCommand("Series %(series)s is named twice in 'shares'.", series=series)
        counts[series] = Cmd({"count": count}, cmd.state).integer("count", 1,
                                                                 rules.shares_per_series)
    order = rules.series(cmd.state.ed)
    return tuple(sorted(counts.items(), key=lambda item: order.index(item[0])))


def parse_spaces(cmd: Cmd, values: Any, key: str) -> list[int]:
    """Board indices of the list ``values`` (field ``key``).  Raises BadCommand, UnknownSpace."""
    if not isinstance(values, list):
        raise BadCommand("'%(key)s' must be a list of spaces.", key=key)
    indices = [Cmd({"space": v}, cmd.state).space() for v in values]
    if len(set(indices)) != len(indices):
        raise BadCommand("A space is named twice in '%(key)s'.", key=key)
    return indices


def _pending(state: GameState, cmd: Cmd, player: str | None) -> PendingTrade:
    if cmd.has("trade"):
        pending = state.trades.get(cmd.integer("trade", 1, 10**9))
    else:
        mine = [t for t in state.trades.values() if player is None or player in t.parties]
        pending = mine[0] if len(mine) == 1 else None
    if pending is None:
        raise RuleBroken("There is no such trade waiting (give its number as 'trade').")
    return pending


def _other(pending: PendingTrade) -> str:
    return next(n for n in pending.parties if n != pending.proposer)

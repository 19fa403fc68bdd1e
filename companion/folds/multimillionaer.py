"""Folds of the Multimillionær events into :class:`~companion.state.Market` (docs/rules.md M2–M22).

Registered on :func:`companion.state.fold_event` when :mod:`companion.folds` (which
lists every fold module) is imported.  Each fold records what its event says; the rules were
checked by the command that emitted it (:mod:`companion.commands.multimillionaer`).
"""

from __future__ import annotations

from companion import events as ev
from companion.state import GameState, fold_event


@fold_event.register
def _(e: ev.StockListed, s: GameState) -> None:
    s.market.levels[e.series] = e.level
    s.market.shares.setdefault(ev.BANK, {})[e.series] = e.shares


@fold_event.register
def _(e: ev.StockMoved, s: GameState) -> None:
    if e.claim:
        moved = (e.series, e.level - s.market.levels.get(e.series, 0))
        s.market.claim_moves[e.claim] = (*s.market.claim_moves.get(e.claim, ()), moved)
    s.market.levels[e.series] = e.level


@fold_event.register
def _(e: ev.SharesMoved, s: GameState) -> None:
    giver = s.market.shares.setdefault(e.giver, {})
    giver[e.series] = giver.get(e.series, 0) - e.count
    taker = s.market.shares.setdefault(e.taker, {})
    taker[e.series] = taker.get(e.series, 0) + e.count


@fold_event.register
def _(e: ev.OlaMoved, s: GameState) -> None:
    s.market.ola = e.space


@fold_event.register
def _(e: ev.OlaRolled, s: GameState) -> None:
    if e.done:
        s.market.ola_done = e.turn


@fold_event.register
def _(e: ev.PhaseSet, s: GameState) -> None:
    s.market.phase = e.phase


@fold_event.register
def _(e: ev.DebtNotesChanged, s: GameState) -> None:
    s.market.notes[e.player] = s.market.notes.get(e.player, 0) + e.delta


@fold_event.register
def _(e: ev.InterestPaid, s: GameState) -> None:
    s.market.paid[e.player] = e.turn


@fold_event.register
def _(e: ev.InterestMissed, s: GameState) -> None:
    s.market.missed[e.player] = (e.turn, e.amount)


@fold_event.register
def _(e: ev.InterestClosed, s: GameState) -> None:
    s.market.missed.pop(e.player, None)


@fold_event.register
def _(e: ev.BorsenRight, s: GameState) -> None:
    if e.count:
        s.market.borsen[e.player] = (e.turn, e.count)
    else:
        s.market.borsen.pop(e.player, None)


@fold_event.register
def _(e: ev.TrafficLight, s: GameState) -> None:
    if e.player is None:
        s.market.ola_light = e.turn
    else:
        s.market.light[e.player] = e.turn


@fold_event.register
def _(e: ev.RentFreeTurn, s: GameState) -> None:
    s.market.light.pop(e.player, None)
    s.market.rent_free[e.player] = e.turn


@fold_event.register
def _(e: ev.HolidayStays, s: GameState) -> None:
    s.market.holiday[e.player] = e.stays


@fold_event.register
def _(e: ev.CasinoPlayed, s: GameState) -> None:
    s.market.casino[e.player] = e.turn


@fold_event.register
def _(e: ev.Multimillionaire, s: GameState) -> None:
    s.market.multimillionaire = e.player

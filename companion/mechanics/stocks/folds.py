"""Folds of the stock board and share events (docs/rules.md M2, M3, M6, M8)
into :class:`~companion.mechanics.stocks.state.StockState`.

Registered on :func:`companion.state.fold_event` when :mod:`companion.folds` imports
every mechanic's folds; the rules were checked by the command that emitted the event.
"""

from __future__ import annotations

from companion import events as ev
from companion.mechanics.stocks.state import of
from companion.state import GameState, fold_event


@fold_event.register
def _(e: ev.StockListed, s: GameState) -> None:
    of(s).levels[e.series] = e.level
    of(s).shares.setdefault(ev.BANK, {})[e.series] = e.shares


@fold_event.register
def _(e: ev.StockMoved, s: GameState) -> None:
    market = of(s)
    if e.claim:
        moved = (e.series, e.level - market.levels.get(e.series, 0))
        market.claim_moves[e.claim] = (*market.claim_moves.get(e.claim, ()), moved)
    market.levels[e.series] = e.level


@fold_event.register
def _(e: ev.SharesMoved, s: GameState) -> None:
    giver = of(s).shares.setdefault(e.giver, {})
    giver[e.series] = giver.get(e.series, 0) - e.count
    taker = of(s).shares.setdefault(e.taker, {})
    taker[e.series] = taker.get(e.series, 0) + e.count


@fold_event.register
def _(e: ev.BorsenRight, s: GameState) -> None:
    if e.count:
        of(s).borsen[e.player] = (e.turn, e.count)
    else:
        of(s).borsen.pop(e.player, None)

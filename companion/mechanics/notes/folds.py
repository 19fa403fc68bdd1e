"""Folds of the debt note events (docs/rules.md M18) into :class:`NoteState`.

Registered on :func:`companion.state.fold_event` when :mod:`companion.folds` imports
every mechanic's folds; the rules were checked by the command that emitted the event.
"""

from __future__ import annotations

from companion import events as ev
from companion.mechanics.notes.state import of
from companion.state import GameState, fold_event


@fold_event.register
def _(e: ev.DebtNotesChanged, s: GameState) -> None:
    of(s).notes[e.player] = of(s).notes.get(e.player, 0) + e.delta


@fold_event.register
def _(e: ev.InterestPaid, s: GameState) -> None:
    of(s).paid[e.player] = e.turn


@fold_event.register
def _(e: ev.InterestMissed, s: GameState) -> None:
    of(s).missed[e.player] = (e.turn, e.amount)


@fold_event.register
def _(e: ev.InterestClosed, s: GameState) -> None:
    of(s).missed.pop(e.player, None)

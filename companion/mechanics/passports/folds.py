"""Folds of the passport and free flight events (docs/rules.md W1, W2) into :class:`PassportState`.

Registered on :func:`companion.state.fold_event` when :mod:`companion.folds` imports
every mechanic's folds; the rules were checked by the command that emitted the event.
"""

from __future__ import annotations

from companion import events as ev
from companion.mechanics.passports.state import of
from companion.state import GameState, fold_event


@fold_event.register
def _(e: ev.PassportMarked, s: GameState) -> None:
    """W1: a wonder is marked once; W2: a mark by free flight uses up the flight."""
    marks = of(s).marks.setdefault(s.players[e.player].name, [])
    if e.space not in marks:
        marks.append(e.space)
    if e.how == "flight":
        of(s).flights.pop(e.player, None)


@fold_event.register
def _(e: ev.FlightOffered, s: GameState) -> None:
    """W2: valid while the player stays on that airport in this turn."""
    of(s).flights[s.players[e.player].name] = (e.space, s.turn)

"""Folds of the Ola Nordmann and turn-duty events (docs/rules.md M4, M13, M14, M15, M22)
into :class:`~companion.mechanics.ola.state.OlaState`.

Registered on :func:`companion.state.fold_event` when :mod:`companion.folds` imports
every mechanic's folds; the rules were checked by the command that emitted the event.
"""

from __future__ import annotations

from companion import events as ev
from companion.mechanics.ola.state import OlaRoll, of
from companion.state import GameState, fold_event


@fold_event.register
def _(e: ev.OlaMoved, s: GameState) -> None:
    of(s).ola = e.space


@fold_event.register
def _(e: ev.OlaRolled, s: GameState) -> None:
    of(s).last_roll = OlaRoll(s.to_roll, e.turn, tuple(e.dice), e.done)
    if e.done:
        of(s).ola_done = e.turn


@fold_event.register
def _(e: ev.TrafficLight, s: GameState) -> None:
    if e.player is None:
        of(s).ola_light = e.turn
    else:
        of(s).light[e.player] = e.turn


@fold_event.register
def _(e: ev.RentFreeTurn, s: GameState) -> None:
    of(s).light.pop(e.player, None)
    of(s).rent_free[e.player] = e.turn


@fold_event.register
def _(e: ev.HolidayStays, s: GameState) -> None:
    of(s).holiday[e.player] = e.stays


@fold_event.register
def _(e: ev.CasinoPlayed, s: GameState) -> None:
    of(s).casino[e.player] = e.turn


@fold_event.register
def _(e: ev.Multimillionaire, s: GameState) -> None:
    of(s).multimillionaire = e.player

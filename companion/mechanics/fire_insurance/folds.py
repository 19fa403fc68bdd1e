"""Folds of the fire insurance events (docs/rules.md K8, K9) into :class:`FireInsuranceState`.

Registered on :func:`companion.state.fold_event` when :mod:`companion.folds` imports
every mechanic's folds; the rules were checked by the command that emitted the event.
"""

from __future__ import annotations

from companion import events as ev
from companion.mechanics.fire_insurance.state import of
from companion.state import GameState, fold_event


@fold_event.register
def _(e: ev.FireInsuranceChanged, s: GameState) -> None:
    held = of(s).held
    held[s.players[e.player].name] = held.get(e.player, 0) + e.delta

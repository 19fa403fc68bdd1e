"""The ``ola`` mechanic's part of the snapshot (M4, M8, M14, M15, M18, M22): :data:`MECHANIC`."""

from __future__ import annotations

from typing import Any

from companion.mechanics.base import Mechanic
from companion.mechanics.ola import state as ola_turn
from companion.mechanics.ola.view import market_view, ola_rolling
from companion.state import GameState


class Ola(Mechanic):
    """The ``market`` block of the turn's duties and ``multimillionaire`` (M22); the
    rolls for Ola Nordmann before the car (M4)."""

    name = "ola"
    game_defaults = {"market": None, "multimillionaire": None}

    def game_view(self, state: GameState) -> dict[str, Any]:
        """``market`` (:func:`~companion.mechanics.ola.view.market_view`) and
        ``multimillionaire``: the first to the fortune goal, or None (M22)."""
        return {"market": market_view(state),
                "multimillionaire": ola_turn.of(state).multimillionaire}

    def rolls_for(self, state: GameState, handing: bool) -> tuple[str, str, int] | None:
        """M4: a turn starts with the roll for Ola Nordmann — the next player's roll that
        passes the turn, the phase ``ola``, or Ola's doubles again (``ola_roll`` from his
        space); then the car (None)."""
        if handing or ola_rolling(state):
            return ("ola", "ola_roll", ola_turn.of(state).ola)
        return None


#: The registered instance (:func:`companion.mechanics.base.load`).
MECHANIC = Ola()

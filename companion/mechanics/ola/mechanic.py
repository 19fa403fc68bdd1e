"""The ``ola`` mechanic's part of the snapshot (M4, M8, M14, M15, M18, M22): :data:`MECHANIC`."""

from __future__ import annotations

from typing import Any

from companion.mechanics.base import Mechanic
from companion.mechanics.ola import state as ola_turn
from companion.mechanics.ola.view import market_view
from companion.state import GameState


class Ola(Mechanic):
    """The ``market`` block of the turn's duties and ``multimillionaire`` (M22)."""

    name = "ola"
    game_defaults = {"market": None, "multimillionaire": None}

    def game_view(self, state: GameState) -> dict[str, Any]:
        """``market`` (:func:`~companion.mechanics.ola.view.market_view`) and
        ``multimillionaire``: the first to the fortune goal, or None (M22)."""
        return {"market": market_view(state),
                "multimillionaire": ola_turn.of(state).multimillionaire}


#: The registered instance (:func:`companion.mechanics.base.load`).
MECHANIC = Ola()

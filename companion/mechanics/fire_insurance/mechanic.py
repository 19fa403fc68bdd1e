"""The ``fire_insurance`` mechanic's part of the snapshot (K8): :data:`MECHANIC`."""

from __future__ import annotations

from typing import Any

from companion.mechanics.base import Mechanic
from companion.mechanics.fire_insurance import state as insurances
from companion.state import GameState


class FireInsurance(Mechanic):
    """Each player's ``fire_insurance``: how many they hold (K8)."""

    name = "fire_insurance"
    player_tail_defaults = {"fire_insurance": 0}

    def player_tail_view(self, state: GameState, name: str) -> dict[str, Any]:
        """``fire_insurance``: fire insurances ``name`` holds (K8)."""
        return {"fire_insurance": insurances.of(state).held.get(name, 0)}


#: The registered instance (:func:`companion.mechanics.base.load`).
MECHANIC = FireInsurance()

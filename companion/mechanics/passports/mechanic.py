"""The ``passports`` mechanic's part of the snapshot (W1, W2): :data:`MECHANIC`."""

from __future__ import annotations

from typing import Any

from companion.mechanics.base import Mechanic
from companion.mechanics.passports.rules import passport, progress
from companion.state import GameState


class Passports(Mechanic):
    """Each player's ``passport`` and ``passport_progress`` (W1, W2)."""

    name = "passports"
    player_defaults = {"passport": [], "passport_progress": None}

    def player_view(self, state: GameState, name: str) -> dict[str, Any]:
        """``passport``: the wonders marked; ``passport_progress``: the race (W1–W3)."""
        return {"passport": passport(state, name), "passport_progress": progress(state, name)}


#: The registered instance (:func:`companion.mechanics.base.load`).
MECHANIC = Passports()

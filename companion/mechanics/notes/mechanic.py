"""The ``notes`` mechanic's part of the snapshot (M18): :data:`MECHANIC`."""

from __future__ import annotations

from typing import Any

from companion.mechanics.base import Mechanic
from companion.mechanics.notes.rules import notes
from companion.state import GameState


class Notes(Mechanic):
    """Each player's ``debt_notes`` (M18)."""

    name = "notes"
    player_defaults = {"debt_notes": 0}

    def player_view(self, state: GameState, name: str) -> dict[str, Any]:
        """``debt_notes``: how many notes ``name`` holds (M18)."""
        return {"debt_notes": notes(state, name)}


#: The registered instance (:func:`companion.mechanics.base.load`).
MECHANIC = Notes()

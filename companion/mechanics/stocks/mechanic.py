"""The ``stocks`` mechanic's part of the snapshot (M2, M3, M7): :data:`MECHANIC`."""

from __future__ import annotations

from typing import Any

from companion.mechanics.base import Mechanic
from companion.mechanics.stocks.rules import holdings, stocks_view
from companion.state import GameState


class Stocks(Mechanic):
    """The stock board (``stocks``), the bank's shares and each player's shares."""

    name = "stocks"
    game_defaults = {"stocks": {}}
    bank_defaults = {"shares": {}}
    player_defaults = {"shares": {}}

    def game_view(self, state: GameState) -> dict[str, Any]:
        """``stocks``: ``{series: {"level", "price", "suspended"}}`` (M3)."""
        return {"stocks": stocks_view(state)}

    def bank_view(self, state: GameState) -> dict[str, Any]:
        """``shares``: the bank's shares by series (M2, M7)."""
        return {"shares": holdings(state, "bank")}

    def player_view(self, state: GameState, name: str) -> dict[str, Any]:
        """``shares``: ``name``'s shares by series (M2, M7)."""
        return {"shares": holdings(state, name)}


#: The registered instance (:func:`companion.mechanics.base.load`).
MECHANIC = Stocks()

"""The stock board and the shares of Multimillionær (docs/rules.md M2, M3, M6, M8).

Kept in :attr:`companion.state.GameState.mechanics` under ``"stocks"``; folded by
:mod:`companion.mechanics.stocks.folds`; read (and made on first use) with :func:`of`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.state import GameState, slice_of

NAME = "stocks"


@dataclass
class StockState:
    """``levels``: series -> stock level, 0 = suspended (M3, M6).  ``shares``: holder (a
    player or ``"bank"``) -> series -> shares held (M2, M7).  ``borsen``: player ->
    (turn, shares) still to buy at Børsen (M8).  ``claim_moves``: rent claim id ->
    ((series, levels moved), …) at its landing (M6).  Series ids are the street groups."""

    levels: dict[str, int] = field(default_factory=dict)
    shares: dict[str, dict[str, int]] = field(default_factory=dict)
    borsen: dict[str, tuple[int, int]] = field(default_factory=dict)
    claim_moves: dict[int, tuple[tuple[str, int], ...]] = field(default_factory=dict)


def of(state: GameState) -> StockState:
    """``state``'s :class:`StockState` (:func:`~companion.state.slice_of`: made empty on first
    use).  Raises TypeError when another object sits under its name."""
    return slice_of(state, NAME, StockState)

"""Verdens underverker's passports and free flights (docs/rules.md W1, W2).

Kept in :attr:`companion.state.GameState.mechanics` under ``"passports"``; folded by
:mod:`companion.mechanics.passports.folds`; read (and made on first use) with :func:`of`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.state import GameState, slice_of

NAME = "passports"


@dataclass
class PassportState:
    """``marks``: player -> wonders visited, board indexes in the order marked (W1).
    ``flights``: player -> (airport index, turn) of an unused free flight (W2)."""

    marks: dict[str, list[int]] = field(default_factory=dict)
    flights: dict[str, tuple[int, int]] = field(default_factory=dict)


def of(state: GameState) -> PassportState:
    """``state``'s :class:`PassportState` (:func:`~companion.state.slice_of`: made empty on first
    use).  Raises TypeError when another object sits under its name."""
    return slice_of(state, NAME, PassportState)

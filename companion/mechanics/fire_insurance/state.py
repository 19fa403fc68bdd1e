"""Kortstokk-Monopol's fire insurances (docs/rules.md K8, K9).

Kept in :attr:`companion.state.GameState.mechanics` under ``"fire_insurance"``; folded by
:mod:`companion.mechanics.fire_insurance.folds`; read (and made on first use) with :func:`of`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.state import GameState, slice_of

NAME = "fire_insurance"


@dataclass
class FireInsuranceState:
    """``held``: player -> fire insurances held, an asset worth 1 coin each (K8)."""

    held: dict[str, int] = field(default_factory=dict)


def of(state: GameState) -> FireInsuranceState:
    """``state``'s :class:`FireInsuranceState` (:func:`~companion.state.slice_of`: made
    empty on first use).  Raises TypeError when another object sits under its name."""
    return slice_of(state, NAME, FireInsuranceState)

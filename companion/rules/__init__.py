"""Rule modules behind one interface, chosen by the edition's ``rules`` field.

Every module exposes the functions of :class:`RuleSet`; the core calls them through
:func:`rules_for` and never names an edition (STYLE 6).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Protocol

from companion.editions import Edition, Space
from companion.state import GameState


class RuleSet(Protocol):
    """What a rule module provides."""

    def rent(self, state: GameState, space: Space, dice: int | None) -> int:
        """Rent owed for landing on ``space`` (0 = none)."""
        ...


def rules_for(edition: Edition) -> ModuleType:
    """The rule module named by ``edition.rules`` (``companion.rules.<name>``)."""
    return import_module(f"companion.rules.{edition.rules}")

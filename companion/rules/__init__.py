"""Rule modules behind one interface, chosen by the edition's ``rules`` field.

Every module exposes the functions of :class:`RuleSet`; the core calls them through
:func:`rules_for` and never names an edition (STYLE 6).  A module may also define
optional hooks, fetched with :func:`hook` (a no-op when the module lacks one):

- ``after_land(draft, player, space)``: ``player`` landed on board index ``space``
  (``land`` and ``roll``, after rent/tax/jail).  Wonders: passport mark (W1), free flight (W2).
- ``after_deed_won(draft, player, space)``: ``player`` won the deed at ``space`` at
  auction (``auction_close``, ``auction_sold``).  Wonders: passport mark (W1).
- ``after_deal(draft, player, space)``: ``player`` was dealt the deed at ``space`` in
  quick or timed play (C23(1), C24).  Wonders: passport mark (W1).

Hooks only emit events (``draft.emit``); they never refuse a command.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any, Protocol, cast

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


def hook(edition: Edition, name: str) -> Callable[..., None]:
    """The optional hook ``name`` of ``edition``'s rule module, or a no-op (see above)."""
    found = getattr(rules_for(edition), name, None)
    return cast(Callable[..., None], found) if callable(found) else _nothing


def _nothing(*args: Any) -> None:
    """The hook of a rule module that does not define it."""

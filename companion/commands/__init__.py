"""Every command of the table log (docs/table-log.md), registered by name.

Importing this package registers the handlers of every module in :data:`MODULES` in
:data:`companion.commands.base.REGISTRY`: the table's own modules below, then each
edition mechanic's ``<package>.commands`` (issue 14, point 2), found through the registry
:data:`companion.mechanics.MECHANICS` — one list, so a mechanic's commands are known
whatever the game, and a new mechanic's commands go in its own package.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from types import ModuleType

from companion.commands import (
    auctions,
    bankruptcy,
    buildings,
    dice,
    editions,
    kortstokk,
    money,
    mortgages,
    property,
    setup,
    trades,
    turns,
)
from companion.commands.base import REGISTRY, Cmd, Spec, command
from companion.mechanics import MECHANICS

#: The command modules, registered on :data:`REGISTRY` by importing them: the table's,
#: then each mechanic's ``<package>.commands`` that exists (in registry order).
MODULES: tuple[ModuleType, ...] = (
    auctions, bankruptcy, buildings, dice, editions, kortstokk, money, mortgages,
    property, setup, trades, turns,
) + tuple(import_module(f"{package}.commands") for package in MECHANICS.values()
          if find_spec(f"{package}.commands") is not None)

__all__ = ["MODULES", "REGISTRY", "Cmd", "Spec", "command"]

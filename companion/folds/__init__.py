"""Every fold of the game's events, and the functions that fold a log (:func:`fold`,
:func:`apply`).

:mod:`companion.state` holds the data and the :func:`~companion.state.fold_event`
dispatcher; each module below registers the folds of its events on it.  This package
imports them all — the core's in the one list below, every edition mechanic's
``folds`` module by the registry :data:`companion.mechanics.MECHANICS` — so whoever
folds through :func:`fold` or :func:`apply` folds with every event known (an old log
folds the same whatever its edition).  A new mechanic's folds go in its own package.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from types import ModuleType

from companion import events as ev
from companion.folds import core, play
from companion.mechanics import MECHANICS
from companion.state import GameState, fold_event

#: The fold modules, registered on :func:`~companion.state.fold_event` by importing them:
#: the core's, then each mechanic's ``<package>.folds`` (in registry order).
MODULES: tuple[ModuleType, ...] = (core, play) + tuple(
    import_module(f"{package}.folds") for package in MECHANICS.values())


def fold(events: Iterable[tuple[int, ev.Event]]) -> GameState:
    """A fresh state with every ``(seq, event)`` applied in order."""
    state = GameState()
    for seq, event in events:
        apply(state, event, seq)
    return state


def apply(state: GameState, event: ev.Event, seq: int) -> None:
    """Fold one event (from the command with log sequence ``seq``) into ``state``."""
    fold_event(event, state)
    state.seq = max(state.seq, seq)

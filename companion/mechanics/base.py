"""What an edition mechanic shows, and how the core finds the game's mechanics.

:class:`Mechanic` is the interface each mechanic's ``mechanic.py`` fills in as
``MECHANIC``: the keys it adds to the snapshot (docs/table-log.md "The state"), at four
places, with the values of a game that has it and the empty defaults of one that has not
(so every edition's state JSON has the same keys, in the same order).  :func:`every`
gives all of them in registry order; :func:`active` the names the game's rule set lists
(:attr:`companion.rules.ruleset.Classic.mechanics`); :func:`part` merges one place;
:func:`rolls_for` asks them what the next roll moves (the state's ``turn.roller``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from functools import cache
from importlib import import_module
from typing import Any

from companion.mechanics import MECHANICS
from companion.rules import rules_for
from companion.rules.ruleset import load as load_rules
from companion.state import _ATOMS, GameState, clone


class Mechanic:
    """One mechanic's part of the snapshot.  Each ``*_defaults`` is the keys (in order)
    and values of a game without the mechanic; each ``*_view`` the same keys for a game
    with it (the base answers the defaults).  Places: ``game`` (top level, after
    ``trades``), ``bank`` (after ``castles``), ``player`` (after ``spaces``), and
    ``player_tail`` (after ``jail_tries``)."""

    #: The mechanic's name, its key in :data:`~companion.mechanics.MECHANICS`.
    name: str = ""
    game_defaults: Mapping[str, Any] = {}
    bank_defaults: Mapping[str, Any] = {}
    player_defaults: Mapping[str, Any] = {}
    player_tail_defaults: Mapping[str, Any] = {}

    def game_view(self, state: GameState) -> dict[str, Any]:
        """Top-level keys of the snapshot."""
        return copy.deepcopy(dict(self.game_defaults))

    def bank_view(self, state: GameState) -> dict[str, Any]:
        """Keys of the snapshot's ``bank``."""
        return copy.deepcopy(dict(self.bank_defaults))

    def player_view(self, state: GameState, name: str) -> dict[str, Any]:
        """Keys of player ``name``'s entry, after ``spaces``."""
        return copy.deepcopy(dict(self.player_defaults))

    def player_tail_view(self, state: GameState, name: str) -> dict[str, Any]:
        """Keys of player ``name``'s entry, after ``jail_tries``."""
        return copy.deepcopy(dict(self.player_tail_defaults))

    def rolls_for(self, state: GameState, handing: bool) -> tuple[str, str, int] | None:
        """Who the next roll moves when it is not the roller's own token, as
        ``(for, command, board index it leaves from)`` (M4: ``("ola", "ola_roll", 10)``),
        or None (the base: the token).  ``handing``: the roll passes the turn first (C5)."""
        return None


def rolls_for(state: GameState, handing: bool) -> tuple[str, str, int] | None:
    """The first answer of the game's mechanics to :meth:`Mechanic.rolls_for`, or None."""
    for mechanic, _, _ in _plan_of("game_defaults", state.ed.rules):
        found = mechanic.rolls_for(state, handing) if mechanic is not None else None
        if found is not None:
            return found
    return None


def load(name: str) -> Mechanic:
    """The ``MECHANIC`` of the registered mechanic ``name``.  Raises KeyError for a name
    not in :data:`~companion.mechanics.MECHANICS`, TypeError for a package without one."""
    return _instance(MECHANICS[name])


@cache
def _instance(package: str) -> Mechanic:
    found = getattr(import_module(f"{package}.mechanic"), "MECHANIC", None)
    if not isinstance(found, Mechanic):
        raise TypeError(f"{package}.mechanic has no MECHANIC")
    return found


@cache
def every() -> tuple[Mechanic, ...]:
    """Every registered mechanic, in registry (snapshot) order (the registry is data,
    fixed at import: looked up once)."""
    return tuple(load(name) for name in MECHANICS)


def active(state: GameState) -> frozenset[str]:
    """The names of the mechanics the game's rule set plays with."""
    return frozenset(rules_for(state.ed).mechanics)


def part(state: GameState, view: Callable[[Mechanic], dict[str, Any]],
         defaults: str) -> dict[str, Any]:
    """One place of the snapshot: each mechanic's ``view`` when the game has it, else a
    copy of its defaults (``defaults`` names the :class:`Mechanic` attribute, e.g.
    ``"player_defaults"``), merged in registry order."""
    plan = _plan_of(defaults, state.ed.rules)
    if len(plan) == 1 and plan[0][0] is None:  # a game with none of them (issue 19)
        return _fresh(plan[0][1], plan[0][2])
    merged: dict[str, Any] = {}
    for mechanic, fixed, nested in plan:
        merged.update(view(mechanic) if mechanic is not None else _fresh(fixed, nested))
    return merged


#: One step of :func:`_plan_of`: (mechanic or None, its defaults, their containers).
_Step = tuple[Mechanic | None, dict[str, Any], tuple[tuple[str, type | None], ...]]


def _fresh(fixed: dict[str, Any], nested: tuple[tuple[str, type | None], ...]
           ) -> dict[str, Any]:
    """A copy of the defaults ``fixed`` as :func:`~companion.state.clone` makes it, keys in
    order: ``nested`` names the values that are not atoms, each with its type when it is
    an empty dict or list (made anew), else None (cloned).  Issue 19: once per view."""
    fresh = fixed.copy()
    for key, empty in nested:
        fresh[key] = empty() if empty is not None else clone(fixed[key])
    return fresh


@cache
def _plan_of(defaults: str, rules: str) -> tuple[_Step, ...]:
    """:func:`_plan` of the mechanics the rule set named ``rules`` (an edition's
    ``rules``) plays with, each run of defaults with its containers (:func:`_fresh`):
    the registry is data, so worked out once (issue 19).  Never mutated once made."""
    steps = []
    for mechanic, fixed in _plan(defaults, frozenset(load_rules(rules).mechanics)):
        nested = tuple((key, type(value) if type(value) in (dict, list) and not value
                        else None)
                       for key, value in fixed.items() if type(value) not in _ATOMS)
        steps.append((mechanic, fixed, nested))
    return tuple(steps)


@cache
def _plan(defaults: str, playing: frozenset[str]
          ) -> tuple[tuple[Mechanic | None, dict[str, Any]], ...]:
    """The mechanics of one place in registry order: ``(mechanic, {})`` for one the game
    plays with, ``(None, defaults)`` for each run of the others, merged once (the hot path
    then copies one small dict, not one per mechanic).  Never mutated once made."""
    plan: list[tuple[Mechanic | None, dict[str, Any]]] = []
    for mechanic in every():
        if mechanic.name in playing:
            plan.append((mechanic, {}))
        elif plan and plan[-1][0] is None:
            plan[-1][1].update(getattr(mechanic, defaults))
        else:
            plan.append((None, dict(getattr(mechanic, defaults))))
    return tuple(plan)

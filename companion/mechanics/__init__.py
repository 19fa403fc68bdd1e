"""Edition mechanics, one package each (issue 14, point 2): the registry.

A *mechanic* is one thing an edition adds to the classic game — the stock board and
shares (``stocks``, M2–M3, M6–M8, M10), debt notes (``notes``, M18), Ola Nordmann's
turn machinery (``ola``, M4, M13–M15, M22), passports and free flights (``passports``,
W1, W2), fire insurance (``fire_insurance``, K8, K9).  A rule set lists the names of its
mechanics (:attr:`companion.rules.ruleset.Classic.mechanics`); the core loops over
them and never imports a mechanic by name.  Each package holds:

- ``state.py`` — its slice of the state, a dataclass kept in
  :attr:`companion.state.GameState.mechanics` under its name, read with ``of(state)``;
- ``folds.py`` — the folds of its events (:mod:`companion.folds` imports every one);
- ``rules.py`` — its rules: values, checks and the hooks its rule sets call (with
  ``view.py`` / ``worth.py`` where they are long: ``ola``);
- ``commands.py`` — its ``@command`` handlers (:data:`companion.commands.MODULES` imports
  every one that exists, by this registry);
- ``mechanic.py`` — ``MECHANIC``, a :class:`~companion.mechanics.base.Mechanic`:
  its part of the snapshot (the keys, their order and the empty defaults).

The rule sets (``rules/multimillionaer.py``, ``rules/wonders.py``) stay thin, their
methods calling into these packages.  Not moved: Kortstokk-Monopol's K rules and commands
(``rules/kortstokk.py``, ``commands/kortstokk.py``: pairs, sales, jokers, and the fire
insurance's sale and trade among them) are the rule set's own.

Adding a mechanic, in five lines:

1. ``companion/mechanics/<name>/state.py``: a dataclass and ``of(state)``.
2. ``folds.py``: ``@fold_event.register`` one fold per event of it.
3. ``rules.py`` and ``commands.py``: its rules, and its ``@command`` handlers.
4. ``mechanic.py``: ``MECHANIC = <Class>(Mechanic)`` with its view keys and defaults.
5. One line in :data:`MECHANICS` below; the rule set lists its name in ``mechanics``,
   its ``commands`` in ``commands``, and calls its hooks from the typed methods.

This module is data only (like :data:`companion.editions.rulesets.RULE_SETS`): the
core reaches a mechanic through :func:`companion.mechanics.base.load`.
"""

from __future__ import annotations

#: Mechanic name -> its package; the order is the order of its keys in the snapshot.
MECHANICS: dict[str, str] = {
    "stocks": "companion.mechanics.stocks",
    "notes": "companion.mechanics.notes",
    "ola": "companion.mechanics.ola",
    "passports": "companion.mechanics.passports",
    "fire_insurance": "companion.mechanics.fire_insurance",
}

"""Rule sets behind one interface, chosen by the edition's ``rules`` field (STYLE 6, 13).

:func:`rules_for` gives the game's rule set, an instance of
:class:`~companion.rules.ruleset.Classic` or a subclass registered in
:data:`companion.editions.rulesets.RULE_SETS` (``Kortstokk``, ``Multimillionaer``,
``Wonders``); the core calls its typed methods (``rules_for(ed).after_land(...)``) and
never names an edition.  The hooks, checks and values are listed and documented in
:mod:`companion.rules.ruleset`.

The other modules here are helpers the rule sets and commands share: the classic rent
(``classic``), worth (``worth``), buildings, mortgages, trading, lapse, the board, build
timing.  An edition mechanic's rules are in its own package of :mod:`companion.mechanics`
(``mechanics/stocks/rules.py``, …); the rule sets call them.
"""

from __future__ import annotations

from companion.editions import Edition
from companion.rules.ruleset import Classic, load


def rules_for(edition: Edition) -> Classic:
    """The rule set named by ``edition.rules`` (stateless: the state is passed to every
    method).  Raises KeyError for an unregistered name (the edition checks refuse it)."""
    return load(edition.rules)

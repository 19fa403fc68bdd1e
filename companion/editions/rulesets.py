"""The rule sets an edition file may name in its ``rules`` field: the one registry (STYLE 6).

Each entry maps the name to ``"module:Class"``, like beancount's plugins named by module:
:func:`companion.rules.rules_for` imports the class on first use (the core never imports a
rule set by name, and never branches on one), and :mod:`companion.editions.validate`
refuses an edition whose ``rules`` is not a key here.  A new rule set is one line here
and a subclass of :class:`companion.rules.ruleset.Classic`.
"""

from __future__ import annotations

#: Rule-set name (the edition's ``rules``) -> ``"dotted.module:ClassName"``.
RULE_SETS: dict[str, str] = {
    "classic": "companion.rules.ruleset:Classic",
    "kortstokk": "companion.rules.kortstokk:Kortstokk",
    "multimillionaer": "companion.rules.multimillionaer:Multimillionaer",
    "wonders": "companion.rules.wonders:Wonders",
}

#: M16: the rule sets whose tax space prints a percentage of the lander's cash (0–100),
#: not an amount; each one's ``tax_percent`` feature says the same (the tests check).
#: Data beside the registry, so the edition checks need no rule set.
PERCENT_TAX: frozenset[str] = frozenset({"multimillionaer"})

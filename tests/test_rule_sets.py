"""The rule sets behind one typed interface (issue 14, point 1; STYLE 6, 13): one class
per rule set on the classic base, one registry the edition's ``rules`` names, what each
set offers asked with ``allows``/``has``, and a misspelt hook caught by mypy."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from mypy import api

from companion.editions import load_edition
from companion.editions.rulesets import RULE_SETS
from companion.editions.validate import check_rules_module
from companion.errors import Problem, RuleBroken
from companion.rules import rules_for
from companion.rules.kortstokk import Kortstokk
from companion.rules.multimillionaer import Multimillionaer
from companion.rules.ruleset import Classic
from companion.rules.wonders import Wonders
from tests.kit import Game

ROOT = Path(__file__).resolve().parent.parent

EDITIONS = [("monopol-no-1996", Classic), ("monopol-se-2008", Classic),
            ("kortstokk", Kortstokk), ("multimillionaer", Multimillionaer),
            ("verdens-underverker-2003", Wonders)]


@pytest.mark.parametrize(("edition_id", "kind"), EDITIONS)
def test_x_each_edition_gets_its_rule_set_instance_on_the_classic_base(
        edition_id: str, kind: type[Classic]) -> None:
    edition = load_edition(edition_id)
    rules = rules_for(edition)
    assert type(rules) is kind and isinstance(rules, Classic)
    assert rules_for(edition) is rules  # stateless: one instance per rule set
    assert edition.rules in RULE_SETS


@pytest.mark.parametrize("name", ["clasic", "lapse", "board", "ruleset"])
def test_x_the_edition_checks_refuse_a_rule_set_not_in_the_registry(name: str) -> None:
    """A helper module of companion/rules (``lapse``, ``board``) is no rule set."""
    edition = dataclasses.replace(load_edition("monopol-no-1996"), rules=name)
    assert check_rules_module(edition) == [Problem(
        "rules", f"there is no rule set {name!r}: the rule sets are classic, kortstokk, "
                 "multimillionaer, wonders")]


def test_k7_k8_kortstokk_offers_pairs_and_sales_not_the_classic_build_or_mortgage() -> None:
    rules = rules_for(load_edition("kortstokk"))
    assert rules.allows("build_pair") and rules.allows("sell_everything")
    assert not rules.allows("build") and not rules.allows("sell_building")
    assert not rules.allows("mortgage") and not rules.allows("unmortgage")
    assert not rules.allows("ola_roll") and rules.allows("pay")
    assert rules.has("fire_insurance") and not rules.has("jail") and not rules.has("hotels")


def test_c1_m4_w2_each_rule_set_offers_its_own_commands_only() -> None:
    classic = rules_for(load_edition("monopol-no-1996"))
    mm = rules_for(load_edition("multimillionaer"))
    wonders = rules_for(load_edition("verdens-underverker-2003"))
    assert classic.allows("build") and classic.allows("mortgage") and classic.has("jail")
    assert not classic.allows("build_pair") and not classic.allows("free_flight")
    assert mm.allows("ola_roll") and mm.allows("debt_note") and not mm.allows("joker")
    assert mm.has("stock_board") and not mm.has("jail") and not mm.has("pass_start")  # M14, M1
    assert wonders.allows("free_flight") and wonders.has("passport") and wonders.has("jail")


def test_m1_a_command_of_another_rule_set_is_refused_by_the_table_and_nothing_changes(
        tmp_path: Path) -> None:
    with Game(tmp_path) as g:
        g.refused(RuleBroken, "That is a Multimillionær rule; this game's edition does not "
                  "use it.", "buy_shares", player="Alice", series=1, count=1)
        g.refused(RuleBroken, "That is a Kortstokk-Monopol rule; this game's edition does "
                  "not use it.", "sell_insurance", player="Alice")
        g.refused(RuleBroken, "This game has no passports, so there are no free flights.",
                  "free_flight", player="Alice", wonder=1)


def test_x_the_default_refusal_of_a_rule_set_command_is_one_sentence() -> None:
    assert str(Classic().not_offered()) == "That is not a rule of this game's edition."


def test_x_mypy_catches_a_misspelt_hook(tmp_path: Path) -> None:
    """The call sites are typed: ``rules_for(ed).after_lnad(...)`` is an error, where the
    string lookup ``hook(ed, "after_lnad")`` silently did nothing."""
    code = ("from companion.editions import load_edition\n"
            "from companion.rules import rules_for\n"
            "rules_for(load_edition('wonders')).after_lnad(None, 'A', 3)\n")
    snippet = tmp_path / "misspelt.py"
    snippet.write_text(code, encoding="utf-8")
    out, _, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"),
                              str(snippet)])
    assert status == 1 and '"Classic" has no attribute "after_lnad"' in out, out

"""M16 Skatt's percentage (family play-test, point 1): a figure 0–100 only, at the table
(``edition_value``) and in the edition editor and import; an undone entry leaves the
family's copy too, so the next landing asks again (seed 003 "Skatt": a percentage of the
cash in hand)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.editions import EditionProblems
from companion.editions.editor import copy_edition, export_text, import_text, set_value
from companion.editions.rulesets import PERCENT_TAX, RULE_SETS
from companion.errors import MissingValue, RuleBroken
from companion.rules.ruleset import load
from tests.kit import MMGame

SKATT = 4


@pytest.fixture
def g(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path)
    yield game
    game.table.close()


def test_m16_a_percentage_over_100_is_refused_at_the_table(g: MMGame) -> None:
    g.refused(RuleBroken, "The tax on Skatt is a percentage of the cash: enter the figure "
              "printed on the space, from 0 to 100.", "edition_value", space="Skatt",
              field="tax", value=150)
    assert g.table.editions.get("multimillionaer").space(SKATT).tax is None
    g.do("edition_value", space="Skatt", field="tax", value=100)  # the edge is allowed
    g.do("land", player="Alice", space="Skatt")
    assert g.cash("Alice") == 0  # 100 % of 150 000 in cash, never more


def test_m16_the_editor_and_an_import_refuse_a_percentage_over_100(g: MMGame) -> None:
    library = g.table.editions
    copy_edition(library, "multimillionaer", "vart-mm")
    with pytest.raises(EditionProblems, match=r"percentage \(M16\): at most 100"):
        set_value(library, "vart-mm", SKATT, "tax", 150)
    assert library.get("vart-mm").space(SKATT).tax is None
    text = export_text(library, "vart-mm", fmt="json").replace(
        '"kind": "tax"', '"kind": "tax", "tax": 150', 1)
    with pytest.raises(EditionProblems, match=r"spaces\[4\]\.tax"):
        import_text(library, text, fmt="json", overwrite=True)
    set_value(library, "vart-mm", SKATT, "tax", 10)
    assert library.get("vart-mm").space(SKATT).tax == 10


def test_m16_percent_tax_data_agrees_with_the_rule_sets_feature() -> None:
    assert {n for n in RULE_SETS if load(n).has("tax_percent")} == set(PERCENT_TAX)


def test_m16_undoing_the_entry_takes_it_out_of_the_family_copy_and_asks_again(
        g: MMGame) -> None:
    g.do("edition_value", space="Skatt", field="tax", value=15, date="2026-11-30")  # TEST
    g.do("land", player="Alice", space="Skatt")
    assert g.cash("Alice") == 127_500
    g.do("undo")
    g.do("undo")  # the entry from the box, too
    assert g.cash("Alice") == 150_000
    assert g.table.editions.get("multimillionaer").space(SKATT).tax is None
    g.refused(MissingValue, "The percentage of Skatt is not known yet: enter the "
              "percentage printed on the space.", "land", player="Alice", space="Skatt")
    assert MMGame(g.table).table.state(g.table.game_ids()[-1]).ed.space(SKATT).tax is None


def test_m16_an_undone_correction_gives_the_family_copy_the_earlier_entry_back(
        g: MMGame) -> None:
    g.do("edition_value", space="Skatt", field="tax", value=10, date="2026-11-30")  # TEST
    g.do("edition_value", space="Skatt", field="tax", value=20, date="2026-11-30")
    g.do("undo")
    assert g.table.editions.get("multimillionaer").space(SKATT).tax == 10
    g.do("land", player="Alice", space="Skatt")
    assert g.cash("Alice") == 135_000

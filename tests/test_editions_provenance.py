"""Issue 5 part 1: every shipped value says where it comes from, and the app shows it."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from companion.editions import edition_ids, load_edition
from companion.editions.library import shipped_ids
from companion.editions.model import TOP_VALUES, VALUE_FIELDS
from companion.editions.provenance import deed_view, is_word, missing_provenance
from companion.editions.validate import check_rules_module
from companion.table import Table
from tests.kit import Game

DATA = resources.files("companion.editions") / "data"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    the_table = Table.open(tmp_path / "table.sqlite3")
    yield the_table
    the_table.close()


def test_the_issue_5_editions_are_shipped() -> None:
    assert {"monopol-no-1996", "monopol-se-2008", "kortstokk"} <= set(edition_ids())


@pytest.mark.parametrize("edition_id", shipped_ids())
def test_every_shipped_value_has_a_provenance(edition_id: str) -> None:
    """Fails when any price, rent, house cost, mortgage, tax, name or top-level amount of
    a shipped file lacks ``verified`` / ``scaled xN`` / ``transcribed`` / ``table DATE``."""
    raw = tomllib.loads((DATA / f"{edition_id}.toml").read_text(encoding="utf-8"))
    for key in TOP_VALUES:
        assert is_word(raw.get("provenance", {}).get(key)), f"{edition_id}: {key}"
    for space in raw["spaces"]:
        marks = space.get("provenance", {})
        for key in VALUE_FIELDS:
            if space.get(key) not in (None, "", []):
                assert is_word(marks.get(key)), f"{edition_id}: spaces[{space['index']}].{key}"
    assert missing_provenance(load_edition(edition_id)) == []


@pytest.mark.parametrize("edition_id", shipped_ids())
def test_every_shipped_edition_names_a_rule_module(edition_id: str) -> None:
    assert check_rules_module(load_edition(edition_id)) == []


def test_a_value_without_provenance_is_found() -> None:
    ed = load_edition("monopol-no-1996")
    bare = ed.with_value(1, "price", 1200, "verified")
    bare.space(1).provenance.clear()  # a copy: the shipped edition keeps its marks
    assert "spaces[1].price" in missing_provenance(bare)
    assert load_edition("monopol-no-1996").space(1).provenance["price"] == "verified"


def test_the_deed_view_shows_each_value_with_its_provenance() -> None:
    view = deed_view(load_edition("monopol-no-1996").space(1))
    assert view["label"] == "Parkveien"
    assert view["values"]["price"] == {"value": 1200, "provenance": "verified"}
    assert view["values"]["rents"] == {"value": [40, 200, 600, 1800, 3200, 5000],
                                       "provenance": "scaled x20"}
    assert view["missing"] == []


def test_a_swedish_deed_shows_its_missing_name_and_scaled_values() -> None:
    view = deed_view(load_edition("monopol-se-2008").space(39))
    assert view["label"] == "dark blue #39" and view["missing"] == ["name"]
    assert view["values"]["price"] == {"value": 4_000_000, "provenance": "scaled x10000"}


def test_the_tally_lists_the_non_verified_values_it_used(table: Table) -> None:
    game = Game(table, ["Alice", "Bob"], edition="monopol-se-2008")
    game.do("buy", player="Alice", space=39)
    game.do("buy", player="Bob", space=1)
    tally = game.table.snapshot(game.id, with_tally=True)["tally"]
    assert tally["unverified"] == [
        {"space": 1, "name": "brown #1", "field": "price", "provenance": "scaled x10000"},
        {"space": 39, "name": "dark blue #39", "field": "price", "provenance": "scaled x10000"},
    ]


def test_the_tally_of_verified_prices_lists_nothing(table: Table) -> None:
    game = Game(table, ["Alice", "Bob"])
    game.do("buy", player="Alice", space="Parkveien")
    assert game.table.snapshot(game.id, with_tally=True)["tally"]["unverified"] == []

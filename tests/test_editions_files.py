"""Issue 5 part 3: import and export an edition as TOML or JSON; a bad file gets errors
naming the field AND the line, and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.editions import EditionProblems, load_edition, parse_edition
from companion.editions.editor import copy_edition, export_text, import_text, set_value
from companion.editions.export import to_json, to_toml
from companion.editions.library import EditionLibrary
from companion.store import Store


@pytest.fixture
def library(tmp_path: Path) -> Iterator[EditionLibrary]:
    store = Store(tmp_path / "family.sqlite3")
    yield EditionLibrary(store)
    store.close()


@pytest.mark.parametrize("edition_id", ["monopol-no-1996", "monopol-se-2008", "kortstokk"])
@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_export_then_parse_gives_the_same_edition(edition_id: str, fmt: str) -> None:
    edition = load_edition(edition_id)
    text = to_toml(edition) if fmt == "toml" else to_json(edition)
    again = parse_edition(text, fmt=fmt)
    assert again == edition and again.provenance == edition.provenance
    assert [s.provenance for s in again.spaces] == [s.provenance for s in edition.spaces]


def test_a_toml_syntax_error_names_its_line() -> None:
    text = to_toml(load_edition("kortstokk")).replace("house_cost = 1\n", "house_cost = = 1\n", 1)
    with pytest.raises(EditionProblems) as caught:
        parse_edition(text)
    line = text.splitlines().index("house_cost = = 1") + 1
    assert [p.line for p in caught.value.problems] == [line]


def test_field_problems_name_the_field_and_the_line_in_toml() -> None:
    text = to_toml(load_edition("monopol-no-1996"))
    text = text.replace("rents = [80, 400, 1200, 3600, 6400, 9000]",
                        "rents = [80, 400, 300, 3600, 6400, 9000]")
    text = text.replace('start_capital = 30000', 'start_capital = "lots"')
    with pytest.raises(EditionProblems) as caught:
        parse_edition(text, source="ours.toml")
    lines = text.splitlines()
    found = {(p.path, p.line) for p in caught.value.problems}
    # Type problems come first: the rule checks run on a well-typed edition only.
    assert found == {("start_capital", lines.index('start_capital = "lots"') + 1)}
    rents_line = lines.index("rents = [80, 400, 300, 3600, 6400, 9000]") + 1
    fixed = text.replace('start_capital = "lots"', "start_capital = 30000")
    with pytest.raises(EditionProblems) as caught:
        parse_edition(fixed, source="ours.toml")
    (problem,) = caught.value.problems
    assert (problem.path, problem.line) == ("spaces[3].rents", rents_line)
    assert "rise with buildings" in str(caught.value) and f"line {rents_line}" in str(caught.value)


def test_field_problems_name_the_field_and_the_line_in_json() -> None:
    data = json.loads(to_json(load_edition("kortstokk")))
    data["spaces"][5]["house_cost"] = 0
    data["spaces"][7]["provenance"]["rents"] = "from memory"
    text = json.dumps(data, indent=2, ensure_ascii=False)
    with pytest.raises(EditionProblems) as caught:
        parse_edition(text)
    lines = text.splitlines()
    marks = {p.path: p.line for p in caught.value.problems}
    assert marks == {"spaces[7].provenance.rents": _line(lines, '"rents": "from memory"')}
    data["spaces"][7]["provenance"]["rents"] = "verified"
    text = json.dumps(data, indent=2, ensure_ascii=False)
    with pytest.raises(EditionProblems) as caught:
        parse_edition(text)
    (problem,) = caught.value.problems
    assert problem.path == "spaces[5].house_cost"
    assert problem.line == _line(text.splitlines(), '"house_cost": 0')


def _line(lines: list[str], needle: str) -> int:
    return next(n for n, line in enumerate(lines, start=1) if needle in line)


def test_a_bad_import_changes_nothing(library: EditionLibrary) -> None:
    text = to_toml(load_edition("monopol-no-1996")).replace(
        'id = "monopol-no-1996"', 'id = "our-box"').replace("price = 1200", "price = 0", 1)
    with pytest.raises(EditionProblems, match="must be more than zero"):
        import_text(library, text)
    assert library.stored_ids() == [] and "our-box" not in library.ids()


def test_import_then_export_keeps_every_value(library: EditionLibrary, tmp_path: Path) -> None:
    copy_edition(library, "kortstokk", "our-deck", "Our deck")
    set_value(library, "our-deck", 1, "price", 1)
    set_value(library, "our-deck", None, "chance_effects.7", "+2")
    text = export_text(library, "our-deck", "json")
    store = Store(tmp_path / "other.sqlite3")
    other = EditionLibrary(store)
    imported = import_text(other, text)
    assert imported == library.get("our-deck")
    assert imported.space(1).provenance["price"].startswith("table ")
    assert imported.chance_effects == {7: "+2"}
    with pytest.raises(EditionProblems, match=r"line 2: id: the family already has"):
        import_text(other, text)
    store.close()


def test_unknown_fields_and_kinds_are_named() -> None:
    text = to_toml(load_edition("kortstokk")).replace('kind = "street"', 'kind = "road"', 1)
    text = text.replace('unit = "coins"', 'unit = "coins"\ncolour = "red"')
    with pytest.raises(EditionProblems) as caught:
        parse_edition(text)
    paths = {p.path for p in caught.value.problems}
    assert paths == {"colour", "spaces[1].kind"}
    assert all(p.line for p in caught.value.problems)


@pytest.mark.parametrize(("edition_id", "order"), [
    ("monopol-no-1996", "named"), ("monopol-se-2008", "named"),
    ("verdens-underverker-2003", "named"), ("kortstokk", "oldest_first"),
    ("multimillionaer", "players_first")])
def test_c21_m21_k10_creditor_order_per_seed(edition_id: str, order: str) -> None:
    """C21 (seeds 000–002: the creditor named takes all), K10 (seed 004, the reading:
    oldest first), M21 (seed 003: players before the bank)."""
    assert load_edition(edition_id).settings.creditor_order == order


def test_m21_an_old_file_with_creditors_before_bank_still_loads() -> None:
    """A family copy exported before ``creditor_order`` holds ``creditors_before_bank``:
    true reads as ``players_first``, false (or no key at all) as the default ``named``;
    an unknown order is a problem naming the field."""
    text = to_toml(load_edition("multimillionaer"))
    assert 'creditor_order = "players_first"' in text
    old = text.replace('creditor_order = "players_first"', "creditors_before_bank = true")
    assert parse_edition(old).settings.creditor_order == "players_first"
    classic = text.replace('creditor_order = "players_first"', "creditors_before_bank = false")
    assert parse_edition(classic).settings.creditor_order == "named"
    missing = text.replace('creditor_order = "players_first"', "")
    assert parse_edition(missing).settings.creditor_order == "named"
    with pytest.raises(EditionProblems) as caught:
        parse_edition(text.replace('"players_first"', '"richest_first"'))
    assert {p.path for p in caught.value.problems} == {"settings.creditor_order"}

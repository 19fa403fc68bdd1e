"""Issue 5 part 3: copy an edition to make "our box", edit it with validation, and play on
it; export it, import it on a fresh database, replay on it: the same state."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.editions import EditionProblems, edition_ids, load_edition
from companion.editions.editor import (
    copy_edition,
    export_text,
    import_text,
    rename,
    set_value,
    view,
)
from companion.errors import UnknownEdition
from companion.replay import replay_file
from companion.table import Table
from tests.kit import Game

REPLAYS = Path(__file__).parent / "replays"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    the_table = Table.open(tmp_path / "family.sqlite3")
    yield the_table
    the_table.close()


def test_copy_makes_our_box_and_a_game_can_use_it(table: Table) -> None:
    box = copy_edition(table.editions, "monopol-no-1996", "our-box", "Vår boks")
    assert (box.name, box.based_on) == ("Vår boks", "monopol-no-1996")
    assert "our-box" in table.editions.ids()
    game = Game(table, ["Alice", "Bob"], edition="our-box")
    assert game.state()["game"]["edition"] == "our-box"
    assert game.cashes() == {"Alice": 30000, "Bob": 30000}


def test_the_loader_finds_family_editions_only_through_an_active_table(table: Table) -> None:
    copy_edition(table.editions, "kortstokk", "our-deck")
    with pytest.raises(UnknownEdition):
        load_edition("our-deck")  # no table active: the shipped files only
    with table.editions.active():
        assert load_edition("our-deck").based_on == "kortstokk"
        assert "our-deck" in edition_ids()
    assert "our-deck" not in edition_ids()


def test_a_copy_needs_a_free_valid_id(table: Table) -> None:
    with pytest.raises(EditionProblems, match="exists already"):
        copy_edition(table.editions, "kortstokk", "monopol-se-2008")
    with pytest.raises(EditionProblems, match="lower-case letters"):
        copy_edition(table.editions, "kortstokk", "Our Deck!")
    assert table.editions.stored_ids() == []


def test_edits_are_checked_and_marked_table(table: Table) -> None:
    copy_edition(table.editions, "monopol-se-2008", "vart-spel")
    set_value(table.editions, "vart-spel", 1, "name", "  Luleå ")
    set_value(table.editions, "vart-spel", 5, "name", "Globen")
    edited = table.editions.get("vart-spel")
    assert edited.space(1).label == "Luleå" and edited.space(1).provenance["name"].startswith(
        "table ")
    for index, name, value, message in [
        (3, "name", "luleå", "also the name of space 1"),
        (1, "rents", [20000, 10000, 300000, 900000, 1600000, 2500000], "rise with buildings"),
        (5, "rents", [250000, 500000], "needs 4 figures"),
        (1, "price", 0, "more than zero"),
        (1, "mortgage", 700000, "more than the price 600000"),
        (0, "price", 100, "a start space has no price"),
        (None, "start_capital", 0, "more than zero"),
        (99, "name", "Nowhere", "no such space"),
    ]:
        with pytest.raises(EditionProblems, match=message):
            set_value(table.editions, "vart-spel", index, name, value)
    assert table.editions.get("vart-spel") == edited


def test_the_editor_view_shows_values_provenance_and_what_is_missing(table: Table) -> None:
    shown = view(table.editions, "kortstokk")
    assert shown["top"]["start_capital"] == {"value": 8, "provenance": "verified"}
    spar2 = shown["spaces"][3]
    assert spar2["label"] == "Spar 2" and spar2["missing"] == ["price"]
    assert spar2["values"]["rents"] == {"value": [1, 2], "provenance": "verified"}
    assert shown["chance_effects"] == {} and shown["stored"] is False


def test_rename_and_a_later_edit_do_not_change_a_game_already_started(table: Table) -> None:
    copy_edition(table.editions, "monopol-no-1996", "our-box")
    game = Game(table, ["Alice", "Bob"], edition="our-box")
    rename(table.editions, "our-box", "Hytteboksen")
    set_value(table.editions, "our-box", 1, "price", 1500)
    game.do("buy", player="Alice", space="Parkveien")
    assert game.cash("Alice") == 28800  # the game keeps the box as it was at the start
    table.close()
    again = Table.open(table.store.path)
    assert again.state(game.id).ed.space(1).price == 1200
    assert again.editions.get("our-box").space(1).price == 1500
    assert again.editions.get("our-box").name == "Hytteboksen"
    again.close()


def _without_ids(state: dict[str, Any] | None) -> dict[str, Any]:
    assert state is not None
    return {**state, "game": {k: v for k, v in state["game"].items() if k != "id"}}


@pytest.mark.parametrize("fmt", ["toml", "json"])
def test_export_import_on_a_fresh_database_replays_to_the_same_state(
        tmp_path: Path, fmt: str) -> None:
    """Round trip: an edited edition exported, imported elsewhere, the same replay."""
    first = Table.open(tmp_path / "first.sqlite3")
    box_text = (REPLAYS / "ask_once.edition.toml").read_text(encoding="utf-8")
    import_text(first.editions, box_text)
    set_value(first.editions, "ask-once-box", 39, "name", "Vårt torg")
    set_value(first.editions, "ask-once-box", 5, "price", 4200)
    first.close()
    state, rejected = replay_file(REPLAYS / "ask_once.jsonl", db=tmp_path / "first.sqlite3")
    assert rejected == []
    first = Table.open(tmp_path / "first.sqlite3")
    text = export_text(first.editions, "ask-once-box", fmt)
    first.close()
    fresh = Table.open(tmp_path / "fresh.sqlite3")
    imported = import_text(fresh.editions, text, fmt=fmt)
    assert imported.space(39).name == "Vårt torg" and imported.space(5).price == 4200
    fresh.close()
    again, rejected = replay_file(REPLAYS / "ask_once.jsonl", db=tmp_path / "fresh.sqlite3")
    assert rejected == []
    assert _without_ids(again) == _without_ids(state)

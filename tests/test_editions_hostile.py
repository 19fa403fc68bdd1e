"""Issue 17 points 2, 3 and 7: hostile edition files.  Nothing in one may crash the bank,
change a game in progress, or shadow a built-in edition; every refusal is a sentence
naming the field, and nothing changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import events as ev
from companion.commands.base import MAX_AMOUNT
from companion.editions import Edition, EditionProblems, load_edition, parse_edition
from companion.editions.bounds import MAX_NUMBER
from companion.editions.editor import copy_edition, import_text, rename, set_value
from companion.editions.export import to_dict, to_json, to_toml
from companion.editions.library import load_shipped
from companion.errors import RuleBroken
from companion.store import Store
from companion.table import Table
from tests.kit import Game, open_table

NO = "monopol-no-1996"
PARKVEIEN = 1  # C6: 40 kr with no houses in NO 1996 (x20 of the 2 kr of the rule book)
HUGE = 2**64


def _shadow() -> dict:
    """What an import of ``monopol-no-1996`` stored before issue 17: Parkveien's rents ten
    times over and a board of 39 spaces (Rådhusplassen gone)."""
    data = to_dict(load_shipped(NO))
    data["spaces"][PARKVEIEN]["rents"] = [400, 2000, 6000, 18000, 32000, 50000]
    data["spaces"] = data["spaces"][:39]
    return data


def _edition_400() -> Edition:
    """The built-in NO 1996 with Parkveien at 400 kr, as the issue imported it."""
    data = to_dict(load_shipped(NO))
    data["spaces"][PARKVEIEN]["rents"] = [400, 2000, 6000, 18000, 32000, 50000]
    return parse_edition(json.dumps(data), fmt="json")


def _store_shadow(store: Store) -> None:
    store.put_meta(f"edition:{NO}", json.dumps(_shadow()))
    store.put_meta("editions", json.dumps([NO]))


def _legacy(src: Table, game_id: str, path: Path) -> None:
    """``game_id``'s log as a table before issue 17 wrote it: no ``EditionPinned`` for a
    shipped edition (and none for a family copy logged before issue 5's pin)."""
    store = Store(path)
    for row in src.store.rows(game_id):
        events = [e for e in row.events if not isinstance(e, ev.EditionPinned)]
        store.append(game_id, row.client_id, row.actor, row.command, events, row.seq == 1)
    for key in ("editions", *(f"edition:{i}" for i in src.editions.stored_ids())):
        value = src.store.get_meta(key)
        if value is not None:
            store.put_meta(key, value)
    store.close()


def _rent_paid(table: Table, game_id: str) -> int:
    """Alice lands on Bob's Parkveien and Bob claims: what Alice paid (C6)."""
    before = table.state(game_id).players["Alice"].cash
    table.execute({"cmd": "land", "player": "Alice", "space": "Parkveien"}, game_id=game_id)
    table.execute({"cmd": "claim", "player": "Bob"}, game_id=game_id)
    return before - table.state(game_id).players["Alice"].cash


# --- point 2: built-in ids cannot be shadowed; every game pins its edition -----------------


def test_an_import_may_not_take_a_built_in_id_even_with_overwrite(table: Table) -> None:
    text = to_toml(_edition_400())
    for overwrite in (False, True):
        with pytest.raises(EditionProblems, match="is the id of a built-in edition"):
            import_text(table.editions, text, overwrite=overwrite)
    assert not table.editions.is_stored(NO)
    assert table.editions.get(NO).space(PARKVEIEN).rents[0] == 40


def test_every_new_game_pins_the_exact_content_of_its_edition(game: Game) -> None:
    first = next(game.table.store.rows(game.id))
    pinned = [e for e in first.events if isinstance(e, ev.EditionPinned)]
    assert [p.edition for p in pinned] == [to_dict(load_shipped(NO))]


def test_a_game_keeps_parkveiens_rent_after_a_shadowing_copy_and_a_restart(
        tmp_path: Path) -> None:
    """The issue's break: after a restart the running game's Parkveien rent went from 40 to
    400 kr (a 39-space board: every state request 500)."""
    with Game(tmp_path) as game:
        game.buy("Bob", "Parkveien")
        _store_shadow(game.table.store)
        game.table.close()
        game.table = open_table(tmp_path)
        assert len(game.table.state(game.id).ed.spaces) == 40
        game.table.snapshot_json(game.id)
        assert _rent_paid(game.table, game.id) == 40
        assert game.table.editions.get(NO).space(PARKVEIEN).rents[0] == 40  # ignored


def test_a_game_logged_before_pinning_loads_the_built_in_content(tmp_path: Path) -> None:
    with Game(tmp_path / "now") as game:
        game.buy("Bob", "Parkveien")
        _legacy(game.table, game.id, tmp_path / "old.sqlite3")
    old = Store(tmp_path / "old.sqlite3")
    _store_shadow(old)
    old.close()
    table = Table.open(tmp_path / "old.sqlite3")
    try:
        assert len(table.state(game.id).ed.spaces) == 40
        assert _rent_paid(table, game.id) == 40
    finally:
        table.close()


def test_the_editor_may_only_fill_what_a_built_in_edition_lacks(table: Table) -> None:
    with pytest.raises(EditionProblems, match="is a built-in edition: only the values it "
                                              "lacks can be entered; copy it"):
        set_value(table.editions, NO, PARKVEIEN, "rents", [400, 2000, 6000, 18000, 32000, 50000])
    with pytest.raises(EditionProblems, match="is a built-in edition"):
        rename(table.editions, NO, "Vår boks")
    with pytest.raises(EditionProblems, match="exists already"):
        copy_edition(table.editions, "kortstokk", NO)
    assert not table.editions.is_stored(NO)
    set_value(table.editions, "kortstokk", 3, "price", 2)  # missing in the box: filled once
    assert table.editions.get("kortstokk").space(3).price == 2


def test_an_edition_an_old_game_cannot_fold_is_refused_with_the_reason(tmp_path: Path) -> None:
    with Game(tmp_path / "now", edition=NO) as game:
        copy_edition(game.table.editions, NO, "our-box")
        box = Game(game.table, edition="our-box")
        box.buy("Bob", "Rådhusplassen")
        _legacy(game.table, box.id, tmp_path / "old.sqlite3")
    table = Table.open(tmp_path / "old.sqlite3")
    try:
        small = to_dict(load_shipped(NO)) | {"id": "our-box"}
        small["spaces"] = small["spaces"][:39]
        with pytest.raises(EditionProblems) as caught:
            import_text(table.editions, json.dumps(small), overwrite=True)
        (problem,) = caught.value.problems
        assert problem.message == (
            f"the game {box.id} was started on 'our-box' and could not go on with this "
            "edition: its log names a space, a deed or a player this edition does not have")
        assert len(table.editions.get("our-box").spaces) == 40
        fits = to_dict(load_shipped(NO)) | {"id": "our-box", "name": "Hytteboksen"}
        assert import_text(table.editions, json.dumps(fits), overwrite=True).name == "Hytteboksen"
    finally:
        table.close()


# --- point 3: every number is bounded --------------------------------------------------------


def test_the_edition_bound_is_the_command_bound() -> None:
    assert MAX_NUMBER == MAX_AMOUNT


def _kortstokk_with(path: tuple, value: object) -> str:
    """Kortstokk as our own deck with ``value`` at ``path`` (``"last"`` as the final key:
    the list's last item, so the list keeps its length)."""
    data = to_dict(load_edition("kortstokk")) | {"id": "our-deck"}
    where = data
    for key in path[:-1]:
        where = where[key]
    where[len(where) - 1 if path[-1] == "last" else path[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize(("path", "value", "field"), [
    (("start_capital",), HUGE, "start_capital"),
    (("spaces", 1, "price"), HUGE, "spaces[1].price"),
    (("spaces", 1, "rents", "last"), HUGE, "spaces[1].rents"),
    (("settings", "pass_chance_bonus"), HUGE, "settings.pass_chance_bonus"),
    (("settings", "share_prices"), [1, HUGE], "settings.share_prices"),
    (("chance_effects", "7"), f"+{HUGE}", "chance_effects.7"),
    (("chance_effects", "7"), "+²", "chance_effects.7"),
])
def test_a_number_above_the_bound_is_refused_naming_its_field(
        table: Table, path: tuple, value: object, field: str) -> None:
    with pytest.raises(EditionProblems) as caught:
        import_text(table.editions, _kortstokk_with(path, value))
    assert [p.path for p in caught.value.problems] == [field]
    assert "our-deck" not in table.editions.ids()


def test_the_editor_and_ask_once_refuse_a_number_above_the_bound(table: Table) -> None:
    copy_edition(table.editions, "kortstokk", "our-deck")
    with pytest.raises(EditionProblems) as caught:
        set_value(table.editions, "our-deck", 3, "price", HUGE)
    assert [str(p) for p in caught.value.problems] == [
        "spaces[3].price: The price must be a whole number from 0 to 1000000000000."]
    with pytest.raises(EditionProblems, match="at most 1000000000000"):
        set_value(table.editions, "our-deck", None, "start_capital", HUGE)
    with pytest.raises(EditionProblems, match="moves a whole number of coins"):
        set_value(table.editions, "our-deck", None, "chance_effects.7", f"-{HUGE}")
    game = Game(table, ["Alice", "Bob"], edition="kortstokk")
    with game.refused(RuleBroken, "The price must be a whole number from 0 to 1000000000000."):
        game.do("edition_value", space=3, field="price", value=HUGE)
    assert table.editions.get("our-deck").space(3).price is None


def test_a_copy_stored_before_the_bound_starts_no_game_and_stops_no_table(
        tmp_path: Path) -> None:
    """A family copy main stored with 2**64 (and a game pinned on it) still opens the
    table: the other games go on; a new game on the copy is refused with a sentence."""
    data = to_dict(load_edition("kortstokk")) | {"id": "our-deck", "start_capital": HUGE}
    with Game(tmp_path) as game:
        game.table.store.put_meta("edition:our-deck", json.dumps(data))
        game.table.store.put_meta("editions", json.dumps(["our-deck"]))
        with pytest.raises(RuleBroken, match=r"holds a number larger than any amount in the "
                                             r"game \(start_capital\)"):
            Game(game.table, ["Alice", "Bob"], edition="our-deck")
        pinned = [ev.EditionPinned(data), ev.GameStarted("old", "our-deck", ("Alice", "Bob"))]
        game.table.store.append("old", None, "banker", {"cmd": "new_game"}, pinned, True)
        game.table.close()
        game.table = open_table(tmp_path)
        assert game.table.game_ids()[0] == game.id
        assert game.cash("Alice") == 30000


# --- point 7: deep nesting and long numbers are refused, not a crash -------------------------


@pytest.mark.parametrize(("text", "fmt"), [
    ('{"id": ' + "[" * 100_000 + "]" * 100_000 + "}", "json"),
    ('{"id": ' + "[" * 500 + "]" * 500 + "}", "json"),
    ("id = " + "[" * 100_000 + "]" * 100_000, "toml"),
    ("id = " + "[" * 500 + "]" * 500, "toml"),
    ('{"id": ' + "7" * 5000 + "}", "json"),
    ("id = " + "7" * 5000, "toml"),
    ("id = 0x" + "f" * 5000, "toml"),
])
def test_deep_nesting_and_long_numbers_are_refused_with_a_sentence(text: str, fmt: str) -> None:
    with pytest.raises(EditionProblems) as caught:
        parse_edition(text, fmt=fmt)
    words = " ".join(p.message for p in caught.value.problems)
    assert any(w in words for w in ("nested deeper", "too many digits", "a number too large"))
    assert len(str(caught.value)) < 2000


def test_export_then_import_of_a_family_copy_still_round_trips(table: Table) -> None:
    copy_edition(table.editions, "kortstokk", "our-deck")
    edition = table.editions.get("our-deck")
    assert parse_edition(to_json(edition), fmt="json") == edition

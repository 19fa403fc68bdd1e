"""Issue 5 part 2: a command needing a value the edition lacks asks the banker once; the
value is an event of the game (replay reproduces it) and lands in the family's copy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.editions.editor import import_text
from companion.errors import BadCommand, MissingValue, RuleBroken
from companion.replay import replay_file
from companion.table import Table
from companion.view import deed_views
from tests.kit import Game

REPLAYS = Path(__file__).parent / "replays"
BOX = REPLAYS / "ask_once.edition.toml"
KIRKEVEIEN = [80, 400, 1200, 3600, 6400, 9000]


def cash(state: dict) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in state["players"]}


def open_with_box(path: Path) -> Table:
    """A table on ``path`` whose family has imported the ask-once box."""
    table = Table.open(path)
    if not table.editions.is_stored("ask-once-box"):
        import_text(table.editions, BOX.read_text(encoding="utf-8"), source=BOX.name)
    return table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    the_table = open_with_box(tmp_path / "family.sqlite3")
    yield the_table
    the_table.close()


pytestmark = pytest.mark.game(edition="ask-once-box", players=["Alice", "Bob"])


@pytest.fixture
def game(game: Game) -> Game:
    """conftest's game on the ask-once box, where Alice bought Kirkeveien."""
    game.do("buy", player="Alice", space="Kirkeveien")
    return game


def test_a_missing_rent_is_asked_for_and_nothing_changes(game: Game) -> None:
    with game.refused(MissingValue, "The rent of Kirkeveien is not known yet: enter the figures "
                      "on its deed."):
        game.do("land", player="Bob", space="Kirkeveien")
    with pytest.raises(MissingValue) as caught:
        game.do("land", player="Bob", space="Kirkeveien")
    assert (caught.value.space, caught.value.field) == (3, "rents")


def test_the_value_entered_once_is_used_and_marked_table(game: Game) -> None:
    game.do("edition_value", space="Kirkeveien", field="rents", value=KIRKEVEIEN,
            date="2026-11-30")
    game.do("land", player="Bob", space="Kirkeveien")
    game.do("claim", player="Alice")
    assert game.cashes() == {"Alice": 28880, "Bob": 29920}
    deed = next(d for d in deed_views(game.table.state(game.id)) if d["label"] == "Kirkeveien")
    assert deed["values"]["rents"] == {"value": KIRKEVEIEN, "provenance": "table 2026-11-30"}
    assert deed["owner"] == "Alice" and deed["missing"] == []


@pytest.mark.parametrize(("fields", "error", "message"), [
    ({"value": [80, 400, 300, 3600, 6400, 9000]}, RuleBroken,
     "Kirkeveien, rents: must be more than zero and rise with buildings: "
     "[80, 400, 300, 3600, 6400, 9000]."),
    ({"value": [80, 400, 1200]}, RuleBroken,
     "Kirkeveien, rents: needs 6 figures, has 3."),
    ({"value": "eighty"}, RuleBroken,
     "The rents must be a list of whole numbers from 0 to 1000000000000."),
    ({"field": "price", "value": 0}, RuleBroken,
     "The price of Kirkeveien is verified; change it in the edition editor if your box differs."),
    ({"field": "colour", "value": 3}, RuleBroken,
     "'colour' is not a value of a space; one of name, price, rents, house_cost, mortgage, "
     "tax, max_houses."),
    ({"field": "tax", "value": 100}, RuleBroken,
     "Kirkeveien, tax: a street space has no tax."),
    ({"date": "30.11.2026"}, BadCommand,
     "The date must be written YYYY-MM-DD."),
])
def test_invalid_values_are_refused(game: Game, fields: dict, error: type[Exception],
                                    message: str) -> None:
    command = {"space": "Kirkeveien", "field": "rents", "value": KIRKEVEIEN, **fields}
    with game.refused(error, message):
        game.do("edition_value", **command)
    assert not game.table.editions.get("ask-once-box").space(3).rents


def test_a_price_of_zero_is_refused_where_the_price_is_missing(table: Table) -> None:
    g = Game(table, ["Alice", "Bob"], edition="kortstokk")
    with g.refused(MissingValue, "The price of Spar 2 is not known yet: enter the price printed "
                   "on the board."):
        g.do("buy", player="Alice", space="Spar 2")
    with g.refused(RuleBroken, "Spar 2, price: must be more than zero."):
        g.do("edition_value", space="Spar 2", field="price", value=0)
    g.do("edition_value", space="Spar 2", field="price", value=2)
    g.do("buy", player="Alice", space="Spar 2")
    assert g.cashes() == {"Alice": 6, "Bob": 8}


def test_the_next_game_on_the_family_box_already_knows_the_value(game: Game) -> None:
    game.do("edition_value", space=3, field="rents", value=KIRKEVEIEN)
    assert game.table.editions.get("ask-once-box").space(3).rents == tuple(KIRKEVEIEN)
    later = Game(game.table, ["Carol", "Dan"], edition="ask-once-box")
    later.do("buy", player="Carol", space="Kirkeveien")
    later.do("land", player="Dan", space="Kirkeveien")
    later.do("claim", player="Carol")
    assert later.cashes() == {"Carol": 28880, "Dan": 29920}


def test_the_family_copy_survives_a_restart(tmp_path: Path) -> None:
    table = open_with_box(tmp_path / "t.sqlite3")
    game = Game(table, ["Alice", "Bob"], edition="ask-once-box")
    game.do("edition_value", space=3, field="rents", value=KIRKEVEIEN)
    table.close()
    again = Table.open(tmp_path / "t.sqlite3")
    assert again.editions.get("ask-once-box").space(3).rents == tuple(KIRKEVEIEN)
    assert again.state(game.id).ed.space(3).rents == tuple(KIRKEVEIEN)
    again.close()


def test_undo_takes_the_value_out_of_the_game(game: Game) -> None:
    game.do("edition_value", space=3, field="rents", value=KIRKEVEIEN)
    game.do("undo")
    assert game.table.state(game.id).ed.space(3).rents == ()
    with game.refused(MissingValue, "The rent of Kirkeveien is not known yet: enter the figures "
                      "on its deed."):
        game.do("land", player="Bob", space="Kirkeveien")


def test_a_shipped_edition_completed_at_the_table_becomes_the_familys_copy(table: Table) -> None:
    g = Game(table, ["Alice", "Bob"], edition="kortstokk")
    g.do("edition_value", space="Hjerter 10", field="price", value=3, date="2026-11-30")
    family = table.editions.get("kortstokk")
    assert family.space(21).price == 3
    assert family.space(21).provenance["price"] == "table 2026-11-30"
    assert table.editions.is_stored("kortstokk")


def test_the_ask_once_replay_gives_the_asserted_balances(tmp_path: Path) -> None:
    """The missing rent is supplied by an edition_value line of the file."""
    db = tmp_path / "replay.sqlite3"
    open_with_box(db).close()
    state, rejected = replay_file(REPLAYS / "ask_once.jsonl", db=db)
    assert rejected == []
    assert state is not None
    assert cash(state) == {"Alice": 24960, "Bob": 28640}
    assert state["bank"]["paid_out"] - state["bank"]["paid_in"] == sum(cash(state).values())
    assert state["tally"]["unverified"] == []  # Parkveien's and Kirkeveien's prices: verified


def test_without_the_value_line_the_replay_stops_at_the_rent(tmp_path: Path) -> None:
    db = tmp_path / "replay.sqlite3"
    open_with_box(db).close()
    lines = (REPLAYS / "ask_once.jsonl").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "no_value.jsonl"
    path.write_text("\n".join(x for x in lines if "edition_value" not in x), encoding="utf-8")
    _, rejected = replay_file(path, db=db)
    assert rejected == [(18, "land", "The rent of Kirkeveien is not known yet: enter the "
                                     "figures on its deed.")]


def test_undo_of_an_entered_value_takes_it_back_from_the_family_copy(game: Game) -> None:
    """A mistyped rent that the banker undoes must not stay in "our box" for the next game."""
    game.do("edition_value", space="Kirkeveien", field="rents", value=[1, 2, 3, 4, 5, 6],
            date="2026-11-30")
    assert game.table.editions.get("ask-once-box").space(3).rents == (1, 2, 3, 4, 5, 6)
    game.do("undo")
    family = game.table.editions.get("ask-once-box")
    assert family.space(3).rents == () and "rents" not in family.space(3).provenance
    with game.refused(MissingValue, "The rent of Kirkeveien is not known yet: enter the figures "
                      "on its deed."):
        game.do("land", player="Bob", space="Kirkeveien")

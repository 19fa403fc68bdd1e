"""Players' names (one rule: ``companion.commands.names``) and client ids reused for
another command (docs/table-log.md "client id"): refused, nothing changes; a true retry is still
acknowledged as a duplicate."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.errors import BadCommand, ReusedId
from companion.table import BANKER, Actor, Table
from tests.conftest import TEST_SECRET, WebActions
from tests.kit import Game, open_table
from web import create_app

REUSED = re.escape("This command's id was already used for another command; send it "
                   "again as a new command.")
INVISIBLE = "cannot hold line breaks, tabs or invisible characters"
SLASH = re.escape("cannot hold / or \\ (nor be . or ..)")
SAME = "Every player needs a different name of 1 to 40 letters"
ALICE, BOB = Actor("player", "Alice"), Actor("player", "Bob")


def everything(game: Game) -> tuple[Any, ...]:
    """The game's state, its log and every game of the table: what a refusal must keep."""
    return game.state(), game.table.history(game.id, 1000), game.table.game_ids()


def log_rows(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM log").fetchone()[0])


# -- names ----------------------------------------------------------------------------

def test_a_name_is_stored_trimmed_in_nfc_and_found_however_it_is_typed(table: Table) -> None:
    game = Game(table, [" \u00c5se ", "Jose\u0301"])  # " Åse ", and José in NFD
    stored = ["\u00c5se", "Jos\u00e9"]  # NFC: one code point each for Å and é
    assert [p["name"] for p in game.state()["players"]] == stored
    started = game.table.history(game.id)[0]["events"]
    assert list(next(e for e in started if e["type"] == "GameStarted")["players"]) == stored
    game.do("pay", from_="A\u030aSE", to=" jos\u00e9", amount=100)  # NFD, other case
    assert game.cashes() == {stored[0]: 29900, stored[1]: 30100}


@pytest.mark.parametrize(("players", "message"), [
    (["Jos\u00e9", "Jose\u0301"], SAME),  # NFC-equal: both show "José"
    (["\u00c5SE", "A\u030ase"], SAME),  # NFC + casefold
    (["Straße", "STRASSE"], SAME),  # casefold, not only lower()
    (["Ola", "O\u200bla"], INVISIBLE),  # zero-width space
    (["Ola", "Ola\nNordmann"], INVISIBLE),
    (["Ola", "Ola\tN"], INVISIBLE),
    (["Ola", "Ola\x00"], INVISIBLE),
    (["Ola", "\ufeffOla"], INVISIBLE),  # byte-order mark
    (["Ola", "Ol\u200da"], INVISIBLE),  # zero-width joiner
    (["Ola", "\u202eOla"], INVISIBLE),  # bidi override
    (["Ola", "Ola\u2028Kari"], INVISIBLE),  # line separator
    (["a/b", "Carol"], SLASH),
    (["a\\b", "Carol"], SLASH),
    ([".", "Carol"], SLASH),
    (["..", "Carol"], SLASH),
    ([" bank ", "Carol"], "'bank' is the bank's name"),
])
def test_a_name_that_breaks_things_or_looks_like_another_is_refused(
        game: Game, players: list[str], message: str) -> None:
    before = everything(game)
    with pytest.raises(BadCommand, match=message):
        game.table.execute({"cmd": "new_game", "players": players})
    assert everything(game) == before


def test_names_only_checked_on_the_command_a_stored_game_still_opens(tmp_path: Path) -> None:
    """The check is on ``new_game``; a restart folds the stored events (GameStarted holds
    the names as stored), so a log from before the rule opens unchanged."""
    table = open_table(tmp_path)
    game = Game(table, ["Alice", "Bob"])
    game.do("pay", from_="Alice", to="Bob", amount=100, id="p1")
    before = game.state()
    table.close()
    again = open_table(tmp_path)
    assert again.snapshot(game.id) == before
    again.close()


def test_a_deal_names_the_players_however_they_are_typed(table: Table) -> None:
    """C23: the quick game's deal is keyed by the players' names, the same rule."""
    deal = {"A\u030ase": ["Parkveien", "Grensen"], "BO": ["Kirkeveien", "Torggata"]}
    game = Game(table, ["\u00c5se", "Bo"], variant="quick", deal=deal)
    assert [s["name"] for s in game.player("\u00c5se")["spaces"]] == ["Parkveien", "Grensen"]


# -- client ids -----------------------------------------------------------------------

def test_a_true_retry_is_still_a_duplicate_with_the_original_seq(game: Game) -> None:
    first = game.do("pay", actor=ALICE, from_="Alice", to="Carol", amount=100, id="x1")
    history = game.table.history(game.id, 1000)
    again = game.do("pay", actor=ALICE, from_="Alice", to="Carol", amount=100, id="x1")
    assert not first.duplicate and again.duplicate and again.seq == first.seq
    assert again.events == () and game.table.history(game.id, 1000) == history
    assert game.cashes() == {"Alice": 29900, "Bob": 30000, "Carol": 30100}


def test_a_retry_with_its_fields_in_another_order_is_the_same_command(game: Game) -> None:
    """A retry is the same command whatever order its fields come in (JSON objects are
    unordered): still a duplicate, applied once."""
    first = game.table.execute({"cmd": "pay", "from": "Alice", "to": "Carol", "amount": 100,
                                "id": "x2"}, ALICE, game.id)
    again = game.table.execute({"id": "x2", "amount": 100, "to": "Carol", "from": "Alice",
                                "cmd": "pay"}, ALICE, game.id)
    assert again.duplicate and again.seq == first.seq
    assert game.cashes() == {"Alice": 29900, "Bob": 30000, "Carol": 30100}


@pytest.mark.parametrize(("actor", "fields"), [
    (BOB, {"from_": "Bob", "to": "Carol", "amount": 500}),  # another player's payment
    (ALICE, {"from_": "Alice", "to": "Carol", "amount": 500}),  # another amount
    (ALICE, {"from_": "Alice", "to": "Bob", "amount": 100}),  # another payee
    (BANKER, {"from_": "Alice", "to": "Carol", "amount": 100}),  # same command, other sender
], ids=["other-player", "other-amount", "other-payee", "other-sender"])
def test_an_id_reused_for_another_command_is_refused(game: Game, actor: Actor,
                                                     fields: dict[str, Any]) -> None:
    game.do("pay", actor=ALICE, from_="Alice", to="Carol", amount=100, id="x1")
    before = everything(game)
    with pytest.raises(ReusedId, match=REUSED):
        game.do("pay", actor=actor, id="x1", **fields)
    assert everything(game) == before
    assert game.cashes() == {"Alice": 29900, "Bob": 30000, "Carol": 30100}


def test_an_id_of_an_undo_or_of_the_new_game_is_not_reused_in_the_game(table: Table) -> None:
    game = Game(table, ["Alice", "Bob"], id="start-1")
    game.do("pay", from_="Alice", to="Bob", amount=100)
    game.do("undo", id="u1")
    assert game.do("undo", id="u1").duplicate
    before = everything(game)
    for reused in ("u1", "start-1"):
        with pytest.raises(ReusedId, match=REUSED):
            game.do("pay", from_="Bob", to="Alice", amount=5, id=reused)
    assert everything(game) == before


def test_a_new_game_id_reused_for_other_players_is_refused(table: Table) -> None:
    start = {"cmd": "new_game", "players": ["A", "B"], "id": "start-1"}
    first = table.execute(start)
    again = table.execute(dict(start))
    assert again.duplicate and again.game_id == first.game_id and again.seq == 1
    state = table.snapshot(first.game_id)
    with pytest.raises(ReusedId, match=REUSED):
        table.execute({**start, "players": ["A", "C"]})
    assert table.game_ids() == [first.game_id] and table.snapshot(first.game_id) == state


def test_after_a_restart_a_retry_is_a_duplicate_and_a_reuse_refused(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Alice", "Bob"])
    first = game.do("pay", from_="Alice", to="Bob", amount=100, id="x1")
    table.close()
    game.table = open_table(tmp_path)
    rows = log_rows(tmp_path / "table.sqlite3")
    assert game.do("pay", from_="Alice", to="Bob", amount=100, id="x1").seq == first.seq
    with pytest.raises(ReusedId, match=REUSED):
        game.do("pay", from_="Alice", to="Bob", amount=101, id="x1")
    assert log_rows(tmp_path / "table.sqlite3") == rows
    assert game.cashes() == {"Alice": 29900, "Bob": 30100}
    game.table.close()


# -- in the players' language -----------------------------------------------------------

@pytest.fixture
def app(table: Table) -> Flask:
    """The app with no fixed language: the request chooses."""
    return create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET, "LANGUAGE": None},
                      table=table)


def test_a_refused_name_is_answered_in_bokmal_and_swedish(web_actions: WebActions) -> None:
    headers = web_actions.bearer()
    for lang, said in (("nb", "Et spillernavn kan ikke inneholde / eller \\"),
                       ("sv", "Ett spelarnamn får inte innehålla radbrytningar")):
        players = ["a/b", "C"] if lang == "nb" else ["Ola", "Ola\nKari"]
        answer = web_actions.client.post(f"/api/games?lang={lang}", headers=headers,
                                         json={"players": players})
        assert answer.status_code == 400 and answer.json is not None
        assert str(answer.json["error"]).startswith(said), answer.json
    assert web_actions.table.game_ids() == []


def test_a_reused_id_is_answered_in_bokmal(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", "Carol")
    assert web_actions.send(cmd="pay", from_="Alice", to="Carol", amount=100,
                            id="x1").status_code == 200
    url = f"/api/games/{web_actions.game}/commands?lang=nb"
    answer = web_actions.client.post(url, headers=web_actions.bearer(), json={
        "cmd": "pay", "from": "Bob", "to": "Carol", "amount": 500, "id": "x1"})
    assert answer.status_code == 409  # Conflict: the id is taken
    assert answer.json == {"ok": False, "error": "Denne kommandoens id er allerede brukt til "
                           "en annen kommando; send den på nytt som en ny kommando."}
    assert web_actions.cash("Bob") == 30000 and web_actions.cash("Carol") == 30100

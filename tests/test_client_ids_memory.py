"""Client ids and the next sequence from memory (issue 19 point 2; docs/table-log.md
"client id"): a repeated id is applied once — within the memory's window, older than it
(found by the log's SQL look-up), after a restart — and a fresh id costs no look-up.

Real tables on real SQLite files; the look-ups are counted by wrapping the store's own
method (it still answers), never replaced.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.client_ids import ASK, MERGE_AT, NEW, WINDOW, ClientIds, Loader
from companion.errors import ReusedId
from companion.table import Table
from tests.kit import Game, open_table

REUSED = re.escape("This command's id was already used for another command; send it "
                   "again as a new command.")
PAY = {"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 100}


class LookUps:
    """Counts the calls of ``table.store.seq_of_client_id`` (the real method answers)."""

    def __init__(self, table: Table):
        self.calls = 0
        real = table.store.seq_of_client_id

        def counted(*args: Any) -> Any:
            self.calls += 1
            return real(*args)

        table.store.seq_of_client_id = counted  # type: ignore[method-assign]


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Game]:
    the_game = Game(tmp_path, ["Alice", "Bob"])
    yield the_game
    the_game.table.close()


def pay(game: Game, client_id: str, amount: int = 100) -> Any:
    return game.table.execute({**PAY, "amount": amount, "id": client_id}, game_id=game.id)


def log_rows(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM log").fetchone()[0])


def test_a_fresh_id_and_a_retry_within_the_window_need_no_look_up(game: Game) -> None:
    counted = LookUps(game.table)
    first = pay(game, "p-1")
    again = pay(game, "p-1")  # a phone's retry, seconds later
    assert (again.seq, again.duplicate, first.duplicate) == (first.seq, True, False)
    assert game.cashes() == {"Alice": 29_900, "Bob": 30_100}  # C1 30 000 kr, paid once
    assert counted.calls == 0
    with pytest.raises(ReusedId, match=REUSED):  # the same id for another command
        pay(game, "p-1", amount=200)
    assert game.cashes() == {"Alice": 29_900, "Bob": 30_100}
    assert counted.calls == 0


def test_an_id_older_than_the_window_is_found_in_the_log(game: Game) -> None:
    first = pay(game, "old")
    for n in range(WINDOW):
        pay(game, f"later-{n}", amount=1)
    counted = LookUps(game.table)
    again = pay(game, "old")
    assert (again.seq, again.duplicate) == (first.seq, True)
    assert counted.calls == 1  # not in the window: asked the log
    assert game.cashes() == {"Alice": 30_000 - 100 - WINDOW, "Bob": 30_000 + 100 + WINDOW}
    with pytest.raises(ReusedId, match=REUSED):
        pay(game, "old", amount=5)
    fresh = pay(game, "new-one")
    assert (fresh.seq, fresh.duplicate) == (first.seq + WINDOW + 1, False)
    assert counted.calls == 2  # the reused id was asked for; the fresh one was not


def test_a_repeated_id_after_a_restart_is_applied_once(tmp_path: Path) -> None:
    game = Game(tmp_path, ["Alice", "Bob"])
    first = pay(game, "before")
    for n in range(WINDOW + 5):
        pay(game, f"fill-{n}", amount=1)
    game.table.close()
    table = open_table(tmp_path)  # the log refolded: memory rebuilt from it
    game.table = table
    counted = LookUps(table)
    rows = log_rows(tmp_path / "table.sqlite3")
    again = pay(game, "before")  # older than the window: the log is asked
    recent = pay(game, f"fill-{WINDOW + 4}", amount=1)  # in the rebuilt window: no SQL
    assert (again.seq, again.duplicate) == (first.seq, True)
    assert (recent.seq, recent.duplicate) == (first.seq + WINDOW + 5, True)
    assert counted.calls == 1
    assert log_rows(tmp_path / "table.sqlite3") == rows  # nothing applied again
    assert game.cashes() == {"Alice": 30_000 - 100 - WINDOW - 5,
                             "Bob": 30_000 + 100 + WINDOW + 5}
    nxt = pay(game, "after")
    assert nxt.seq == first.seq + WINDOW + 6  # the next sequence, known from the log
    table.close()


def test_an_undo_and_a_retry_of_the_undone_command(game: Game) -> None:
    first = pay(game, "u-1")
    game.table.execute({"cmd": "undo", "id": "undo-1"}, game_id=game.id)
    assert game.cashes() == {"Alice": 30_000, "Bob": 30_000}
    again = pay(game, "u-1")  # undone, still applied once: a retry is acknowledged
    assert (again.seq, again.duplicate) == (first.seq, True)
    assert game.cashes() == {"Alice": 30_000, "Bob": 30_000}
    assert pay(game, "u-2").seq == first.seq + 2


def test_the_memory_never_calls_an_id_the_log_holds_new() -> None:
    ids = ClientIds()
    loader = Loader()
    for n in range(1000):
        loader.note(f"log-{n}", (n + 1, "{}", "banker"))
        loader.note(None, (n + 1, "{}", "banker"))  # a command sent without an id
    ids.load("g", loader)
    for n in range(MERGE_AT + 10):  # this session's ids, merged into the sorted array
        ids.add("g", f"new-{n}", (1001 + n, "{}", "banker"))
    assert all(ids.find("g", f"log-{n}") != NEW for n in range(1000))
    assert all(ids.find("g", f"new-{n}") != NEW for n in range(MERGE_AT + 10))
    assert ids.find("g", f"new-{MERGE_AT + 9}") == (1001 + MERGE_AT + 9, "{}", "banker")
    assert ids.find("g", "log-0") == ASK  # out of the window: only SQL can tell
    assert ids.find("g", "never-sent") == NEW
    assert ids.find("other-game", "log-0") == ASK  # a game it does not know
    ids.forget("g")
    assert ids.find("g", "never-sent") == ASK

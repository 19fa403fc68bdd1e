"""Group commit (issue 19 point 3): the commands waiting while a commit is in flight are
applied in order, each refused alone, and written in one transaction with one fsync;
each is answered only after that commit, and a failed commit answers every command of
its batch with the failure and leaves the state as committed.

Real parts only: a real SQLite file, the table's own writer thread.  A batch is formed
the way the server forms one: a listener (called by the writer after a commit, as the
live streams' hub is) holds the writer while the next commands are queued.  The money is
the book's: every player starts with 30 000 kr (C1); a payment (a C5 rent, say) moves
exactly its amount from one player to the other.
"""

from __future__ import annotations

import math
import sqlite3
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from companion.errors import BadCommand, ReusedId, StorageError, UnknownPlayer
from companion.table import Outcome, Table
from tests.test_faults_disk import file_size_limit, full_now

PLAYERS = ["Alice", "Bob", "Carol"]
START = 30_000  # C1


class Held:
    """A listener that holds the writer thread after the next commit until released,
    so that the commands queued meanwhile form the next batch; it counts the calls."""

    def __init__(self, table: Table):
        self.armed = threading.Event()
        self.inside = threading.Event()
        self.go = threading.Event()
        self.calls: list[tuple[str, int]] = []
        self.unsubscribe = table.subscribe(self)

    def __call__(self, game_id: str, seq: int) -> None:
        self.calls.append((game_id, seq))
        if self.armed.is_set():
            self.armed.clear()
            self.inside.set()
            self.go.wait(10)

    def hold(self, table: Table, game: str) -> Future[Outcome]:
        """Send a first command and wait until the writer is held after its commit."""
        self.armed.set()
        first = table.submit(pay("Carol", "Alice", 1, "hold"), game_id=game)
        assert self.inside.wait(10)
        return first


def pay(payer: str, to: str, amount: int, cid: str, **more: Any) -> dict[str, Any]:
    return {"cmd": "pay", "from": payer, "to": to, "amount": amount, "id": cid, **more}


def cash(table: Table, game: str) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in table.snapshot(game)["players"]}


def stored(db: Path, game: str) -> list[tuple[int, str | None, float]]:
    """``(seq, client id, at)`` of every row of the game, from a connection of its own."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT seq, client_id, at FROM log WHERE game_id = ? "
                            "ORDER BY seq", (game,)).fetchall()
    conn.close()
    return rows


def writer_inside(table: Table, seconds: float = 10) -> bool:
    """True once another thread (the writer) holds the table's lock."""
    ready = threading.Event()
    while not ready.wait(0.01) and seconds > 0:
        seconds -= 0.01
        if not table._lock.acquire(blocking=False):
            return True
        table._lock.release()
    return False


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "companion.sqlite3"


@pytest.fixture
def table(db: Path) -> Iterator[Table]:
    table = Table.open(db, burst=math.inf)  # every submitted command queued for the writer
    yield table
    table.close()


@pytest.fixture
def game(table: Table) -> str:
    return table.execute({"cmd": "new_game", "players": PLAYERS, "id": "g"}).game_id


def test_a_batch_applies_in_order_and_refuses_each_bad_command_alone(
        table: Table, game: str, db: Path) -> None:
    held = Held(table)
    first = held.hold(table, game)
    futures = [table.submit(command, game_id=game) for command in [
        pay("Alice", "Bob", 100, "a1"),
        pay("Alice", "Bob", 200, "a2", note="x"),  # refused after its events were folded
        pay("Bob", "Carol", 50, "b1"),
        pay("Nobody", "Carol", 10, "n1"),  # refused before anything changed
        pay("Alice", "Bob", 100, "a1"),  # a phone's retry within the same batch
        pay("Alice", "Bob", 999, "a1"),  # the same id for another command
        pay("Alice", "Carol", 5, "a3"),
    ]]
    assert not any(f.done() for f in futures)  # nobody is answered before the commit
    held.go.set()
    assert first.result(10).seq == 2
    ok1, bad_field, ok2, nobody, retry, reused, ok3 = futures
    assert (ok1.result(10).seq, ok2.result(10).seq, ok3.result(10).seq) == (3, 4, 5)
    with pytest.raises(BadCommand):
        bad_field.result(10)
    with pytest.raises(UnknownPlayer):
        nobody.result(10)
    with pytest.raises(ReusedId):
        reused.result(10)
    assert retry.result(10).duplicate and retry.result(10).seq == 3

    assert cash(table, game) == {"Alice": START + 1 - 100 - 5, "Bob": START + 100 - 50,
                                 "Carol": START - 1 + 50 + 5}
    rows = stored(db, game)
    assert [(seq, cid) for seq, cid, _at in rows] == [
        (1, "g"), (2, "hold"), (3, "a1"), (4, "b1"), (5, "a3")]
    assert len({at for seq, _cid, at in rows if seq >= 3}) == 1  # one transaction
    assert held.calls[-1] == (game, 5)  # the listeners told once, after the commit
    assert table.snapshot_json(game)[0] == 5

    reopened = Table.open(db)  # the log folds to the same state
    try:
        assert cash(reopened, game) == cash(table, game)
    finally:
        reopened.close()


def test_nothing_of_a_batch_is_seen_before_its_commit(table: Table, game: str) -> None:
    seq, text = table.snapshot_json(game)
    read: list[dict[str, Any]] = []
    with table.store._lock:  # the disk is held: the batch waits in its commit
        future = table.submit(pay("Alice", "Bob", 700, "p1"), game_id=game)
        assert writer_inside(table)
        reader = threading.Thread(target=lambda: read.append(table.snapshot(game)))
        reader.start()
        reader.join(0.3)
        assert not future.done()
        assert table.snapshot_json(game) == (seq, text)  # the committed state's text
        assert table.names(game)[1] == PLAYERS
        assert not read  # a reader of the state waits for the commit
    assert future.result(10).seq == 2
    reader.join(10)
    assert {p["name"]: p["cash"] for p in read[0]["players"]}["Bob"] == START + 700
    assert table.snapshot_json(game)[0] == 2


def test_a_failed_commit_fails_its_whole_batch_and_keeps_the_committed_state(
        table: Table, game: str, db: Path) -> None:
    for n in range(5):  # as in test_faults_disk: the log's files at a size to hold
        table.execute(pay("Alice", "Bob", 1, f"warm-{n}"), game_id=game)
    held = Held(table)
    first = held.hold(table, game)
    futures = [table.submit(pay("Alice", "Bob", 10 * n, f"f{n}"), game_id=game)
               for n in range(1, 4)]
    futures.append(table.submit(pay("Nobody", "Bob", 1, "f-nobody"), game_id=game))
    with file_size_limit(full_now(db)):
        held.go.set()
        assert first.result(10).seq == 7
        for future in futures:  # every command of the batch, the refused one too
            with pytest.raises(StorageError):
                future.result(10)
        assert cash(table, game) == {"Alice": START - 5 + 1, "Bob": START + 5,
                                     "Carol": START - 1}
        assert table.snapshot_json(game)[0] == 7
    assert [seq for seq, _cid, _at in stored(db, game)] == list(range(1, 8))
    reopened = Table.open(db)  # the live state is the log's, field for field
    try:
        assert reopened.snapshot(game) == table.snapshot(game)
    finally:
        reopened.close()
    again = table.execute(pay("Alice", "Bob", 10, "f1"), game_id=game)  # its retry applies
    assert again.seq == 8 and not again.duplicate
    assert cash(table, game)["Bob"] == START + 5 + 10


def test_waiting_and_queued_callers_share_one_order(table: Table, game: str, db: Path) -> None:
    """The Flask lane (``execute``, a worker thread waiting) and the loop's (``submit``)
    go through the same batches under the same lock: one gap-free sequence."""
    done: list[tuple[int, str]] = []

    def lane(name: str, queued: bool) -> None:
        for n in range(40):
            command = pay(name, "Carol" if name != "Carol" else "Alice", 1 + n % 3,
                          f"{name}-{queued}-{n}")
            outcome = (table.submit(command, game_id=game).result(10) if queued
                       else table.execute(command, game_id=game))
            done.append((outcome.seq, command["id"]))

    threads = [threading.Thread(target=lane, args=(name, queued))
               for name in ("Alice", "Bob") for queued in (False, True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(seq for seq, _cid in done) == list(range(2, 162))
    assert sorted(done) == [(seq, cid) for seq, cid, _at in stored(db, game)[1:]]
    paid = sum(1 + n % 3 for n in range(40)) * 2  # each of Alice's and Bob's two lanes
    assert cash(table, game) == {"Alice": START - paid, "Bob": START - paid,
                                 "Carol": START + 2 * paid}

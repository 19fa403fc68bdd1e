"""A quiet table commits at once (issue 19, the table's pace): a command submitted when
nothing is queued or running and no commit happened in the last ``burst`` seconds is
applied, durably committed and its listeners called in the submitting thread (the
server's loop, so the live streams are written at once), and its future is done when
``submit`` returns.  Commands back to back still go to the writer and share a commit.

Real parts only: a real SQLite file, the table's own writer thread.  The money is the
book's: every player starts with 30 000 kr (C1); a payment moves exactly its amount.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import StorageError, UnknownPlayer
from companion.table import Table
from tests.test_faults_disk import file_size_limit, full_now
from tests.test_group_commit import PLAYERS, START, Held, cash, pay, stored


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "companion.sqlite3"


def opened(db: Path, burst: float) -> Iterator[tuple[Table, str]]:
    table = Table.open(db, burst=burst)
    game = table.execute({"cmd": "new_game", "players": PLAYERS, "id": "g"}).game_id
    yield table, game
    table.close()


@pytest.fixture
def quiet(db: Path) -> Iterator[tuple[Table, str]]:
    yield from opened(db, 0.05)


@pytest.fixture
def busy(db: Path) -> Iterator[tuple[Table, str]]:
    yield from opened(db, 60.0)  # every command within a minute of a commit: queued


def test_a_quiet_tables_command_is_committed_in_the_submitting_thread(
        quiet: tuple[Table, str], db: Path) -> None:
    table, game = quiet
    threads: list[threading.Thread] = []
    table.subscribe(lambda _g, _s: threads.append(threading.current_thread()))
    time.sleep(0.1)  # past the burst: the table is quiet
    future = table.submit(pay("Alice", "Bob", 700, "p1"), game_id=game)
    assert future.done()  # committed before submit returned
    assert future.result().seq == 2
    assert threads == [threading.current_thread()]  # the listeners ran here, once
    assert [(seq, cid) for seq, cid, _at in stored(db, game)] == [(1, "g"), (2, "p1")]
    assert cash(table, game)["Bob"] == START + 700

    time.sleep(0.1)
    refused = table.submit(pay("Nobody", "Bob", 1, "p2"), game_id=game)
    assert refused.done()  # a refusal too, and nothing changed
    with pytest.raises(UnknownPlayer):
        refused.result()
    assert len(stored(db, game)) == 2 and len(threads) == 1


def test_commands_back_to_back_go_to_the_writer_and_share_a_commit(
        busy: tuple[Table, str], db: Path) -> None:
    table, game = busy
    held = Held(table)
    first = held.hold(table, game)  # queued: within the burst of the game's start
    assert held.calls == [(game, 2)] and not first.done()  # told in the writer's thread
    futures = [table.submit(pay("Alice", "Bob", n, f"b{n}"), game_id=game)
               for n in range(1, 6)]
    assert not any(f.done() for f in futures)  # queued behind the held writer
    held.go.set()
    assert first.result(10).seq == 2
    assert [f.result(10).seq for f in futures] == [3, 4, 5, 6, 7]
    rows = stored(db, game)
    assert len({at for seq, _cid, at in rows if seq >= 3}) == 1  # one transaction
    assert cash(table, game) == {"Alice": START + 1 - 15, "Bob": START + 15, "Carol": START - 1}


def test_a_quiet_commit_that_fails_refuses_and_keeps_the_committed_state(
        quiet: tuple[Table, str], db: Path) -> None:
    table, game = quiet
    for n in range(5):  # as in test_faults_disk: the log's files at a size to hold
        table.execute(pay("Alice", "Bob", 1, f"warm-{n}"), game_id=game)
    before = table.snapshot(game)
    time.sleep(0.1)
    with file_size_limit(full_now(db)):
        future = table.submit(pay("Alice", "Bob", 10, "x1"), game_id=game)
        assert future.done()  # failed in this thread, at once
        with pytest.raises(StorageError):
            future.result()
        assert table.snapshot(game) == before
    assert len(stored(db, game)) == 6
    time.sleep(0.1)
    again = table.submit(pay("Alice", "Bob", 10, "x1"), game_id=game).result()
    assert again.seq == 7 and not again.duplicate  # its retry applies


def test_a_closed_table_refuses_a_submitted_command(quiet: tuple[Table, str]) -> None:
    table, game = quiet
    table.close()
    with pytest.raises(StorageError):
        table.submit(pay("Alice", "Bob", 10, "c1"), game_id=game)


def test_a_listener_of_a_quiet_commit_may_send_a_command(quiet: tuple[Table, str]) -> None:
    """A listener called in the submitting thread (the hardware's lights, say) that sends
    a command of its own has it applied at once, in that thread, after the first."""
    table, game = quiet
    seqs: list[int] = []

    def listener(_game: str, seq: int) -> None:
        seqs.append(seq)
        if seq == 2:
            table.execute(pay("Bob", "Carol", 5, "from-listener"), game_id=game)

    table.subscribe(listener)
    time.sleep(0.1)
    future = table.submit(pay("Alice", "Bob", 10, "first"), game_id=game)
    assert future.done() and future.result().seq == 2
    assert seqs == [2, 3]
    assert cash(table, game) == {"Alice": START - 10, "Bob": START + 5, "Carol": START + 5}

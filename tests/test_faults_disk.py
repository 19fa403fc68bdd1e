"""A full disk (issue 8, part 6): a command that cannot be written fails cleanly —
StorageError in the core, HTTP 503 with a clear JSON message from the API — the state is
unchanged, the log is not corrupted (``PRAGMA integrity_check``), and once there is room
again commands work and nothing acknowledged was lost (also after a restart).

The failures are real, not mocked:

- ``RLIMIT_FSIZE`` (this process, or the server's via ``prlimit``): the kernel refuses to
  grow the SQLite files (``EFBIG``; Python ignores ``SIGXFSZ``), which is what SQLite sees
  when its file cannot grow;
- a 1 MiB tmpfs filled to the last block (``ENOSPC``), when this user may mount one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import resource
import signal
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.errors import StorageError
from companion.table import Table
from tests.conftest import WebActions
from tests.test_soak_kill import Serve

PAY = {"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 7}


@contextlib.contextmanager
def file_size_limit(limit: int, pid: int = 0) -> Iterator[None]:
    """No file of process ``pid`` (0: this one) may grow past ``limit`` bytes meanwhile."""
    soft, hard = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (soft, hard))


def full_now(db: Path) -> int:
    """A limit that lets no file of the log grow: the largest of them now."""
    return max(p.stat().st_size for p in db.parent.glob(db.name + "*"))


def log_rows(db: Path) -> list[tuple[Any, ...]]:
    """Every row of the log as stored on disk (a separate read-only connection)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        rows = conn.execute("SELECT game_id, seq, client_id, command FROM log "
                            "ORDER BY game_id, seq").fetchall()
    conn.close()
    return rows


def acked_ids(rows: list[tuple[Any, ...]]) -> set[str]:
    return {r[2] for r in rows if r[2]}


def test_core_refuses_cleanly_when_the_log_cannot_grow(tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    table = Table.open(db)
    game = table.execute({"cmd": "new_game", "players": ["Alice", "Bob"], "id": "g"}).game_id
    acked = [table.execute({**PAY, "id": f"ok-{n}"}, game_id=game).seq for n in range(5)]
    before, rows = table.snapshot(game), log_rows(db)

    failures = 0
    with file_size_limit(full_now(db)):
        for n in range(5):
            with pytest.raises(StorageError, match="could not be written"):
                table.execute({**PAY, "id": f"full-{n}"}, game_id=game)
            failures += 1
            assert table.snapshot(game) == before
        with pytest.raises(StorageError):
            table.execute({"cmd": "land", "player": "Alice", "space": 1}, game_id=game)
        with pytest.raises(StorageError):
            table.execute({"cmd": "new_game", "players": ["Carol", "Dag"], "id": "g2"})
        assert table.game_ids() == [game]
        assert table.snapshot(game) == before
        assert not table.store._db.in_transaction
        assert table.store.integrity() == "ok"
    assert failures == 5
    assert log_rows(db) == rows

    after = table.execute({**PAY, "id": "room-again"}, game_id=game)
    assert after.seq == acked[-1] + 1 and not after.duplicate
    again = table.execute({**PAY, "id": "full-0"}, game_id=game)  # never stored: applies now
    assert not again.duplicate
    state = table.snapshot(game)
    table.close()

    reopened = Table.open(db)
    try:
        assert reopened.snapshot(game) == state
        assert reopened.store.integrity() == "ok"
        assert {f"ok-{n}" for n in range(5)} | {"room-again", "full-0"} <= acked_ids(
            log_rows(db))
    finally:
        reopened.close()


def test_api_answers_503_and_changes_nothing(web_actions: WebActions, client: FlaskClient,
                                            tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    web_actions.new_game("Alice", "Bob", "Carol")
    assert web_actions.send(**PAY, id="before").status_code == 200
    before, rows = web_actions.state(), log_rows(db)

    with file_size_limit(full_now(db)):
        for sender in (None, web_actions.players["Alice"]):  # banker, then Alice's phone
            answer = web_actions.send(sender, **PAY, id="full")
            assert answer.status_code == 503, answer.get_data(as_text=True)
            assert answer.is_json and answer.json["ok"] is False
            assert "could not be written" in answer.json["error"]
            assert "Traceback" not in answer.get_data(as_text=True)
        answer = client.post("/api/games", json={"players": ["X", "Y"]},
                             headers=web_actions.bearer())
        assert answer.status_code == 503 and answer.json["ok"] is False
        assert web_actions.state() == before
        read = client.get(f"/api/games/{web_actions.game}", headers=web_actions.bearer())
        assert read.status_code == 200 and read.json == before  # reading still works
        assert web_actions.table.store.integrity() == "ok"
    assert log_rows(db) == rows
    assert len(web_actions.table.game_ids()) == 1

    answer = web_actions.send(**PAY, id="full")
    assert answer.status_code == 200 and answer.json["duplicate"] is False
    assert web_actions.cash("Bob") == before["players"][1]["cash"] + 7


def test_the_real_server_survives_a_full_disk(tmp_path: Path) -> None:
    server = Serve(tmp_path)
    db = tmp_path / "companion.sqlite3"
    try:
        game = server.call(server.token, "/api/games", {"players": ["Alice", "Bob"]})
        url = f"/api/games/{game['game']}"
        for n in range(3):
            assert server.call(server.token, f"{url}/commands", {**PAY, "id": f"ok-{n}"})["ok"]
        before = server.call(server.token, url)
        with file_size_limit(full_now(db), server.proc.pid):
            for n in range(3):
                status, answer = post(server, f"{url}/commands", {**PAY, "id": f"full-{n}"})
                assert status == 503 and answer["ok"] is False, answer
                assert "could not be written" in answer["error"]
            assert server.call(server.token, url) == before
        done = server.call(server.token, f"{url}/commands", {**PAY, "id": "full-0"})
        assert done["ok"] and not done["duplicate"]
        expected = done["state"]
    finally:
        server.stop(signal.SIGKILL)
    server = Serve(tmp_path)
    try:
        assert server.call(server.token, url) == expected
    finally:
        assert server.stop(signal.SIGTERM) == 0
    assert {"ok-0", "ok-1", "ok-2", "full-0"} <= acked_ids(log_rows(db))


def post(server: Serve, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    import urllib.error

    try:
        return 200, server.call(server.token, path, body)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read())


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs (skipped when this user may not mount one)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs",
                           str(mount)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=True)


def fill(folder: Path) -> list[Path]:
    """Write files until the file system has not one byte left; returns them."""
    files = []
    for name, chunk in (("filler", 65536), ("crumbs", 1)):
        files.append(folder / name)
        fd = os.open(files[-1], os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            while True:
                os.write(fd, b"\0" * chunk)
        except OSError as error:
            assert error.errno == errno.ENOSPC, error
        finally:
            os.close(fd)
    return files


def test_a_really_full_disk(small_disk: Path) -> None:
    db = small_disk / "companion.sqlite3"
    table = Table.open(db)
    try:
        game = table.execute({"cmd": "new_game", "players": ["Alice", "Bob"]}).game_id
        for n in range(3):
            table.execute({**PAY, "id": f"ok-{n}"}, game_id=game)
        before, rows = table.snapshot(game), log_rows(db)
        fillers = fill(small_disk)
        for n in range(20):
            with pytest.raises(StorageError, match="could not be written") as refused:
                table.execute({**PAY, "id": f"full-{n}"}, game_id=game)
            assert table.snapshot(game) == before
        assert "full" in str(refused.value)  # SQLite: "database or disk is full"
        assert log_rows(db) == rows
        assert not table.store._db.in_transaction
        assert table.store.integrity() == "ok"
        for filler in fillers:
            filler.unlink()
        table.execute({**PAY, "id": "room-again"}, game_id=game)
        state = table.snapshot(game)
    finally:
        table.close()
    reopened = Table.open(db)
    try:
        assert reopened.snapshot(game) == state
        assert reopened.store.integrity() == "ok"
    finally:
        reopened.close()
    assert {"ok-0", "ok-1", "ok-2", "room-again"} <= acked_ids(log_rows(db))

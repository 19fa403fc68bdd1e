"""The live streams' step built while its commit waits for the disk (issue 19, pace):
a commit that fails drops the step built for it, so the next step never starts from a
state that was never committed.

Real parts: a real SQLite file on disk (``durable``: every commit fsyncs), a commit made to
fail by a file size limit (as in tests/test_faults_disk.py: the disk is full), the
table's own foresight listener and :class:`web.ahead.Ahead`'s thread.  Money from the
book: every player starts with 30 000 kr (C1); a payment moves exactly its amount.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import StorageError
from companion.table import Table, compact_json
from tests.test_faults_disk import file_size_limit, full_now
from web.ahead import Ahead
from web.changes import Changes, Step, rebuild
from web.state_json import encode

START = 30_000  # C1


def pay(payer: str, to: str, amount: int, cid: str) -> dict[str, Any]:
    return {"cmd": "pay", "from": payer, "to": to, "amount": amount, "id": cid}


def test_a_failed_commit_drops_its_step_and_the_next_change_starts_from_the_log(
        tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    table = Table.open(db, encode=encode)
    ahead = Ahead(Changes(), lambda _game_id: True)
    table.foresee(ahead.start, ahead.drop)
    steps: list[Step] = []
    table.subscribe(lambda game_id, seq: steps.append(
        ahead.step(game_id, table.state(game_id), table.last_events(game_id, seq))))
    try:
        game = table.execute({"cmd": "new_game", "players": ["Alice", "Bob"],
                              "id": "g"}).game_id
        for n in range(5):  # the log's files grown to a size to hold (test_faults_disk)
            table.execute(pay("Alice", "Bob", 1, f"warm-{n}"), game_id=game)
        committed = json.loads(compact_json(table.snapshot(game)))
        with file_size_limit(full_now(db)):
            for n in range(10):  # each failed commit's step may or may not have run
                with pytest.raises(StorageError):
                    table.execute(pay("Alice", "Bob", 700, f"lost-{n}"), game_id=game)
        assert len(steps) == 6  # no listener told of a failed commit
        done = table.execute(pay("Bob", "Alice", 200, "after"), game_id=game)
        whole = compact_json(table.snapshot(game))
        assert steps[-1].seq == done.seq and steps[-1].full.decode() == whole
        if steps[-1].change is not None:  # from the committed state, never a lost one
            change = json.loads(steps[-1].change)
            assert change["base"] == committed["game"]["seq"]
            assert encode(rebuild(committed, change)) == whole
        cash = {p["name"]: p["cash"] for p in json.loads(whole)["players"]}
        assert cash == {"Alice": START - 5 + 200, "Bob": START + 5 - 200}
    finally:
        table.close()
        ahead.close()

"""The state snapshot every live stream and command answer is built from, timed alone.

Run: ``uv run python -m benchmarks.snapshot_speed [COMMANDS]`` (default 3 000).  It writes a
game of ``COMMANDS`` commands (:func:`benchmarks.games.game_commands`, six players, classic NO
1996) through the real :class:`~companion.table.Table` into a temporary folder, then prints
the milliseconds to open (refold) it and the microseconds per
:func:`companion.view.snapshot` (median of 5 rounds of 300).  To compare two commits, run it
in a checkout of each, interleaved (A, B, A, B, …), and quote the ratios with the load
average: this machine's absolute times move 2× between runs.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.games import game_commands
from companion import view
from companion.replay import replay_into
from companion.table import Table

ROUNDS, PER_ROUND = 5, 300


def build(db: Path, count: int) -> None:
    """A ``count``-command game written into a new log at ``db`` (no fsync)."""
    table = Table.open(db, False)
    _, rejected = replay_into(table, [json.dumps(c) for c in game_commands(count)])
    table.close()
    assert not rejected, rejected[:3]


def measure(db: Path) -> tuple[float, float]:
    """(milliseconds to open ``db``, median microseconds per snapshot)."""
    start = time.perf_counter()
    table = Table.open(db)
    game = table.game_ids()[0]
    state = table.state(game)
    opened = (time.perf_counter() - start) * 1000
    rounds = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(PER_ROUND):
            view.snapshot(state)
        rounds.append((time.perf_counter() - start) * 1e6 / PER_ROUND)
    table.close()
    return opened, statistics.median(rounds)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "game.sqlite3"
        build(db, count)
        opened, snapshot = measure(db)
    print(f"{count} commands: open {opened:.0f} ms, snapshot {snapshot:.0f} µs")


if __name__ == "__main__":
    main()

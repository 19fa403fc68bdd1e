"""The state snapshot every live stream and command answer is built from, timed alone.

Run: ``uv run python -m benchmarks.snapshot_speed [COMMANDS]`` (default 3 000).  It writes a
game of ``COMMANDS`` commands (:func:`benchmarks.games.game_commands`, six players, classic NO
1996) through the real :class:`~companion.table.Table` into a temporary folder, timing after
each commit the live streams' step (:meth:`web.changes.Changes.advance` as
:meth:`web.hub.Hub.committed` calls it, and the whole state's text the step gives: median
and mean microseconds per command), then prints the milliseconds to open (refold) it and
the microseconds per :func:`companion.view.snapshot` (median of 5 rounds of 300).  To
compare two commits, run it in a checkout of each, interleaved (A, B, A, B, …), and quote
the ratios with the load average: this machine's absolute times move 2× between runs.
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
from web.changes import Changes
from web.state_json import encode

ROUNDS, PER_ROUND = 5, 300


def build(db: Path, count: int) -> list[float]:
    """A ``count``-command game written into a new log at ``db`` (no fsync); the seconds
    of each commit's live step (:meth:`web.changes.Changes.advance` and its whole text)."""
    table = Table.open(db, False, encode=encode)
    changes, times = Changes(), []

    def step(game_id: str, seq: int) -> None:
        state, known = table.state(game_id), table.last_events(game_id, seq)
        start = time.perf_counter()
        assert changes.advance(state, known).full
        times.append(time.perf_counter() - start)

    table.subscribe(step)
    _, rejected = replay_into(table, [json.dumps(c) for c in game_commands(count)])
    table.close()
    assert not rejected, rejected[:3]
    return times


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
        steps = build(db, count)
        opened, snapshot = measure(db)
    print(f"{count} commands: open {opened:.0f} ms, snapshot {snapshot:.0f} µs, live step "
          f"median {statistics.median(steps) * 1e6:.0f} µs, "
          f"mean {statistics.fmean(steps) * 1e6:.0f} µs per command")


if __name__ == "__main__":
    main()

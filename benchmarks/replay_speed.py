"""Replay throughput and start-up time (issue 2, issue 8 targets).

Run: ``uv run python -m benchmarks.replay_speed``.  Prints a table:
- replay: a fresh durable log (WAL, synchronous=FULL), N commands applied one by one;
- start-up: opening an existing log of N commands (the table refolds every game);
- server start-up: ``companion serve`` on that log until its first HTTP answer.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

from benchmarks.games import game_commands
from benchmarks.server import Server
from companion.replay import replay_into
from companion.table import Table


def replay_rate(count: int, folder: Path, durable: bool = True) -> tuple[float, Path]:
    """Seconds to replay ``count`` commands into a new database at ``folder``
    (``durable=False``: no fsync, as ``companion replay``'s throw-away log)."""
    db = folder / f"replay-{count}-{'durable' if durable else 'quick'}.sqlite3"
    lines = [json.dumps(c) for c in game_commands(count)]
    table = Table.open(db, durable)
    start = time.perf_counter()
    _, rejected = replay_into(table, lines)
    took = time.perf_counter() - start
    table.close()
    assert not rejected, rejected[:3]
    return took, db


def open_time(db: Path) -> float:
    """Seconds for ``Table.open`` to replay the log at ``db``."""
    start = time.perf_counter()
    Table.open(db).close()
    return time.perf_counter() - start


def serve_time(db: Path) -> float | None:
    """Seconds from launching ``companion serve`` on ``db``'s folder to its first answer to
    ``GET /api/games`` with the banker's token (the log is replayed by then)."""
    data = db.parent / "serve"
    data.mkdir(exist_ok=True)
    os.replace(db, data / "companion.sqlite3")
    try:
        with Server(data) as server:
            return server.started
    except RuntimeError:
        return None


def main() -> None:
    """Print the table of figures."""
    print("| measure | commands | seconds | commands/s |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for count in (3000, 10000):
            took, db = replay_rate(count, Path(tmp))
            print(f"| durable replay (fsync per command) | {count} | {took:.3f} | "
                  f"{count / took:,.0f} |")
            opened = open_time(db)
            print(f"| start-up: open log and refold | {count} | {opened:.3f} | "
                  f"{count / opened:,.0f} |")
            if count == 3000:
                served = serve_time(db)
                shown = "n/a" if served is None else f"{served:.3f}"
                print(f"| start-up: `companion serve` to first HTTP answer | {count} | "
                      f"{shown} | |")


if __name__ == "__main__":
    main()

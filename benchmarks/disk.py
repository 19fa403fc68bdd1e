"""The floor under every durable figure: one SQLite commit on this disk.

A table like the game log's, in WAL mode with ``synchronous=FULL`` (as
:class:`companion.store.Store` opens it), one small row per transaction — nothing of
ours but the commit.  At one commit per 50 ms (table pace: the machine is idle in
between) and back-to-back.  A command cannot reach the phones sooner than its commit.

Run alone: ``uv run python -m benchmarks.disk [--commits 300]``.
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from pathlib import Path

from benchmarks.server import percentile


def commit_times(folder: Path, commits: int, pace: float | None) -> list[float]:
    """Seconds per commit of one ~600-byte row, ``pace`` seconds apart (None: at once)."""
    db = sqlite3.connect(folder / "disk.sqlite3", isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, body TEXT)")
        body = "x" * 600
        times = []
        for _ in range(commits):
            if pace is not None:
                time.sleep(pace)
            start = time.perf_counter()
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO log (body) VALUES (?)", (body,))
            db.execute("COMMIT")
            times.append(time.perf_counter() - start)
        return times
    finally:
        db.close()


def cells(times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return (f"p50 {percentile(ms, 50):.2f} · p90 {percentile(ms, 90):.2f} · "
            f"p99 {percentile(ms, 99):.2f} · max {max(ms):.2f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=300)
    parser.add_argument("--dir", type=Path, help="a folder on the disk to test")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        for name, pace in (("1 per 50 ms", 0.05), ("back-to-back", None)):
            print(f"{name:>12}: {cells(commit_times(Path(tmp), args.commits, pace))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

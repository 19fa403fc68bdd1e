"""Does work on another core overlap with an fsync on this machine? (issue 19, pace)

The live streams' step is built in a thread of its own while the command's commit waits
for the disk (:mod:`web.ahead`); that only pays where the disk's wait and work on another
core really overlap.  This times one SQLite commit (WAL, ``synchronous=FULL``, a 300-byte
row, 1 every 20 ms, as the table's pace) alone and while 400 µs of pure Python runs at the
same moment in another thread of this process and in another process, interleaved.

Run: ``uv run python -m benchmarks.overlap`` (on a Pi: ``TMPDIR=/var/tmp``, the SD card).
On the 2-core VM of the README (tenth session) either lengthened a commit from ~0.75–0.8 ms
by 0.15–0.35 ms: little or no overlap.
"""

from __future__ import annotations

import multiprocessing
import sqlite3
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from multiprocessing.synchronize import Event
from pathlib import Path

SPIN = 0.0004  # seconds of work started with each commit
ROUNDS, COMMITS, PACE = 3, 150, 0.02


def spin(seconds: float = SPIN) -> None:
    """Pure Python work for ``seconds``."""
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        pass


def _spinner(go: threading.Event | Event, stop: threading.Event | Event) -> None:
    while not stop.is_set():
        if go.wait(0.1):
            go.clear()
            spin()


def _commits(db: sqlite3.Connection, start_work: Callable[[], None] | None) -> float:
    """Median seconds of COMMITS commits, ``start_work`` called just before each."""
    took = []
    for n in range(COMMITS):
        time.sleep(PACE)
        begin = time.perf_counter()
        if start_work is not None:
            start_work()
        db.execute("INSERT INTO t VALUES (?, ?)", (n, "x" * 300))
        took.append(time.perf_counter() - begin)
    return statistics.median(took)


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        db = sqlite3.connect(Path(folder) / "overlap.sqlite3", isolation_level=None,
                             check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE t (n INTEGER, body TEXT)")
        t_go, t_stop = threading.Event(), threading.Event()
        p_go, p_stop = multiprocessing.Event(), multiprocessing.Event()
        thread = threading.Thread(target=_spinner, args=(t_go, t_stop), daemon=True)
        process = multiprocessing.Process(target=_spinner, args=(p_go, p_stop), daemon=True)
        thread.start()
        process.start()
        rows: dict[str, list[float]] = {"alone": [], "a thread works": [],
                                        "a process works": []}
        for _ in range(ROUNDS):  # interleaved
            rows["alone"].append(_commits(db, None))
            rows["a thread works"].append(_commits(db, t_go.set))
            rows["a process works"].append(_commits(db, p_go.set))
        t_stop.set()
        p_stop.set()
        process.join(5)
        db.close()
    alone = statistics.median(rows["alone"])
    print(f"one commit, p50 of {COMMITS} × {ROUNDS} rounds; {SPIN * 1e6:.0f} µs of work "
          "started with each")
    for name, values in rows.items():
        median = statistics.median(values)
        print(f"  {name:16s} {median * 1e3:.2f} ms  ({median / alone:.2f}×)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The floor under our figures: the same input and output with none of our code.

A bare asyncio server on uvloop (the loop ``companion serve`` runs on), no HTTP library,
no Flask, no rules: a POST is split by hand, its JSON parsed, one row appended to a SQLite
log in WAL mode with ``synchronous=FULL`` (BEGIN IMMEDIATE, INSERT, COMMIT: the fsync), and
a ``message``-byte SSE message is written to every open stream as an HTTP chunk, then the
answer.  By design it sends what we send: :mod:`benchmarks.__main__` first measures the
bytes a stream of ``companion serve`` carries per command (:mod:`benchmarks.turn_bytes`)
and starts the bare server with that size.  The same clients as :mod:`benchmarks.fanout`
measure it, so the difference between the two figures is what ``companion serve`` itself
adds: HTTP parsing, the checks, the rules, the state JSON, the stream bookkeeping.

``group=True``: the group-commit floor — commands that arrive while a commit is running
wait, and the next commit writes them all in one transaction (one fsync) in a worker
thread; each is answered (and its stream message written) only after that commit.

The server runs in its own process from :mod:`benchmarks.bare_serve`, which imports
none of our code (nor this module's: Flask, ``web``, ``companion`` through
:mod:`benchmarks.server`), so that its start-up is a floor too.

Run alone: ``uv run python -m benchmarks.bare [--commands 500]``.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType

from benchmarks import bare_serve, fanout
from benchmarks.bare_serve import MESSAGE
from benchmarks.serve import free_port
from benchmarks.server import Remote

__all__ = ["MESSAGE", "BareServer", "first_answer", "measure"]


class BareServer(Remote):
    """The bare server in its own process on a fresh log (a context manager); ``started``:
    seconds from launch to its first HTTP answer; ``rows()``: commands in its log."""

    def __init__(self, message: int = MESSAGE, group: bool = False,
                 env: Mapping[str, str] | None = None):
        super().__init__(free_port(), "-")
        self._tmp = tempfile.TemporaryDirectory()
        extra = ["--message", str(message)] + (["--group"] if group else [])
        begin = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, bare_serve.__file__, str(self.port),
                                      self._tmp.name, *extra], env={**os.environ, **(env or {})})
        self._pid = self.proc.pid
        try:
            first_answer(self.port, process=self.proc)
        except BaseException:
            self.stop()
            raise
        self.started = time.perf_counter() - begin

    def rows(self) -> int:
        with sqlite3.connect(Path(self._tmp.name) / "bare.sqlite3") as db:
            return int(db.execute("SELECT COUNT(*) FROM log").fetchone()[0])

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()
        self._tmp.cleanup()

    def __enter__(self) -> BareServer:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()


def first_answer(port: int, seconds: float = 60.0,
                 process: subprocess.Popen[bytes] | None = None) -> None:
    """Block until ``GET /`` on ``port`` is answered (raises OSError after ``seconds``, or
    RuntimeError when ``process`` ended first).  A minute: under a load of 20 on two cores
    even the bare server's start has taken 8 s."""
    import http.client

    deadline = time.monotonic() + seconds
    while True:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the bare server ended ({process.returncode})")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/")
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.002)


def measure(commands: int, pace: float | None, message: int = MESSAGE) -> fanout.Latencies:
    """:func:`benchmarks.fanout.measure` against a bare server in its own process."""
    with BareServer(message) as server:
        return fanout.measure(server, "bare", commands, pace=pace)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=500)
    parser.add_argument("--message", type=int, default=MESSAGE, help="bytes per message")
    args = parser.parse_args(argv)
    for name, pace in (("back-to-back", None), ("every 50 ms", 0.05)):
        result = measure(args.commands, pace, args.message)
        cells = "  ".join(f"{k} {v:6.2f}" for k, v in result.row(result.all).items())
        print(f"{name:>12} all clients: {cells} ms  (n={len(result.all)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

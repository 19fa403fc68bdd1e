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

Run alone: ``uv run python -m benchmarks.bare [--commands 500]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import TracebackType

from benchmarks import fanout
from benchmarks.serve import free_port
from benchmarks.server import Remote

#: Default bytes of each stream message (the benchmark game's whole state was ~5.7 kB).
MESSAGE = 5700
Pending = list[tuple[bytes, asyncio.Transport]]


class Log:
    """The bare server's SQLite log and what it shares between connections."""

    def __init__(self, folder: Path, message: int, group: bool):
        self.db = sqlite3.connect(folder / "bare.sqlite3", isolation_level=None,
                                  check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE IF NOT EXISTS log "
                        "(seq INTEGER PRIMARY KEY, command TEXT NOT NULL, at REAL NOT NULL)")
        self.message, self.group = message, group
        self.streams: list[asyncio.Transport] = []
        self.pending: Pending = []
        self.committing = False

    def seq(self) -> int:
        return int(self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM log").fetchone()[0])

    def commit(self, bodies: list[bytes]) -> int:
        """Append ``bodies`` (JSON commands) in one transaction; the last sequence."""
        self.db.execute("BEGIN IMMEDIATE")
        self.db.executemany("INSERT INTO log (command, at) VALUES (?, ?)",
                            [(json.dumps(json.loads(b)), time.time()) for b in bodies])
        self.db.execute("COMMIT")
        return self.seq()

    def publish(self, seq: int, transport: asyncio.Transport) -> None:
        """State ``seq`` to every stream, then the answer to ``transport``."""
        message = chunk(seq, self.message)
        self.streams[:] = [s for s in self.streams if not s.is_closing()]
        for stream in self.streams:
            stream.write(message)
        answer(transport, seq)


class Bare(asyncio.Protocol):
    """One connection: a stream (``GET …/events``), the state (``GET``) or commands."""

    def __init__(self, log: Log):
        self.log = log
        self.buffer = b""
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while b"\r\n\r\n" in self.buffer:
            head, rest = self.buffer.split(b"\r\n\r\n", 1)
            line, *fields = head.split(b"\r\n")
            length = next((int(f.split(b":")[1]) for f in fields
                           if f.lower().startswith(b"content-length:")), 0)
            if len(rest) < length:
                return
            self.buffer = rest[length:]
            self.handle(line, rest[:length])

    def handle(self, line: bytes, body: bytes) -> None:
        assert self.transport is not None
        log = self.log
        if line.startswith(b"GET") and b"/events" in line:
            self.transport.write(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n"
                                 b"transfer-encoding: chunked\r\n\r\n"
                                 + chunk(log.seq(), log.message))
            log.streams.append(self.transport)
        elif not line.startswith(b"POST"):
            answer(self.transport, log.seq())
        elif not log.group:
            log.publish(log.commit([body]), self.transport)
        else:
            log.pending.append((body, self.transport))
            if not log.committing:
                log.committing = True  # before the task runs: one committer at a time
                asyncio.get_running_loop().create_task(group_commit(log))


async def group_commit(log: Log) -> None:
    """Commit everything pending, one transaction a round, until nothing waits."""
    try:
        while log.pending:
            batch, log.pending = log.pending, []
            last = await asyncio.to_thread(log.commit, [body for body, _t in batch])
            for offset, (_body, transport) in enumerate(batch):
                log.publish(last - len(batch) + 1 + offset, transport)
    finally:
        log.committing = False


def answer(transport: asyncio.Transport, seq: int) -> None:
    data = json.dumps({"ok": True, "seq": seq, "game": {"seq": seq}}).encode()
    transport.write(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
                    b"content-length: %d\r\n\r\n" % len(data) + data)


def chunk(seq: int, size: int = MESSAGE) -> bytes:
    """The SSE message of state ``seq`` (padded to ``size`` bytes) as one HTTP chunk."""
    head = f"id: {seq}\ndata: ".encode()
    message = head + b'"' + b"x" * max(0, size - len(head) - 4) + b'"\n\n'
    return b"%x\r\n%s\r\n" % (len(message), message)


def serve(port: int, folder: Path, message: int = MESSAGE, group: bool = False) -> None:
    """Serve on 127.0.0.1:``port`` until killed, the log in ``folder``."""
    import uvloop

    log = Log(folder, message, group)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(lambda: Bare(log), "127.0.0.1", port)
        await server.serve_forever()

    uvloop.run(main())


class BareServer(Remote):
    """The bare server in its own process on a fresh log (a context manager); ``started``:
    seconds from launch to its first HTTP answer; ``rows()``: commands in its log."""

    def __init__(self, message: int = MESSAGE, group: bool = False):
        super().__init__(free_port(), "-")
        self._tmp = tempfile.TemporaryDirectory()
        extra = ["--message", str(message)] + (["--group"] if group else [])
        begin = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, "-m", "benchmarks.bare", "--serve",
                                      str(self.port), "--dir", self._tmp.name, *extra])
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
    parser.add_argument("--group", action="store_true", help="group commit (with --serve)")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--dir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, args.dir, args.message, args.group)
        return 0
    for name, pace in (("back-to-back", None), ("every 50 ms", 0.05)):
        result = measure(args.commands, pace, args.message)
        cells = "  ".join(f"{k} {v:6.2f}" for k, v in result.row(result.all).items())
        print(f"{name:>12} all clients: {cells} ms  (n={len(result.all)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

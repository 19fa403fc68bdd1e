"""The floor under the fan-out figure: the same input and output with none of our code.

A bare asyncio server on uvloop (the loop ``companion serve`` runs on), no HTTP library,
no Flask, no rules: a POST is split by hand, its JSON parsed, one row appended to a SQLite
log in WAL mode with ``synchronous=FULL`` (BEGIN IMMEDIATE, INSERT, COMMIT: the fsync), and
a ``MESSAGE``-byte SSE message (a 6-player game's state is ~5.7 kB) is written to every
open stream as an HTTP chunk, then the answer.  The same clients as
:mod:`benchmarks.fanout` measure it, so the difference between the two figures is what
``companion serve`` itself adds: HTTP parsing, the checks, the rules, the state JSON, the
stream bookkeeping.

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

from benchmarks import fanout
from benchmarks.serve import free_port
from benchmarks.server import Remote

#: Bytes of each state message (the benchmark game's state JSON is ~5.7 kB).
MESSAGE = 5700


class Bare(asyncio.Protocol):
    """One connection: a stream (``GET …/events``), the state (``GET``) or commands."""

    def __init__(self, log: sqlite3.Connection, streams: list[asyncio.Transport]):
        self.log, self.streams = log, streams
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
            self.answer(line, rest[:length])

    def answer(self, line: bytes, body: bytes) -> None:
        assert self.transport is not None
        seq = self.seq()
        if line.startswith(b"GET") and b"/events" in line:
            self.transport.write(b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n"
                                 b"transfer-encoding: chunked\r\n\r\n" + chunk(seq))
            self.streams.append(self.transport)
            return
        if line.startswith(b"POST"):
            seq = self.commit(json.loads(body))
            message = chunk(seq)
            self.streams[:] = [s for s in self.streams if not s.is_closing()]
            for stream in self.streams:
                stream.write(message)
        data = json.dumps({"ok": True, "seq": seq, "game": {"seq": seq}}).encode()
        self.transport.write(b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
                             b"content-length: %d\r\n\r\n" % len(data) + data)

    def seq(self) -> int:
        return int(self.log.execute("SELECT COALESCE(MAX(seq), 0) FROM log").fetchone()[0])

    def commit(self, command: dict[str, object]) -> int:
        self.log.execute("BEGIN IMMEDIATE")
        self.log.execute("INSERT INTO log (command, at) VALUES (?, ?)",
                         (json.dumps(command), time.time()))
        self.log.execute("COMMIT")
        return self.seq()


def chunk(seq: int) -> bytes:
    """The SSE message of state ``seq`` (padded to MESSAGE bytes) as one HTTP chunk."""
    head = f"id: {seq}\ndata: ".encode()
    message = head + b'"' + b"x" * (MESSAGE - len(head) - 4) + b'"\n\n'
    return b"%x\r\n%s\r\n" % (len(message), message)


def serve(port: int, folder: Path) -> None:
    """Serve on 127.0.0.1:``port`` until killed, the log in ``folder``."""
    import uvloop

    log = sqlite3.connect(folder / "bare.sqlite3", isolation_level=None)
    log.execute("PRAGMA journal_mode=WAL")
    log.execute("PRAGMA synchronous=FULL")
    log.execute("CREATE TABLE IF NOT EXISTS log "
                "(seq INTEGER PRIMARY KEY, command TEXT NOT NULL, at REAL NOT NULL)")
    streams: list[asyncio.Transport] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        server = await loop.create_server(lambda: Bare(log, streams), "127.0.0.1", port)
        await server.serve_forever()

    uvloop.run(main())


def measure(commands: int, pace: float | None) -> fanout.Latencies:
    """:func:`benchmarks.fanout.measure` against a bare server in its own process."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        process = subprocess.Popen([sys.executable, "-m", "benchmarks.bare", "--serve",
                                    str(port), "--dir", tmp])
        try:
            _wait_for(port)
            return fanout.measure(Remote(port, "-"), "bare", commands, pace=pace)
        finally:
            process.kill()
            process.wait()


def _wait_for(port: int, seconds: float = 10.0) -> None:
    import socket

    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=500)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--dir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, args.dir)
        return 0
    for name, pace in (("back-to-back", None), ("every 50 ms", 0.05)):
        result = measure(args.commands, pace)
        cells = "  ".join(f"{k} {v:6.2f}" for k, v in result.row(result.all).items())
        print(f"{name:>12} all clients: {cells} ms  (n={len(result.all)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

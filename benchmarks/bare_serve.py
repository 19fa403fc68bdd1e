"""The bare server itself, in a process that imports none of our code (issue 19).

Started by :class:`benchmarks.bare.BareServer` as ``python benchmarks/bare_serve.py PORT
DIR [--message BYTES] [--group]`` — by its path, not as ``-m benchmarks.…``, and importing
only the standard library and uvloop, so its start-up is the floor it claims to be: the
interpreter, asyncio, uvloop, sqlite3 and json (no Flask, no ``web``, no ``companion``).
What it does is told in :mod:`benchmarks.bare`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import time
from pathlib import Path

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", type=int)
    parser.add_argument("dir", type=Path, help="the folder of its log")
    parser.add_argument("--message", type=int, default=MESSAGE, help="bytes per message")
    parser.add_argument("--group", action="store_true", help="group commit")
    args = parser.parse_args(argv)
    serve(args.port, args.dir, args.message, args.group)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

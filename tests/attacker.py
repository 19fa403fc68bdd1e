"""The guest on the Wi-Fi of issue 17 point 1, as a process of its own (for
``tests/test_web_load.py``): ``python -m tests.attacker PORT GAME TOKEN IDLE SLOW STREAMS``.

It holds ``IDLE`` idle keep-alive connections (one request answered, then quiet), ``SLOW``
slow-header connections (a request head that gains a header line every 5 s and never ends)
and ``STREAMS`` live streams of ``GAME`` on the player ``TOKEN`` (read as they come), all on
127.0.0.1:``PORT``.  A connection the server closes is opened again 15 s after it was last
opened (the break test's rhythm).  It prints ``ready`` once every connection was opened
(and each idle one answered), then, when its stdin closes, one JSON line of counts
(``opened``, ``closed_by_server``, by kind) and exits.  Its own file limit is raised to
its hard limit first.
"""

from __future__ import annotations

import asyncio
import json
import resource
import sys
import time
from collections import Counter

REOPEN_SECONDS = 15.0
HOST = "127.0.0.1"


class Attack:
    """The counts and the connections' coroutines."""

    def __init__(self, port: int, game: str, token: str):
        self.port, self.game, self.token = port, game, token
        self.opened: Counter[str] = Counter()
        self.closed: Counter[str] = Counter()
        self.first_round = 0
        self.started = asyncio.Event()

    async def slot(self, kind: str) -> None:
        """One connection of ``kind``, opened again after the server closed it."""
        first = True
        while True:
            began = time.monotonic()
            try:
                reader, writer = await asyncio.open_connection(HOST, self.port)
                self.opened[kind] += 1
                await getattr(self, kind)(reader, writer, first)
                self.closed[kind] += 1
                writer.close()
            except OSError:
                self.closed[kind] += 1
                if first:
                    self._counted()
            first = False
            await asyncio.sleep(max(0.0, REOPEN_SECONDS - (time.monotonic() - began)))

    def _counted(self) -> None:
        self.first_round += 1

    async def idle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                   first: bool) -> None:
        writer.write(b"GET /favicon.ico HTTP/1.1\r\nHost: table\r\n\r\n")
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), 0)
        await reader.readexactly(length)
        if first:
            self._counted()
        await reader.read()  # quiet until the server closes it

    async def slow(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                   first: bool) -> None:
        writer.write(b"GET / HTTP/1.1\r\nHost: table\r\n")
        await writer.drain()
        if first:
            self._counted()
        line = 0
        while not reader.at_eof():
            try:
                await asyncio.wait_for(reader.read(4096), 5.0)
            except TimeoutError:
                line += 1
                writer.write(b"X-Slow-%d: a\r\n" % line)
                await writer.drain()

    async def stream(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                     first: bool) -> None:
        writer.write(f"GET /api/games/{self.game}/events HTTP/1.1\r\nHost: table\r\n"
                     f"Authorization: Bearer {self.token}\r\n\r\n".encode())
        await writer.drain()
        data = await reader.read(65536)
        if first:
            self._counted()
        while data and not data.endswith(b"0\r\n\r\n"):  # the server ended it
            data = await reader.read(65536)


async def main(port: int, game: str, token: str, idle: int, slow: int, streams: int) -> None:
    attack = Attack(port, game, token)
    kinds = ["idle"] * idle + ["slow"] * slow + ["stream"] * streams
    tasks = []
    for kind in kinds:  # a few at a time: the listen backlog is 128
        tasks.append(asyncio.ensure_future(attack.slot(kind)))
        if len(tasks) % 50 == 0:
            await asyncio.sleep(0.02)
    wanted = idle + slow + streams
    while attack.first_round < wanted:
        await asyncio.sleep(0.05)
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)
    print(json.dumps({"opened": dict(attack.opened), "closed_by_server": dict(attack.closed)}),
          flush=True)
    for task in tasks:
        task.cancel()


if __name__ == "__main__":
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    args = sys.argv[1:]
    asyncio.run(main(int(args[0]), args[1], args[2], *map(int, args[3:6])))

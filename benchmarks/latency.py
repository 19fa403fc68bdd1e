"""Latency of a seat button press (issue 4): press -> ledger -> LED frame -> SSE clients.

Each round: Alice lands on Bob's Parkveien (a claim opens, Bob's seat LED lights), then
Bob's mock pin is driven low (the real gpiozero callback -> queue -> worker -> claim path)
and the clock runs until

- ``ledger``: the claim is committed (the table's subscription callback);
- ``frame``: an Adalight frame with Bob's seat LED dark arrives at the far end of a pty
  (the real :class:`~hardware.strip.SerialStrip` writes it; a reader thread decodes it);
- ``sse``: every one of ``--clients`` Server-Sent-Events streams (``/api/games/<id>/events``
  served by :class:`web.server.TableServer`, as ``companion serve`` does) has received the
  claim's log sequence (skipped with ``--clients 0``).

Run:  ``uv run python -m benchmarks.latency --presses 500 --clients 8``
Prints p50/p99/max in ms per stage.  Target (issue 4): p99 <= 50 ms for the SSE stage.
"""

from __future__ import annotations

import argparse
import http.client
import os
import select
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.table import Table
from hardware import Layout, start_hardware
from hardware.adalight import decode, split
from hardware.config import ButtonConfig, StripConfig
from hardware.strip import SerialStrip
from web import state_json

BOB = 1
LAYOUT = Layout(buttons=ButtonConfig(), strip=replace(StripConfig(), blink=1e9))  # no blinking


class FrameReader:
    """Reads Adalight frames from a pty master; records (time, Bob's seat LED lit)."""

    def __init__(self, master: int, led: int):
        self.master, self.led = master, led
        self.frames: list[tuple[float, bool]] = []
        self.cond = threading.Condition()
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        buffer = b""
        while True:
            try:
                select.select([self.master], [], [])
                buffer += os.read(self.master, 65536)
            except (OSError, ValueError):  # the far end was closed: the run is over
                return
            now, frames = time.perf_counter(), split(buffer)
            buffer = buffer[sum(len(f) for f in frames):]
            with self.cond:
                self.frames += [(now, decode(f)[self.led] != (0, 0, 0)) for f in frames]
                self.cond.notify_all()

    def wait(self, lit: bool, after: float, timeout: float = 5.0) -> float:
        """Arrival time of the first frame after ``after`` with the seat LED ``lit``."""
        def found() -> float | None:
            return next((t for t, on in self.frames if t > after and on == lit), None)
        with self.cond:
            if not self.cond.wait_for(lambda: found() is not None, timeout):
                raise TimeoutError("no LED frame arrived")
            return found()  # type: ignore[return-value]


class SseClient:
    """One live stream; records when each log sequence (``id:`` line) arrived."""

    def __init__(self, port: int, game: str, token: str):
        self.seen: dict[int, float] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.conn.request("GET", f"/api/games/{game}/events",
                          headers={"Authorization": f"Bearer {token}"})
        self.response = self.conn.getresponse()
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self) -> None:
        try:
            while line := self.response.readline():
                if line.startswith(b"id: "):
                    self.seen[int(line[4:])] = time.perf_counter()
        except (OSError, ValueError, AttributeError):  # closed at the end of the run
            return


def serve(table: Table, hardware: Any, clients: int, game: str,
          stops: list[Callable[[], None]] | None = None) -> list[SseClient]:
    """Start the web app as ``companion serve`` does (:class:`web.server.TableServer`, in a
    background thread) with ``clients`` SSE streams on ``game``; appends a function that
    stops the server and its streams to ``stops``."""
    from web import create_app
    from web.server import TableServer

    app = create_app({"SECRET_KEY": "b" * 64}, table=table, hardware=hardware)
    server = TableServer(app, "127.0.0.1", 0).start()
    token = app.extensions["companion.tokens"].banker()
    streams = [SseClient(server.port, game, token) for _ in range(clients)]

    def stop() -> None:
        server.stop()
        for client in streams:
            client.conn.close()

    if stops is not None:
        stops.append(stop)
    return streams


def sse_time(streams: list[SseClient], seq: int, timeout: float = 5.0) -> float:
    """When the last of ``streams`` received ``seq``."""
    deadline = time.monotonic() + timeout
    while not all(seq in s.seen for s in streams):
        if time.monotonic() > deadline:
            raise TimeoutError(f"not every SSE client got seq {seq}")
        time.sleep(0.0005)
    return max(s.seen[seq] for s in streams)


def one_press(table: Table, hw: Any, game: str, reader: FrameReader,
              commits: list[tuple[float, int]], streams: list[SseClient]) -> dict[str, float]:
    """Open a claim for Bob, press his button; the stage latencies in seconds."""
    landed = time.perf_counter()
    table.execute({"cmd": "land", "player": "Alice", "space": "Parkveien"}, game_id=game)
    reader.wait(True, landed)
    pin = hw.buttons.pin(BOB)
    start = time.perf_counter()
    pin.drive_low()
    frame = reader.wait(False, start)
    ledger, seq = next((t, s) for t, s in list(commits) if t > start)
    out = {"ledger": ledger - start, "frame": frame - start}
    if streams:
        out["sse"] = sse_time(streams, seq) - start
    pin.drive_high()
    time.sleep(LAYOUT.buttons.bounce_time * 1.5)
    return out


def report(samples: list[dict[str, float]]) -> None:
    for stage in samples[0]:
        ms = sorted(s[stage] * 1000 for s in samples)
        p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
        print(f"{stage:>7}: p50 {statistics.median(ms):7.2f} ms   p99 {p99:7.2f} ms"
              f"   max {ms[-1]:7.2f} ms   (n={len(ms)})")


def measure(presses: int = 500, clients: int = 8) -> list[dict[str, float]]:
    """``presses`` button presses with ``clients`` SSE streams; seconds per stage each."""
    with tempfile.TemporaryDirectory() as tmp:
        table = Table.open(Path(tmp) / "bench.sqlite", encode=state_json.encode)  # as served
        players = {"cmd": "new_game", "edition": "monopol-no-1996",
                   "players": ["Alice", "Bob", "Carol"]}
        game = table.execute(players).game_id
        table.execute({"cmd": "buy", "player": "Bob", "space": "Parkveien"}, game_id=game)
        master, slave = os.openpty()
        reader = FrameReader(master, LAYOUT.strip.seat_leds[BOB])
        strip = SerialStrip(os.ttyname(slave), LAYOUT.strip.led_count)
        commits: list[tuple[float, int]] = []
        table.subscribe(lambda _game, seq: commits.append((time.perf_counter(), seq)))
        stops: list[Callable[[], None]] = []
        with start_hardware(table, "sim", LAYOUT, strip=strip) as hw:
            streams = serve(table, hw, clients, game, stops) if clients else []
            try:
                samples = [one_press(table, hw, game, reader, commits, streams)
                           for _ in range(presses)]
            finally:
                for stop in stops:
                    stop()
        table.close()
        os.close(slave)
        os.close(master)
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=500)
    parser.add_argument("--clients", type=int, default=8, help="SSE clients (0 = none)")
    args = parser.parse_args(argv)
    report(measure(args.presses, args.clients))
    if not args.clients:
        print("    sse: skipped (--clients 0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Ours against the bare floor, side by side in one run (issue 19).

Each measure runs as interleaved pairs — bare, ours, bare, ours, … (``pairs`` ≥ 3) — with
both servers up the whole time, so the machine's load falls on both alike; a row's ratio
is the median of the pairs' ratios (ours / bare), its figures pooled over the pairs.
Absolute times on a shared machine move 2× between runs; the ratios are what count.

- :func:`table_pace` — command → all 9 live streams at 1 per 50 ms (the last stream's
  kernel receive stamp), p50/p90/p99/max; the bare server sends as many bytes per message
  as ours carried per command on the same game (measured first);
- :func:`sustained` — durable commands/s with 9 senders × 1 outstanding, against the bare
  one-fsync-per-command floor and the bare group-commit floor;
- :func:`startup` — ``companion serve`` on a 3 000-command game against an empty bare
  server (:mod:`benchmarks.bare_serve`: the interpreter, asyncio, uvloop, sqlite3),
  launch to first answer (the banker's list of games) and to first page (the console),
  with or without bytecode; :func:`page_later` — the console asked a little after the start
  (its one-time work done ahead: :mod:`web.warm`).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks import bare, fanout
from benchmarks import sustained as load
from benchmarks.server import Server, Streams, percentile

PERCENTILES = (50, 90, 99, 100)  # 100: the max


@dataclass
class Paired:
    """Ours and the floor's figure per pair (``ours[i]`` was measured right after
    ``bare[i]``)."""

    ours: list[float] = field(default_factory=list)
    bare: list[float] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        """Median over the pairs of ours / bare."""
        return statistics.median(o / b for o, b in zip(self.ours, self.bare, strict=True))


@dataclass
class Pace:
    """:func:`table_pace`'s result: per percentile (100: the max) the pairs' figures in
    seconds, the samples of all pairs pooled, and what the streams carried."""

    arrived: dict[int, Paired]
    ours: fanout.Latencies
    bare: fanout.Latencies
    message: int  # bytes per stream per command ours carried (the bare server sends this)
    rss: tuple[float, float]  # MiB, ours and bare, with 9 streams open, after the pairs


def _pooled(runs: list[fanout.Latencies]) -> fanout.Latencies:
    return fanout.Latencies(ack=[x for r in runs for x in r.ack],
                            all=[x for r in runs for x in r.all],
                            arrived=[x for r in runs for x in r.arrived])


def table_pace(server: Server, game: str, commands: int, pairs: int,
               out: Callable[[str], None]) -> Pace:
    """``pairs`` interleaved pairs of ``commands`` payments at 1 per 50 ms, 9 streams each."""
    streams = Streams(server.port, game, server.token, 9)
    try:
        before = streams.bytes()
        fanout.measure(server, game, 100, pace=None, streams=streams)  # warm-up, sizes
        message = int(statistics.median(
            (b - a) / 100 for a, b in zip(before, streams.bytes(), strict=True)))
        ours: list[fanout.Latencies] = []
        bares: list[fanout.Latencies] = []
        with bare.BareServer(message) as floor:
            floor_streams = Streams(floor.port, "bare", "-", 9)
            for n in range(pairs):
                out(f"  table pace, pair {n + 1}/{pairs} ...")
                bares.append(fanout.measure(floor, "bare", commands, pace=0.05,
                                            streams=floor_streams))
                ours.append(fanout.measure(server, game, commands, pace=0.05, streams=streams))
            rss = (server.rss_mib(), floor.rss_mib())
            floor_streams.close()
    finally:
        streams.close()
    arrived = {p: Paired() for p in PERCENTILES}
    for o, b in zip(ours, bares, strict=True):
        for p in PERCENTILES:  # the kernel's stamps (the reader's where there are none)
            arrived[p].ours.append(percentile(o.arrived or o.all, p))
            arrived[p].bare.append(percentile(b.arrived or b.all, p))
    return Pace(arrived, _pooled(ours), _pooled(bares), message, rss)


@dataclass
class Sustained:
    """Rates per pair: ours, the bare floor (one fsync a command), bare group commit."""

    single: Paired
    group: Paired
    runs: list[load.Result]  # ours, each checked
    rss: list[float]  # MiB of our server before the first run and after each of ours
    floors_ok: bool  # every bare run: 0 errors, each acknowledged command in its log once


def sustained(server: Server, seconds: float, pairs: int, message: int,
              out: Callable[[str], None]) -> Sustained:
    """``pairs`` × (bare, bare group commit, ours), ``seconds`` each, 9 senders."""
    single, group, runs, ok = Paired(), Paired(), [], True
    rss = [server.rss_mib()]
    for n in range(pairs):
        out(f"  sustained, pair {n + 1}/{pairs} ...")
        for paired, grouped in ((single, False), (group, True)):
            with bare.BareServer(message, group=grouped) as floor:
                result = load.measure_bare(floor, seconds)
            ok = ok and result.balances_ok and not result.errors
            paired.bare.append(result.rate)
        runs.append(load.measure(server, seconds))
        rss.append(server.rss_mib())
        single.ours.append(runs[-1].rate)
        group.ours.append(runs[-1].rate)
    return Sustained(single, group, runs, rss, ok)


#: What ours is asked first, by row: the banker's list of games (the log folded, the app
#: built) and the banker's console page (its templates compiled, the scripts' strings read).
FIRST = {"answer": "/api/games", "page": "/"}


def startup(data: Path, pairs: int, out: Callable[[str], None],
            bytecode: Path | None = None, first: str = "answer") -> Paired:
    """Seconds from launch to first answer: an empty bare server, then ours on ``data``
    asked :data:`FIRST` ``[first]`` (a page must be the console: RuntimeError else).

    ``bytecode``: both compile their modules into this folder (``PYTHONPYCACHEPREFIX``,
    bytecode written even where ``PYTHONDONTWRITEBYTECODE`` is set), once each before the
    pairs — as on the Pi, whose install compiles the bytecode; else as this environment
    runs them."""
    env = None if bytecode is None else {"PYTHONPYCACHEPREFIX": str(bytecode),
                                         "PYTHONDONTWRITEBYTECODE": ""}
    if env is not None:
        with bare.BareServer(env=env), Server(data, env=env):
            pass  # compiled now, read from the folder from here on
    result = Paired()
    for n in range(pairs):
        out(f"  start-up to first {first}{'' if env is None else ' with bytecode'}, "
            f"pair {n + 1}/{pairs} ...")
        with bare.BareServer(env=env) as floor:
            result.bare.append(floor.started)
        with Server(data, env=env, first_path=FIRST[first]) as server:
            status, body = server.first
            if status != 200 or (first == "page" and not _console(body)):
                raise RuntimeError(f"companion serve's first {first}: {status}")
            result.ours.append(server.started)
    return result


#: Seconds after ours first answered that :func:`page_later` asks for the console.
LATER_PAGE = 2.0


def page_later(data: Path, runs: int, out: Callable[[str], None],
               bytecode: Path) -> list[float]:
    """Seconds the banker's console (``GET /``) takes, asked :data:`LATER_PAGE` seconds
    after ``companion serve`` on ``data`` first answered, per run (``runs`` starts, with
    the bytecode compiled into ``bytecode`` first).  Raises RuntimeError when the answer
    is not the console."""
    env = {"PYTHONPYCACHEPREFIX": str(bytecode), "PYTHONDONTWRITEBYTECODE": ""}
    with Server(data, env=env):
        pass  # compiled now
    took = []
    for n in range(runs):
        out(f"  the console {LATER_PAGE:g} s after the start, run {n + 1}/{runs} ...")
        with Server(data, env=env) as server:
            time.sleep(LATER_PAGE)
            begin = time.perf_counter()
            status, body = server.ask(FIRST["page"])
            took.append(time.perf_counter() - begin)
            if status != 200 or not _console(body):
                raise RuntimeError(f"the console {LATER_PAGE:g} s after: {status}")
    return took


def _console(body: bytes) -> bool:
    """Whether ``body`` is the banker's console page (not a join or key form)."""
    return b'class="console' in body

"""Every benchmark of issue 8 in one run, printed as a Markdown table.

Run: ``uv run python -m benchmarks`` (about 3 minutes; ``--quick`` for a 1-minute smoke run
with smaller counts).  Each figure comes from the real parts: ``companion serve`` in its
own process (uvicorn, its default threads, hardware off) on a real SQLite log in WAL mode with
``synchronous=FULL`` (every acknowledged command fsynced), the clients in this process.

- replay: a 10 000-command game validated and appended one command at a time (what
  ``companion replay`` does), and the same log folded again at start-up (``Table.open``);
- start-up: launching ``companion serve`` on a 3 000-command game until its first answer to
  ``GET /api/games`` with the banker's token (median of 3 launches);
- command -> 9 live clients: see :mod:`benchmarks.fanout`; with two floors under it: one
  bare SQLite commit on the same disk at the same pace (:mod:`benchmarks.disk`), and the
  same commit and stream writes with none of our code (:mod:`benchmarks.bare`);
- press -> LED -> 8 phones: see :mod:`benchmarks.latency`;
- memory (VmRSS of the server process): idle on an empty folder; with the 3 000-command
  game and 9 streams after the latency runs; after 100 000 commands (a log of 100 000
  commands written by the real Table into the data folder before starting, replayed at
  start-up) with 9 streams and 100 more commands; and before/after the sustained run,
  whose commands all go through the API;
- sustained: see :mod:`benchmarks.sustained`.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks import bare, disk, fanout, latency, sustained
from benchmarks.replay_speed import open_time, replay_rate
from benchmarks.server import Server, Streams, build_log, percentile

Row = tuple[str, str, str, str]  # measure, figure, target, verdict
#: "Flat as the log grows": at most this many bytes of RSS per command in the log (undo
#: keeps 8 a command; SQLite's page cache fills up to its 2 MiB cap).  The in-memory Node
#: banker of issue 8 grew ~390 bytes an event (59 -> 161 MiB over 270 000).
FLAT_BYTES = 64


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("met" if ok else "**missed**")


def replay_rows(count: int, folder: Path) -> list[Row]:
    """Durable replay of ``count`` commands, then the start-up refold of that log."""
    took, db = replay_rate(count, folder)
    opened = open_time(db)
    quick, _db = replay_rate(count, folder, durable=False)
    return [
        (f"replay {count:,} commands, validated + fsync each (the server's durable log)",
         f"{took:.2f} s ({count / took:,.0f} commands/s)", "", "fsync-bound"),
        (f"replay {count:,} commands, validated, no fsync (`companion replay`'s throw-away log)",
         f"{quick:.2f} s ({count / quick:,.0f} commands/s)", "≤ 1 s", verdict(quick <= 1)),
        (f"replay {count:,}-command log at start-up (`Table.open` refold)",
         f"{opened:.3f} s ({count / opened:,.0f} commands/s)", "≤ 1 s", verdict(opened <= 1)),
    ]


def startup_seconds(data: Path, runs: int = 3) -> float:
    """Median seconds from launching ``companion serve`` on ``data`` to its first answer."""
    times = []
    for _ in range(runs):
        with Server(data) as server:
            times.append(server.started)
    return statistics.median(times)


def latency_cells(values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (f"p50 {percentile(ms, 50):.2f} · p90 {percentile(ms, 90):.2f} · "
            f"p99 {percentile(ms, 99):.2f} · max {max(ms):.2f} ms")


def settle(server: Server, seconds: float = 1.0) -> float:
    """RSS in MiB after ``seconds`` of quiet."""
    time.sleep(seconds)
    return server.rss_mib()


def run(quick: bool, out: Callable[[str], None]) -> list[Row]:
    commands = 150 if quick else 500
    presses = 100 if quick else 500
    big = 20_000 if quick else 100_000
    seconds = 5.0 if quick else 20.0
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        out("replay ...")
        rows += replay_rows(10_000, root)

        out("memory idle ...")
        with Server(root / "empty") as server:
            idle = settle(server)

        out("start-up ...")
        game = build_log(root / "game", 3000)
        started = startup_seconds(root / "game")
        rows.append(("start-up: `companion serve`, 3 000-command game, to first answer",
                     f"{started:.2f} s (median of 3)", "≤ 1 s", verdict(started <= 1)))

        out("command -> 9 clients ...")
        with Server(root / "game") as server:
            streams = Streams(server.port, game, server.token, 9)
            fast = fanout.measure(server, game, commands, pace=None, streams=streams)
            paced = fanout.measure(server, game, commands, pace=0.05, streams=streams)
            with_game = settle(server)
            streams.close()
            rows.append((f"command → all 9 SSE clients, back-to-back ({commands})",
                         latency_cells(fast.all), "", ""))
            rows.append((f"command → all 9 SSE clients, 1 per 50 ms ({commands}): "
                         "arrived (the kernel's receive stamp)", latency_cells(paced.arrived),
                         "p99 ≤ 2.6 ms", verdict(percentile(paced.arrived, 99) * 1000 <= 2.6)
                         if paced.arrived else "n/a"))
            rows.append(("  the same, as the clients' reader saw it (+ waking the client "
                         "process)", latency_cells(paced.all), "", ""))
            rows.append(("  the sender's acknowledgement, 1 per 50 ms",
                         latency_cells(paced.ack), "", ""))
            floor = disk.commit_times(root, commands, 0.05)
            rows.append(("  the disk alone: one SQLite commit (WAL, synchronous=FULL), "
                         "1 per 50 ms", latency_cells(floor), "", ""))
            nothing_ours = bare.measure(commands, pace=0.05)
            rows.append(("  none of our code: a bare uvloop server, the same commit and 9 "
                         "stream writes (`benchmarks/bare.py`), 1 per 50 ms",
                         latency_cells(nothing_ours.all), "", ""))

            out("sustained ...")
            before = server.rss_mib()
            result = sustained.measure(server, seconds)
            after = settle(server)
            cpu = ("" if result.server_cpu is None or not result.rate else
                   f"; server CPU {result.server_cpu:.0%} of a core, "
                   f"{result.server_cpu / result.rate * 1e6:,.0f} µs/command")
            checks = (f"balances {'exact' if result.balances_ok else 'WRONG'}, money "
                      f"{'conserved' if result.money_ok else 'NOT conserved'}")
            rows.append((f"sustained durable commands/s, {result.senders} senders × 1 "
                         f"outstanding, 9 streams, {result.seconds:.0f} s",
                         f"{result.rate:,.0f}/s ({result.acked:,} acked, {result.errors} "
                         f"errors; {checks}{cpu})", "≥ 1 000/s",
                         verdict(result.rate >= 1000 and result.balances_ok
                                 and result.money_ok and not result.errors)))

        out("press -> LED -> phones ...")
        samples = latency.measure(presses, clients=8)
        sse = [s["sse"] for s in samples]
        frame = [s["frame"] for s in samples]
        rows.append((f"press → LED frame ({presses} presses)", latency_cells(frame), "", ""))
        rows.append((f"press → LED → 8 phones ({presses} presses)", latency_cells(sse),
                     "p99 ≤ 50 ms", verdict(percentile(sse, 99) * 1000 <= 50)))

        out(f"memory after {big:,} commands ...")
        huge = build_log(root / "huge", big)
        with Server(root / "huge") as server:
            streams = Streams(server.port, huge, server.token, 9)
            fanout.measure(server, huge, 100, pace=None, streams=streams)
            after_big = settle(server)
            big_start = server.started
            streams.close()
        per_command = max(0.0, after_big - with_game) * 2**20 / (big - 3000)
        rows += [
            ("RSS idle (empty data folder)", f"{idle:.1f} MiB", "", ""),
            ("RSS with a 3 000-command game and 9 clients", f"{with_game:.1f} MiB",
             "≤ 59 MiB", verdict(with_game <= 59)),
            (f"RSS before → after the sustained run ({result.acked:,} commands via the API)",
             f"{before:.1f} → {after:.1f} MiB", "flat", verdict(after - before <= 2)),
            (f"RSS after {big:,} commands (log replayed at start-up), 9 clients",
             f"{after_big:.1f} MiB (+{after_big - with_game:.1f} MiB over the 3 000-command "
             f"game: {per_command:.0f} bytes a command)", "≤ 59 MiB, flat",
             verdict(after_big <= 59 and per_command <= FLAT_BYTES)),
            (f"start-up with the {big:,}-command log", f"{big_start:.2f} s", "", ""),
        ]
    return rows


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.machine())
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"{os.cpu_count()} cores ({cpu}), {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}; load average {load}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller counts (a smoke run)")
    args = parser.parse_args(argv)
    before = machine()
    rows = run(args.quick, lambda text: print(text, file=sys.stderr, flush=True))
    print(f"Machine: {before}")
    print(f"At the end: load average {' / '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print()
    print("| measure | figure | target | |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Every benchmark in one run, printed as one Markdown table: ours, the bare floor, the ratio.

Run: ``uv run python -m benchmarks`` (about 7 minutes; ``--quick`` for a 2-minute smoke run
with smaller counts; ``--pairs N`` for more interleaved pairs).  Each figure comes from the
real parts: ``companion serve`` in its own process (uvicorn, its default threads, hardware
off) on a real SQLite log in WAL mode with ``synchronous=FULL`` (every acknowledged command
fsynced), the clients in this process.  The floor is :mod:`benchmarks.bare` (a bare uvloop
server, the same fsync, the same bytes to the same streams), measured in interleaved pairs
with ours (:mod:`benchmarks.pairs`); a row's ratio is the median of its pairs' ratios.

Rows (the "bound" column says what limits each: the disk, the loop, our code):

- replay: a 10 000-command game validated and appended one command at a time (what
  ``companion replay`` does), and the same log folded again at start-up (``Table.open``);
- start-up: ``companion serve`` on a 3 000-command game until its first answer to
  ``GET /api/games`` with the banker's token, against an empty bare server's first answer
  (:mod:`benchmarks.bare_serve`, which imports none of our code); once as this environment
  runs them (here: no bytecode, ``PYTHONDONTWRITEBYTECODE=1``), once with bytecode
  compiled before into a temporary ``PYTHONPYCACHEPREFIX`` (as the Pi's install does);
- bytes per stream per command in a normal turn (:mod:`benchmarks.turn_bytes`), and on
  the 3 000-command game (what the bare server is then told to send);
- command -> all 9 live streams at 1 per 50 ms: :mod:`benchmarks.fanout` on both, with the
  disk's own commit (:mod:`benchmarks.disk`) under them;
- sustained: :mod:`benchmarks.sustained` with 9 senders, on both, and on the bare
  group-commit floor;
- press -> LED -> 8 phones: see :mod:`benchmarks.latency`;
- memory (VmRSS of the server process): idle; with the 3 000-command game and 9 streams
  (the bare server with its 9 streams beside it); before/after the sustained runs; after
  100 000 commands (a log written by the real Table before starting, replayed at start-up)
  with 9 streams and 100 more commands.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks import disk, fanout, latency, pairs, turn_bytes
from benchmarks.replay_speed import open_time, replay_rate
from benchmarks.server import Server, Streams, build_log, percentile

Row = tuple[str, str, str, str, str, str, str]  # measure, ours, bare, ratio, target, bound, ok
#: "Flat as the log grows": at most this many bytes of RSS per command in the log (undo
#: keeps 8 a command; SQLite's page cache fills up to its 2 MiB cap).  The in-memory Node
#: banker of issue 8 grew ~390 bytes an event (59 -> 161 MiB over 270 000).
FLAT_BYTES = 64
DISK, LOOP, OURS = "the disk", "the loop", "our code"


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("met" if ok else "**missed**")


def row(measure: str, ours: str, bare: str = "", ratio: str = "", target: str = "",
        bound: str = "", ok: bool | None | str = "") -> Row:
    return (measure, ours, bare, ratio, target, bound,
            ok if isinstance(ok, str) else verdict(ok))


def replay_rows(count: int, folder: Path) -> list[Row]:
    """Durable replay of ``count`` commands, then the start-up refold of that log."""
    took, db = replay_rate(count, folder)
    opened = open_time(db)
    quick, _db = replay_rate(count, folder, durable=False)
    return [
        row(f"replay {count:,} commands, validated + fsync each (the server's durable log)",
            f"{took:.2f} s ({count / took:,.0f}/s)", bound=f"{DISK} (one fsync a command)"),
        row(f"replay {count:,} commands, validated, no fsync (`companion replay`)",
            f"{quick:.2f} s ({count / quick:,.0f}/s)", target="≤ 1 s", bound=OURS,
            ok=quick <= 1),
        row(f"replay {count:,}-command log at start-up (`Table.open` refold)",
            f"{opened:.3f} s ({count / opened:,.0f}/s)", target="≤ 1 s", bound=OURS,
            ok=opened <= 1),
    ]


def startup_row(started: pairs.Paired, count: int, how: str, first: str = "answer") -> Row:
    """A start-up row: ``companion serve`` on the 3 000-command game vs the bare floor, to
    its first answer (the banker's ``GET /api/games``: the log folded, the app built) or to
    its first page (the console: its templates compiled, the scripts' strings read too)."""
    what = ("first answer (`GET /api/games`)" if first == "answer"
            else "first page (the console, `GET /`)")
    return row(f"start-up to {what}: `companion serve` on a 3 000-command game vs an "
               f"empty bare server, {how} ({count} pairs)",
               f"{min(started.ours):.2f}–{max(started.ours):.2f} s",
               f"{min(started.bare):.2f}–{max(started.bare):.2f} s",
               f"{started.ratio:.1f}×", "≤ 0.3 s (aim)" if first == "answer" else "",
               f"{OURS} (imports, refold{'' if first == 'answer' else ', the page drawn'}); "
               "bare: the interpreter + asyncio, uvloop, sqlite3",
               max(started.ours) <= 0.3 if first == "answer" else "")


def bytecode_now() -> str:
    """Whether the servers started in this environment read bytecode (.pyc) or compile
    every module from source at each start."""
    import flask  # (a module `companion serve` imports: is its bytecode on the disk?)

    cached = Path(importlib.util.cache_from_source(flask.__file__ or "")).exists()
    if cached:
        return "with the environment's bytecode"
    writes = "" if sys.flags.dont_write_bytecode else ", none written yet"
    return f"without bytecode (none in the environment{writes})"


def ms(value: float) -> str:
    return f"{value * 1000:.2f} ms"


def latency_cells(values: list[float]) -> str:
    cut = [v * 1000 for v in values]
    return (f"p50 {percentile(cut, 50):.2f} · p90 {percentile(cut, 90):.2f} · "
            f"p99 {percentile(cut, 99):.2f} · max {max(cut):.2f} ms")


def settle(server: Server, seconds: float = 1.0) -> float:
    """RSS in MiB after ``seconds`` of quiet."""
    time.sleep(seconds)
    return server.rss_mib()


def pace_rows(pace: pairs.Pace, commands: int, count: int, floor: list[float]) -> list[Row]:
    """The table-pace rows: one per percentile of the kernel-stamped arrival, then the rest."""
    targets = {50: ("≤ 1.2×", 1.2), 99: ("≤ 1.4×", 1.4)}
    n = len(pace.ours.arrived or pace.ours.all)
    bound = (f"{DISK} (a bare commit p50 {ms(percentile(floor, 50))}, p99 "
             f"{ms(percentile(floor, 99))}) + {LOOP} (bare); {OURS}: the ratio")
    rows = []
    for p, paired in pace.arrived.items():
        name = "max" if p == 100 else f"p{p}"
        target, limit = targets.get(p, ("", 0.0))
        ratio = paired.ratio
        rows.append(row(f"command → all 9 streams, 1 per 50 ms, arrived (kernel stamp), "
                        f"{name} ({count} pairs × {commands}; pooled n={n})",
                        ms(percentile(pace.ours.arrived or pace.ours.all, p)),
                        ms(percentile(pace.bare.arrived or pace.bare.all, p)),
                        f"{ratio:.2f}×", target, bound if p == 50 else "",
                        ratio <= limit if limit else ""))
    rows.append(row("  the same, as the clients' reader saw it (+ waking the client)",
                    latency_cells(pace.ours.all), latency_cells(pace.bare.all)))
    rows.append(row("  the sender's acknowledgement, 1 per 50 ms",
                    latency_cells(pace.ours.ack), latency_cells(pace.bare.ack)))
    rows.append(row("  the disk alone: one SQLite commit (WAL, synchronous=FULL), 1 per 50 ms",
                    "", latency_cells(floor), bound=DISK))
    return rows


def sustained_rows(result: pairs.Sustained, pairs_n: int) -> list[Row]:
    runs = result.runs
    exact = all(r.balances_ok and r.money_ok and not r.errors for r in runs)
    cpu = [r.server_cpu / r.rate * 1e6 for r in runs if r.server_cpu and r.rate]
    checks = (f"{sum(r.errors for r in runs)} errors, balances "
              f"{'exact' if exact else 'WRONG'}"
              + (f"; server {max(cpu):,.0f} µs CPU/command" if cpu else ""))
    single, group = result.single, result.group
    ours = min(single.ours)
    floor = "" if result.floors_ok else " (a bare run lost or doubled a command!)"
    return [
        row(f"sustained durable commands/s, 9 senders × 1 outstanding, 9 streams "
            f"({pairs_n} pairs of {runs[0].seconds:.0f} s)",
            f"{ours:,.0f}–{max(single.ours):,.0f}/s ({checks})",
            f"{min(single.bare):,.0f}–{max(single.bare):,.0f}/s (one fsync a command)"
            + floor, f"{single.ratio:.2f}×", "≥ 4 000/s",
            f"{DISK} (one fsync a command) + {OURS} (CPU/command)",
            ours >= 4000 and exact),
        row("  against the bare group-commit floor (one fsync per waiting batch)", "",
            f"{min(group.bare):,.0f}–{max(group.bare):,.0f}/s", f"{group.ratio:.2f}×",
            "", f"{LOOP} + {DISK} (batches)"),
    ]


def run(quick: bool, count: int, out: Callable[[str], None]) -> list[Row]:
    commands = 150 if quick else 500
    presses = 100 if quick else 500
    big = 20_000 if quick else 100_000
    seconds = 3.0 if quick else 8.0
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        out("replay ...")
        rows += replay_rows(10_000, root)
        out("memory idle ...")
        with Server(root / "empty") as server:
            idle = settle(server)
            out("bytes per stream in a normal turn ...")
            turn = turn_bytes.measure(server)
        out("start-up ...")
        game = build_log(root / "game", 3000)
        now, compiled = bytecode_now(), "with bytecode (compiled once before, as on the Pi)"
        for first in pairs.FIRST:
            rows.append(startup_row(pairs.startup(root / "game", count, out, first=first),
                                    count, now, first))
            rows.append(startup_row(pairs.startup(root / "game", count, out, root / "pycache",
                                                  first), count, compiled, first))
        later = pairs.page_later(root / "game", count, out, root / "pycache")
        rows.append(row(f"the first page (the console, `GET /`) {pairs.LATER_PAGE:g} s after "
                        f"the start's first answer, {compiled} ({count} runs)",
                        f"{min(later):.2f}–{max(later):.2f} s", "", "", "",
                        f"{OURS} (its one-time work done ahead: web.warm; the page itself)"))
        rows.append(row("bytes per stream per command, a normal turn (roll, buy, next turn, "
                        "roll, rent claim, next turn; 6 players, banker's streams)",
                        f"{turn['mean']:,} B (" + ", ".join(
                            f"{k[3:]} {v:,}" for k, v in turn.items() if k != "mean") + ")",
                        "the same, by design", "", "≤ 600 B", OURS, turn["mean"] <= 600))
        out("command -> 9 streams, paired with the bare floor ...")
        with Server(root / "game") as server:
            streams = Streams(server.port, game, server.token, 9)
            fast = fanout.measure(server, game, commands, pace=None, streams=streams)
            streams.close()
            pace = pairs.table_pace(server, game, commands, count, out)
            with_game = settle(server)
            rows.append(row("bytes per stream per command on the 3 000-command game (what "
                            "the bare server then sends)", f"{pace.message:,} B",
                            f"{pace.message:,} B", "", "", OURS))
            rows.append(row(f"command → all 9 streams, back-to-back ({commands})",
                            latency_cells(fast.all)))
            floor = disk.commit_times(root, commands // 2, 0.05)
            rows += pace_rows(pace, commands, count, floor)
            out("sustained, paired with the bare floors ...")
            held = pairs.sustained(server, seconds, count, turn["mean"], out)
            rows += sustained_rows(held, count)
        out("press -> LED -> phones ...")
        samples = latency.measure(presses, clients=8)
        rows.append(row(f"press → LED frame ({presses} presses)",
                        latency_cells([s["frame"] for s in samples]), bound=OURS))
        sse = [s["sse"] for s in samples]
        rows.append(row(f"press → LED → 8 phones ({presses} presses)", latency_cells(sse),
                        target="p99 ≤ 50 ms", ok=percentile(sse, 99) * 1000 <= 50))
        out(f"memory after {big:,} commands ...")
        huge = build_log(root / "huge", big)
        with Server(root / "huge") as server:
            streams = Streams(server.port, huge, server.token, 9)
            fanout.measure(server, huge, 100, pace=None, streams=streams)
            after_big = settle(server)
            big_start = server.started
            streams.close()
        per_command = max(0.0, after_big - with_game) * 2**20 / (big - 3000)
        floor_rss = pace.rss[1]
        acked = sum(r.acked for r in held.runs)
        rows += [
            row("RSS idle (empty data folder)", f"{idle:.1f} MiB", bound=OURS),
            row("RSS with a 3 000-command game and 9 streams", f"{with_game:.1f} MiB",
                f"{floor_rss:.1f} MiB (9 streams)", f"{with_game / floor_rss:.2f}×",
                "≤ 59 MiB", f"{OURS} (the libraries; bare: the interpreter + uvloop)",
                with_game <= 59),
            row(f"RSS before → after each sustained run (a new game each; {acked:,} "
                "commands via the API)", " → ".join(f"{m:.1f}" for m in held.rss) + " MiB",
                target="flat after the first run (≤ +2 MiB)", bound=OURS,
                ok=held.rss[-1] - held.rss[1] <= 2),
            row(f"RSS after {big:,} commands (log replayed at start-up), 9 streams",
                f"{after_big:.1f} MiB (+{after_big - with_game:.1f} MiB: {per_command:.0f} "
                "bytes a command)", f"{floor_rss:.1f} MiB", f"{after_big / floor_rss:.2f}×",
                "≤ 59 MiB, flat", OURS, after_big <= 59 and per_command <= FLAT_BYTES),
            row(f"start-up with the {big:,}-command log", f"{big_start:.2f} s", bound=OURS),
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
    parser.add_argument("--pairs", type=int, default=3, help="interleaved pairs (≥ 3)")
    args = parser.parse_args(argv)
    before = machine()
    rows = run(args.quick, args.pairs, lambda text: print(text, file=sys.stderr, flush=True))
    print(f"Machine: {before}")
    print(f"At the end: load average {' / '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print()
    print("| measure | ours | bare floor | ratio | target | bound by | |")
    print("|---|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

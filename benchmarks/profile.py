"""Where a server's time goes under a benchmark's load (py-spy is not on the machine).

Serves the app exactly as ``companion serve`` does (waitress, 24 threads, a real log of a
3 000-command game) in THIS process with a cProfile profiler in every thread.  The load
runs in a separate process (``benchmarks.sustained`` or ``benchmarks.fanout``), so it
does not share this process's GIL.  Times are wall-clock per thread (a per-thread CPU
clock is a system call on this VM, 4 µs, which distorts everything): read ``acquire``,
``select`` and ``wait`` as idle threads, and the rest as where the single GIL goes.

Run: ``uv run python -m benchmarks.profile sustained|fanout [--top 30] [-- LOAD ARGS]``,
e.g. ``... sustained --seconds 5 -- --senders 1 --clients 0`` for one request at a time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.server import DB_NAME, build_log, rss_kib

PROFILES: list[cProfile.Profile] = []


def _start_profiling(_frame: Any, _event: str, _arg: Any) -> None:
    """``threading.setprofile`` hook: the first call in a new thread swaps in a profiler."""
    profile = cProfile.Profile()
    PROFILES.append(profile)
    profile.enable()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("load", choices=("sustained", "fanout"))
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--top", type=int, default=30)
    args, load_args = parser.parse_known_args(argv)
    load_args = [a for a in load_args if a != "--"]
    from waitress import create_server

    from companion.table import Table
    from web import create_app

    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        game = build_log(data, 3000)
        table = Table.open(data / DB_NAME)
        app = create_app({"SECRET_KEY_FILE": str(data / "secret.key")}, table=table)
        token = app.extensions["companion.tokens"].banker()
        threading.setprofile(_start_profiling)
        server: Any = create_server(app, host="127.0.0.1", port=0, threads=24)
        threading.Thread(target=server.run, daemon=True).start()
        port = str(server.effective_port)
        load = [sys.executable, "-m", f"benchmarks.{args.load}", "--port", port,
                "--token", token]
        load += (["--seconds", str(args.seconds)] if args.load == "sustained"
                 else ["--game", game]) + load_args
        cpu0, wall0 = time.process_time(), time.perf_counter()
        subprocess.run(load, check=True)
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        threading.setprofile(None)  # type: ignore[arg-type]
        app.extensions["companion.stopping"].set()
        time.sleep(1.5)
        print(f"\nserver: {cpu:.1f} CPU s in {wall:.1f} s wall ({cpu / wall:.0%} of one core), "
              f"RSS {rss_kib(os.getpid()) / 1024:.1f} MiB, {len(PROFILES)} threads profiled")
        stats = pstats.Stats(PROFILES[0])
        for profile in PROFILES[1:]:
            stats.add(profile)
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(r"companion|web", args.top)
        server.close()
        table.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

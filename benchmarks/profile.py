"""Where a server's time goes under a benchmark's load (py-spy is not on the machine).

Serves the app as ``companion serve`` does (:class:`web.server.TableServer`: one asyncio
loop that applies commands and writes the live streams, and as many a2wsgi worker threads
for everything else as ``companion serve`` starts by default; a real log of a 3 000-command
game) in THIS process, with a cProfile profiler in every thread the server starts.  The
load runs in a separate process (``benchmarks.sustained`` or ``benchmarks.fanout``), so it
does not share this process's GIL.  Times are wall-clock per thread (a per-thread CPU
clock is a system call on this VM, 4 µs, which distorts everything): read asyncio's
``runners.py(run)`` (the loop waiting in epoll), ``acquire``, ``get`` (an idle worker),
``select`` and ``wait`` as idle, and the rest as where the single GIL goes.

Printed: the loop thread (``table-server``) alone, then every profiled thread together.

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

#: ``(thread name, profiler)`` of the server's threads (``table-server``: the loop;
#: ``WSGI_<n>``: a2wsgi workers, started when a request finds none idle).
PROFILES: list[tuple[str, cProfile.Profile]] = []


def _start_profiling(_frame: Any, _event: str, _arg: Any) -> None:
    """``threading.setprofile`` hook: the first call in a new thread swaps in a profiler."""
    profile = cProfile.Profile()
    try:
        profile.enable()
    except ValueError:  # Python 3.12+: one profiler at a time, and it sees every thread
        sys.setprofile(None)
        return
    PROFILES.append((threading.current_thread().name, profile))


def _stats(profiles: list[cProfile.Profile]) -> pstats.Stats:
    stats = pstats.Stats(profiles[0])
    for profile in profiles[1:]:
        stats.add(profile)
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("load", choices=("sustained", "fanout"))
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--top", type=int, default=30)
    args, load_args = parser.parse_known_args(argv)
    load_args = [a for a in load_args if a != "--"]
    from companion.table import Table
    from web import create_app, state_json
    from web.server import TableServer

    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        game = build_log(data, 3000)
        table = Table.open(data / DB_NAME, encode=state_json.encode)  # as served
        app = create_app({"SECRET_KEY_FILE": str(data / "secret.key")}, table=table)
        token = app.extensions["companion.tokens"].banker()
        threading.setprofile(_start_profiling)  # every thread started from now on
        server = TableServer(app, "127.0.0.1", 0).start()  # companion serve's default threads
        load = [sys.executable, "-m", f"benchmarks.{args.load}", "--port", str(server.port),
                f"--token={token}"]  # a token may start with "-"
        load += (["--seconds", str(args.seconds)] if args.load == "sustained"
                 else ["--game", game]) + load_args
        cpu0, wall0 = time.process_time(), time.perf_counter()
        try:
            subprocess.run(load, check=True)
        finally:
            cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
            threading.setprofile(None)
            server.stop()
            table.close()
        print(f"\nserver: {cpu:.1f} CPU s in {wall:.1f} s wall ({cpu / wall:.0%} of one core), "
              f"RSS {rss_kib(os.getpid()) / 1024:.1f} MiB, {len(PROFILES)} threads profiled")
        loop = [profile for name, profile in PROFILES if name == "table-server"]
        if loop:
            print("\n=== the loop thread (commands, live streams) ===")
            _stats(loop).sort_stats("tottime").print_stats(args.top)
        print("\n=== every profiled thread ===")
        stats = _stats([profile for _, profile in PROFILES])
        stats.sort_stats("tottime").print_stats(args.top)
        stats.sort_stats("cumulative").print_stats(r"companion|web", args.top)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

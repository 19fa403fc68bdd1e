"""Command -> every live client: from sending a command to the moment the LAST of 9 SSE
streams holds a state that includes it (issue 8: p99 <= 2.6 ms at table pace).

The server is a real ``companion serve`` process; the 9 streams (raw sockets, one reader
thread) and the sender live in this process.  Two paces: back-to-back (the next command
leaves as soon as the previous one is acknowledged) and one command every 50 ms.  A stream
that skipped a state because a newer one was ready counts as up to date once it holds the
newer one (that is what its phone shows).

Run alone: ``uv run python -m benchmarks.fanout [--commands 500] [--clients 9]``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.server import Remote, Sender, Server, Streams, build_log, percentile


@dataclass
class Latencies:
    """Seconds per command: ``ack`` (the sender's answer), ``all`` (the last stream, as the
    client's reader saw it) and ``arrived`` (the last stream, by the kernel's receive stamp:
    the message was at the client; empty where the kernel gives no stamps)."""

    ack: list[float]
    all: list[float]
    arrived: list[float]

    def row(self, values: list[float]) -> dict[str, float]:
        ms = [v * 1000 for v in values]
        return {"p50": percentile(ms, 50), "p90": percentile(ms, 90),
                "p99": percentile(ms, 99), "max": max(ms)}


def measure(server: Remote, game: str, commands: int = 500, clients: int = 9,
            pace: float | None = None, streams: Streams | None = None) -> Latencies:
    """Send ``commands`` banker payments (Alice <-> Bob, 1 kr) to ``game``; every ``pace``
    seconds, or back-to-back when None.  ``streams``: already open ones (else opened here)."""
    own = streams is None
    live = streams or Streams(server.port, game, server.token, clients)
    api = server.client()
    sender = Sender(server.port, server.token)
    try:
        _status, state = api.call("GET", f"/api/games/{game}")
        live.wait_for(state["game"]["seq"])
        sent: list[tuple[float, float, int]] = []
        tag = time.monotonic_ns()
        next_at = time.perf_counter()
        for n in range(commands):
            if pace is not None:
                while (now := time.perf_counter()) < next_at:
                    time.sleep(min(0.001, next_at - now))
                next_at += pace
            payer, payee = ("Alice", "Bob") if n % 2 else ("Bob", "Alice")
            body = {"cmd": "pay", "from": payer, "to": payee, "amount": 1, "id": f"f{tag}-{n}"}
            request = sender.request(f"/api/games/{game}/commands", body)
            start = time.perf_counter()
            status, answer = sender.send(request)
            acked = time.perf_counter()
            assert status == 200, answer
            sent.append((start, acked, int(answer["seq"])))
        live.wait_for(sent[-1][2])
        return Latencies(ack=[a - s for s, a, _q in sent],
                         all=_since(sent, [live.reached(q) for _s, _a, q in sent]),
                         arrived=_since(sent, [live.reached(q, kernel=True)
                                               for _s, _a, q in sent]))
    finally:
        api.close()
        sender.close()
        if own:
            live.close()


def _since(sent: list[tuple[float, float, int]], reached: list[float | None]) -> list[float]:
    """Seconds from each send to its ``reached`` time (commands without one left out)."""
    return [r - start for (start, _a, _q), r in zip(sent, reached, strict=True)
            if r is not None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=500)
    parser.add_argument("--clients", type=int, default=9)
    parser.add_argument("--log", type=int, default=3000, help="commands already in the game")
    parser.add_argument("--port", type=int, help="use the server already on this port")
    parser.add_argument("--token", help="its banker token (with --port)")
    parser.add_argument("--game", help="the game to use (with --port)")
    args = parser.parse_args(argv)
    if args.port:
        report(Remote(args.port, args.token), args.game, args.commands, args.clients)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        game = build_log(Path(tmp), args.log)
        with Server(Path(tmp)) as server:
            report(server, game, args.commands, args.clients)
    return 0


def report(server: Remote, game: str, commands: int, clients: int) -> None:
    for name, pace in (("back-to-back", None), ("every 50 ms", 0.05)):
        result = measure(server, game, commands, clients, pace)
        for what, values in (("ack", result.ack), ("all clients", result.all),
                             ("arrived", result.arrived)):
            if not values:
                continue
            cells = "  ".join(f"{k} {v:6.2f}" for k, v in result.row(values).items())
            print(f"{name:>12} {what:>11}: {cells} ms  (n={len(values)})")


if __name__ == "__main__":
    raise SystemExit(main())

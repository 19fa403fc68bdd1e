"""Sustained durable commands/s: several senders send payments for 20 s, each with one
command outstanding, while 9 live streams follow the game; every command is acknowledged
only after its fsync.  The senders use the banker's token: a player's phone is limited to
a few commands a second (:mod:`web.limits`), and this measures what the server can take.
Counts errors and checks at the end that the server's balances are
exactly those the acknowledged payments give, and that the money adds up (issue 8:
>= 1 000 commands/s).

Run alone: ``uv run python -m benchmarks.sustained [--seconds 20] [--senders 6]``.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.games import PLAYERS
from benchmarks.server import Remote, Server, Streams


@dataclass
class Result:
    """What a sustained run did."""

    seconds: float
    acked: int
    errors: int
    senders: int
    balances_ok: bool
    money_ok: bool
    streams_ok: bool
    server_cpu: float | None = None  # CPU seconds the server used per wall second
    error_samples: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.acked / self.seconds


def _sender(token: str, game: str, me: str, to: str, stop: threading.Event,
            acked: list[dict[str, Any]], errors: list[str], server: Remote) -> None:
    api = server.client(token)
    n = 0
    try:
        while not stop.is_set():
            n += 1
            command = {"cmd": "pay", "from": me, "to": to, "amount": n % 9 + 1,
                       "id": f"s-{me}-{n}"}
            try:
                status, answer = api.call("POST", f"/api/games/{game}/commands", command)
            except OSError as exc:
                errors.append(f"{me}: {exc!r}")
                api.close()
                api = server.client(token)
                continue
            if status == 200 and answer.get("ok"):
                acked.append(command)
            else:
                errors.append(f"{me}: {status} {answer}")
    finally:
        api.close()


def measure(server: Remote, seconds: float = 20.0, senders: int = 6,
            clients: int = 9) -> Result:
    """Run the load against ``server`` on a new 6-player game and check the money."""
    api = server.client()
    game = api.new_game(PLAYERS)
    start_cash = {p["name"]: p["cash"] for p in game["state"]["players"]}
    game_id = game["game"]
    streams = Streams(server.port, game_id, server.token, clients)
    streams.wait_for(game["seq"])
    stop = threading.Event()
    acked: list[dict[str, Any]] = []
    errors: list[str] = []
    names = PLAYERS[:max(1, min(senders, len(PLAYERS)))]
    threads = [threading.Thread(target=_sender, args=(
        server.token, game_id, name, PLAYERS[(i + 1) % len(PLAYERS)], stop, acked,
        errors, server)) for i, name in enumerate(names)]
    cpu = _cpu(server)
    begin = time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join(30)
    took = time.perf_counter() - begin
    used = _cpu(server)
    load = None if cpu is None or used is None else (used - cpu) / took
    _status, state = api.call("GET", f"/api/games/{game_id}")
    api.close()
    try:
        streams.wait_for(state["game"]["seq"], timeout=10)
        streams_ok = True
    except TimeoutError:
        streams_ok = False
    streams.close()
    expected = dict(start_cash)
    for command in acked:
        expected[command["from"]] -= command["amount"]
        expected[command["to"]] += command["amount"]
    cash = {p["name"]: p["cash"] for p in state["players"]}
    bank = state["bank"]
    debts = sum(len(p["debts"]) for p in state["players"])
    return Result(
        seconds=took, acked=len(acked), errors=len(errors), senders=len(names),
        balances_ok=cash == expected and debts == 0,
        money_ok=sum(cash.values()) == sum(start_cash.values())
        == bank["paid_out"] - bank["paid_in"],
        streams_ok=streams_ok, server_cpu=load, error_samples=errors[:3])


def _cpu(server: Remote) -> float | None:
    try:
        return server.cpu_seconds()
    except AssertionError:  # a Remote without a process id
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--senders", type=int, default=6)
    parser.add_argument("--clients", type=int, default=9)
    parser.add_argument("--port", type=int, help="use the server already on this port")
    parser.add_argument("--token", help="its banker token (with --port)")
    args = parser.parse_args(argv)
    if args.port:
        result = measure(Remote(args.port, args.token), args.seconds, args.senders, args.clients)
    else:
        with tempfile.TemporaryDirectory() as tmp, Server(Path(tmp)) as server:
            result = measure(server, args.seconds, args.senders, args.clients)
    print(f"{result.rate:,.0f} commands/s  ({result.acked} acknowledged in "
          f"{result.seconds:.1f} s by {result.senders} senders, {result.errors} errors; "
          f"balances {'ok' if result.balances_ok else 'WRONG'}, money "
          f"{'conserved' if result.money_ok else 'NOT conserved'}, streams "
          f"{'caught up' if result.streams_ok else 'behind'})")
    if result.server_cpu is not None and result.rate:
        print(f"server CPU: {result.server_cpu:.0%} of one core, "
              f"{result.server_cpu / result.rate * 1e6:,.0f} µs per command")
    for sample in result.error_samples:
        print("  error:", sample)
    return 0 if result.balances_ok and result.money_ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

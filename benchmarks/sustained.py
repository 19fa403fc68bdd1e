"""Sustained durable commands/s: several senders send payments for 20 s, each with one
command outstanding, while 9 live streams follow the game; every command is acknowledged
only after its fsync.  The senders use the banker's token: a player's phone is limited to
a few commands a second (:mod:`web.limits`), and this measures what the server can take.
Counts errors and checks at the end that the server's balances are
exactly those the acknowledged payments give, and that the money adds up (issue 8:
>= 1 000 commands/s).

Run alone: ``uv run python -m benchmarks.sustained [--seconds 20] [--senders 9] [--bare]``
(``--bare``: the same load on :class:`benchmarks.bare.BareServer`; ``--group``: its
group-commit floor).
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmarks.games import PLAYERS
from benchmarks.server import Remote, Sender, Server, Streams

if TYPE_CHECKING:
    from benchmarks.bare import BareServer


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


def _sender(token: str, game: str, index: int, stop: threading.Event,
            acked: list[dict[str, Any]], errors: list[str], server: Remote) -> None:
    api = server.client(token)
    me, to = _pair(index)
    n = 0
    try:
        while not stop.is_set():
            n += 1
            command = {"cmd": "pay", "from": me, "to": to, "amount": n % 9 + 1,
                       "id": f"s{index}-{me}-{n}"}
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


def measure(server: Remote, seconds: float = 20.0, senders: int = 9,
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
    threads = [threading.Thread(target=_sender, args=(
        server.token, game_id, i, stop, acked, errors, server)) for i in range(senders)]
    took, load = _drive(server, threads, stop, seconds)
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
        seconds=took, acked=len(acked), errors=len(errors), senders=senders,
        balances_ok=cash == expected and debts == 0,
        money_ok=sum(cash.values()) == sum(start_cash.values())
        == bank["paid_out"] - bank["paid_in"],
        streams_ok=streams_ok, server_cpu=load, error_samples=errors[:3])


def _pair(index: int) -> tuple[str, str]:
    """Sender ``index``'s payer and payee (more senders than players: payers repeat)."""
    return PLAYERS[index % len(PLAYERS)], PLAYERS[(index + 1) % len(PLAYERS)]


def _bare_sender(port: int, stop: threading.Event, index: int, acked: list[int],
                 errors: list[str]) -> None:
    sender = Sender(port, "-")
    me, to = _pair(index)
    n = 0
    try:
        while not stop.is_set():
            n += 1
            request = sender.request("/commands", {"cmd": "pay", "from": me, "to": to,
                                                   "amount": n % 9 + 1, "id": f"s{index}-{n}"})
            status, answer = sender.send(request)
            if status == 200 and answer.get("ok"):
                acked.append(int(answer["seq"]))
            else:
                errors.append(f"{index}: {status} {answer}")
    except OSError as exc:
        errors.append(f"{index}: {exc!r}")
    finally:
        sender.close()


def measure_bare(server: BareServer, seconds: float = 20.0, senders: int = 9,
                 clients: int = 9) -> Result:
    """The same load against :class:`benchmarks.bare.BareServer`: ``senders`` × 1
    outstanding, ``clients`` streams.  "Balances" there: every acknowledged command is in
    its log exactly once (distinct sequences, as many rows as acknowledgements)."""
    streams = Streams(server.port, "bare", "-", clients)
    streams.wait_for(0)
    stop = threading.Event()
    acked: list[int] = []
    errors: list[str] = []
    threads = [threading.Thread(target=_bare_sender, args=(server.port, stop, i, acked,
                                                           errors)) for i in range(senders)]
    took, load = _drive(server, threads, stop, seconds)
    try:
        streams.wait_for(max(acked, default=0), timeout=10)
        streams_ok = True
    except TimeoutError:
        streams_ok = False
    streams.close()
    kept = len(set(acked)) == len(acked) == server.rows()
    return Result(seconds=took, acked=len(acked), errors=len(errors), senders=senders,
                  balances_ok=kept, money_ok=kept, streams_ok=streams_ok,
                  server_cpu=load, error_samples=errors[:3])


def _drive(server: Remote, threads: list[threading.Thread], stop: threading.Event,
           seconds: float) -> tuple[float, float | None]:
    """Start the senders' ``threads``, set ``stop`` after ``seconds`` and join them:
    ``(wall seconds, the server's CPU seconds per wall second)`` (None: not known)."""
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
    return took, None if cpu is None or used is None else (used - cpu) / took


def _cpu(server: Remote) -> float | None:
    try:
        return server.cpu_seconds()
    except AssertionError:  # a Remote without a process id
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--senders", type=int, default=9)
    parser.add_argument("--clients", type=int, default=9)
    parser.add_argument("--port", type=int, help="use the server already on this port")
    parser.add_argument("--token", help="its banker token (with --port)")
    parser.add_argument("--bare", action="store_true", help="the bare floor instead")
    parser.add_argument("--group", action="store_true", help="its group commit (--bare)")
    args = parser.parse_args(argv)
    if args.bare:
        from benchmarks.bare import BareServer

        with BareServer(group=args.group) as bare:
            result = measure_bare(bare, args.seconds, args.senders, args.clients)
    elif args.port:
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

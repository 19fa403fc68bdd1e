"""Group commit under kill -9 (issue 19 point 3): nine senders at once — six phones paying
the next player, three banker lanes paying Start bonuses (C2), taking money for the bank
and now and then a command the rules refuse — against the real server, SIGKILL mid-burst.

After a restart each sender resends, with the same id, the command it had in flight (as a
phone does).  Then: every acknowledged command is in the log exactly once, the log holds
only commands that were sent and not refused, the balances the server shows are exactly
those the logged commands give (30 000 kr each at the start, C1; 4 000 kr a Start, C2),
the money adds up, and commands were indeed committed several to a transaction.  Two live
streams follow the game through the burst: no state they were sent is newer than what the
disk kept (the streams' step is built while each commit waits for the disk, web/ahead.py,
and written only once it is durable).

Real parts only: `companion serve` (uvicorn) in a subprocess, a real SQLite file.
"""

from __future__ import annotations

import http.client
import json
import signal
import threading
import time
import urllib.error
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.serve import Served
from benchmarks.server import Streams
from companion.store import Store
from tests.kit_kill import Make, expected_cash, pays_next
from tests.test_soak_kill import Serve

PLAYERS = ["Alice", "Bob", "Carol", "Dag", "Eva", "Finn"]
UNLIMITED = {"COMPANION_RATE_COMMANDS": "0"}  # a flood on purpose: no phone's rate limit


class Flooder(Serve):
    """`companion serve` without the phones' rate limit."""

    def __init__(self, data: Path):
        Served.__init__(self, data, None, UNLIMITED)


class Sender:
    """One lane: sends its commands one at a time; remembers what was sent, acknowledged,
    refused, and the command in flight when the server died."""

    def __init__(self, token: str, make: Make):
        self.token, self.make = token, make
        self.sent: list[dict[str, Any]] = []
        self.acked: list[str] = []
        self.refused: list[str] = []
        self.in_flight: dict[str, Any] | None = None
        self.n = 0

    def send(self, server: Serve, game: str) -> bool:
        """Send the command in flight (or the next one); False when the server is gone."""
        command = self.in_flight
        if command is None:
            self.n += 1
            command = self.in_flight = self.make(self.n)
            self.sent.append(command)
        try:
            answer = server.call(self.token, f"/api/games/{game}/commands", command)
        except urllib.error.HTTPError as exc:
            if exc.code >= 500:
                return False
            self.refused.append(command["id"])
            self.in_flight = None
            return True
        except (OSError, http.client.HTTPException):
            return False  # maybe mid-answer: the command stays in flight
        assert answer["ok"] is True, answer
        self.acked.append(command["id"])
        self.in_flight = None
        return True

    def run(self, server: Serve, game: str, stop: threading.Event) -> None:
        while not stop.is_set() and self.send(server, game):
            pass


def banker(lane: int) -> Make:
    def make(n: int) -> dict[str, Any]:
        player = PLAYERS[(n + lane) % len(PLAYERS)]
        cid = f"bank{lane}-{n}"
        if n % 5 == 0:  # refused by the rules: nothing of it may be stored
            return {"cmd": "pay", "from": "Nobody", "to": player, "amount": 5, "id": cid}
        if n % 2:
            return {"cmd": "pass_start", "player": player, "id": cid}
        return {"cmd": "pay", "from": player, "to": "bank", "amount": 300, "id": cid}
    return make


def test_nine_senders_killed_mid_burst_keep_every_acknowledged_command(
        tmp_path: Path) -> None:
    server = Flooder(tmp_path)
    try:
        game = server.call(server.token, "/api/games", {"players": PLAYERS, "id": "burst"})
        tokens = {p["name"]: p["token"] for p in game["players"]}
        senders = [Sender(tokens[name], pays_next(PLAYERS, name)) for name in PLAYERS]
        senders += [Sender(server.token, banker(lane)) for lane in range(3)]
        streams = Streams(server.port, game["game"], server.token, 2)
        streams.wait_for(1)
        stop = threading.Event()
        threads = [threading.Thread(target=s.run, args=(server, game["game"], stop))
                   for s in senders]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 20
        while sum(len(s.acked) for s in senders) < 400 and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        server.stop(signal.SIGKILL)  # mid-burst: nine requests in flight
    stop.set()
    for thread in threads:
        thread.join(15)
    assert not any(thread.is_alive() for thread in threads)
    in_flight = sum(s.in_flight is not None for s in senders)
    streamed = max(arrivals[-1][2] for arrivals in streams.arrivals if arrivals)
    streams.close()
    store = Store(tmp_path / "companion.sqlite3")
    try:
        kept = max(row.seq for row in store.rows(game["game"]))  # what the disk had
    finally:
        store.close()
    assert 100 < streamed <= kept, (streamed, kept)  # no phone saw a state that was lost

    server = Flooder(tmp_path)
    try:
        for sender in senders:  # each phone resends what it had in flight, same id
            if sender.in_flight is not None:
                assert sender.send(server, game["game"])
        state = server.call(server.token, f"/api/games/{game['game']}")
    finally:
        assert server.stop(signal.SIGTERM) == 0

    acked = [i for s in senders for i in s.acked]
    refused = {i for s in senders for i in s.refused}
    sent = {c["id"] for s in senders for c in s.sent}
    assert len(acked) >= 400, f"only {len(acked)} acknowledged"
    assert refused and in_flight
    store = Store(tmp_path / "companion.sqlite3")
    try:
        assert store.integrity() == "ok"
        rows = list(store.rows(game["game"]))[1:]
    finally:
        store.close()
    logged = [row.command for row in rows]
    logged_ids = [c["id"] for c in logged]
    twice = [i for i, n in Counter(logged_ids).items() if n > 1]
    assert not twice, f"applied twice: {twice[:5]}"
    assert set(acked) <= set(logged_ids), f"lost: {sorted(set(acked) - set(logged_ids))[:5]}"
    assert set(logged_ids) <= sent - refused, "the log holds a command never sent or refused"
    assert len(acked) == len(set(acked))
    batches = Counter(row.at for row in rows)  # one transaction's rows share its time
    assert max(batches.values()) > 1, "no two commands were ever committed together"

    expected = expected_cash(PLAYERS, logged)
    assert {p["name"]: p["cash"] for p in state["players"]} == expected
    assert all(not p["debts"] for p in state["players"])
    bank = state["bank"]
    assert sum(expected.values()) == bank["paid_out"] - bank["paid_in"]
    assert state["game"]["seq"] == len(logged) + 1
    print(json.dumps({"acked": len(acked), "refused": len(refused), "rows": len(rows),
                      "transactions": len(batches), "largest": max(batches.values())}))

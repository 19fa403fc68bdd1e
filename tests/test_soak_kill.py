"""kill -9 soak (issue 8, part 6): 20 rounds of starting `companion serve` on the same data
folder, several phones and the banker sending commands at once, and SIGKILL at a random
moment.  Each round the phones first resend, with the same id, the command that was in
flight when the server died (as a phone does); the answer says whether it had been kept.

After all rounds: every acknowledged command is in the log exactly once, the log holds
nothing that was never sent, the database passes SQLite's integrity check, and the
balances the server shows are exactly those the logged commands give, with the money
adding up (what the bank paid out minus what it took in is what the players hold).

Real parts only: `companion serve` (uvicorn) in a subprocess, a real SQLite file.
"""

from __future__ import annotations

import http.client
import json
import random
import signal
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.serve import Served
from companion.store import Store
from tests.kit_kill import expected_cash, pays_next

PLAYERS = ["Alice", "Bob", "Carol", "Dag"]
ROUNDS = 20


class Serve(Served):
    """`companion serve` on ``data``; ``token`` is the banker's (stable across restarts)."""

    def call(self, token: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", data=data,
            method="GET" if body is None else "POST",
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())


class Sender:
    """One phone (or the banker): sends its commands one at a time, remembering what it
    sent, what was acknowledged, and the command in flight when the server died."""

    def __init__(self, name: str, token: str, make: Any):
        self.name, self.token, self.make = name, token, make
        self.sent: list[dict[str, Any]] = []
        self.acked: list[str] = []
        self.duplicates = 0
        self.in_flight: dict[str, Any] | None = None
        self.n = 0

    def run(self, server: Serve, game: str, stop: threading.Event) -> None:
        path = f"/api/games/{game}/commands"
        while not stop.is_set():
            command = self.in_flight
            if command is None:
                self.n += 1
                command = self.make(self.n)
                self.sent.append(command)
            self.in_flight = command
            try:
                answer = server.call(self.token, path, command)
            except (OSError, urllib.error.URLError, http.client.HTTPException):
                return  # the server is gone (maybe mid-answer); the command stays in flight
            assert answer["ok"] is True, answer
            self.duplicates += bool(answer["duplicate"])
            self.acked.append(command["id"])
            self.in_flight = None


def banker(n: int) -> dict[str, Any]:
    player = PLAYERS[n % len(PLAYERS)]
    if n % 3:
        return {"cmd": "pass_start", "player": player, "id": f"bank-{n}"}
    return {"cmd": "pay", "from": player, "to": "bank", "amount": 500, "id": f"bank-{n}"}


def test_twenty_kill_nine_rounds_keep_every_acknowledged_command(tmp_path: Path) -> None:
    rng = random.Random(8)
    server = Serve(tmp_path)
    try:
        game = server.call(server.token, "/api/games", {"players": PLAYERS, "id": "soak"})
    finally:
        server.stop(signal.SIGKILL)
    tokens = {p["name"]: p["token"] for p in game["players"]}
    senders = [Sender(name, tokens[name], pays_next(PLAYERS, name)) for name in PLAYERS]
    senders.append(Sender("banker", server.token, banker))

    for _round in range(ROUNDS):
        server = Serve(tmp_path)
        stop = threading.Event()
        threads = [threading.Thread(target=s.run, args=(server, game["game"], stop))
                   for s in senders]
        before = sum(len(s.acked) for s in senders)
        try:
            for thread in threads:
                thread.start()
            # The kill comes at a random moment of the burst, once the burst has begun: a
            # server that just started pays its first answers (the catalogue, the writer
            # thread) and on a loaded machine a fixed 0-0.5 s could end a round before any.
            began = time.monotonic() + 15
            while sum(len(s.acked) for s in senders) == before and time.monotonic() < began:
                time.sleep(0.005)
            time.sleep(rng.uniform(0.0, 0.5))
        finally:
            assert server.stop(signal.SIGKILL) == -signal.SIGKILL
            stop.set()
            for thread in threads:
                thread.join(15)
        assert not any(thread.is_alive() for thread in threads)

    acked = [i for s in senders for i in s.acked]
    sent = {c["id"] for s in senders for c in s.sent}
    assert len(acked) >= 200, f"only {len(acked)} commands were acknowledged in 20 rounds"

    store = Store(tmp_path / "companion.sqlite3")
    try:
        assert store.integrity() == "ok"
        logged = [row.command for row in store.rows(game["game"])][1:]
    finally:
        store.close()
    logged_ids = [c["id"] for c in logged]
    twice = [i for i, n in Counter(logged_ids).items() if n > 1]
    assert not twice, f"applied twice: {twice[:5]}"
    assert set(acked) <= set(logged_ids), f"lost: {sorted(set(acked) - set(logged_ids))[:5]}"
    assert set(logged_ids) <= sent, f"never sent: {sorted(set(logged_ids) - sent)[:5]}"
    assert len(acked) == len(set(acked))

    expected = expected_cash(PLAYERS, logged)
    server = Serve(tmp_path)
    try:
        state = server.call(server.token, f"/api/games/{game['game']}")
    finally:
        assert server.stop(signal.SIGTERM) == 0
    assert {p["name"]: p["cash"] for p in state["players"]} == expected
    assert all(not p["debts"] for p in state["players"])
    bank = state["bank"]
    assert sum(expected.values()) == bank["paid_out"] - bank["paid_in"]
    assert state["game"]["seq"] == len(logged) + 1

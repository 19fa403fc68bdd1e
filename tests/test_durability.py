"""Durability (issue 2): SIGKILL the real server during a burst of commands from several
phones at once; after restart every acknowledged command is there, nothing else is, and
the money adds up.  Real parts only: `companion serve` (uvicorn), a real SQLite file."""

from __future__ import annotations

import http.client
import json
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from benchmarks.serve import Served, free_port, serve_command
from companion.store import Store

PLAYERS = ["Alice", "Bob", "Carol", "Dag"]


def start_server(data: Path, port: int) -> Served:
    """`companion serve` on ``data`` and ``port``, with no rate limit (a flood on purpose)."""
    return Served(data, port, {"COMPANION_RATE_COMMANDS": "0"})


def call(port: int, token: str, path: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data, method="POST" if body else "GET",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def phone(port: int, token: str, game: str, me: str, sent: list[dict[str, Any]],
          acked: list[str], stop: threading.Event) -> None:
    """Pay the next player small amounts, one command at a time, until the server dies."""
    to = PLAYERS[(PLAYERS.index(me) + 1) % len(PLAYERS)]
    n = 0
    while not stop.is_set():
        n += 1
        command = {"cmd": "pay", "from": me, "to": to, "amount": n % 9 + 1, "id": f"{me}-{n}"}
        sent.append(command)
        try:
            call(port, token, f"/api/games/{game}/commands", command)
        except (OSError, urllib.error.URLError, http.client.HTTPException):
            return  # the server died, maybe mid-answer: not acknowledged
        acked.append(command["id"])


def test_sigkill_mid_burst_keeps_every_acknowledged_command(tmp_path: Path) -> None:
    port = free_port()
    server = start_server(tmp_path, port)
    banker = server.token
    try:
        game = call(port, banker, "/api/games", {"players": PLAYERS, "id": "start"})
        tokens = {p["name"]: p["token"] for p in game["players"]}
        sent: list[dict[str, Any]] = []
        acked: list[str] = []
        stop = threading.Event()
        phones = [threading.Thread(target=phone, args=(port, tokens[name], game["game"], name,
                                                       sent, acked, stop)) for name in PLAYERS]
        for thread in phones:
            thread.start()
        deadline = time.monotonic() + 10
        while len(acked) < 150 and time.monotonic() < deadline:
            time.sleep(0.01)
        server.stop(signal.SIGKILL)  # mid-burst: requests are in flight
        stop.set()
        for thread in phones:
            thread.join(10)
    finally:
        server.stop(signal.SIGKILL)
    assert len(acked) >= 150

    store = Store(tmp_path / "companion.sqlite3")
    logged = [row.command for row in store.rows(game["game"])][1:]
    store.close()
    logged_ids = [c["id"] for c in logged]
    assert set(acked) <= set(logged_ids), "an acknowledged command was lost"
    assert set(logged_ids) <= {c["id"] for c in sent}, "the log holds a command nobody sent"
    assert len(logged_ids) == len(set(logged_ids)), "a command was applied twice"

    expected = dict.fromkeys(PLAYERS, 30000)
    for command in logged:
        expected[command["from"]] -= command["amount"]
        expected[command["to"]] += command["amount"]
    server = start_server(tmp_path, port)
    banker = server.token
    try:
        state = call(port, banker, f"/api/games/{game['game']}")
    finally:
        assert server.stop(signal.SIGTERM) == 0
    assert {p["name"]: p["cash"] for p in state["players"]} == expected
    bank = state["bank"]
    assert sum(expected.values()) == 4 * 30000 == bank["paid_out"] - bank["paid_in"]


def test_a_second_server_on_the_same_data_is_refused(tmp_path: Path) -> None:
    """Two servers on one game log would each fold their own state and disagree."""
    port = free_port()
    server = start_server(tmp_path, port)
    try:
        second = subprocess.run(
            serve_command(tmp_path, free_port()),
            capture_output=True, text=True, timeout=30)
    finally:
        assert server.stop(signal.SIGTERM) == 0
    assert second.returncode == 1
    assert "another companion server is already using" in second.stderr

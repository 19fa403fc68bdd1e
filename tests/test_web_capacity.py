"""A guest on the Wi-Fi cannot fill the table server (issue 17 point 1): the caps of
:mod:`web.capacity` and the per-token stream cap of :mod:`web.hub`, on the real server.

The load test (2 000 idle, 500 slow-header connections and 300 streams while nine phones
play) is ``tests/test_web_load.py``.
"""

from __future__ import annotations

import http.client
import json
import resource
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from benchmarks.serve import free_port, read_token, serve_command
from tests.conftest import WebActions
from tests.test_systemd_unit import values
from tests.test_web_front import JSON, PAY, live, seconds_to_end
from tests.test_web_live import connect, live_stream
from web.capacity import STREAMS_PER_TOKEN, Caps, caps_for
from web.server import TableServer


def test_the_caps_are_derived_from_the_fd_limit_the_unit_sets() -> None:
    assert caps_for(1024) == Caps(connections=896, calm=784)
    assert values("LimitNOFILE") == ["8192"]
    assert caps_for(8192) == Caps(connections=7168, calm=6272)


def _soft_fd_limit_of(pid: int) -> int:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise AssertionError("no open-files line")


def test_serve_raises_its_soft_fd_limit_to_the_hard_one(tmp_path: Path) -> None:
    """Started with a soft limit of 256 (the hard one higher), ``companion serve`` runs
    with the hard limit; importing the server changes nothing (checked in a child)."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, 4096)
    assert wanted > 256

    def low() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, wanted))

    probe = subprocess.run(
        [sys.executable, "-c", "import resource, web.serve, web.server, web.capacity;"
         "print(resource.getrlimit(resource.RLIMIT_NOFILE)[0])"],
        preexec_fn=low, capture_output=True, text=True, timeout=60, check=True)
    assert probe.stdout.strip() == "256"
    server = subprocess.Popen(serve_command(tmp_path, free_port()), preexec_fn=low,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None and read_token(server.stdout)
        assert _soft_fd_limit_of(server.pid) == wanted
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(15)
        if server.stdout is not None:
            server.stdout.close()


@pytest.fixture
def served(app: Flask) -> Iterator[TableServer]:
    """The app under a :class:`TableServer` whose hub and gate the test can see."""
    server = TableServer(app, "127.0.0.1", 0).start()
    yield server
    server.stop()


def test_the_301st_stream_of_one_token_takes_no_other_phones_stream(
        served: TableServer, app: Flask, web_actions: WebActions) -> None:
    """Bob's token opens 301 streams: his newest ``STREAMS_PER_TOKEN["player"]`` stay, the
    older ones end (oldest first); Alice's stream and the banker's stay and get the news."""
    web_actions.new_game("Alice", "Bob")
    where = live(served, app)
    alice = live_stream(where, web_actions, web_actions.players["Alice"])
    banker = live_stream(where, web_actions)
    bobs = [live_stream(where, web_actions, web_actions.players["Bob"]) for _ in range(301)]
    keep = STREAMS_PER_TOKEN["player"]
    assert keep <= 4
    for _conn, sse in bobs[:-keep]:  # ended by the server: the reader reaches the end
        assert seconds_to_end(sse, 5.0) < 5.0
    kept = (alice, banker, *bobs[-keep:])
    for _conn, sse in kept:
        assert sse.event()[0] == 1
    bob = web_actions.tokens.lookup(web_actions.players["Bob"])
    assert bob is not None and served.front.hub.held.count(bob) == keep
    assert web_actions.send(**PAY).status_code == 200
    for _conn, sse in kept:
        seq, state = sse.event()
        assert seq == 2 and state == web_actions.state()
    for conn, _sse in (alice, banker, *bobs):
        conn.close()


@pytest.fixture
def small(app: Flask) -> Iterator[TableServer]:
    """The app under a server with small caps: 60 connections, calm up to 40."""
    server = TableServer(app, "127.0.0.1", 0, caps=Caps(connections=60, calm=40)).start()
    yield server
    server.stop()


def _closed_by_server(sock: socket.socket) -> bool:
    """True when the server closed ``sock`` (reads b"" or a reset within 2 s)."""
    sock.settimeout(2.0)
    try:
        return sock.recv(4096) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_waiting_connections_are_closed_for_room_least_recently_active_first(
        small: TableServer, app: Flask, web_actions: WebActions) -> None:
    """Past ``calm`` connections the waiting ones are closed, the oldest first: 100 idle and
    20 slow-header connections to a server capped at 60 leave a phone its stream and its
    commands; the first idle connections are closed, the newest still open."""
    web_actions.new_game("Alice", "Bob")
    where = live(small, app)
    phone, sse = live_stream(where, web_actions, web_actions.players["Alice"])
    assert sse.event()[0] == 1
    port = small.port
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(100)]
    slow = []
    for _ in range(20):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: a")
        slow.append(sock)
    commands = connect(where)
    for _ in range(3):
        commands.request("POST", f"/api/games/{web_actions.game}/commands",
                         body=json.dumps(PAY), headers={**JSON, **web_actions.bearer()})
        answer = commands.getresponse()
        assert answer.status == 200, answer.read()
        answer.read()
        assert sse.event()[1] == web_actions.state()
    assert all(_closed_by_server(sock) for sock in idle[:50])
    assert not _closed_by_server(slow[-1])
    gate = small.gate
    assert gate.open - len(gate.closing) <= 60 and gate.evicted >= 60
    for sock in (*idle, *slow):
        sock.close()
    commands.close()
    phone.close()


def test_a_tokens_long_polls_past_its_cap_end_its_oldest_not_another_phones(
        served: TableServer, app: Flask, web_actions: WebActions) -> None:
    """Long polls (``?after=N&wait=S``) count per token as streams do: Bob's fifth ends his
    first at once (204: nothing new), Alice's keeps waiting until there is news."""
    web_actions.new_game("Alice", "Bob")
    where = live(served, app)
    path = f"/api/games/{web_actions.game}?after=1&wait=20"

    def poll(token: str) -> http.client.HTTPConnection:
        conn = connect(where)
        conn.request("GET", path, headers=web_actions.bearer(token))
        return conn

    alice = poll(web_actions.players["Alice"])
    bobs = [poll(web_actions.players["Bob"]) for _ in range(STREAMS_PER_TOKEN["player"] + 1)]
    started = time.monotonic()
    first = bobs[0].getresponse()
    assert first.status == 204 and time.monotonic() - started < 5
    first.read()
    assert alice.sock is not None
    assert select.select([alice.sock], [], [], 1.0)[0] == []  # still waiting
    assert web_actions.send(**PAY).status_code == 200
    answer = alice.getresponse()
    assert answer.status == 200 and json.loads(answer.read())["game"]["seq"] == 2
    for conn in (alice, *bobs):
        conn.close()


def test_a_stream_without_a_token_holds_nothing(
        served: TableServer, app: Flask, web_actions: WebActions) -> None:
    """No per-address cap is needed for tokenless streams: each is answered 401 at once
    and the hub holds none (the connection then waits, and the gate may close it)."""
    web_actions.new_game("Alice", "Bob")
    conn = connect(live(served, app))
    for _ in range(50):
        conn.request("GET", f"/api/games/{web_actions.game}/events")
        answer = conn.getresponse()
        assert answer.status == 401 and json.loads(answer.read())["ok"] is False
    assert web_actions.game not in served.front.hub.streams and not served.front.hub.held.held
    conn.close()

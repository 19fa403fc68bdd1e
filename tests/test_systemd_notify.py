"""web.systemd_notify against a real AF_UNIX datagram socket standing in for systemd, and a
real ``companion serve`` (:class:`web.server.TableServer`) stopped by SIGTERM/SIGINT in a
subprocess."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.serve import free_port, read_token, serve_command
from companion.table import Table
from web import systemd_notify as sd
from web.serve import DB_NAME


class FakeSystemd:
    """A bound datagram socket; ``address`` is what systemd puts in ``$NOTIFY_SOCKET``."""

    def __init__(self, address: str):
        self.address = address
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind("\0" + address[1:] if address.startswith("@") else address)

    def receive(self, timeout: float = 5.0) -> str:
        self.sock.settimeout(timeout)
        return self.sock.recv(4096).decode()

    def drain(self) -> list[str]:
        messages = []
        self.sock.setblocking(False)
        while True:
            try:
                messages.append(self.sock.recv(4096).decode())
            except BlockingIOError:
                return messages


@pytest.fixture(params=["path", "abstract"])
def systemd(request: pytest.FixtureRequest, tmp_path: Path,
            monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeSystemd]:
    address = (str(tmp_path / "notify") if request.param == "path"
               else f"@companion-test-{uuid.uuid4().hex}")
    fake = FakeSystemd(address)
    monkeypatch.setenv("NOTIFY_SOCKET", address)
    yield fake
    fake.sock.close()


def test_ready_stopping_watchdog(systemd: FakeSystemd) -> None:
    assert sd.ready("serving on port 8000")
    assert systemd.receive() == "READY=1\nSTATUS=serving on port 8000"
    assert sd.watchdog() and systemd.receive() == "WATCHDOG=1"
    assert sd.stopping() and systemd.receive() == "STOPPING=1"


def test_no_op_outside_systemd(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert not sd.ready()
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "gone"))
    assert not sd.watchdog()  # a vanished socket is not an error
    assert sd.start_watchdog(lambda: True, env={}) is None


@pytest.mark.parametrize("env, expected", [
    ({}, None), ({"WATCHDOG_USEC": "30000000"}, 15.0), ({"WATCHDOG_USEC": "x"}, None),
    ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}, None),
    ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}, 15.0),
])
def test_watchdog_interval(env: dict[str, str], expected: float | None) -> None:
    assert sd.watchdog_interval(env) == expected


def test_watchdog_pings_only_while_healthy(systemd: FakeSystemd) -> None:
    health = {"ok": True}

    def healthy() -> bool:
        if health["ok"] is None:
            raise RuntimeError("table lock broken")
        return bool(health["ok"])

    dog = sd.start_watchdog(healthy, env={"WATCHDOG_USEC": "40000"})  # ping every 20 ms
    assert dog is not None
    assert systemd.receive() == "WATCHDOG=1"
    for state in (False, None):
        health["ok"] = state
        time.sleep(0.2)  # a ping already under way lands now
        systemd.drain()
        time.sleep(0.2)
        assert systemd.drain() == []
    health["ok"] = True
    assert systemd.receive() == "WATCHDOG=1"
    dog.stop()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_stops_companion_serve_cleanly(systemd: FakeSystemd, tmp_path: Path,
                                               signum: int) -> None:
    """``companion serve`` (:class:`web.server.TableServer`) under a fake systemd: READY=1
    once it serves, watchdog pings while healthy; SIGTERM / Ctrl-C send STOPPING=1 once,
    end an open live stream, and the process exits with status 0 within seconds."""
    table = Table.open(tmp_path / DB_NAME)
    game = table.execute({"cmd": "new_game", "edition": "monopol-no-1996",
                          "players": ["Alice", "Bob"]}).game_id
    table.close()
    port = free_port()
    env = {**os.environ, "NOTIFY_SOCKET": systemd.address, "WATCHDOG_USEC": "400000",
           "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(serve_command(tmp_path, port), env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    stream = None
    try:
        assert child.stdout is not None
        token = read_token(child.stdout)
        assert token, "companion serve ended before printing its token"
        messages = [systemd.receive(20)]
        while not messages[-1].startswith("READY=1"):
            messages.append(systemd.receive(20))
        assert messages[-1] == f"READY=1\nSTATUS=serving on http://127.0.0.1:{port}"
        assert systemd.receive(5) == "WATCHDOG=1"  # the loop and the table are healthy
        stream = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        stream.request("GET", f"/api/games/{game}/events",
                       headers={"Authorization": f"Bearer {token}"})
        live = stream.getresponse()
        assert live.status == 200 and live.readline() == b"retry: 2000\n"
        games = urllib.request.Request(f"http://127.0.0.1:{port}/api/games",
                                       headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(games, timeout=5) as reply:  # a page, through Flask
            assert game in json.dumps(json.load(reply)["games"])
        systemd.drain()  # answered above, so the server's signal handlers are in place
        started = time.monotonic()
        child.send_signal(signum)
        rest = live.read()  # the server ends the stream: no wait for the client to go
        ended = time.monotonic() - started
        _, err = child.communicate(timeout=10)
    finally:
        if stream is not None:
            stream.close()
        child.kill()
        child.wait()
    assert child.returncode == 0, err
    assert ended < 3 and time.monotonic() - started < 5
    assert rest.startswith(b"\nid: ") and rest.endswith(b"\n\n")  # the state, then its end
    assert "Traceback" not in err, err
    assert [m for m in systemd.drain() if m != "WATCHDOG=1"] == ["STOPPING=1"]



@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_right_after_ready_still_stops_cleanly(systemd: FakeSystemd, tmp_path: Path,
                                                         signum: int) -> None:
    """READY=1 is sent only once the server's signal handlers are in place: a stop at
    that very moment ends the process with status 0 and STOPPING=1, no traceback."""
    env = {**os.environ, "NOTIFY_SOCKET": systemd.address, "PYTHONUNBUFFERED": "1"}
    child = subprocess.Popen(serve_command(tmp_path, free_port()), env=env, text=True,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        while not systemd.receive(20).startswith("READY=1"):
            pass
        child.send_signal(signum)
        _, err = child.communicate(timeout=10)
    finally:
        child.kill()
        child.wait()
    assert child.returncode == 0, err
    assert "Traceback" not in err, err
    assert "STOPPING=1" in systemd.drain()

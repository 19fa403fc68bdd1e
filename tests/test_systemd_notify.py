"""web.systemd_notify against a real AF_UNIX datagram socket standing in for systemd, and a
real waitress server stopped by SIGTERM/SIGINT in a subprocess."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from web import systemd_notify as sd


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


SERVER = textwrap.dedent("""
    import sys, waitress
    from web.systemd_notify import install_signal_handlers, ready, start_watchdog

    def app(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"bank open"]

    server = waitress.create_server(app, host="127.0.0.1", port=0)
    install_signal_handlers(lambda: print("stop called", flush=True))
    start_watchdog(lambda: True)
    try:
        ready(f"port {server.effective_port}")
        server.run()
    finally:
        print("cleaned up", flush=True)
""")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_stops_a_waitress_server_cleanly(systemd: FakeSystemd, tmp_path: Path,
                                                 signum: int) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    env = {**os.environ, "NOTIFY_SOCKET": systemd.address, "WATCHDOG_USEC": "2000000"}
    child = subprocess.Popen([sys.executable, str(script)], env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        messages = [systemd.receive(20)]
        while not messages[-1].startswith("READY=1"):
            messages.append(systemd.receive(20))
        port = int(messages[-1].split("STATUS=port ")[1])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as reply:
            assert reply.read() == b"bank open"
        started = time.monotonic()
        child.send_signal(signum)
        out, err = child.communicate(timeout=10)
    finally:
        child.kill()
    assert (child.returncode, out) == (0, "stop called\ncleaned up\n"), err
    assert time.monotonic() - started < 5
    assert "STOPPING=1" in systemd.drain()

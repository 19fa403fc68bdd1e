"""The Pi's own hotspot, built in a network namespace (issue 18 point 1): an interface
``wlan0`` with 10.42.0.1/24, so the only route is ``10.42.0.0/24 dev wlan0`` (no default
route), loopback up, and Raspberry Pi OS's ``127.0.1.1 <name>`` hosts line (``ip netns
exec`` puts ``/etc/netns/<ns>/hosts`` over ``/etc/hosts``).  ``companion serve`` runs inside
and a phone's requests come from inside, by 10.42.0.1.  Needs root and iproute2 (CI runs as
root); skipped otherwise.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.serve import ended, terminated

ROOT = Path(__file__).resolve().parent.parent
HOTSPOT = "10.42.0.1"
PORT = 8000  # a fresh namespace has every port free
#: Run inside: the addresses found, the base URL serve would print, doctor's finding.
FOUND = """
import json
from web.addresses import lan_addresses
from web.doctor_data import check_network
from web.qr import base_url
[finding] = check_network("0.0.0.0")
print(json.dumps({"addresses": lan_addresses(), "base": base_url("0.0.0.0", 8000),
                  "doctor": [finding.ok, finding.text]}))
"""
#: Run inside, as a phone: start a game and open the console by 10.42.0.1 (argv: token, host).
PHONE = """
import json, sys, urllib.request
token, host = sys.argv[1], sys.argv[2]
def fetch(path, body=None):
    headers = {"Authorization": "Bearer " + token, "Host": host}
    data = None if body is None else json.dumps(body).encode()
    if data is not None:
        headers["Content-Type"] = "application/json"
    ask = urllib.request.Request("http://10.42.0.1:8000" + path, data, headers)
    with urllib.request.urlopen(ask, timeout=10) as answer:
        return answer.read().decode()
game = json.loads(fetch("/api/games", {"players": ["Alice", "Bob"]}))
print(json.dumps({"links": [p["join_url"] for p in game["players"]],
                  "console": fetch("/?game=" + game["game"])}))
"""


def ip(*args: str) -> None:
    """Run ``ip args``; raises CalledProcessError with its message on failure."""
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True, timeout=30)


@pytest.fixture
def netns() -> Iterator[str]:
    """A network namespace with loopback up and a ``wlan0`` (one end of a veth pair) that
    has no address yet, and the Pi's hosts file; deleted (and the hosts file) afterwards."""
    if os.geteuid() != 0:
        pytest.skip("needs root to create a network namespace (CI runs as root)")
    if shutil.which("ip") is None:
        pytest.skip("needs the ip command (Debian's iproute2)")
    name = f"companion-hotspot-{os.getpid()}"
    etc = Path("/etc/netns") / name
    made_etc = not etc.parent.exists()
    try:
        ip("netns", "add", name)
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"cannot create a network namespace here: {exc.stderr.strip()}")
    try:
        etc.mkdir(parents=True, exist_ok=True)
        (etc / "hosts").write_text(f"127.0.0.1\tlocalhost\n127.0.1.1\t{socket.gethostname()}\n")
        ip("-n", name, "link", "set", "lo", "up")
        ip("-n", name, "link", "add", "wlan0", "type", "veth", "peer", "name", "wlan0-peer")
        yield name
    finally:
        subprocess.run(["ip", "netns", "delete", name], capture_output=True, timeout=30)
        shutil.rmtree(etc, ignore_errors=True)
        if made_etc:
            shutil.rmtree(etc.parent, ignore_errors=True)


def hotspot_up(name: str) -> None:
    """What NetworkManager's hotspot does to ``wlan0``: 10.42.0.1/24, up; no default route."""
    ip("-n", name, "addr", "add", f"{HOTSPOT}/24", "dev", "wlan0")
    ip("-n", name, "link", "set", "wlan0", "up")
    ip("-n", name, "link", "set", "wlan0-peer", "up")


def inside(name: str, *argv: str) -> subprocess.CompletedProcess[str]:
    """Run this interpreter with ``argv`` in the namespace, from the repository."""
    return subprocess.run(["ip", "netns", "exec", name, sys.executable, *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)


def test_the_hotspot_address_is_found(netns: str) -> None:
    hotspot_up(netns)
    routes = subprocess.run(["ip", "-n", netns, "-4", "route"], capture_output=True,
                            text=True, check=True).stdout.split("\n")
    assert [r.split()[:3] for r in routes if r] == [["10.42.0.0/24", "dev", "wlan0"]]
    found = json.loads(inside(netns, "-c", FOUND).stdout)
    assert found["addresses"] == [HOTSPOT]
    assert found["base"] == f"http://{HOTSPOT}:8000"  # not 127.0.1.1 from the hosts line
    assert found["doctor"] == [True, f"phones will use http://{HOTSPOT}"]


def test_no_address_then_the_hotspot(netns: str, tmp_path: Path) -> None:
    """serve starts before the hotspot has its address: the banner says so, then prints the
    link once 10.42.0.1 appears; a phone by 10.42.0.1 gets links with 10.42.0.1."""
    found = json.loads(inside(netns, "-c", FOUND).stdout)
    assert found["addresses"] == [] and not found["doctor"][0]
    assert "start the hotspot" in found["doctor"][1]
    server = subprocess.Popen(
        ["ip", "netns", "exec", netns, sys.executable, "-m", "web.cli", "serve", "--host",
         "0.0.0.0", "--port", str(PORT), "--data", str(tmp_path), "--hardware", "off"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        encoding="utf-8")
    lines, reader = _reader(server)
    with ended(server, reader):
        token = _line(lines, "token:").split()[1]
        assert "no network address yet" in _line(lines, "phones:")
        hotspot_up(netns)
        base = f"http://{HOTSPOT}:{PORT}"
        assert _line(lines, "network:") == (f"network: {HOTSPOT} is up; banker:  "
                                            f"{base}/join/{token}")
        assert _line(lines, "phones:") == f"phones:  {base}"
        for host in (f"{HOTSPOT}:{PORT}", "evil.example"):  # the Host, or else the socket's
            phone = json.loads(inside(netns, "-c", PHONE, token, host).stdout)
            assert phone["links"] and all(u.startswith(f"{base}/join/") for u in phone["links"])
            assert phone["console"].count(f'href="{base}/join/') == 3  # Alice, Bob, /board
            assert f'id="board-link" class="join-link" href="{base}/join/' in phone["console"]
            assert f'href="{base}/"' in phone["console"]  # the "how to join" line
        assert terminated(server) == 0


def _reader(server: subprocess.Popen[str]) -> tuple[queue.Queue[str], threading.Thread]:
    """The server's output lines, read by a thread (so a test can wait with a timeout), and
    the thread."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert server.stdout is not None
        for line in server.stdout:
            lines.put(line.rstrip("\n"))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return lines, reader


def _line(lines: queue.Queue[str], prefix: str, seconds: float = 30) -> str:
    """The next output line starting with ``prefix``; fails after ``seconds``."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            break
        if line.startswith(prefix):
            return line
    pytest.fail(f"no {prefix!r} line from companion serve within {seconds} s")

"""The links follow the address a request came in on; every LAN address is listed
(issue 18 point 1).  The hotspot itself, in a network namespace: ``test_hotspot_netns.py``."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import urllib.request
from pathlib import Path

from flask import Flask

from benchmarks.serve import ended, free_port, read_token, serve_command, terminated
from tests.conftest import WebActions
from web.addresses import lan_addresses, own_host, url_for_host
from web.qr import base_url

#: A request that came in on the hotspot's socket (10.42.0.1:8000), whatever its Host says.
HOTSPOT_SOCKET = {"SERVER_NAME": "10.42.0.1", "SERVER_PORT": "8000"}


def test_interface_addresses_leave_out_loopback() -> None:
    found = lan_addresses()
    for address in found:
        socket.inet_aton(address)  # dotted IPv4
        assert not address.startswith("127.")  # 127.0.0.1 and Raspberry Pi OS's 127.0.1.1
    assert own_host("127.0.1.1") and own_host("localhost") and own_host("::1")
    assert all(own_host(a) for a in found) and not own_host("phone-shop.example")
    assert own_host(socket.gethostname().lower())
    assert base_url("0.0.0.0", 8000) == f"http://{found[0] if found else '127.0.0.1'}:8000"


def test_url_for_host_writes_each_kind_of_address() -> None:
    assert url_for_host("10.42.0.1", 8000) == "http://10.42.0.1:8000"
    assert url_for_host("::ffff:10.42.0.1", 8000) == "http://10.42.0.1:8000"  # dual-stack
    assert url_for_host("fe80::1", 80) == "http://[fe80::1]:80"
    assert url_for_host("raspberrypi.local", None) == "http://raspberrypi.local"


def test_a_foreign_host_gets_the_socket_address(web_actions: WebActions) -> None:
    """A Host that is not this machine (a proxy's, a forged one) is not put in the QR codes:
    the local address of the socket the request came in on is."""
    answer = web_actions.client.post("/api/games", json={"players": ["Alice", "Bob"]},
                                     headers={**web_actions.bearer(), "Host": "evil.example"},
                                     environ_overrides=HOTSPOT_SOCKET)
    links = [p["join_url"] for p in answer.json["players"]]
    assert links and all(u.startswith("http://10.42.0.1:8000/join/") for u in links), links


def test_an_own_host_is_kept(web_actions: WebActions) -> None:
    """The name the phone used (this machine's host name, port and all) stays in the links."""
    host = f"{socket.gethostname().lower()}.local:8080"
    answer = web_actions.client.post("/api/games", json={"players": ["Alice", "Bob"]},
                                     headers={**web_actions.bearer(), "Host": host},
                                     environ_overrides=HOTSPOT_SOCKET)
    assert answer.json["players"][0]["join_url"].startswith(f"http://{host}/join/")


def test_the_console_lists_every_lan_address(web_actions: WebActions, app: Flask) -> None:
    web_actions.new_game("Alice", "Bob")
    web_actions.sign_in(web_actions.banker)
    page = web_actions.client.get(f"/?game={web_actions.game}",
                                  environ_overrides=HOTSPOT_SOCKET).get_data(as_text=True)
    [line] = re.findall(r'<p id="join-bases".*?</p>', page, re.S)
    found = lan_addresses()
    for address in found:
        assert f'href="http://{address}:8000/"' in line
    assert found or "start the hotspot" in line
    app.config["PUBLIC_URL"] = "http://192.168.7.7:8000"  # a configured address wins
    page = web_actions.client.get(f"/?game={web_actions.game}").get_data(as_text=True)
    [line] = re.findall(r'<p id="join-bases".*?</p>', page, re.S)
    assert re.findall(r'href="([^"]+)"', line) == ["http://192.168.7.7:8000/"]


def test_the_banner_names_a_configured_public_url(tmp_path: Path) -> None:
    env = {**os.environ, "COMPANION_PUBLIC_URL": "http://bank.example:8000"}
    port = free_port()
    with ended(subprocess.Popen(serve_command(tmp_path, port), stdout=subprocess.PIPE,
                                text=True, encoding="utf-8", env=env)) as server:
        assert server.stdout is not None
        token = read_token(server.stdout)
        first = server.stdout.readline()
        assert first.startswith("console: http://bank.example:8000/   (data in"), first
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/join/{token}", timeout=30) as page:
            assert page.status == 200  # it serves, its signal handlers in place
        assert terminated(server) == 0 and token

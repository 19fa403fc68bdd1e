"""``companion doctor``'s checks of where the server runs: the LAN address phones will use,
the game log's integrity, free space in the data folder, whether the port is free.

Each check yields :class:`web.doctor.Finding` lines; :func:`web.doctor.run_doctor` runs them
after the machine's and the table's checks.  Nothing here runs at import time.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from web.doctor import DB_NAME, Finding, _user

MIN_FREE = 100 * 1024 * 1024  # bytes of free space below which the log may soon fail


def check_network(host: str) -> Iterator[Finding]:
    """The addresses phones can use (:func:`web.addresses.lan_addresses`, every interface
    that is up with an IPv4 address; the Pi's hotspot ``10.42.0.1`` counts, issue 18 point 1);
    none, or a loopback-only ``host``, means phones cannot join."""
    from web.addresses import lan_addresses

    addresses = lan_addresses()
    if not addresses:
        yield Finding("network", False, "no network address (only this machine): join the "
                      "Wi-Fi (nmcli device wifi connect NAME --ask) or start the hotspot "
                      "(README, 'On a Raspberry Pi')")
    elif host.startswith("127.") or host in ("localhost", "::1"):
        yield Finding("network", False, f"serving on {host} only: use --host 0.0.0.0")
    else:
        urls = [f"http://{a}" for a in addresses]
        more = f" (or {', '.join(urls[1:])})" if len(urls) > 1 else ""
        yield Finding("network", True, f"phones will use {urls[0]}{more}")


def check_database(data_dir: Path) -> Iterator[Finding]:
    """The game log is a companion log (not empty, not foreign), passes SQLite's ``PRAGMA
    integrity_check``, and every game reads and folds; else the advice is
    ``companion rescue`` (issue 17 point 6)."""
    from companion.errors import ForeignLog
    from companion.table import Table

    path = data_dir / DB_NAME
    if not path.exists():
        yield Finding("database", True, f"no game log yet at {path} (created at first start)")
        return
    try:
        table = Table.open(path)
        try:
            verdict, games, hurt = (table.store.integrity(), len(table.game_ids()),
                                    table.damaged())
        finally:
            table.close()
    except ForeignLog as exc:
        yield Finding("database", False, str(exc))
        return
    except Exception as exc:
        verdict, games, hurt = f"cannot be read ({exc})", 0, {}
    if verdict == "ok" and not hurt:
        yield Finding("database", True, f"{path}: integrity ok, {games} game(s)")
        return
    if verdict != "ok":
        yield Finding("database", False, f"{path}: {verdict}; {_rescue(data_dir)}")
    for exc in hurt.values():
        yield Finding("database", False, f"{path}: {exc}; {_rescue(data_dir)}")


def _rescue(data_dir: Path) -> str:
    return (f"stop the service (sudo systemctl stop companion), then: companion rescue "
            f"--data {data_dir} (it keeps the damaged file and says what was lost)")


def check_disk(data_dir: Path) -> Iterator[Finding]:
    """The data folder and the log's files are writable, with at least 100 MB free."""
    log = data_dir / DB_NAME
    paths = [data_dir, log, *(log.with_name(log.name + end) for end in ("-wal", "-shm"))]
    locked = [p for p in paths if p.exists() and not os.access(p, os.W_OK)]
    if locked:
        yield Finding("data folder", False, f"{locked[0]} is not writable by {_user()}: "
                      f"sudo chown -R {_user()}: {data_dir}")
    folder = next(p for p in (data_dir, *data_dir.parents) if p.exists())
    free = shutil.disk_usage(folder).free
    yield Finding("disk", free >= MIN_FREE, f"{free // 2**20} MB free in {folder}"
                  if free >= MIN_FREE else f"only {free // 2**20} MB free in {folder}: "
                  "free space (sudo apt clean; sudo journalctl --vacuum-size=50M)")


def check_port(host: str, port: int) -> Iterator[Finding]:
    """Nothing else listens on ``host:port`` (a running companion service is fine)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
            yield Finding("port", True, f"{host}:{port} is free")
            return
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                raise
    ours = _is_companion(port)
    yield Finding("port", ours, f"{port} is in use by a companion server (the running "
                  "companion service, see systemctl status companion)"
                  if ours else f"{port} is in use by another program: stop it "
                  "or choose another --port")


def _is_companion(port: int) -> bool:
    """True when what answers HTTP on localhost ``port`` is a companion server: its
    ``GET /api/games`` without a token is a 401 JSON ``{"ok": false, "error": ...}``."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2):
            return False  # no token, yet an answer: not ours
    except urllib.error.HTTPError as reply:
        with reply:
            if reply.code != 401 or reply.headers.get_content_type() != "application/json":
                return False
            try:
                body = json.loads(reply.read(64 * 1024))
            except (OSError, ValueError):
                return False
    except OSError:
        return False
    return isinstance(body, dict) and body.get("ok") is False and "error" in body

"""``companion serve``: open the log, start the hardware, print the banner, serve.

The server is :class:`web.server.TableServer`: one asyncio loop (uvicorn) that applies the
phones' commands and writes the live streams itself, and ``threads`` worker threads for
pages and ordinary requests (:mod:`web.front`).  SIGTERM / Ctrl-C end the streams, let open
requests finish, then the strip is turned off and the log closed.
"""

from __future__ import annotations

import asyncio
import fcntl
import gc
import logging
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from companion.errors import StorageError
from companion.table import Table
from web import create_app, state_json
from web.addresses import ALL_INTERFACES, lan_addresses, url_for_host
from web.capacity import raise_fd_limit
from web.front import THREADS
from web.qr import base_url, print_terminal
from web.server import TableServer
from web.warm import Warmup

DB_NAME = "companion.sqlite3"
#: Held (flock) while a server runs on a data folder: one server per game log.
LOCK_NAME = "companion.lock"


@contextmanager
def data_lock(data: Path) -> Iterator[bool]:
    """Hold the lock of the data folder ``data`` (an existing folder) for the ``with`` block.

    Yields True while held, False when another process (a running server) holds it; released
    at the end of the block.  Raises OSError when the lock file cannot be opened.
    """
    with open(data / LOCK_NAME, "a+") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield False
            return
        yield True


def start_hardware(table: Table, mode: str, layout_file: Path, out: TextIO) -> Any:
    """The running hardware for ``mode`` (``auto`` detects it), or None when off or broken."""
    if mode == "off":
        return None
    try:
        from hardware import detect_mode, load_if_present
        from hardware import start_hardware as start
    except ImportError as exc:
        print(f"table hardware: off (the hardware package is missing: {exc})", file=out)
        return None
    try:
        chosen = detect_mode() if mode == "auto" else mode
        layout = load_if_present(layout_file)
        return start(table, chosen, layout)
    except Exception as exc:  # the bank must run without lights
        print(f"table hardware: off (could not start {mode}: {exc})", file=out)
        return None


def banner(hardware: Any, url: str, token: str, data: Path, out: TextIO) -> None:
    """The first lines: hardware, the banker's link and token (its QR code follows once the
    server answers: :func:`started`)."""
    describe = getattr(hardware, "describe", None)
    print(describe() if describe else "table hardware: off", file=out)
    print(f"banker:  {url}/join/{token}", file=out)
    print(f"token:   {token}", file=out)
    print(f"console: {url}/   (data in {data})", file=out)
    out.flush()


def print_qr(url: str, token: str, out: TextIO) -> None:
    """A QR code of the banker's link (importing and drawing it takes ~16 ms with bytecode,
    ~40 ms without: not before the first answer)."""
    print_terminal(f"{url}/join/{token}", out)
    out.flush()


#: Seconds between looks for a network address when there was none at start.
ADDRESS_POLL = 2.0


def print_phones(host: str, port: int, out: TextIO) -> bool:
    """When listening on all interfaces: a ``phones:`` line with every LAN address
    (:func:`web.addresses.lan_addresses`), or one saying there is none yet (issue 18
    point 1).  Returns False only when there is none yet."""
    if host not in ALL_INTERFACES:
        return True
    addresses = lan_addresses()
    if addresses:
        print("phones:  " + "  ".join(url_for_host(a, port) for a in addresses), file=out)
    else:
        print("phones:  no network address yet (join the Wi-Fi or start the hotspot); the "
              "links follow the address phones use, and it is printed here when it appears",
              file=out)
    out.flush()
    return bool(addresses)


def watch_for_address(port: int, token: str, out: TextIO, stop: threading.Event) -> None:
    """Until ``stop`` is set: look for a LAN address every :data:`ADDRESS_POLL` seconds;
    once one appears print the banker's link there, its QR code and the ``phones:`` line."""
    while not stop.wait(ADDRESS_POLL):
        addresses = lan_addresses()
        if addresses:
            url = url_for_host(addresses[0], port)
            print(f"network: {addresses[0]} is up; banker:  {url}/join/{token}", file=out)
            print_terminal(f"{url}/join/{token}", out)
            print_phones("0.0.0.0", port, out)
            return


#: Seconds after the server answers that the banner's QR code is drawn: the first phone's
#: answer does not wait for it (issue 19 point 4), and a person sees no delay.
LATER = 0.5


def started(ready: Callable[[], object] | None,
            then: Callable[[], object] | None = None) -> Callable[[], None]:
    """What the server calls once it answers: the objects made so far (modules, the folded
    games) are kept out of the garbage collector's passes for good (``gc.freeze``: a pass
    over them took ~70 ms on this machine) and it is on again (:func:`web.cli.run_serve`
    turned it off for the start-up), then ``ready`` (systemd's READY=1) when given, and
    ``then`` (the banner's QR code) :data:`LATER` seconds after, in the loop when it is
    called in one (no thread: one costs ~1.2 MiB of memory), else at once."""

    def call() -> None:
        gc.freeze()
        gc.enable()
        if ready is not None:
            ready()
        if then is not None:
            try:
                asyncio.get_running_loop().call_later(LATER, then)
            except RuntimeError:  # no loop running
                then()

    return call


def warm_soon(server: TableServer, warmup: Warmup) -> None:
    """Hand :meth:`web.warm.Warmup.run` to one of the server's worker threads (the pool
    the pages use: no thread of its own, and one a page would have started anyway); called
    with the banner's QR code, :data:`LATER` seconds after the server answers."""
    server.front.pages.executor.submit(warmup.run)


def _notifier() -> Any:
    """:mod:`web.systemd_notify`, or None when it cannot be imported."""
    try:
        from web import systemd_notify
    except ImportError:  # without it: no systemd notifications
        return None
    return systemd_notify


def serve(host: str, port: int, data: Path, hardware_mode: str, threads: int = THREADS,
          new_banker_token: bool = False, out: TextIO = sys.stdout) -> int:
    """Run the table server until SIGTERM / Ctrl-C; returns the exit status (1 when another
    server already uses ``data``, or the port is taken).  Raises the process's file
    descriptor limit to its hard limit first: the server's connection caps are derived from
    it (:mod:`web.capacity`, issue 17)."""
    raise_fd_limit()
    data.mkdir(parents=True, exist_ok=True)
    with data_lock(data) as held:
        if not held:
            print(f"companion: another companion server is already using {data} "
                  "(stop it first: two servers on one game log would disagree)", file=sys.stderr)
            return 1
        return _serve_locked(host, port, data, hardware_mode, threads, new_banker_token, out)


def _serve_locked(host: str, port: int, data: Path, hardware_mode: str, threads: int,
                  new_banker_token: bool, out: TextIO) -> int:
    try:  # a foreign, empty or unopenable file is refused, never made an empty bank
        table = Table.open(data / DB_NAME, encode=state_json.encode)
    except StorageError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    for hurt in table.damaged().values():  # the healthy games play on (issue 17 point 6)
        print(f"companion: {hurt}; its commands are refused until companion rescue is run",
              file=sys.stderr)
    hardware = start_hardware(table, hardware_mode, data / "hardware.toml", out)
    try:
        return _run(table, hardware, host, port, data, threads, new_banker_token, out)
    except OSError as exc:
        print(f"companion: cannot serve on {host}:{port}: {exc} (choose another with --port)",
              file=sys.stderr)
        return 1
    finally:
        if hardware is not None:
            hardware.close()
        table.close()


def _run(table: Table, hardware: Any, host: str, port: int, data: Path, threads: int,
         new_banker_token: bool, out: TextIO) -> int:
    settings = {"SECRET_KEY_FILE": str(data / "secret.key"), "DATABASE": str(data / DB_NAME)}
    app = create_app(settings, table=table, hardware=hardware)
    # No PUBLIC_URL is set here: the links follow the address each request came in on
    # (web.addresses, issue 18 point 1); a configured one (COMPANION_PUBLIC_URL) wins.
    url = str(app.config.get("PUBLIC_URL") or base_url(host, port)).rstrip("/")
    tokens = app.extensions["companion.tokens"]
    token = tokens.rotate_banker() if new_banker_token else tokens.banker()
    sd = _notifier()
    url_status = f"serving on {url}"
    warmup = Warmup(app)

    def later() -> None:
        print_qr(url, token, out)
        warm_soon(server, warmup)

    server = TableServer(app, host, port, threads,
                         on_exit=sd.stopping if sd is not None else lambda: None,
                         on_ready=started((lambda: sd.ready(url_status)) if sd else None,
                                          later))
    banner(hardware, url, token, data, out)
    stop_watching = threading.Event()
    if not print_phones(host, port, out):
        threading.Thread(target=watch_for_address, args=(port, token, out, stop_watching),
                         name="address-watch", daemon=True).start()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    dog = None
    if sd is not None:
        dog = sd.start_watchdog(lambda: table.game_ids() is not None and server.alive())
    try:
        server.run()  # READY=1 once it serves, with its signal handlers in place
    finally:
        app.extensions["companion.stopping"].set()
        stop_watching.set()
        if dog is not None:
            dog.stop()
    return 0

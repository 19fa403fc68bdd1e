"""``companion serve``: open the log, start the hardware, print the banner, run waitress.

Waitress runs ``threads`` worker threads (default 24): every open live stream holds one,
so 8 phones + the console + the table page + spare requests need well over the default 4.
Waitress 3 sends each chunk a streamed response yields at once (its ``send_bytes`` is 1
and deprecated), so Server-Sent Events are not held back in a buffer.
"""

from __future__ import annotations

import fcntl
import logging
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from waitress import create_server

from companion.table import Table
from web import create_app
from web.qr import base_url, print_terminal

DB_NAME = "companion.sqlite3"
#: Held (flock) while a server runs on a data folder: one server per game log.
LOCK_NAME = "companion.lock"
#: Worker threads: 8 phone streams + console + table page + spare for ordinary requests.
THREADS = 24


def start_hardware(table: Table, mode: str, layout_file: Path, out: TextIO) -> Any:
    """The running hardware for ``mode`` (``auto`` detects it), or None when off or broken."""
    if mode == "off":
        return None
    try:
        from hardware import detect_mode, load
        from hardware import start_hardware as start
    except ImportError as exc:
        print(f"table hardware: off (the hardware package is missing: {exc})", file=out)
        return None
    try:
        chosen = detect_mode() if mode == "auto" else mode
        layout = load(layout_file if layout_file.is_file() else None)
        return start(table, chosen, layout)
    except Exception as exc:  # the bank must run without lights
        print(f"table hardware: off (could not start {mode}: {exc})", file=out)
        return None


def banner(hardware: Any, url: str, token: str, data: Path, out: TextIO) -> None:
    """The first lines: hardware, the banker's link and token, a QR code of the link."""
    describe = getattr(hardware, "describe", None)
    print(describe() if describe else "table hardware: off", file=out)
    print(f"banker:  {url}/join/{token}", file=out)
    print(f"token:   {token}", file=out)
    print(f"console: {url}/   (data in {data})", file=out)
    print_terminal(f"{url}/join/{token}", out)
    out.flush()


def _supervise(table: Table, stop: Callable[[], None], url: str) -> Any:
    """Signal handling and systemd's ``READY=1`` / watchdog (:mod:`web.systemd_notify`).

    Returns the watchdog (or None).  SIGTERM/SIGINT call ``stop`` and end ``server.run()``.
    """
    try:
        from web import systemd_notify as sd
    except ImportError:  # without it: plain SIGTERM handling, no systemd notifications
        def on_signal(_signum: int, _frame: Any) -> None:
            stop()
            raise SystemExit(0)

        signal.signal(signal.SIGTERM, on_signal)
        return None
    sd.install_signal_handlers(stop)
    dog = sd.start_watchdog(lambda: table.game_ids() is not None)
    sd.ready(f"serving on {url}")
    return dog


def serve(host: str, port: int, data: Path, hardware_mode: str, threads: int = THREADS,
          new_banker_token: bool = False, out: TextIO = sys.stdout) -> int:
    """Run the table server until SIGTERM / Ctrl-C; returns the exit status (1 when another
    server already uses ``data``, or the port is taken)."""
    data.mkdir(parents=True, exist_ok=True)
    with open(data / LOCK_NAME, "a+") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            print(f"companion: another companion server is already using {data} "
                  "(stop it first: two servers on one game log would disagree)", file=sys.stderr)
            return 1
        return _serve_locked(host, port, data, hardware_mode, threads, new_banker_token, out)


def _serve_locked(host: str, port: int, data: Path, hardware_mode: str, threads: int,
                  new_banker_token: bool, out: TextIO) -> int:
    table = Table.open(data / DB_NAME)
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
    url = base_url(host, port)
    settings = {"PUBLIC_URL": url, "SECRET_KEY_FILE": str(data / "secret.key"),
                "DATABASE": str(data / DB_NAME)}
    app = create_app(settings, table=table, hardware=hardware)
    tokens = app.extensions["companion.tokens"]
    token = tokens.rotate_banker() if new_banker_token else tokens.banker()
    server = create_server(app, host=host, port=port, threads=threads, ident="companion")
    banner(hardware, url, token, data, out)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    stopping = app.extensions["companion.stopping"]
    dog = _supervise(table, stopping.set, url)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        stopping.set()
        if dog is not None:
            dog.stop()
        server.close()
    return 0

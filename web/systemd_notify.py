"""systemd integration in plain stdlib: ``sd_notify`` and the watchdog.

Under ``Type=notify`` systemd sets ``$NOTIFY_SOCKET`` (a path, or ``@name`` for the abstract
namespace) and, with ``WatchdogSec=``, ``$WATCHDOG_USEC`` (and ``$WATCHDOG_PID``).  Every
function here is a no-op returning False / None when those are not set, so ``companion serve``
behaves the same outside systemd.  See sd_notify(3) and systemd.service(5).

Typical use (``companion serve``, :mod:`web.serve`; the server itself handles SIGTERM and
SIGINT and calls ``on_exit`` once)::

    server = TableServer(app, host, port, on_exit=stopping)   # STOPPING=1 on SIGTERM/SIGINT
    dog = start_watchdog(healthy)             # None outside systemd
    ready("serving on http://192.168.1.20:8000")
    server.run()
"""

from __future__ import annotations

import os
import socket
import sys
import threading
from collections.abc import Callable, Mapping


def notify(*fields: str, env: Mapping[str, str] | None = None) -> bool:
    """Send ``fields`` (``"READY=1"``, ``"STATUS=..."``) to systemd in one datagram.

    Returns True when sent, False when not under systemd or the socket is gone (never raises:
    a vanished supervisor must not stop the bank).
    """
    address = (os.environ if env is None else env).get("NOTIFY_SOCKET", "")
    if address.startswith("@"):
        address = "\0" + address[1:]
    elif not address.startswith("/"):
        return False  # unset, or an AF_VSOCK address, which a Pi never uses
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            sock.sendall("\n".join(fields).encode())
    except OSError:
        return False
    return True


def ready(status: str | None = None) -> bool:
    """Tell systemd start-up is done (``READY=1``), with an optional status line."""
    return notify("READY=1", *(() if status is None else (f"STATUS={status}",)))


def stopping() -> bool:
    """Tell systemd the service is shutting down (``STOPPING=1``)."""
    return notify("STOPPING=1")


def watchdog() -> bool:
    """Ping the watchdog once (``WATCHDOG=1``)."""
    return notify("WATCHDOG=1")


def watchdog_interval(env: Mapping[str, str] | None = None) -> float | None:
    """Seconds between pings (half of ``WatchdogSec=``), or None when no watchdog is asked
    for this process (``$WATCHDOG_USEC`` unset or invalid, or ``$WATCHDOG_PID`` another pid)."""
    env = os.environ if env is None else env
    pid = env.get("WATCHDOG_PID")
    if pid and pid != str(os.getpid()):
        return None
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    return usec / 2e6 if usec > 0 else None


class Watchdog:
    """A daemon thread that pings the watchdog every ``interval`` seconds while ``healthy()``
    returns true.  A false answer, an exception or a hung check means no ping, so systemd kills
    and restarts the service (``Restart=on-failure``).

    Args:
        healthy: the health check, e.g. one that takes the table lock briefly.
        interval: seconds between checks (see :func:`watchdog_interval`).
    """

    def __init__(self, healthy: Callable[[], bool], interval: float):
        self.healthy = healthy
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="systemd-watchdog", daemon=True)

    def start(self) -> Watchdog:
        """Start the thread; returns self."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop pinging (before a clean shutdown); idempotent."""
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            if self._check():
                watchdog()
            self._stop.wait(self.interval)

    def _check(self) -> bool:
        try:
            return bool(self.healthy())
        except Exception as exc:  # a failing check is an unhealthy table, not a crash
            print(f"watchdog: health check failed: {exc!r}", file=sys.stderr, flush=True)
            return False


def start_watchdog(healthy: Callable[[], bool],
                   env: Mapping[str, str] | None = None) -> Watchdog | None:
    """A started :class:`Watchdog` when systemd asked for one, else None."""
    interval = watchdog_interval(env)
    return None if interval is None else Watchdog(healthy, interval).start()


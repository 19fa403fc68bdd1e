"""The LED strip on a WLED board over Wi-Fi: DDP frames on UDP (issue 18, "Beyond").

The same frames as :class:`hardware.strip.SerialStrip`, sent as :mod:`hardware.ddp` packets
instead of Adalight bytes, so the strip needs no cable to the Pi.  Chosen in ``hardware.toml``
with ``[strip] driver = "ddp"`` and ``host = "..."`` (``hardware/README.md``).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Sequence
from typing import Any

from hardware import ddp

Colour = tuple[int, int, int]
BLACK: Colour = (0, 0, 0)
log = logging.getLogger(__name__)


class DdpStrip:
    """DDP frames to ``host:port`` over UDP, sent by one daemon thread.

    A changed frame is sent at once; an unchanged one again every ``refresh`` seconds (WLED
    leaves realtime mode 2.5 s after the last frame).  ``host`` is looked up again on every
    (re)connect, so a board that got a new address by DHCP or answers to an mDNS name
    (``wled-1a2b3c.local``) is found again.  When the name cannot be resolved or a send
    fails (no route, host unreachable, port refused: the socket is connected, so the kernel
    reports these), the socket is closed and the next try waits ``backoff`` s, doubling up
    to ``max_backoff`` s.  UDP has no acknowledgement, so the strip counts as working again
    only after ``settle`` s of sends without an error on one socket; only then is the pause
    reset to ``backoff``.  One warning when the strip stops or fails in a new way, one info
    line when it works again; the retries in between are debug lines.  A frame is always
    sent whole from its first packet: WLED shows it only on the last packet's push flag.
    ``close()`` sends an all-black frame, then closes; idempotent.  No socket exists before
    the thread's first connect.

    Args:
        host: a name (``wled.local``) or an IPv4/IPv6 address.
        count: LEDs on the strip (1..65536).
        port: WLED listens for DDP on 4048.
        refresh, backoff, max_backoff, settle: seconds, as above.
        send_timeout: seconds a send may block before it counts as failed.
    """

    def __init__(self, host: str, count: int, *, port: int = ddp.PORT, refresh: float = 1.0,
                 backoff: float = 0.5, max_backoff: float = 30.0, settle: float = 5.0,
                 send_timeout: float = 0.5):
        self.host, self.port, self.url = host, port, f"ddp://{_joined(host, port)}"
        self.colours = [BLACK] * count
        self._refresh, self._settle, self._send_timeout = refresh, settle, send_timeout
        self.backoff = self._min_backoff = backoff
        self._max_backoff, self._retry_at = max_backoff, 0.0
        self._dirty, self._closed, self._sequence = True, False, 1
        self._sock: socket.socket | None = None
        self._clean_since: float | None = None
        self.failing, self._reason = False, ""
        self._cond = threading.Condition()
        self.frames_sent = 0
        self._thread = threading.Thread(target=self._run, name="led-strip-ddp", daemon=True)
        self._thread.start()

    @property
    def connected(self) -> bool:
        """True while a socket to the board is open."""
        return self._sock is not None

    def show(self, colours: Sequence[Colour]) -> None:
        """Make ``colours`` the current frame; sent at once when it changed.

        Raises ValueError for a bad colour (a bug in the caller, not a network problem).
        """
        ddp.body(colours)  # check now, in the caller's thread
        with self._cond:
            if list(colours) != self.colours and not self._closed:
                self.colours, self._dirty = list(colours), True
                self._cond.notify_all()

    def close(self) -> None:
        """Stop the thread, send a black frame (best effort) and close the socket; idempotent."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=5)
        if self._sock is not None:
            self._send([BLACK] * len(self.colours))
        self._disconnect(None)

    def __enter__(self) -> DdpStrip:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        while (frame := self._next_frame()) is not None:
            if self._sock is None and time.monotonic() < self._retry_at:
                continue
            if self._sock is None:
                self._connect()
            if self._sock is not None:
                self._send(frame)

    def _next_frame(self) -> list[Colour] | None:
        """Wait until a frame is due (changed, refresh or retry time); None once closed."""
        with self._cond:
            if self._sock is None:
                self._cond.wait(max(0.0, self._retry_at - time.monotonic()))
            elif not self._dirty:
                self._cond.wait(self._refresh)
            self._dirty = False
            return None if self._closed else list(self.colours)

    def _connect(self) -> None:
        """Resolve ``host`` and connect a UDP socket to its first address."""
        try:
            family, kind, proto, _name, address = socket.getaddrinfo(
                self.host, self.port, type=socket.SOCK_DGRAM)[0]
        except (OSError, UnicodeError) as exc:  # socket.gaierror is an OSError
            self._fail(f"cannot find {self.host} on the network ({_words(exc)})")
            return
        if self._closed:  # a slow lookup outlasted close(): open nothing
            return
        sock = socket.socket(family, kind, proto)
        try:
            sock.settimeout(self._send_timeout)
            sock.connect(address)
        except OSError as exc:
            sock.close()
            self._fail(f"cannot reach {address[0]} ({_words(exc)})")
            return
        self._sock, self._clean_since = sock, None
        log.debug("LED strip on %s: sending to %s", self.url, address[0])

    def _send(self, colours: list[Colour]) -> None:
        """Send one whole frame; an error (now or reported by the kernel since) disconnects."""
        assert self._sock is not None
        try:
            for packet in ddp.packets(colours, self._sequence):
                self._sock.send(packet)
                self._sequence = ddp.next_sequence(self._sequence)
            error = self._sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if error:
                raise OSError(error, os.strerror(error))
        except OSError as exc:
            self._disconnect(exc)
            return
        self._sent()

    def _sent(self) -> None:
        now = time.monotonic()
        if self._clean_since is None:
            self._clean_since = now
        if self.failing and now - self._clean_since >= self._settle:
            log.info("LED strip on %s: sending again", self.url)
            self.failing, self.backoff = False, self._min_backoff
        elif not self.failing:
            self.backoff = self._min_backoff
        with self._cond:
            self.frames_sent += 1
            self._cond.notify_all()

    def _disconnect(self, exc: BaseException | None) -> None:
        """Close the socket (errors ignored); after a failure, schedule the next try."""
        sock, self._sock = self._sock, None
        if sock is not None:
            sock.close()
        if exc is not None:
            self._fail(f"sending failed ({_words(exc)})")

    def _fail(self, reason: str) -> None:
        """Warn when the strip stops working or fails in a new way (the same failure again is
        a debug line); retry after a growing pause."""
        known = self.failing and reason == self._reason
        log.log(logging.DEBUG if known else logging.WARNING,
                "LED strip on %s: %s; retrying, at most every %g s", self.url, reason,
                self._max_backoff)
        self.failing, self._reason = True, reason
        self._retry_at = time.monotonic() + self.backoff
        self.backoff = min(self.backoff * 2, self._max_backoff)


def _joined(host: str, port: int) -> str:
    """``wled.local:4048``; an IPv6 address in brackets: ``[fd00::7]:4048``."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _words(exc: BaseException) -> str:
    """The operating system's sentence for ``exc`` (``Connection refused``), else its text."""
    strerror: Any = getattr(exc, "strerror", None)
    return str(strerror) if strerror else (str(exc) or type(exc).__name__)

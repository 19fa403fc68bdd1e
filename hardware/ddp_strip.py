"""The LED strip on a WLED board over Wi-Fi: DDP frames on UDP (issue 18, "Beyond").

The same frames as :class:`hardware.strip.SerialStrip`, sent as :mod:`hardware.ddp` packets
instead of Adalight bytes, so the strip needs no cable to the Pi.  Chosen in ``hardware.toml``
with ``[strip] driver = "ddp"`` and ``host = "..."`` (``hardware/README.md``).
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Sequence
from typing import Any

from hardware import ddp
from hardware.link import Colour, Link


class DdpStrip(Link[list[Colour]]):
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

    log = logging.getLogger(__name__)
    again = "sending again"

    def __init__(self, host: str, count: int, *, port: int = ddp.PORT, refresh: float = 1.0,
                 backoff: float = 0.5, max_backoff: float = 30.0, settle: float = 5.0,
                 send_timeout: float = 0.5):
        self.host, self.port, self.url = host, port, f"ddp://{_joined(host, port)}"
        self._send_timeout, self._sequence = send_timeout, 1
        self._sock: socket.socket | None = None
        super().__init__(count, name="led-strip-ddp", refresh=refresh, backoff=backoff,
                         max_backoff=max_backoff, settle=settle)

    @property
    def connected(self) -> bool:
        """True while a socket to the board is open."""
        return self._sock is not None

    @property
    def frames_sent(self) -> int:
        """Whole frames sent so far (UDP: sent without an error, not known to be shown)."""
        return self.frames_written

    def _encode(self, colours: Sequence[Colour]) -> list[Colour]:
        ddp.body(colours)  # check now, in the caller's thread
        return list(colours)

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
        self._sock = sock
        self.log.debug("LED strip on %s: sending to %s", self.url, address[0])

    def _put(self, frame: list[Colour]) -> None:
        """Send one whole frame; an error (now or reported by the kernel since) disconnects."""
        assert self._sock is not None
        try:
            for packet in ddp.packets(frame, self._sequence):
                self._sock.send(packet)
                self._sequence = ddp.next_sequence(self._sequence)
            error = self._sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if error:
                raise OSError(error, os.strerror(error))
        except OSError as exc:
            self._disconnect(exc)
            return
        self._done()

    def _hang_up(self) -> None:
        sock, self._sock = self._sock, None
        if sock is not None:
            sock.close()

    def _why(self, exc: BaseException) -> str:
        return f"sending failed ({_words(exc)})"


def _joined(host: str, port: int) -> str:
    """``wled.local:4048``; an IPv6 address in brackets: ``[fd00::7]:4048``."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _words(exc: BaseException) -> str:
    """The operating system's sentence for ``exc`` (``Connection refused``), else its text."""
    strerror: Any = getattr(exc, "strerror", None)
    return str(strerror) if strerror else (str(exc) or type(exc).__name__)

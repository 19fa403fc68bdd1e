"""LED strip drivers: a serial Adalight driver thread and an in-memory recording strip.

Both take whole frames with ``show(colours)`` (one ``(r, g, b)`` per LED, 0–255) and never
raise into the caller: a strip that is unplugged or stops reading is simply retried (issue 4,
part 3; issue 18, point 7).
"""

from __future__ import annotations

import logging
import os
import select
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import serial

from hardware import adalight
from hardware.link import BLACK, Colour, Link
from hardware.ports import AUTO, DEV, WHERE, find_serial

log = logging.getLogger(__name__)


class Strip(Protocol):
    """What :mod:`hardware.lights` drives: ``show`` a frame, read back ``colours``, ``close``."""

    colours: list[Colour]

    def show(self, colours: Sequence[Colour]) -> None: ...

    def close(self) -> None: ...


class RecordingStrip:
    """A strip that only remembers: ``colours`` is the current frame, ``frames`` the last 100."""

    def __init__(self, count: int):
        self.colours: list[Colour] = [BLACK] * count
        self.frames: deque[list[Colour]] = deque(maxlen=100)
        self.closed = False

    def show(self, colours: Sequence[Colour]) -> None:
        """Record ``colours`` as the current frame (ignored once closed)."""
        if not self.closed and list(colours) != self.colours:
            self.colours = list(colours)
            self.frames.append(self.colours)

    def close(self) -> None:
        """Blank the strip and stop recording; idempotent."""
        if not self.closed:
            self.show([BLACK] * len(self.colours))
            self.closed = True

    def __enter__(self) -> RecordingStrip:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SerialStrip(Link[bytes]):
    """Adalight frames over pyserial, written by one daemon thread (:class:`hardware.link.Link`).

    Wiring and set-up: ``hardware/README.md``.  A changed frame is written at once; an
    unchanged one again every ``refresh`` seconds (WLED leaves realtime mode after 2.5 s).
    When the device fails (``SerialException``/``OSError``, or a write stalled past
    ``write_timeout`` s because the controller stopped reading) the port is closed and
    reopened after ``backoff`` s, doubling on each failure up to ``max_backoff`` s and back to
    ``backoff`` only once a whole frame was written again.  One warning when the strip stops,
    one info line when it works again; the retries in between are logged at debug level.
    Only whole frames reach the controller: the rest of a frame cut off by a stalled write is
    sent before the next frame's header (issue 18, point 7).  ``close()`` writes an all-black
    frame, then closes; idempotent.

    Args:
        url: a device path (``/dev/serial/by-id/...``), a pyserial URL (``loop://``), or
            ``"auto"``: on every (re)connect the first of
            :func:`hardware.ports.serial_candidates` under ``dev``.
        count: LEDs on the strip (1..65536).
        opener: ``serial.serial_for_url`` or a stand-in with its signature.
        dev: the device folder searched for ``"auto"`` (``/dev``; a temporary one in tests).
    """

    log = logging.getLogger(__name__)

    def __init__(self, url: str, count: int, *, baudrate: int = 115200,
                 write_timeout: float = 0.5, refresh: float = 1.0, backoff: float = 0.5,
                 max_backoff: float = 30.0, opener: Callable[..., Any] = serial.serial_for_url,
                 dev: Path = DEV):
        self.auto, self._dev = url == AUTO, dev
        self.url = (find_serial(dev) or AUTO) if self.auto else url
        self._open_args = {"baudrate": baudrate, "write_timeout": write_timeout}
        self._opener, self._write_timeout = opener, write_timeout
        self._port: Any = None
        self._tail = b""
        super().__init__(count, name="led-strip", refresh=refresh, backoff=backoff,
                         max_backoff=max_backoff)

    @property
    def connected(self) -> bool:
        """True while the device is open."""
        return self._port is not None

    def _encode(self, colours: Sequence[Colour]) -> bytes:
        return adalight.encode(colours)

    def _connect(self) -> None:
        url = find_serial(self._dev) if self.auto else self.url
        if url is None:
            self._fail(f"no LED controller plugged in (looked in {WHERE})")
            return
        self.url = url
        try:
            self._port = self._opener(url, **self._open_args)
            log.debug("LED strip opened on %s", url)
        except (OSError, ValueError) as exc:
            self._fail(str(exc))

    def _put(self, frame: bytes) -> None:
        """Write the rest of a cut-off frame, then ``frame``; a stall or error disconnects."""
        data, tail = self._tail + frame, len(self._tail)
        try:
            sent = _send(self._port, data, self._write_timeout)
        except (OSError, ValueError) as exc:  # SerialException is an OSError
            self._tail = b""  # the device is gone, and with it its half-read frame
            self._disconnect(exc)
            return
        if sent < len(data):
            self._tail = _unfinished(data, sent, tail)
            self._disconnect(TimeoutError(
                f"the controller stopped reading (a write stalled {self._write_timeout} s)"))
            return
        self._tail = b""
        self._done()

    def _hang_up(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except (OSError, ValueError):
                pass


def _unfinished(data: bytes, sent: int, tail: int) -> bytes:
    """What must go out before any new header after a write of ``data`` stalled at ``sent``
    bytes, its first ``tail`` bytes finishing an earlier cut-off frame: the controller never
    sees a frame cut short (issue 18, point 7)."""
    if sent < tail:
        return data[sent:tail]  # still in the earlier frame; the new one never began
    return data[sent:] if sent > tail else b""  # finish the new frame, if it began


def _send(port: Any, data: bytes, timeout: float) -> int:
    """Write ``data`` to ``port`` for at most ``timeout`` s; the number of bytes written.

    A port with a file descriptor (a tty) is written directly, so a stall tells how much of
    the frame went out; other pyserial ports (``loop://``) use their own ``write``.
    """
    try:
        fd = port.fileno()
    except (OSError, ValueError, AttributeError):
        return int(port.write(data))
    os.set_blocking(fd, False)  # pyserial opens ttys non-blocking; make sure
    done, deadline = 0, time.monotonic() + timeout
    while done < len(data):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([], [fd], [], left)[1]:
            break
        try:
            done += os.write(fd, data[done:])
        except BlockingIOError:
            continue
    return done

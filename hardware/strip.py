"""LED strip drivers: a serial Adalight driver thread and an in-memory recording strip.

Both take whole frames with ``show(colours)`` (one ``(r, g, b)`` per LED, 0–255) and never
raise into the caller: a strip that is unplugged is simply retried (issue 4, part 3).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import serial

from hardware import adalight

Colour = tuple[int, int, int]
BLACK: Colour = (0, 0, 0)
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


class SerialStrip:
    """Adalight frames over pyserial, written by one daemon thread.

    Wiring and set-up: ``hardware/README.md``.  A changed frame is written at once; an
    unchanged one again every ``refresh`` seconds (WLED leaves realtime mode after 2.5 s).
    When the device fails (``SerialException``/``OSError``, a write stalled past
    ``write_timeout`` s) the port is closed and reopened after ``backoff`` s, doubling up to
    ``max_backoff`` s.  ``close()`` writes an all-black frame, then closes; idempotent.

    Args:
        url: a device path (``/dev/serial/by-id/...``) or pyserial URL (``loop://``).
        count: LEDs on the strip (1..65536).
        opener: ``serial.serial_for_url`` or a stand-in with its signature.
    """

    def __init__(self, url: str, count: int, *, baudrate: int = 115200,
                 write_timeout: float = 0.5, refresh: float = 1.0, backoff: float = 0.25,
                 max_backoff: float = 8.0, opener: Callable[..., Any] = serial.serial_for_url):
        self.url, self.colours = url, [BLACK] * count
        self._open_args = {"baudrate": baudrate, "write_timeout": write_timeout}
        self._opener, self._refresh = opener, refresh
        self._backoff = self._min_backoff = backoff
        self._max_backoff, self._retry_at = max_backoff, 0.0
        self._frame, self._dirty, self._closed = adalight.encode(self.colours), True, False
        self._port: Any = None
        self._cond = threading.Condition()
        self.frames_written = 0
        self._thread = threading.Thread(target=self._run, name="led-strip", daemon=True)
        self._thread.start()

    @property
    def connected(self) -> bool:
        """True while the device is open."""
        return self._port is not None

    def show(self, colours: Sequence[Colour]) -> None:
        """Make ``colours`` the current frame; written at once when it changed.

        Raises ValueError for a bad colour (a bug in the caller, not a device problem).
        """
        frame = adalight.encode(colours)
        with self._cond:
            if frame != self._frame and not self._closed:
                self.colours, self._frame, self._dirty = list(colours), frame, True
                self._cond.notify_all()

    def wait_written(self, count: int, timeout: float) -> bool:
        """Block until more than ``count`` frames were written, or ``timeout`` s; True if so."""
        with self._cond:
            return self._cond.wait_for(lambda: self.frames_written > count, timeout)

    def close(self) -> None:
        """Stop the thread, blank the strip (best effort) and close the device; idempotent."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=5)
        if self._port is not None:
            self._write(adalight.encode([BLACK] * len(self.colours)))
        self._disconnect(None)

    def __enter__(self) -> SerialStrip:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        while (frame := self._next_frame()) is not None:
            if self._port is None and time.monotonic() < self._retry_at:
                continue
            if self._port is None:
                self._connect()
            if self._port is not None:
                self._write(frame)

    def _next_frame(self) -> bytes | None:
        """Wait until a frame is due (changed, refresh or retry time); None once closed."""
        with self._cond:
            if self._port is None:
                self._cond.wait(max(0.0, self._retry_at - time.monotonic()))
            elif not self._dirty:
                self._cond.wait(self._refresh)
            self._dirty = False
            return None if self._closed else self._frame

    def _connect(self) -> None:
        try:
            self._port = self._opener(self.url, **self._open_args)
            self._backoff = self._min_backoff
            log.info("LED strip connected on %s", self.url)
        except (OSError, ValueError) as exc:
            self._disconnect(exc)

    def _write(self, frame: bytes) -> None:
        try:
            self._port.write(frame)
        except (OSError, ValueError) as exc:  # SerialException is an OSError
            self._disconnect(exc)
            return
        with self._cond:
            self.frames_written += 1
            self._cond.notify_all()

    def _disconnect(self, exc: BaseException | None) -> None:
        """Close the port (errors ignored); after a failure, schedule the next try."""
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except (OSError, ValueError):
                pass
        if exc is not None:
            first = port is not None or self._backoff == self._min_backoff
            log.log(logging.WARNING if first else logging.DEBUG,
                    "LED strip on %s: %s; retry in %.2f s", self.url, exc, self._backoff)
            self._retry_at = time.monotonic() + self._backoff
            self._backoff = min(self._backoff * 2, self._max_backoff)

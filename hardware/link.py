"""What every LED strip driver to a real controller shares: the writer thread (issue 4, part 3;
issue 18, point 7 and "Beyond").

:class:`Link` keeps the current frame, sends it from one daemon thread when it changes and
again every ``refresh`` seconds, reconnects after a failure with a pause growing from
``backoff`` to ``max_backoff`` seconds, warns once per new failure and blanks the strip on
``close()``.  A driver (:class:`hardware.strip.SerialStrip`, :class:`hardware.ddp_strip.DdpStrip`)
only says how a frame is encoded, how the device is opened, written and closed.
"""

from __future__ import annotations

import logging
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Generic, Self, TypeVar

Colour = tuple[int, int, int]
BLACK: Colour = (0, 0, 0)
F = TypeVar("F")


class Link(ABC, Generic[F]):
    """A strip of ``count`` LEDs fed by one daemon thread named ``name``.

    A subclass sets its own fields, then calls ``super().__init__`` (which starts the thread),
    and implements ``connected``, ``_encode``, ``_connect``, ``_put`` and ``_hang_up``; ``_put``
    calls ``_done()`` after a whole frame went out and ``_disconnect(exc)`` on a failure.
    The pause is reset to ``backoff`` (and an info line logged after a failure) once frames
    went out without an error for ``settle`` s on one connection (0: at the first frame).

    Attributes:
        colours: the current frame, one ``(r, g, b)`` (0–255) per LED.
        backoff: seconds the next retry waits; ``failing``: True from a failure until writing
            works again; ``frames_written``: whole frames sent so far.
    """

    url: str  # where the strip is, for the log lines; set by the subclass
    again = "writing again"  # the info line once the strip works again
    log = logging.getLogger(__name__)  # a subclass logs under its own module's name

    def __init__(self, count: int, *, name: str, refresh: float, backoff: float,
                 max_backoff: float, settle: float = 0.0):
        self.colours = [BLACK] * count
        self._frame: F = self._encode(self.colours)
        self._refresh, self._settle = refresh, settle
        self.backoff = self._min_backoff = backoff
        self._max_backoff, self._retry_at = max_backoff, 0.0
        self._dirty, self._closed = True, False
        self._clean_since: float | None = None
        self.failing, self._reason = False, ""
        self._cond = threading.Condition()
        self.frames_written = 0
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @property
    @abstractmethod
    def connected(self) -> bool:
        """True while the device is open."""

    @abstractmethod
    def _encode(self, colours: Sequence[Colour]) -> F:
        """The frame for ``colours``; ValueError for a bad colour (in the caller's thread)."""

    @abstractmethod
    def _connect(self) -> None:
        """Open the device, or call ``_fail(reason)``."""

    @abstractmethod
    def _put(self, frame: F) -> None:
        """Send ``frame`` whole; then ``_done()``, or ``_disconnect(exc)`` on a failure."""

    @abstractmethod
    def _hang_up(self) -> None:
        """Close the device, ignoring its errors; ``connected`` is False afterwards."""

    def _why(self, exc: BaseException) -> str:
        """The warning's words for a failed write."""
        return str(exc) or type(exc).__name__

    def show(self, colours: Sequence[Colour]) -> None:
        """Make ``colours`` the current frame; sent at once when it changed.

        Raises ValueError for a bad colour (a bug in the caller, not a device problem).
        """
        frame = self._encode(colours)
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
        if self.connected:
            self._put(self._encode([BLACK] * len(self.colours)))
        self._disconnect(None)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        while (frame := self._next_frame()) is not None:
            if not self.connected and time.monotonic() < self._retry_at:
                continue
            if not self.connected:
                self._connect()
            if self.connected:
                self._put(frame)

    def _next_frame(self) -> F | None:
        """Wait until a frame is due (changed, refresh or retry time); None once closed."""
        with self._cond:
            if not self.connected:
                self._cond.wait(max(0.0, self._retry_at - time.monotonic()))
            elif not self._dirty:
                self._cond.wait(self._refresh)
            self._dirty = False
            return None if self._closed else self._frame

    def _done(self) -> None:
        """A whole frame went out: count it; after ``settle`` s clean, the strip works again."""
        now = time.monotonic()
        if self._clean_since is None:
            self._clean_since = now
        if self.failing and now - self._clean_since >= self._settle:
            self.log.info("LED strip on %s: %s", self.url, self.again)
            self.failing, self.backoff = False, self._min_backoff
        elif not self.failing:
            self.backoff = self._min_backoff
        with self._cond:
            self.frames_written += 1
            self._cond.notify_all()

    def _disconnect(self, exc: BaseException | None) -> None:
        """Close the device; after a failure, schedule the next try."""
        self._hang_up()
        self._clean_since = None
        if exc is not None:
            self._fail(self._why(exc))

    def _fail(self, reason: str) -> None:
        """Warn when the strip stops working or fails in a new way (the same failure again is
        a debug line); retry after a growing pause."""
        known = self.failing and reason == self._reason
        self.log.log(logging.DEBUG if known else logging.WARNING,
                "LED strip on %s: %s; retrying, at most every %g s", self.url, reason,
                self._max_backoff)
        self.failing, self._reason = True, reason
        self._retry_at = time.monotonic() + self.backoff
        self.backoff = min(self.backoff * 2, self._max_backoff)

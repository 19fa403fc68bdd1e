"""Keeps the strip in step with the table: one thread renders, the strip driver writes.

The table's subscription callback only marks the cached snapshot stale and wakes the thread
(it runs in the committing thread: keep it quick).  The thread re-reads the snapshot of
``table.current_game()`` when stale, renders with :func:`hardware.leds.render` every ``tick``
seconds (blinking) and hands the frame, dimmed by ``brightness``, to the strip, which writes it
only when it changed (and re-sends it on its own, see :mod:`hardware.strip`).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from companion.table import Table
from hardware import leds
from hardware.adalight import scale
from hardware.config import StripConfig
from hardware.strip import Strip

Colour = tuple[int, int, int]
log = logging.getLogger(__name__)


class Lights:
    """Renders the current game onto ``strip``.

    Args:
        table: the core, subscribed to on construction, unsubscribed by :meth:`close`.
        strip: a :class:`~hardware.strip.SerialStrip` or :class:`~hardware.strip.RecordingStrip`.
        config: segments, colours, brightness, blink and flash times.
        tick: seconds between renders while nothing changes (blink resolution).
    """

    def __init__(self, table: Table, strip: Strip, config: StripConfig, tick: float = 0.05):
        self.table, self.strip, self.config, self._tick = table, strip, config, tick
        self.colours: list[Colour] = [leds.BLACK] * config.led_count
        self._flashes: dict[int, float] = {}
        self._snapshot: dict[str, Any] | None = None
        self._stale = True
        self._wake = threading.Event()
        self._lock = threading.Lock()
        self._closed = False
        self._unsubscribe = table.subscribe(self._changed)
        self._thread = threading.Thread(target=self._run, name="led-render", daemon=True)
        self._thread.start()

    def flash(self, seat: int) -> None:
        """Show "nothing to claim" on ``seat``'s LED for ``config.flash`` seconds."""
        self._flashes[seat] = time.monotonic() + self.config.flash
        self._wake.set()

    def update(self) -> list[Colour]:
        """Render now and show the frame; returns the undimmed colours. Never raises."""
        with self._lock:
            try:
                if self._stale:
                    self._stale = False
                    self._snapshot = self._read()
                now = time.monotonic()
                flashes = {s: t for s, t in dict(self._flashes).items() if t > now}
                self.colours = leds.render(self._snapshot, self.config, now, flashes)
                self.strip.show(scale(self.colours, self.config.brightness))
            except Exception:  # a display fault must never reach the bank
                log.exception("LED update failed")
            return self.colours

    def close(self) -> None:
        """Unsubscribe and stop the thread (the strip is closed by its owner); idempotent."""
        if not self._closed:
            self._closed = True
            self._unsubscribe()
            self._wake.set()
            self._thread.join(timeout=5)

    def _changed(self, game_id: str, seq: int) -> None:
        """Table callback (committing thread): mark stale, wake the renderer. Nothing else."""
        self._stale = True
        self._wake.set()

    def _read(self) -> dict[str, Any] | None:
        game_id = self.table.current_game()
        return self.table.snapshot(game_id) if game_id is not None else None

    def _run(self) -> None:
        while not self._closed:
            self._wake.wait(self._tick)
            self._wake.clear()
            if not self._closed:
                self.update()

"""The seat and banker push buttons: gpiozero devices whose callbacks only queue an event.

Wiring (``hardware/README.md``): BCM pin -> button -> GND, internal pull-up, so a press pulls
the pin low.  Each callback puts one :class:`Press` on the queue and returns; the single
worker in :mod:`hardware.dispatch` turns presses into table commands.
"""

from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass
from functools import partial
from typing import Any

from gpiozero import Button

from hardware.config import ButtonConfig

BANKER = -1


@dataclass(frozen=True)
class Press:
    """One button event: ``seat`` index (or :data:`BANKER`), ``kind`` ``press``/``release``/
    ``held``, ``at`` monotonic seconds when the callback ran."""

    seat: int
    kind: str
    at: float


class Buttons:
    """gpiozero ``Button``s for every seat pin and the banker pin, feeding ``events``.

    Args:
        config: the pin map (BCM numbers), bounce time and banker long-press time.
        events: the queue that receives a :class:`Press` per edge.
        pin_factory: a gpiozero pin factory (``MockFactory()`` in tests and the simulation,
            None = gpiozero's default, lgpio on a Raspberry Pi 5).

    Raises:
        gpiozero.GPIOZeroError: a pin is invalid or already in use (nothing stays open).
    """

    def __init__(self, config: ButtonConfig, events: queue.Queue[Any],
                 pin_factory: Any = None):
        self.events = events
        self.held = threading.Event()  # set after each banker "held" event was queued
        self.seats: list[Button] = []
        self.banker: Button | None = None
        try:
            self._open(config, pin_factory)
        except Exception:
            self.close()
            raise

    def _open(self, config: ButtonConfig, pin_factory: Any) -> None:
        bounce = config.bounce_time or None
        for seat, pin in enumerate(config.seats):
            button = Button(pin, pull_up=True, bounce_time=bounce, pin_factory=pin_factory)
            button.when_pressed = partial(self._put, seat, "press")
            button.when_released = partial(self._put, seat, "release")
            self.seats.append(button)
        if config.banker is not None:
            hold = config.long_press or 1.0
            self.banker = Button(config.banker, pull_up=True, bounce_time=bounce,
                                 hold_time=hold, pin_factory=pin_factory)
            self.banker.when_pressed = partial(self._put, BANKER, "press")
            self.banker.when_released = partial(self._put, BANKER, "release")
            if config.long_press is not None:
                self.banker.when_held = self._banker_held

    def _put(self, seat: int, kind: str) -> None:
        """The gpiozero callback: queue the event, nothing else (runs in gpiozero's thread)."""
        self.events.put(Press(seat, kind, time.monotonic()))

    def _banker_held(self) -> None:
        self._put(BANKER, "held")
        self.held.set()

    def pin(self, seat: int) -> Any:
        """The gpiozero pin of ``seat`` (or :data:`BANKER`). Raises LookupError if none."""
        if seat == BANKER:
            if self.banker is None:
                raise LookupError("no banker button is configured")
            return self.banker.pin
        if not 0 <= seat < len(self.seats):
            raise LookupError(f"no button for seat {seat + 1}")
        return self.seats[seat].pin

    def close(self) -> None:
        """Release every pin; idempotent."""
        for button in [*self.seats, self.banker]:
            if button is not None:
                button.close()
        self.seats, self.banker = [], None

    def __enter__(self) -> Buttons:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

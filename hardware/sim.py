"""The simulated table: press buttons by driving gpiozero mock pins (issue 4, part 4).

A :class:`SimPanel` does what a finger does: it pulls a ``MockPin`` low, holds it, and lets
it go, so gpiozero fires the same callbacks as on a Raspberry Pi and the real queue ->
worker -> ``table.execute`` path runs.  Pins must come from gpiozero's ``MockFactory``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from hardware.buttons import BANKER, Buttons
from hardware.config import ButtonConfig
from hardware.dispatch import Dispatcher

MARGIN = 0.02  # seconds a simulated press outlasts the bounce time


class SimPanel:
    """Presses the simulated buttons.

    Args:
        buttons: :class:`~hardware.buttons.Buttons` built on a ``MockFactory``.
        dispatcher: the worker (waited on when ``wait`` is true).
        config: the pin map, for bounce and long-press times.
    """

    def __init__(self, buttons: Buttons, dispatcher: Dispatcher, config: ButtonConfig):
        self.buttons, self.dispatcher, self.config = buttons, dispatcher, config
        self._lock = threading.Lock()

    @property
    def seats(self) -> int:
        """How many seat buttons there are."""
        return len(self.buttons.seats)

    @property
    def has_banker(self) -> bool:
        """True when a banker button is configured."""
        return self.buttons.banker is not None

    @property
    def has_long_press(self) -> bool:
        """True when holding the banker button means undo."""
        return self.has_banker and self.config.long_press is not None

    def press(self, seat: int, wait: bool = True) -> None:
        """Press and release the button of ``seat`` (0-based).

        Args:
            wait: block until the worker handled the press; else press on a thread.

        Raises:
            LookupError: no button for that seat.
        """
        pin = self.buttons.pin(seat)
        self._run(lambda: self._tap(pin, self._short()), wait)

    def press_banker(self, long: bool = False, wait: bool = True) -> None:
        """Press the banker button: short = next turn, ``long`` = held for undo.

        Raises:
            LookupError: no banker button, or ``long`` with long press disabled.
        """
        pin = self.buttons.pin(BANKER)
        if long and not self.has_long_press:
            raise LookupError("long press (undo) is disabled in the layout")
        self._run(lambda: self._hold(pin) if long else self._tap(pin, self._short()), wait)

    def _run(self, action: Callable[[], None], wait: bool) -> None:
        def go() -> None:
            with self._lock:
                action()
            self.dispatcher.drain()

        if wait:
            go()
        else:
            threading.Thread(target=go, name="sim-press", daemon=True).start()

    def _short(self) -> float:
        return self.config.bounce_time + MARGIN

    @staticmethod
    def _tap(pin: Any, seconds: float) -> None:
        """Hold ``pin`` low ``seconds``, release, and rest as long (so the edges are not bounce)."""
        pin.drive_low()
        time.sleep(seconds)
        pin.drive_high()
        time.sleep(seconds)

    def _hold(self, pin: Any) -> None:
        self.buttons.held.clear()
        pin.drive_low()
        self.buttons.held.wait((self.config.long_press or 0) + 2.0)
        pin.drive_high()
        time.sleep(self._short())

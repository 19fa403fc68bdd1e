"""Choose and start the table hardware: ``real``, ``sim`` or ``off`` (issue 4, part 5).

``start_hardware(table, mode, layout)`` is the one place where the mode picks the parts:

- ``real``: gpiozero's default pin factory (lgpio on a Raspberry Pi 5) and a
  :class:`~hardware.strip.SerialStrip` on ``layout.strip.device``, or with
  ``strip.driver = "ddp"`` a :class:`~hardware.ddp_strip.DdpStrip` to ``strip.host``;
- ``sim``: gpiozero ``MockFactory`` pins, a :class:`~hardware.strip.RecordingStrip` and a
  :class:`~hardware.sim.SimPanel` that presses the mock pins;
- ``off``: nothing at all.

Nothing is opened at import time; everything is opened by :func:`start_hardware` and closed
by :meth:`Hardware.close`.
"""

from __future__ import annotations

import queue
from pathlib import Path
from typing import Any

from gpiozero.pins.mock import MockFactory

from companion.table import Table
from hardware.buttons import Buttons
from hardware.config import Layout
from hardware.ddp_strip import DdpStrip
from hardware.dispatch import Dispatcher
from hardware.lights import Lights
from hardware.ports import AUTO, DEV, WHERE
from hardware.sim import SimPanel
from hardware.strip import RecordingStrip, SerialStrip, Strip

MODES = ("real", "sim", "off")
Colour = tuple[int, int, int]


def detect_mode(model_file: str | Path = "/proc/device-tree/model") -> str:
    """``"real"`` on a Raspberry Pi (its device-tree model names one), else ``"sim"``."""
    try:
        model = Path(model_file).read_bytes().decode("ascii", "replace")
    except OSError:
        return "sim"
    return "real" if "Raspberry Pi" in model else "sim"


class Hardware:
    """The running table hardware; a context manager with an idempotent :meth:`close`.

    Attributes:
        mode: ``real``, ``sim`` or ``off``.
        layout: the :class:`~hardware.config.Layout` in use.
        sim: the :class:`~hardware.sim.SimPanel` in ``sim`` mode, else None.
        strip, lights, buttons, dispatcher: the parts (None in ``off`` mode).
    """

    def __init__(self, mode: str, layout: Layout, *, buttons: Buttons | None = None,
                 dispatcher: Dispatcher | None = None, lights: Lights | None = None,
                 strip: Strip | None = None, sim: SimPanel | None = None):
        self.mode, self.layout, self.sim = mode, layout, sim
        self.buttons, self.dispatcher, self.lights, self.strip = buttons, dispatcher, lights, strip

    def colours(self) -> list[Colour]:
        """The LED colours as rendered (before brightness); empty in ``off`` mode."""
        return list(self.lights.colours) if self.lights is not None else []

    def settle(self) -> list[Colour]:
        """Wait for queued presses, render now; returns :meth:`colours` (tests, the sim)."""
        if self.dispatcher is not None:
            self.dispatcher.drain()
        return self.lights.update() if self.lights is not None else []

    def describe(self) -> str:
        """One line for ``companion serve``'s first lines: which hardware is in use, and what a
        strip shorter than the layout does not show (issue 18, point 6)."""
        if self.mode == "off":
            return "table hardware: off"
        seats, cut = len(self.layout.buttons.seats), self.layout.strip.not_shown()
        hidden = f"; not shown: {', '.join(cut)}" if cut else ""
        return (f"table hardware: {self.mode} ({seats} seat buttons, "
                f"{self.layout.strip.led_count} LEDs on {self._strip_name()}{hidden})")

    def _strip_name(self) -> str:
        """The strip's device; for ``auto``, the one found or where it is looked for."""
        url = getattr(self.strip, "url", "simulated strip")
        if not getattr(self.strip, "auto", False):
            return str(url)
        return (f"{url}, found by itself" if url != AUTO
                else f"no LED controller yet; looking in {WHERE}")

    def close(self) -> None:
        """Stop buttons first (no new presses), then the worker, lights and strip; idempotent."""
        for part in (self.buttons, self.dispatcher, self.lights, self.strip):
            if part is not None:
                part.close()
        self.buttons = self.dispatcher = self.lights = self.strip = self.sim = None

    def __enter__(self) -> Hardware:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def start_hardware(table: Table, mode: str, layout: Layout | None = None, *,
                   pin_factory: Any = None, strip: Strip | None = None,
                   dev: Path = DEV) -> Hardware:
    """Open the parts for ``mode`` and start their threads.

    Args:
        table: the core (commands, snapshots, subscription).
        mode: ``real``, ``sim`` or ``off`` (see :func:`detect_mode`).
        layout: pins and strip; None = the documented defaults.
        pin_factory: overrides the mode's pin factory (e.g. a ``MockFactory`` in tests).
        strip: overrides the mode's strip (e.g. a ``SerialStrip`` on a pty in tests).
        dev: the device folder ``strip.device = "auto"`` searches (``/dev``; tests: a
            temporary folder of ptys and by-id-like links).

    Raises:
        ValueError: unknown mode.
        gpiozero.GPIOZeroError: a pin cannot be used (nothing stays open).
    """
    if mode not in MODES:
        raise ValueError(f"hardware mode must be one of {', '.join(MODES)}, not {mode!r}")
    layout = layout or Layout()
    if mode == "off":
        return Hardware(mode, layout)
    if mode == "sim" and pin_factory is None:
        pin_factory = MockFactory()
    strip = strip or _default_strip(mode, layout, dev)
    lights = Lights(table, strip, layout.strip)
    events: queue.Queue[Any] = queue.Queue()
    dispatcher = Dispatcher(table, events, bounce_time=layout.buttons.bounce_time,
                            long_press=layout.buttons.long_press is not None, flash=lights.flash)
    try:
        buttons = Buttons(layout.buttons, events, pin_factory)
    except Exception:
        for part in (dispatcher, lights, strip):
            part.close()
        raise
    sim = SimPanel(buttons, dispatcher, layout.buttons) if mode == "sim" else None
    return Hardware(mode, layout, buttons=buttons, dispatcher=dispatcher, lights=lights,
                    strip=strip, sim=sim)


def _default_strip(mode: str, layout: Layout, dev: Path) -> Strip:
    count = layout.strip.led_count
    if mode == "sim":
        return RecordingStrip(count)
    s = layout.strip
    if s.driver == "ddp":
        return DdpStrip(s.host, count, port=s.port, refresh=s.refresh)
    return SerialStrip(s.device, count, baudrate=s.baud, write_timeout=s.write_timeout,
                       refresh=s.refresh, dev=dev)

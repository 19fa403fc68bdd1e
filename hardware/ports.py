"""Where the LED controller is plugged in: the serial devices that may drive the strip.

One list for ``companion serve`` (``strip.device = "auto"``, the default) and ``companion
doctor`` (issue 18, point 3).  In order of preference:

1. ``DEV/serial/by-id/*``: udev's stable names (``usb-1a86_USB_Serial-if00-port0``,
   ``usb-Arduino__www.arduino.cc__0043_...-if00``, ``usb-Espressif_USB_JTAG_...-if00``),
   which survive replugging and name the board;
2. ``DEV/ttyACM*``: boards with native USB (Arduino Uno/Leonardo, ESP32-S2/S3/C3);
3. ``DEV/ttyUSB*``: USB-serial bridges (CH340, CP2102, FTDI) on most ESP32/ESP8266/Nano boards.

A raw ``tty`` already reached by a by-id link is not listed twice.  The Pi's own UARTs
(``ttyAMA*``, ``ttyS*``) are never guessed: they may carry Bluetooth or a console; name them
in ``strip.device`` to use them.  ``dev`` is a parameter so tests use a temporary folder with
ptys and symlinks, never the real ``/dev``.  Nothing is opened: this only lists names.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

DEV = Path("/dev")
#: ``strip.device`` value meaning "find the controller with :func:`find_serial`".
AUTO = "auto"
#: Where :func:`find_serial` looks, in words for messages (doctor, the serve banner).
WHERE = "/dev/serial/by-id/*, /dev/ttyACM*, /dev/ttyUSB*"


def serial_candidates(dev: Path = DEV) -> list[str]:
    """Paths of the serial devices that may be the strip's controller, best first.

    Args:
        dev: the device folder (``/dev``; a temporary folder in tests).

    Returns:
        by-id links (sorted by name), then ``ttyACM<n>``, then ``ttyUSB<n>`` (by number),
        leaving out a raw device a by-id link already points to.  Empty when none exist.
    """
    by_id = sorted(str(p) for p in _entries(dev / "serial" / "by-id"))
    seen = {os.path.realpath(p) for p in by_id}
    raw = [str(p) for prefix in ("ttyACM", "ttyUSB")
           for p in sorted(_entries(dev, prefix), key=_number)]
    return by_id + [p for p in raw if os.path.realpath(p) not in seen]


def find_serial(dev: Path = DEV) -> str | None:
    """The first of :func:`serial_candidates`, or None when no controller is plugged in."""
    candidates = serial_candidates(dev)
    return candidates[0] if candidates else None


def _entries(folder: Path, prefix: str = "") -> list[Path]:
    """Entries of ``folder`` named ``prefix<digits>`` (any name when no prefix) that exist."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    wanted = re.compile(re.escape(prefix) + r"\d+\Z") if prefix else None
    return [folder / n for n in names
            if (wanted is None or wanted.match(n)) and os.path.exists(folder / n)]


def _number(path: Path) -> int:
    """``ttyACM10`` -> 10, so ``ttyACM2`` sorts before ``ttyACM10``."""
    return int(re.sub(r"\D", "", path.name) or 0)

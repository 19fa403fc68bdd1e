"""Who is on the strip's serial port: WLED, an Adalight sketch, or nothing (issue 18, point 4).

Two answers are known, both taken from the firmware's own source and documentation:

- **WLED** answers a lowercase ``v`` (byte 0x76) with ``WLED <build id>`` and a line end
  (``wled00/wled_serial.cpp``: ``Serial.print("WLED"); Serial.write(' ');
  Serial.println(VERSION)``; kno.wled.ge/interfaces/serial, "Version query").  The build id
  is a number like ``2403190`` (older builds) or a version like ``0.14.0``.
- **Adalight** sketches (Adafruit's LEDstream and the FastLED ports) greet with ``Ada`` and
  a newline when they start, Adafruit's again every second until frames arrive.  Opening the
  port resets most Arduinos, so the greeting comes about two seconds after :func:`identify`
  opened it.  WLED greets ``Ada`` at boot too (an ESP32 may reset on open and miss the first
  ``v``), so after a greeting ``v`` is asked once more before the answer is "Adalight".

Neither answer is needed to drive the strip: a board may be silent at a wrong baud rate, or a
sketch that never greets.  :func:`identify` only reads and writes the one ``v`` byte, which
both firmwares ignore as a frame (a frame starts with ``Ada``).  The caller opens and closes
the port; nothing here opens anything.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

WLED_QUERY = b"v"
WLED_REPLY = re.compile(rb"WLED ([^\r\n]+)\r?\n")
ADA_GREETING = re.compile(rb"Ada\r?\n")
REASK = 0.5  # seconds to wait for WLED after asking again on an "Ada" greeting
WAIT = 2.5  # seconds: an Arduino resets on open and greets after about 1.5-2 s


@dataclass(frozen=True)
class Answer:
    """What answered: ``firmware`` is ``"WLED"``, ``"Adalight"`` or None (silence);
    ``version`` is WLED's build id (None otherwise); ``heard`` the bytes read (at most 256)."""

    firmware: str | None
    version: str | None = None
    heard: bytes = b""

    def describe(self) -> str:
        """In words: ``WLED 2403190 answered 'v'``, ``an Adalight sketch greeted 'Ada'``, or
        ``nothing answered``."""
        if self.firmware == "WLED":
            return f"WLED {self.version} answered 'v'"
        if self.firmware == "Adalight":
            return "an Adalight sketch greeted 'Ada'"
        return "nothing answered" + (f" (heard {self.heard[:40]!r})" if self.heard else "")


def identify(port: Any, wait: float = WAIT) -> Answer:
    """Send ``v`` on the open pyserial ``port`` and listen up to ``wait`` seconds.

    Args:
        port: an open ``serial.Serial`` (or any object with ``write``, ``flush`` and a
            non-blocking or short-timeout ``read(n) -> bytes``).
        wait: seconds to listen; returns as soon as WLED's line or ``Ada`` is heard.

    Returns:
        The :class:`Answer`.

    Raises:
        OSError / serial.SerialException: the port failed while writing or reading.
    """
    port.write(WLED_QUERY)
    port.flush()
    heard, reasked = b"", False
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        heard = (heard + port.read(256))[-256:]
        wled = WLED_REPLY.search(heard)
        if wled is not None:
            return Answer("WLED", wled.group(1).decode("ascii", "replace").strip(), heard)
        if ADA_GREETING.search(heard) and not reasked:  # WLED after a reset greets too
            port.write(WLED_QUERY)
            port.flush()
            reasked, deadline = True, time.monotonic() + REASK
        time.sleep(0.02)
    if ADA_GREETING.search(heard):
        return Answer("Adalight", None, heard)
    return Answer(None, heard=heard)

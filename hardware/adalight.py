"""Adalight frames: the serial protocol of WLED's realtime mode and the Arduino Adalight sketch.

A frame for ``n`` LEDs (1 <= n <= 65536) is ``n * 3 + 6`` bytes::

    b"Ada"  hi  lo  hi ^ lo ^ 0x55  R0 G0 B0  R1 G1 B1 ...

where ``hi``/``lo`` are the high and low byte of ``n - 1``.  Pure functions, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

Colour = tuple[int, int, int]
MAGIC = b"Ada"
HEADER_SIZE = 6


def header(count: int) -> bytes:
    """The 6-byte header for ``count`` LEDs. Raises ValueError outside 1..65536."""
    if not 1 <= count <= 65536:
        raise ValueError(f"an Adalight frame holds 1..65536 LEDs, not {count}")
    hi, lo = divmod(count - 1, 256)
    return MAGIC + bytes((hi, lo, hi ^ lo ^ 0x55))


def encode(colours: Sequence[Colour]) -> bytes:
    """The frame for ``colours`` (one ``(r, g, b)`` per LED, each 0–255).

    Raises:
        ValueError: no LEDs, too many, or a channel outside 0–255.
    """
    body = bytes(channel for colour in colours for channel in colour)
    if len(body) != 3 * len(colours):
        raise ValueError("every colour must be an (r, g, b) triple")
    return header(len(colours)) + body


def decode(frame: bytes) -> list[Colour]:
    """The colours in one complete ``frame``; inverse of :func:`encode`.

    Raises:
        ValueError: bad magic, bad checksum or a length that does not match the header.
    """
    if frame[:3] != MAGIC or len(frame) < HEADER_SIZE:
        raise ValueError("not an Adalight frame (no 'Ada' header)")
    hi, lo, check = frame[3], frame[4], frame[5]
    if hi ^ lo ^ 0x55 != check:
        raise ValueError(f"bad Adalight checksum {check:#04x}")
    count = hi * 256 + lo + 1
    body = frame[HEADER_SIZE:]
    if len(body) != 3 * count:
        raise ValueError(f"frame announces {count} LEDs but carries {len(body)} bytes")
    return [(body[i], body[i + 1], body[i + 2]) for i in range(0, len(body), 3)]


def split(stream: bytes) -> list[bytes]:
    """Cut a byte stream of back-to-back frames into frames (a trailing partial one is dropped).

    Raises ValueError when the stream does not start with a frame header.
    """
    frames = []
    while len(stream) >= HEADER_SIZE:
        if stream[:3] != MAGIC:
            raise ValueError("stream is out of step: no 'Ada' header")
        size = HEADER_SIZE + 3 * (stream[3] * 256 + stream[4] + 1)
        if len(stream) < size:
            break
        frames.append(stream[:size])
        stream = stream[size:]
    return frames


def scale(colours: Sequence[Colour], brightness: float) -> list[Colour]:
    """``colours`` dimmed by ``brightness`` (0.0–1.0), rounded to whole channel values."""
    return [(round(r * brightness), round(g * brightness), round(b * brightness))
            for r, g, b in colours]

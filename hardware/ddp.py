"""DDP packets: the Distributed Display Protocol (3waylabs) that WLED receives on UDP 4048.

A frame of ``n`` LEDs is ``3 * n`` bytes of R, G, B (the same bytes an Adalight frame carries
after its header, :mod:`hardware.adalight`), cut into packets of at most :data:`MAX_DATA`
bytes (480 LEDs).  Each packet is a 10-byte header and its slice of the frame::

    byte 0    flags: version 1 (0x40), push (0x01) on the last packet of a frame only
    byte 1    sequence number 1..15 in the low 4 bits (0 would mean "not used")
    byte 2    data type 0x0B: RGB, 8 bits per channel
    byte 3    destination id 1: the receiver's default output (the whole strip)
    bytes 4-7 offset of this slice in the frame, in bytes, big-endian
    bytes 8-9 length of this slice, in bytes, big-endian

WLED shows what it received when a packet with the push flag arrives (``wled00/e131.cpp``,
``handleDDPPacket``), so a frame is shown whole or not at all.  Pure functions, no I/O.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

from hardware import adalight

Colour = tuple[int, int, int]
PORT = 4048
HEADER_SIZE = 10
MAX_DATA = 1440  # bytes of colour per packet: 480 RGB LEDs
VERSION_1, PUSH = 0x40, 0x01
RGB_8BIT = 0x0B  # data type: type 1 (RGB) in bits 3-5, size 3 (8 bits) in bits 0-2
DISPLAY = 1  # destination id of the default output device
_HEADER = struct.Struct(">BBBBIH")


def body(colours: Sequence[Colour]) -> bytes:
    """The R, G, B bytes of ``colours``: exactly what the serial driver sends after its header.

    Raises:
        ValueError: no LEDs, more than 65536, or a channel outside 0–255.
    """
    return adalight.encode(colours)[adalight.HEADER_SIZE:]


def header(offset: int, length: int, *, push: bool, sequence: int) -> bytes:
    """The 10-byte header of a packet carrying ``length`` bytes from byte ``offset`` of a frame.

    Raises ValueError for a length outside 1..1440, an offset outside 32 bits, or a sequence
    number outside 1..15.
    """
    if not 1 <= length <= MAX_DATA or not 0 <= offset < 2**32 or not 1 <= sequence <= 15:
        raise ValueError(f"no DDP packet of {length} bytes at {offset}, sequence {sequence}")
    return _HEADER.pack(VERSION_1 | (PUSH if push else 0), sequence, RGB_8BIT, DISPLAY,
                        offset, length)


def packets(colours: Sequence[Colour], sequence: int = 1) -> list[bytes]:
    """The UDP payloads of one frame, in order; the push flag is set on the last one only.

    Args:
        colours: one ``(r, g, b)`` per LED, 0–255 each.
        sequence: the first packet's sequence number (1..15); the next ones count on, 15
            wrapping to 1 (see :func:`next_sequence`).

    Raises:
        ValueError: as :func:`body` and :func:`header`.
    """
    data = body(colours)
    starts = range(0, len(data), MAX_DATA)
    out = []
    for i, start in enumerate(starts):
        chunk = data[start:start + MAX_DATA]
        out.append(header(start, len(chunk), push=i == len(starts) - 1, sequence=sequence)
                   + chunk)
        sequence = next_sequence(sequence)
    return out


def next_sequence(sequence: int) -> int:
    """The sequence number after ``sequence``: 1, 2, ... 15, 1, ... (0 is never sent)."""
    return sequence % 15 + 1


def decode(packet: bytes) -> tuple[int, bool, int, bytes]:
    """``(offset, push, sequence, data)`` of one packet; inverse of :func:`packets` (tests).

    Raises:
        ValueError: too short, not version 1, not RGB 8-bit, or a length that does not match.
    """
    if len(packet) < HEADER_SIZE:
        raise ValueError(f"a DDP packet has a {HEADER_SIZE}-byte header; got {len(packet)}")
    flags, sequence, kind, _dest, offset, length = _HEADER.unpack(packet[:HEADER_SIZE])
    if flags & 0xC0 != VERSION_1 or kind != RGB_8BIT:
        raise ValueError(f"not a DDP v1 RGB packet (flags {flags:#04x}, type {kind:#04x})")
    data = packet[HEADER_SIZE:]
    if len(data) != length:
        raise ValueError(f"DDP header announces {length} bytes but {len(data)} follow")
    return offset, bool(flags & PUSH), sequence & 0x0F, data

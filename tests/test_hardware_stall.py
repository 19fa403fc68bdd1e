"""A controller that stops reading (issue 18, point 7), on a real pty whose master end the
test stops and starts reading: the driver backs off more and more, warns once, and the byte
stream the controller sees stays whole Adalight frames, back to back."""

from __future__ import annotations

import logging
import os
import select
import time

import pytest

from hardware.adalight import encode, split
from hardware.strip import SerialStrip
from tests.test_hardware_strip import Pty, _wait

LEDS = 2000  # 6006-byte frames: a pty takes them in pieces, so a stall cuts one off


def nibble(pty: Pty, seconds: float, bite: int = 700) -> bytes:
    """Read ``bite`` bytes at a time every 10 ms for ``seconds``: a controller reading
    slower than frames come, so writes stall with a frame half written."""
    data, deadline = b"", time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.01)
        if select.select([pty.master], [], [], 0)[0]:
            data += os.read(pty.master, bite)
    return data


def test_stalled_controller_backs_off_warns_once_and_gets_whole_frames(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="hardware.strip")
    pty = Pty()
    try:
        strip = SerialStrip(pty.path, LEDS, write_timeout=0.05, refresh=0.005, backoff=0.02,
                            max_backoff=0.16)
        with strip:
            for n in range(200):  # changing frames while nobody reads: the buffer fills
                strip.show([(n % 256, 1, 2)] * LEDS)
                time.sleep(0.002)
            assert _wait(lambda: strip.failing)
            assert _wait(lambda: strip.backoff == 0.16)  # 0.02, 0.04, 0.08, 0.16: capped
            time.sleep(0.5)  # several retries at the cap, each stalls again
            warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
            assert len(warnings) == 1 and "stopped reading" in warnings[0].getMessage()
            assert sum("stopped reading" in r.getMessage() for r in caplog.records) > 3

            stream = nibble(pty, 1.0)  # reads again, but slowly: frames are cut off
            deadline = time.monotonic() + 5
            while strip.failing and time.monotonic() < deadline:
                stream += pty.read(0.05)  # reads at full speed again
            assert not strip.failing and strip.backoff == 0.02
            changes = [r.levelname for r in caplog.records if r.levelno >= logging.INFO]
            assert changes == ["WARNING", "INFO"] * (len(changes) // 2)  # one line per change
            assert caplog.records[-1].getMessage() == f"LED strip on {pty.path}: writing again"
            strip.show([(7, 8, 9)] * LEDS)
            assert strip.wait_written(strip.frames_written, timeout=5)
        stream += pty.read(0.3)
    finally:
        pty.unplug()
    frames = split(stream)  # raises if a cut-off frame is followed by a new header
    assert sum(map(len, frames)) == len(stream)
    assert frames[-1] == encode([(0, 0, 0)] * LEDS)  # close() blanks the strip
    assert encode([(7, 8, 9)] * LEDS) in frames


def test_missing_device_warns_once_while_the_pause_grows(
        caplog: pytest.LogCaptureFixture, tmp_path: os.PathLike[str]) -> None:
    caplog.set_level(logging.DEBUG, logger="hardware.strip")
    with SerialStrip(f"{tmp_path}/ttyACM7", 1, backoff=0.01, max_backoff=0.08) as strip:
        assert _wait(lambda: strip.backoff == 0.08)
        time.sleep(0.3)
    records = [r for r in caplog.records if "ttyACM7" in r.getMessage()]
    assert len(records) > 4
    assert [r.levelno for r in records].count(logging.WARNING) == 1

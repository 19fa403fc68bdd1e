"""A controller that stops reading (issue 18, point 7), on a real pty whose master end the
test stops and starts reading: the driver backs off more and more, warns once, and the byte
stream the controller sees stays whole Adalight frames, back to back."""

from __future__ import annotations

import logging
import os
import select
import threading
import time

import pytest

from hardware.adalight import encode, split
from hardware.strip import SerialStrip, _unfinished
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


class Reader(threading.Thread):
    """Reads the pty's master end at full speed into ``data`` until the ``with`` ends."""

    def __init__(self, pty: Pty) -> None:
        super().__init__(daemon=True)
        self.pty, self.data, self.stop = pty, b"", threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            if select.select([self.pty.master], [], [], 0.01)[0]:
                self.data += os.read(self.pty.master, 65536)

    def __enter__(self) -> Reader:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.join(timeout=5)


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
            with Reader(pty) as reader:  # reads at full speed again, until after close()
                assert _wait(lambda: not strip.failing) and strip.backoff == 0.02
                changes = [r.levelname for r in caplog.records if r.levelno >= logging.INFO]
                assert changes == ["WARNING", "INFO"] * (len(changes) // 2)  # one per change
                assert changes[-1] == "INFO" and caplog.records[-1].getMessage() == (
                    f"LED strip on {pty.path}: writing again")
                strip.show([(7, 8, 9)] * LEDS)
                assert _wait(lambda: encode([(7, 8, 9)] * LEDS) in reader.data)
                strip.close()
                time.sleep(0.2)
            stream += reader.data
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


def test_a_new_kind_of_failure_warns_again(caplog: pytest.LogCaptureFixture,
                                           tmp_path: os.PathLike[str]) -> None:
    """Missing, then a file that is no serial port: two warnings, however many retries."""
    caplog.set_level(logging.DEBUG, logger="hardware.strip")
    path = f"{tmp_path}/ttyUSB3"
    with SerialStrip(path, 1, backoff=0.01, max_backoff=0.02) as strip:
        assert _wait(lambda: strip.failing)
        time.sleep(0.2)
        with open(path, "w"):
            pass  # a plain file: opening it as a tty fails differently
        time.sleep(0.3)
    records = [r for r in caplog.records if path in r.getMessage()]
    assert len(records) > 10
    assert [r.levelno for r in records].count(logging.WARNING) == 2


@pytest.mark.parametrize(("sent", "tail", "rest"), [
    (2, 4, b"cd"),      # stalled while finishing the earlier frame: only its rest is owed
    (4, 4, b""),        # stalled exactly between frames: nothing owed
    (6, 4, b"GHIJ"),    # the new frame began: its rest is owed
])
def test_what_a_stalled_write_still_owes(sent: int, tail: int, rest: bytes) -> None:
    assert _unfinished(b"abcdEFGHIJ", sent, tail) == rest

"""Choosing the hardware (issue 4, part 5): real / sim / off, Pi detection, clean shutdown."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
import serial
from gpiozero import GPIOZeroError
from gpiozero.pins.mock import MockFactory, MockPin

from companion.table import Table
from hardware import Layout, detect_mode, start_hardware
from hardware.config import ButtonConfig
from hardware.strip import RecordingStrip, SerialStrip


@pytest.mark.parametrize(
    ("model", "mode"),
    [(b"Raspberry Pi 5 Model B Rev 1.0\x00", "real"), (b"Some ARM board\x00", "sim")],
)
def test_detect_mode_reads_the_device_tree(tmp_path: Path, model: bytes, mode: str) -> None:
    path = tmp_path / "model"
    path.write_bytes(model)
    assert detect_mode(path) == mode


def test_detect_mode_without_a_device_tree(tmp_path: Path) -> None:
    assert detect_mode(tmp_path / "missing") == "sim"


def test_off_has_nothing(table: Table) -> None:
    with start_hardware(table, "off") as hw:
        assert (hw.sim, hw.strip, hw.buttons) == (None, None, None)
        assert hw.colours() == [] and hw.settle() == []
        assert hw.describe() == "table hardware: off"


def test_sim_uses_mock_pins_and_a_recording_strip(table: Table) -> None:
    hw = start_hardware(table, "sim")
    assert isinstance(hw.buttons.pin(0), MockPin)
    assert isinstance(hw.strip, RecordingStrip)
    assert hw.describe() == "table hardware: sim (6 seat buttons, 136 LEDs on simulated strip)"
    strip = hw.strip
    hw.close()
    hw.close()
    assert strip.closed and strip.colours == [(0, 0, 0)] * 136


def test_real_mode_wires_the_serial_strip(table: Table) -> None:
    """``real`` with the pin factory and serial opener swapped for test parts."""
    ports: list[Any] = []

    def opener(url: str, **kwargs: Any) -> Any:
        ports.append(serial.serial_for_url("loop://", **kwargs))
        return ports[-1]

    count = Layout().strip.led_count
    strip = SerialStrip("/dev/serial/by-id/usb-test", count, opener=opener)
    with start_hardware(table, "real", pin_factory=MockFactory(), strip=strip) as hw:
        assert hw.sim is None
        assert strip.wait_written(0, timeout=5)
        assert "real (6 seat buttons, 136 LEDs on /dev/serial/by-id/usb-test)" in hw.describe()


def test_unknown_mode_is_refused(table: Table) -> None:
    with pytest.raises(ValueError, match="real, sim, off"):
        start_hardware(table, "maybe")


def test_a_bad_pin_leaves_nothing_running(table: Table) -> None:
    before = {t.name for t in threading.enumerate()}
    layout = Layout(buttons=ButtonConfig(seats=(17, 99)))
    with pytest.raises(GPIOZeroError):
        start_hardware(table, "sim", layout)
    running = {t.name for t in threading.enumerate()} - before
    assert not running & {"led-render", "button-worker", "led-strip"}

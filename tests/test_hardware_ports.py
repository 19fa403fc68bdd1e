"""The strip found by itself (issue 18, point 3): a temporary device folder holding ptys
under the names the kernel and udev give USB serial boards, never the real /dev."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.table import Table
from hardware import start_hardware
from hardware.adalight import split
from hardware.config import Layout
from hardware.ports import find_serial, serial_candidates
from hardware.strip import SerialStrip
from tests.test_hardware_strip import SMALL, Pty, _wait
from web.doctor_table import check_strip

UNO = "usb-Arduino__www.arduino.cc__0043_75830333038351F0E1A1-if00"  # an Uno: ttyACM0
CH340 = "usb-1a86_USB_Serial-if00-port0"  # an ESP32 board's CH340 bridge: ttyUSB0


@pytest.fixture
def ptys() -> Iterator[list[Pty]]:
    """Four pseudo-terminals standing in for USB serial boards."""
    made = [Pty() for _ in range(4)]
    yield made
    for pty in made:
        pty.unplug()


def plug(dev: Path, name: str, pty: Pty, by_id: str | None = None) -> Path:
    """``dev/name`` -> the pty, and like udev a ``serial/by-id`` link to ``../../name``."""
    (dev / name).symlink_to(pty.path)
    if by_id is not None:
        (dev / "serial/by-id").mkdir(parents=True, exist_ok=True)
        (dev / "serial/by-id" / by_id).symlink_to(f"../../{name}")
        return dev / "serial/by-id" / by_id
    return dev / name


def test_by_id_first_then_acm_then_usb_by_number(tmp_path: Path, ptys: list[Pty]) -> None:
    uno = plug(tmp_path, "ttyACM0", ptys[0], by_id=UNO)
    plug(tmp_path, "ttyUSB0", ptys[1])
    plug(tmp_path, "ttyACM10", ptys[2])
    plug(tmp_path, "ttyACM2", ptys[3])
    for other in ("ttyS0", "ttyAMA0", "ttyUSB", "ttyACM0.old"):  # UARTs and strays: never
        (tmp_path / other).write_text("")
    (tmp_path / "ttyUSB7").symlink_to(tmp_path / "gone")  # a dangling name: not there
    assert serial_candidates(tmp_path) == [
        str(uno), str(tmp_path / "ttyACM2"), str(tmp_path / "ttyACM10"),
        str(tmp_path / "ttyUSB0")]  # ttyACM0 itself is the Uno, already listed by id
    assert find_serial(tmp_path) == str(uno)


def test_nothing_plugged_in(tmp_path: Path) -> None:
    assert serial_candidates(tmp_path) == [] and find_serial(tmp_path) is None
    assert serial_candidates(tmp_path / "no-such-dev") == []


def test_doctor_uses_the_same_list(tmp_path: Path, ptys: list[Pty]) -> None:
    plug(tmp_path, "ttyUSB0", ptys[1])
    acm = plug(tmp_path, "ttyACM0", ptys[0])  # no by-id link: ACM before USB
    [finding] = check_strip(tmp_path / "no-data", "auto", led_count=1, dev=tmp_path, wait=0.1)
    assert f"{acm} at 115200 baud" in finding.text  # silent, so not OK (test_doctor_table)
    assert ptys[0].read(0.2) == b"v" + b"Ada\x00\x00\x55" + bytes(3)


def test_serve_finds_the_strip_and_names_it(tmp_path: Path, table: Table, game_id: str,
                                            ptys: list[Pty]) -> None:
    dev = tmp_path / "dev"
    dev.mkdir()
    plug(dev, "ttyUSB0", ptys[1], by_id=CH340)
    layout = Layout(strip=replace(SMALL, device="auto"))
    with start_hardware(table, "real", layout, pin_factory=MockFactory(), dev=dev) as hw:
        link = dev / "serial/by-id" / CH340
        assert hw.describe() == (
            f"table hardware: real (6 seat buttons, 6 LEDs on {link}, found by itself)")
        frames = split(ptys[1].read(0.3))
        assert frames and frames[-1][:6] == b"Ada\x00\x05\x50"  # 6 LEDs, hand-computed


def test_a_strip_plugged_in_after_start_is_found(tmp_path: Path, table: Table, game_id: str,
                                                 ptys: list[Pty]) -> None:
    layout = Layout(strip=replace(SMALL, device="auto"))
    with start_hardware(table, "real", layout, pin_factory=MockFactory(), dev=tmp_path) as hw:
        assert hw.describe().endswith(
            "6 LEDs on no LED controller yet; looking in "
            "/dev/serial/by-id/*, /dev/ttyACM*, /dev/ttyUSB*)")
        strip = hw.strip
        assert isinstance(strip, SerialStrip) and not strip.connected
        plug(tmp_path, "ttyACM0", ptys[0])
        assert _wait(lambda: strip.connected)
        assert split(ptys[0].read(0.3))

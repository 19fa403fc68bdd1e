"""The serial strip driver (issue 4, part 3) on real pyserial ports: ``loop://`` and ptys.

Frames are read back from the port and compared with Adalight bytes computed by hand.
"""

from __future__ import annotations

import os
import select
import time
from pathlib import Path
from typing import Any

import serial

from companion.table import Table
from hardware import start_hardware
from hardware.adalight import split
from hardware.config import ButtonConfig, Colours, Layout, StripConfig
from hardware.strip import SerialStrip

CLAIM, TURN = (0xAA, 0x55, 0x01), (0x10, 0x20, 0x30)
SMALL = StripConfig(  # 6 LEDs: seats 0-2, turn 3-5, no stock board, no passports
    seat_leds=(0, 1, 2), turn_leds=(3, 4, 5), stock_start=6, stock_series=0,
    passport_start=6, passport_leds=0, brightness=1.0, blink=0.05,
    colours=Colours(claim=CLAIM, turn=TURN),
)
# Alice to roll, Bob has an open claim: hand-computed frames for the two blink phases.
# header: n - 1 = 5 -> 0x00 0x05, checksum 0x00 ^ 0x05 ^ 0x55 = 0x50
HEADER = b"Ada\x00\x05\x50"
LIT = HEADER + bytes([0, 0, 0, 0xAA, 0x55, 0x01, 0, 0, 0, 0x10, 0x20, 0x30, 0, 0, 0, 0, 0, 0])
DARK = HEADER + bytes([0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x20, 0x30, 0, 0, 0, 0, 0, 0])


class Pty:
    """A pseudo-terminal standing in for a USB serial adapter; ``path`` is its device."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        self.path = os.ttyname(self.slave)

    def read(self, timeout: float) -> bytes:
        """Everything the driver wrote within ``timeout`` seconds."""
        data, deadline = b"", time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            if select.select([self.master], [], [], left)[0]:
                data += os.read(self.master, 65536)
        return data

    def unplug(self) -> None:
        os.close(self.master)
        os.close(self.slave)


def loop_opener(ports: list[Any]) -> Any:
    """A ``serial_for_url`` that keeps the ``loop://`` port so the test can read it back."""
    def opener(url: str, **kwargs: Any) -> Any:
        ports.append(serial.serial_for_url(url, timeout=0.05, **kwargs))
        return ports[-1]
    return opener


def test_frames_on_loop_match_hand_computed_bytes(table: Table, game_id: str) -> None:
    table.execute({"cmd": "buy", "player": "Bob", "space": "Parkveien"}, game_id=game_id)
    table.execute({"cmd": "land", "player": "Alice", "space": "Parkveien"}, game_id=game_id)
    ports: list[Any] = []
    strip = SerialStrip("loop://", SMALL.led_count, opener=loop_opener(ports))
    with start_hardware(table, "sim", Layout(strip=SMALL), strip=strip):
        assert strip.wait_written(4, timeout=5)
        time.sleep(0.3)  # several blink periods of 0.05 s
        frames = split(ports[0].read(100_000))
    assert set(_after_first(frames, {LIT, DARK})) == {LIT, DARK}


def test_unchanged_frame_is_resent(tmp_path: Path) -> None:
    """WLED drops realtime mode after 2.5 s without a frame: re-send within ``refresh``."""
    ports: list[Any] = []
    with SerialStrip("loop://", 1, refresh=0.1, opener=loop_opener(ports)) as strip:
        strip.show([(1, 2, 3)])
        time.sleep(0.55)
        frames = _after_first(split(ports[0].read(100_000)), {b"Ada\x00\x00\x55\x01\x02\x03"})
    assert len(frames) >= 4
    assert set(frames) == {b"Ada\x00\x00\x55\x01\x02\x03"}


def test_close_blanks_the_strip_and_is_idempotent() -> None:
    pty = Pty()
    try:
        strip = SerialStrip(pty.path, 2)
        strip.show([(9, 9, 9), (8, 8, 8)])
        assert strip.wait_written(0, timeout=5)
        strip.close()
        strip.close()
        frames = split(pty.read(0.2))
        assert frames[-1] == b"Ada\x00\x01\x54" + bytes(6)  # 0x00 ^ 0x01 ^ 0x55 = 0x54
        assert not strip.connected
    finally:
        pty.unplug()


def test_missing_device_is_retried_without_raising(tmp_path: Path) -> None:
    with SerialStrip(str(tmp_path / "no-such-tty"), 3, backoff=0.01, max_backoff=0.05) as strip:
        strip.show([(1, 1, 1)] * 3)
        time.sleep(0.2)
        assert not strip.connected
        assert strip.frames_written == 0


def test_unplugged_strip_never_stops_the_bank_and_reconnects(
        tmp_path: Path, table: Table, game_id: str) -> None:
    """The device vanishes mid-game: presses still claim; a new device at the path is used."""
    link = tmp_path / "ttyStrip"  # stands in for /dev/serial/by-id/...
    first = Pty()
    link.symlink_to(first.path)
    strip = SerialStrip(str(link), SMALL.led_count, refresh=0.1, backoff=0.05, max_backoff=0.2)
    layout = Layout(buttons=ButtonConfig(long_press=0.3), strip=SMALL)
    with start_hardware(table, "sim", layout, strip=strip) as hw:
        alice_to_roll = HEADER + bytes(9) + bytes(TURN) + bytes(6)
        assert split(first.read(0.3))[-1] == alice_to_roll
        first.unplug()
        table.execute({"cmd": "buy", "player": "Bob", "space": "Parkveien"}, game_id=game_id)
        table.execute({"cmd": "land", "player": "Alice", "space": "Parkveien"}, game_id=game_id)
        hw.sim.press(1)
        assert _wait(lambda: not strip.connected)
        bob = next(p for p in table.snapshot(game_id)["players"] if p["name"] == "Bob")
        assert bob["cash"] == 30000 - 1200 + 40
        hw.sim.press_banker()
        assert table.snapshot(game_id)["turn"]["player"] == "Bob"

        second = Pty()
        link.unlink()
        link.symlink_to(second.path)
        try:
            assert _wait(lambda: strip.connected)
            bob_to_roll = HEADER + bytes(12) + bytes(TURN) + bytes(3)
            assert split(second.read(0.3))[-1] == bob_to_roll
        finally:
            hw.close()
            second.unplug()


def _after_first(frames: list[bytes], wanted: set[bytes]) -> list[bytes]:
    """``frames`` from the first wanted one on (the driver starts with a black frame)."""
    start = next(i for i, f in enumerate(frames) if f in wanted)
    return frames[start:]


def _wait(condition: Any, timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False

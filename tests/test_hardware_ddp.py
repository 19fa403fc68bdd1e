"""The WLED-over-Wi-Fi strip driver (issue 18, "Beyond") against a real local UDP socket that
stands in for the board's DDP port 4048: header bytes computed by hand from the DDP spec, a
frame of more than one packet, black on stop, the same colours as the serial driver, and a
board that cannot be found or refuses, retried with one warning per change."""

from __future__ import annotations

import logging
import select
import socket
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from companion.table import Table
from hardware import start_hardware
from hardware.adalight import decode, split
from hardware.config import ConfigError, Layout, load
from hardware.ddp import MAX_DATA, packets
from hardware.ddp import decode as decode_packet
from hardware.ddp_strip import DdpStrip
from hardware.strip import SerialStrip
from tests.test_hardware_strip import DARK, LIT, SMALL, _wait, loop_opener

Colour = tuple[int, int, int]


class Board:
    """A UDP socket on 127.0.0.1 in place of WLED: collects what the driver sends."""

    def __init__(self, port: int = 0, address: str = "127.0.0.1") -> None:
        self.sock = socket.socket(socket.AF_INET6 if ":" in address else socket.AF_INET,
                                  socket.SOCK_DGRAM)
        self.sock.bind((address, port))
        self.port = self.sock.getsockname()[1]

    def packets(self, timeout: float) -> list[bytes]:
        """Every datagram that arrives within ``timeout`` seconds."""
        got, deadline = [], time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            if select.select([self.sock], [], [], left)[0]:
                got.append(self.sock.recv(65536))
        return got

    def close(self) -> None:
        self.sock.close()


def frames(datagrams: list[bytes]) -> list[list[Colour]]:
    """The frames a DDP receiver shows: the data gathered by offset, shown on each push."""
    shown, buffer = [], bytearray()
    for datagram in datagrams:
        offset, push, _sequence, data = decode_packet(datagram)
        buffer[offset:offset + len(data)] = data
        if push:
            shown.append([(buffer[i], buffer[i + 1], buffer[i + 2])
                          for i in range(0, len(buffer), 3)])
            buffer = bytearray()
    return shown


@pytest.fixture
def board() -> Any:
    the_board = Board()
    yield the_board
    the_board.close()


def test_header_bytes_match_the_spec(board: Board) -> None:
    with DdpStrip("127.0.0.1", 2, port=board.port) as strip:
        strip.show([(1, 2, 3), (250, 128, 0)])
        got = board.packets(0.3)
    got += board.packets(0.2)
    # flags 0x41 = version 1 + push; sequence 1..15; type 0x0B = RGB 8 bit; id 1;
    # offset 0 (4 bytes, big-endian); length 6 (2 bytes, big-endian); then R G B R G B
    assert got[-2][2:] == b"\x0b\x01\x00\x00\x00\x00\x00\x06" + bytes([1, 2, 3, 250, 128, 0])
    assert got[-2][0] == 0x41 and 1 <= got[-2][1] <= 15
    assert got[-1][2:] == b"\x0b\x01\x00\x00\x00\x00\x00\x06" + bytes(6)  # black on stop
    assert all(p[0] == 0x41 for p in got)  # each one-packet frame is pushed
    sequences = [p[1] for p in got]
    assert all(b == a % 15 + 1 for a, b in zip(sequences, sequences[1:], strict=False))


def test_a_frame_larger_than_one_packet(board: Board) -> None:
    """1000 LEDs = 3000 bytes: packets at offsets 0, 1440, 2880 (480 + 480 + 40 LEDs), the
    push flag on the last only; the strip goes black on stop."""
    colours = [(i % 256, (i * 7) % 256, 255 - i % 256) for i in range(1000)]
    with DdpStrip("127.0.0.1", 1000, port=board.port, refresh=10) as strip:
        strip.show(colours)
        got = board.packets(0.3)
    got += board.packets(0.2)
    heads = [(decode_packet(p)[0], decode_packet(p)[1], len(p)) for p in got[-6:]]
    assert heads == [(0, False, 10 + MAX_DATA), (1440, False, 10 + MAX_DATA),
                     (2880, True, 10 + 120)] * 2
    # 1440 = 0x05A0, 2880 = 0x0B40, 120 = 0x78; flags 0x40 without push, 0x41 with
    first, second, last = (p[:1] + p[2:10] for p in got[-3:])
    assert first == bytes([0x40, 0x0B, 1, 0, 0, 0, 0, 0x05, 0xA0])
    assert second == bytes([0x40, 0x0B, 1, 0, 0, 0x05, 0xA0, 0x05, 0xA0])
    assert last == bytes([0x41, 0x0B, 1, 0, 0, 0x0B, 0x40, 0x00, 0x78])
    assert frames(got)[-2] == colours and frames(got)[-1] == [(0, 0, 0)] * 1000


def test_packets_are_the_serial_bytes_cut_up() -> None:
    colours = [(7, 8, 9)] * 481  # one LED past a full packet
    out = packets(colours, sequence=15)
    assert [p[1] for p in out] == [15, 1]
    assert b"".join(p[10:] for p in out) == bytes([7, 8, 9]) * 481
    with pytest.raises(ValueError):
        packets([(256, 0, 0)])


def test_the_same_colours_as_the_serial_driver(table: Table, game_id: str,
                                               board: Board) -> None:
    """Alice to roll, Bob has rent to claim: both drivers carry the hand-computed frames of
    tests/test_hardware_strip.py, blinking."""
    table.execute({"cmd": "buy", "player": "Bob", "space": "Parkveien"}, game_id=game_id)
    table.execute({"cmd": "land", "player": "Alice", "space": "Parkveien"}, game_id=game_id)
    ports: list[Any] = []
    serial_strip = SerialStrip("loop://", SMALL.led_count, opener=loop_opener(ports))
    with start_hardware(table, "sim", Layout(strip=SMALL), strip=serial_strip):
        time.sleep(0.4)  # several blink periods of 0.05 s
        by_serial = {tuple(decode(f)) for f in split(ports[0].read(100_000))}
    ddp_strip = DdpStrip("127.0.0.1", SMALL.led_count, port=board.port)
    with start_hardware(table, "sim", Layout(strip=SMALL), strip=ddp_strip):
        by_ddp = {tuple(f) for f in frames(board.packets(0.4))}
    wanted = {tuple(decode(LIT)), tuple(decode(DARK))}
    assert wanted <= by_serial and wanted <= by_ddp
    assert by_ddp - {tuple([(0, 0, 0)] * 6)} == by_serial - {tuple([(0, 0, 0)] * 6)}


def test_an_ipv6_address() -> None:
    try:
        board = Board(address="::1")
    except OSError:
        pytest.skip("no IPv6 loopback on this machine")
    try:
        with DdpStrip("::1", 1, port=board.port) as strip:
            assert strip.url == f"ddp://[::1]:{board.port}"
            strip.show([(1, 2, 3)])
            assert [(1, 2, 3)] in frames(board.packets(0.3))
    finally:
        board.close()


def test_chosen_in_hardware_toml(table: Table, game_id: str, board: Board) -> None:
    layout = Layout(strip=replace(SMALL, driver="ddp", host="127.0.0.1", port=board.port))
    with start_hardware(table, "real", layout, pin_factory=MockFactory()) as hw:
        assert isinstance(hw.strip, DdpStrip)
        assert hw.describe() == (
            f"table hardware: real (6 seat buttons, 6 LEDs on ddp://127.0.0.1:{board.port})")
        alice_to_roll = [(0, 0, 0)] * 3 + [(0x10, 0x20, 0x30)] + [(0, 0, 0)] * 2
        assert alice_to_roll in frames(board.packets(0.3))
    assert frames(board.packets(0.2))[-1] == [(0, 0, 0)] * 6


def test_unknown_host_warns_once_while_the_pause_grows(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="hardware.ddp_strip")
    with DdpStrip("wled.invalid", 3, backoff=0.01, max_backoff=0.08) as strip:
        assert _wait(lambda: strip.backoff == 0.08)
        time.sleep(0.3)
        assert not strip.connected and strip.frames_sent == 0
    records = [r for r in caplog.records if "wled.invalid" in r.getMessage()]
    assert len(records) > 4
    assert [r.levelno for r in records].count(logging.WARNING) == 1
    assert "cannot find wled.invalid on the network" in records[0].getMessage()


def test_a_refusing_board_is_retried_and_picked_up(caplog: pytest.LogCaptureFixture) -> None:
    """Nothing listens on the port (the kernel answers "port unreachable"): one warning, a
    growing pause; once a board listens there, frames arrive and one info line says so."""
    caplog.set_level(logging.DEBUG, logger="hardware.ddp_strip")
    free = Board()  # bound and closed again at once: a free port nobody listens on
    port = free.port
    free.close()
    with DdpStrip("127.0.0.1", 1, port=port, refresh=0.02, backoff=0.01, max_backoff=0.08,
                  settle=0.2) as strip:
        strip.show([(5, 6, 7)])
        assert _wait(lambda: strip.backoff == 0.08)
        time.sleep(0.2)
        board = Board(port)
        try:
            assert _wait(lambda: not strip.failing)
            assert [(5, 6, 7)] in frames(board.packets(0.2))
            assert strip.backoff == 0.01
        finally:
            strip.close()
            board.close()
    records = [r for r in caplog.records if f"127.0.0.1:{port}" in r.getMessage()]
    changes = [r.levelname for r in records if r.levelno >= logging.INFO]
    assert changes == ["WARNING", "INFO"]
    warning = next(r for r in records if r.levelno == logging.WARNING).getMessage()
    assert warning == (f"LED strip on ddp://127.0.0.1:{port}: sending failed (Connection "
                       "refused); retrying, at most every 0.08 s")


def test_hardware_toml_chooses_ddp(tmp_path: Path) -> None:
    path = tmp_path / "hardware.toml"
    path.write_text('[strip]\ndriver = "ddp"\nhost = "wled-1a2b3c.local"\n', encoding="utf-8")
    strip = load(path).strip
    assert (strip.driver, strip.host, strip.port) == ("ddp", "wled-1a2b3c.local", 4048)
    path.write_text('[strip]\ndriver = "ddp"\nhost = "192.168.4.20"\nport = 4049\n'
                    "refresh = 0.5\n", encoding="utf-8")
    strip = load(path).strip
    assert (strip.host, strip.port, strip.refresh) == ("192.168.4.20", 4049, 0.5)
    assert load(None).strip.driver == "serial"


@pytest.mark.parametrize(("text", "message"), [
    ('driver = "wifi"', 'strip.driver \'wifi\': use "serial" (USB) or "ddp"'),
    ('driver = "ddp"', 'strip.host: driver = "ddp" needs the WLED board\'s name or address'),
    ('driver = "ddp"\nhost = "http://wled.local/"', "(no http://)"),
    ('driver = "ddp"\nhost = "wled.local"\nport = 0', "strip.port 0: a UDP port is 1..65535"),
    ('driver = "ddp"\nhost = "wled.local"\nport = 70000', "strip.port 70000"),
    ('driver = "ddp"\nhost = "wled.local"\ndevice = "auto"',
     'strip.device is not used with driver = "ddp"'),
    ('driver = "ddp"\nhost = "wled.local"\nbaud = 500000',
     'strip.baud is not used with driver = "ddp"'),
    ('host = "wled.local"', 'strip.host is not used with driver = "serial"'),
    ('driver = "ddp"\nhost = "wled.local"\nport = "x"', "strip.port: 'x' is not valid"),
])
def test_ddp_settings_are_refused_with_the_field_named(tmp_path: Path, text: str,
                                                       message: str) -> None:
    path = tmp_path / "hardware.toml"
    path.write_text(f"[strip]\n{text}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as refused:
        load(path)
    assert message in str(refused.value)

"""``companion doctor`` on real files: a temp SQLite log, a corrupted one, a pty as the strip."""

from __future__ import annotations

import io
import os
import select
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.table import Table
from hardware.adalight import encode
from tests.conftest import LiveServer
from tests.kit import answering
from tests.test_doctor_table import Board
from web import doctor, doctor_data
from web.doctor_table import _stable_name_tip, check_strip

BLACK_3 = b"Ada\x00\x02\x57" + bytes(9)  # 3 LEDs: hi 0, lo 2, 0 ^ 2 ^ 0x55 = 0x57


def lines(findings: Iterator[doctor.Finding]) -> list[str]:
    return [f.line() for f in findings]


@pytest.fixture
def pty() -> Iterator[tuple[int, str]]:
    """``(master fd, slave path)`` of a pseudo-terminal standing in for the LED controller."""
    master, slave = os.openpty()
    yield master, os.ttyname(slave)
    os.close(master)
    os.close(slave)


def test_database_ok(tmp_path: Path) -> None:
    table = Table.open(tmp_path / doctor.DB_NAME)
    table.execute({"cmd": "new_game", "edition": "monopol-no-1996", "players": ["Ada", "Bo"]})
    table.close()
    assert lines(doctor_data.check_database(tmp_path)) == [
        f"OK   database: {tmp_path / doctor.DB_NAME}: integrity ok, 1 game(s)"]


def test_database_missing_is_fine(tmp_path: Path) -> None:
    [finding] = doctor_data.check_database(tmp_path)
    assert finding.ok and "no game log yet" in finding.text
    assert not (tmp_path / doctor.DB_NAME).exists()


def test_corrupted_database_gets_a_fix(tmp_path: Path, pty: tuple[int, str]) -> None:
    (tmp_path / doctor.DB_NAME).write_bytes(b"not a database, just garbage bytes " * 300)
    out = io.StringIO()
    assert doctor.run_doctor(tmp_path, pty[1], out, port=0) == 1
    [line] = [line for line in out.getvalue().splitlines() if " database: " in line]
    assert line.startswith("FIX  database:") and "is not a SQLite file" in line
    assert "left as it is" in line  # issue 17 point 6: never made an empty bank


def test_damaged_pages_get_a_fix(tmp_path: Path) -> None:
    path = tmp_path / doctor.DB_NAME
    table = Table.open(path)
    for n in range(30):
        table.execute({"cmd": "new_game", "edition": "monopol-no-1996",
                       "players": [f"Player{n:02d}" * 4, "Bo"]})
    table.close()
    data = bytearray(path.read_bytes())
    data[4096 * 2:4096 * 4] = b"\xff" * 8192  # wreck pages 3 and 4, keep the header
    path.write_bytes(bytes(data))
    [finding] = doctor_data.check_database(tmp_path)
    # issue 17 point 6: Debian's sqlite3 3.40 fails at .recover; Python's sqlite3 rescues
    assert not finding.ok and "companion rescue --data" in finding.text
    assert ".recover" not in finding.text and "mv " not in finding.text


def test_serial_pty_receives_one_black_frame(tmp_path: Path, pty: tuple[int, str]) -> None:
    """A silent pty: the question to WLED and a black frame arrive, and silence is no OK."""
    master, slave = pty
    [finding] = check_strip(tmp_path, slave, 3, wait=0.1)
    assert not finding.ok and f"{slave} at 115200 baud: nothing answered" in finding.text
    heard = b""
    while len(heard) < 16 and select.select([master], [], [], 2)[0]:  # two writes
        heard += os.read(master, 100)
    assert heard == b"v" + BLACK_3


def test_serial_missing_device_and_no_device(tmp_path: Path) -> None:
    [finding] = check_strip(tmp_path, str(tmp_path / "ttyUSB9"), dev=tmp_path)
    assert not finding.ok and "is not there" in finding.text and "check the cable" in finding.text
    [finding] = check_strip(tmp_path, None, dev=tmp_path)
    assert not finding.ok and "ls /dev/serial/by-id/" in finding.text


def test_serial_prefers_by_id(tmp_path: Path, pty: tuple[int, str]) -> None:
    (tmp_path / "serial/by-id").mkdir(parents=True)
    link = tmp_path / "serial/by-id/usb-1a86_USB_Serial-if00-port0"
    link.symlink_to(pty[1])
    [finding] = check_strip(tmp_path, None, dev=tmp_path, wait=0.1)
    assert str(link) in finding.text and "tip" not in finding.text
    tip = _stable_name_tip("/dev/ttyUSB0", [str(link)], tmp_path)
    assert tip is not None and "/dev/serial/by-id/" in tip


def test_gpio_on_a_pi(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    (tmp_path / "gpiochip0").touch()
    monkeypatch.setattr(doctor, "MODEL_PATH", model)
    monkeypatch.setattr(doctor, "DEV", tmp_path)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "lgpio")
    findings = list(doctor.check_gpio())
    assert [f.ok for f in findings] == [True, True, True]
    assert "Raspberry Pi 5" in findings[0].text and "gpiochip0 read/writable" in findings[2].text


def test_gpio_elsewhere(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(doctor, "MODEL_PATH", tmp_path / "none")
    monkeypatch.setattr(doctor, "DEV", tmp_path)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "native")
    board, factory, chips = doctor.check_gpio()
    assert not board.ok and "--hardware sim" in board.text
    assert not factory.ok and "lgpio" in factory.text
    assert not chips.ok and "/dev/gpiochip" in chips.text


def test_versions() -> None:
    findings = {f.name: f for f in doctor.check_packages()}
    assert set(doctor.PACKAGES) <= set(findings)
    assert all(findings[name].ok for name in doctor.PACKAGES)
    [python] = doctor.check_python()
    assert python.ok


def test_network_loopback_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("web.addresses.lan_addresses", lambda: [])
    [finding] = doctor_data.check_network("0.0.0.0")
    assert not finding.ok and "hotspot" in finding.text
    monkeypatch.setattr("web.addresses.lan_addresses", lambda: ["192.0.2.7"])
    assert lines(doctor_data.check_network("0.0.0.0")) == ["OK   network: phones will use "
                                                      "http://192.0.2.7"]
    assert not next(doctor_data.check_network("127.0.0.1")).ok


def test_network_is_every_interface_with_an_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Pi's own hotspot is a network: no "start the hotspot" while it runs (issue 18
    point 1; the real hotspot, in a network namespace: test_hotspot_netns.py)."""
    monkeypatch.setattr("web.addresses.lan_addresses", lambda: ["10.42.0.1", "192.0.2.7"])
    assert lines(doctor_data.check_network("0.0.0.0")) == [
        "OK   network: phones will use http://10.42.0.1 (or http://192.0.2.7)"]


def test_disk_space(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    [finding] = doctor_data.check_disk(tmp_path / "not" / "yet")
    assert finding.ok and str(tmp_path) in finding.text
    monkeypatch.setattr(doctor_data, "MIN_FREE", 2**62)
    [finding] = doctor_data.check_disk(tmp_path)
    assert not finding.ok and "MB free" in finding.text


def test_port_free_and_taken() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        port = taken.getsockname()[1]
        [finding] = doctor_data.check_port("127.0.0.1", port)
        assert not finding.ok and "another program" in finding.text
    [finding] = doctor_data.check_port("127.0.0.1", port)
    assert finding.ok


def test_port_taken_by_companion_is_fine(live_server: LiveServer) -> None:
    port = int(live_server.url.rsplit(":", 1)[1])
    [finding] = doctor_data.check_port("127.0.0.1", port)
    assert finding.ok and "in use by a companion server" in finding.text


def test_port_taken_by_another_web_server() -> None:
    """Another program's web server: 401 JSON, but not ours."""
    with answering(401, b'{"detail": "unauthorized"}') as other:
        [finding] = doctor_data.check_port("127.0.0.1", other)
    assert not finding.ok and "another program" in finding.text


def test_a_crashing_check_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                      pty: tuple[int, str]) -> None:
    def broken() -> Iterator[doctor.Finding]:
        raise RuntimeError("boom")
        yield

    monkeypatch.setattr(doctor, "check_python", broken)
    out = io.StringIO()
    assert doctor.run_doctor(tmp_path, pty[1], out, port=0) == 1
    assert "FIX  broken: the check itself failed (RuntimeError('boom'))" in out.getvalue()


def test_log_files_of_another_user_get_a_chown(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    log = tmp_path / doctor.DB_NAME
    log.touch()
    monkeypatch.setattr(doctor_data.os, "access", lambda path, mode: Path(path) != log)
    first, _ = doctor_data.check_disk(tmp_path)
    assert not first.ok and f"sudo chown -R {doctor._user()}: {tmp_path}" in first.text


def test_all_ok_exits_0(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                        pty: tuple[int, str]) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\0")
    (tmp_path / "gpiochip0").touch()
    monkeypatch.setattr(doctor, "MODEL_PATH", model)
    monkeypatch.setattr(doctor, "DEV", tmp_path)
    monkeypatch.setattr(doctor, "_lgpio_finding", lambda on_pi: doctor.Finding("lgpio", True, ""))
    monkeypatch.setattr("web.addresses.lan_addresses", lambda: ["192.0.2.7"])
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "lgpio")
    Table.open(tmp_path / doctor.DB_NAME).close()
    out = io.StringIO()
    wled = Board("wled")  # issue 18 point 4: OK only when a firmware answers
    try:
        assert doctor.run_doctor(tmp_path, wled.path, out, port=0,
                                 pin_factory=MockFactory()) == 0, out.getvalue()
        assert wled.wait_heard(1 + 414) == b"v" + encode([(0, 0, 0)] * 136)
    finally:
        wled.unplug()
    assert all(line.startswith("OK   ") for line in out.getvalue().splitlines())

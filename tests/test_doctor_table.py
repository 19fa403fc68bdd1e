"""``companion doctor`` checks the table the service would use (issue 18, point 4).

Real parts only: a ``hardware.toml`` in a temporary data folder, read by the function
``companion serve`` uses; a temporary device folder of ptys under udev's by-id names, each
with a thread on the other end answering like WLED (``v`` -> ``WLED <build>``, from
``wled00/wled_serial.cpp``), like an Adalight sketch (``Ada`` greeting after its reset) or
not at all; gpiozero's ``MockFactory`` for the button pins.
"""

from __future__ import annotations

import os
import select
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from hardware.adalight import encode
from hardware.probe import identify
from tests.conftest import LiveServer
from tests.kit import answering
from tests.test_hardware_ports import CH340, UNO, plug
from tests.test_hardware_strip import Pty
from web import doctor
from web.doctor_table import _wled_over_wifi, check_buttons, check_strip

ESP32 = "usb-Espressif_USB_JTAG_serial_debug_unit_F4:12:FA:00:00:01-if00"  # native USB: ttyACM


class Board(Pty):
    """A pty whose far end runs a thread acting as a firmware: ``wled``, ``ada`` or
    ``silent``; ``heard`` collects every byte the doctor sent."""

    def __init__(self, firmware: str) -> None:
        super().__init__()
        self.firmware, self.heard, self.stop = firmware, b"", threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        if self.firmware == "ada":  # the sketch starts after the reset the open caused
            time.sleep(0.1)
            os.write(self.master, b"Ada\n")
        while not self.stop.is_set():
            if not select.select([self.master], [], [], 0.05)[0]:
                continue
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            self.heard += data
            if self.firmware == "wled" and b"v" in data[:1]:
                os.write(self.master, b"WLED 2403190\r\n")  # Serial.println(VERSION)

    def wait_heard(self, size: int, timeout: float = 3.0) -> bytes:
        deadline = time.monotonic() + timeout
        while len(self.heard) < size and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.heard

    def unplug(self) -> None:
        self.stop.set()
        self.thread.join()
        super().unplug()


@pytest.fixture
def boards() -> Iterator[dict[str, Board]]:
    made = {kind: Board(kind) for kind in ("wled", "ada", "silent")}
    yield made
    for board in made.values():
        board.unplug()


@pytest.fixture
def dev(tmp_path: Path) -> Path:
    (tmp_path / "dev").mkdir()
    return tmp_path / "dev"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    (tmp_path / "data").mkdir()
    return tmp_path / "data"


def test_the_device_named_in_hardware_toml_at_its_baud(data: Path, dev: Path,
                                                       boards: dict[str, Board]) -> None:
    """The issue's case: hardware.toml names a present device while another board is also
    plugged in (and first in the auto order): the named one is checked, at its baud."""
    plug(dev, "ttyACM0", boards["ada"], by_id=UNO)
    esp = plug(dev, "ttyACM1", boards["wled"], by_id=ESP32)
    (data / "hardware.toml").write_text(f'[strip]\ndevice = "{esp}"\nbaud = 230400\n'
                                        "count = 3\n", encoding="utf-8")
    [finding] = check_strip(data, dev=dev, wait=1.0)
    assert finding.line() == (f"OK   serial: {esp} at 230400 baud: WLED 2403190 answered 'v'; "
                              "it took a black frame of 3 LEDs")
    assert boards["wled"].wait_heard(1 + 15) == b"v" + encode([(0, 0, 0)] * 3)
    assert boards["ada"].heard == b""  # the other board was left alone


def test_auto_takes_what_serve_would_take(data: Path, dev: Path,
                                          boards: dict[str, Board]) -> None:
    """No hardware.toml: strip.device = "auto", by-id links first (hardware.ports)."""
    uno = plug(dev, "ttyACM0", boards["ada"], by_id=UNO)
    plug(dev, "ttyUSB0", boards["wled"])
    [finding] = check_strip(data, dev=dev, wait=1.0)
    assert finding.ok and finding.text.startswith(
        f"{uno} at 115200 baud: an Adalight sketch greeted 'Ada'")
    assert "136 LEDs" in finding.text  # the default layout's strip, every LED blanked
    assert boards["ada"].wait_heard(2 + 414).endswith(encode([(0, 0, 0)] * 136))


def test_a_silent_board_is_not_ok(data: Path, dev: Path, boards: dict[str, Board]) -> None:
    link = plug(dev, "ttyUSB0", boards["silent"], by_id=CH340)
    (data / "hardware.toml").write_text("[strip]\nbaud = 500000\n", encoding="utf-8")
    [finding] = check_strip(data, dev=dev, wait=0.3)
    assert not finding.ok
    assert finding.text.startswith(f"{link} at 500000 baud: nothing answered: neither WLED")
    assert "strip.baud" in finding.text


def test_a_named_device_that_is_not_there(data: Path, dev: Path,
                                          boards: dict[str, Board]) -> None:
    """hardware.toml names a board that is unplugged; the one that is plugged in is named."""
    present = plug(dev, "ttyUSB0", boards["wled"], by_id=CH340)
    gone = dev / "serial/by-id" / UNO
    (data / "hardware.toml").write_text(f'[strip]\ndevice = "{gone}"\n', encoding="utf-8")
    [finding] = check_strip(data, dev=dev, wait=0.3)
    assert not finding.ok and finding.text.startswith(
        f"{gone} (strip.device in {data / 'hardware.toml'}) is not there; "
        f"plugged in: {present}")


def test_nothing_plugged_in(data: Path, dev: Path) -> None:
    [finding] = check_strip(data, dev=dev)
    assert not finding.ok and "no LED controller plugged in" in finding.text


def test_device_option_overrides_the_layout(data: Path, dev: Path,
                                            boards: dict[str, Board]) -> None:
    plug(dev, "ttyACM0", boards["ada"], by_id=UNO)
    [finding] = check_strip(data, boards["wled"].path, 2, dev=dev, wait=1.0)
    assert finding.ok and "WLED 2403190" in finding.text and "2 LEDs" in finding.text
    assert boards["ada"].heard == b""


def test_every_button_pin_free(data: Path) -> None:
    [finding] = check_buttons(data, MockFactory())
    assert finding.line() == ("OK   buttons: BCM 17, 27, 22, 23, 24, 25, 5 exist and are free "
                              "(6 seats and the banker)")


def test_a_missing_and_a_taken_pin(data: Path) -> None:
    (data / "hardware.toml").write_text("[buttons]\nseats = [17, 40, 22]\nbanker = 27\n",
                                        encoding="utf-8")
    factory = MockFactory()
    taken = Button(22, pin_factory=factory)  # another device holds BCM 22
    try:
        findings = list(check_buttons(data, factory))
    finally:
        taken.close()
    assert [f.line() for f in findings] == [
        "FIX  buttons: seat 2: BCM 40 does not exist on this board; choose a GPIO pin 2-27 "
        "in buttons of hardware.toml",
        "FIX  buttons: seat 3: BCM 22 is in use by another program or overlay (a running "
        "companion service holds its pins: sudo systemctl stop companion, then run doctor "
        "again)"]
    assert [f.ok for f in check_buttons(data, factory)] == [False]  # freed again: only 40


def test_on_a_pi_the_default_factory_and_lgpio_pipes_in_the_data_folder(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data: Path) -> None:
    """gpiozero's default factory (``GPIOZERO_PIN_FACTORY=mock`` here, lgpio on a Pi), with
    ``LG_WD`` set to the data folder as the unit does, so lgpio never writes into the
    folder doctor was started from."""
    from gpiozero import Device

    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    monkeypatch.setattr(doctor, "MODEL_PATH", model)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    monkeypatch.delenv("LG_WD", raising=False)
    try:
        [finding] = check_buttons(data)
    finally:
        if Device.pin_factory is not None:
            Device.pin_factory.close()
        Device.pin_factory = None
    assert finding.ok and finding.text.startswith("BCM 17, 27, 22, 23, 24, 25, 5 exist")
    assert os.environ["LG_WD"] == str(data)


def test_pins_held_by_the_running_service_are_fine(data: Path, live_server: LiveServer) -> None:
    """Doctor run while ``companion serve`` holds every pin (here on the same mock factory)."""
    (data / "hardware.toml").write_text("[buttons]\nseats = [17, 27]\nbanker = 5\n",
                                        encoding="utf-8")
    factory = MockFactory()
    held = [Button(pin, pin_factory=factory) for pin in (17, 27, 5)]
    port = int(live_server.url.rsplit(":", 1)[1])
    try:
        [finding] = check_buttons(data, factory, port)
        assert finding.line() == ("OK   buttons: BCM 17, 27, 5: 3 held by the running companion "
                                  "service (stop it to check them all: sudo systemctl stop "
                                  "companion)")
        assert len(list(check_buttons(data, factory, None))) == 3  # no server: 3 FIX lines
    finally:
        for button in held:
            button.close()


def test_an_invalid_layout_is_not_checked(data: Path, dev: Path) -> None:
    (data / "hardware.toml").write_text("[buttons]\nseats = [17, 17]\n", encoding="utf-8")
    [buttons] = check_buttons(data, MockFactory())
    [strip] = check_strip(data, dev=dev)
    assert not buttons.ok and not strip.ok and "is invalid" in strip.text


def test_run_doctor_reads_hardware_toml(data: Path, dev: Path,
                                        boards: dict[str, Board]) -> None:
    """The whole doctor, as ``companion doctor --data``: the strip and pins of the file."""
    esp = plug(dev, "ttyACM0", boards["wled"], by_id=ESP32)
    (data / "hardware.toml").write_text(f'[strip]\ndevice = "{esp}"\ncount = 2\n'
                                        "[buttons]\nseats = [17, 27]\nbanker = false\n",
                                        encoding="utf-8")
    import io

    out = io.StringIO()
    doctor.run_doctor(data, None, out, port=0, pin_factory=MockFactory(), dev=dev)
    text = out.getvalue()
    assert "OK   buttons: BCM 17, 27 exist and are free (2 seats)" in text
    assert f"OK   serial: {esp} at 115200 baud: WLED 2403190 answered 'v'" in text


#: WLED's JSON API, the part doctor reads (``wled00/json.cpp`` serializeInfo).
WLED_INFO = b'{"ver": "0.14.0", "vid": 2310130, "leds": {"count": 136}, "name": "WLED"}'


def test_wled_over_wifi_is_asked_over_http(data: Path, dev: Path) -> None:
    """``driver = "ddp"``: no serial device is touched; WLED answers its JSON API."""
    with answering(200, WLED_INFO, "/json/info") as board:
        found = _wled_over_wifi("127.0.0.1", 4048, 2.0, board)
    assert found.line() == ("OK   strip: WLED 0.14.0 at 127.0.0.1 answered /json/info, 136 "
                            "LEDs set in WLED; DDP frames go to UDP port 4048")
    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        silent = _wled_over_wifi("127.0.0.1", 4048, 0.5, closed.getsockname()[1])
    assert not silent.ok and "did not answer as WLED" in silent.text
    (data / "hardware.toml").write_text('[strip]\ndriver = "ddp"\nhost = "127.0.0.1"\n',
                                        encoding="utf-8")
    [finding] = check_strip(data, dev=dev, wait=0.2)  # port 80 here: nothing, or not WLED
    assert finding.name == "strip" and "127.0.0.1" in finding.text


def test_identify_on_a_pty(boards: dict[str, Board]) -> None:
    import serial

    with serial.serial_for_url(boards["wled"].path, timeout=0) as port:
        answer = identify(port, 1.0)
    assert (answer.firmware, answer.version) == ("WLED", "2403190")
    with serial.serial_for_url(boards["silent"].path, timeout=0) as port:
        assert identify(port, 0.2).describe() == "nothing answered"

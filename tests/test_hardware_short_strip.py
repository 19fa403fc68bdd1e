"""A strip shorter than the layout (issue 18, point 6): it lights what fits, the buttons on
gpiozero MockFactory pins keep claiming rent (C5), serve's banner and doctor say what is not
shown.  Parkveien's unimproved rent is 40 kr (monopol-no-1996, C6)."""

from __future__ import annotations

import io
import time
from pathlib import Path
from typing import Any

import pytest
import serial
from gpiozero.pins.mock import MockFactory

from companion.table import Table
from hardware import leds, load, start_hardware
from hardware.adalight import decode, split
from hardware.config import ButtonConfig, Layout, StripConfig
from hardware.sim import SimPanel
from hardware.strip import SerialStrip
from web import doctor
from web.serve import start_hardware as serve_hardware

SHORT = StripConfig(count=60, brightness=1.0)  # the default layout needs 136 LEDs
CUT = ["stock board LEDs 60-111 of 12-111", "passport LEDs 112-135 of 112-135"]


def test_a_short_strip_loads_and_names_what_it_cannot_show(tmp_path: Path) -> None:
    path = tmp_path / "hardware.toml"
    path.write_text("[strip]\ncount = 60\n", encoding="utf-8")
    strip = load(path).strip
    assert (strip.led_count, strip.needed(), strip.not_shown()) == (60, 136, CUT)
    assert StripConfig().not_shown() == []
    assert StripConfig(count=5).not_shown()[:2] == [
        "seat LEDs 5 of 0-5", "turn LEDs 6-11 of 6-11"]
    assert StripConfig(count=8, seat_leds=(0, 9, 2, 11, 4, 5)).not_shown()[0] == (
        "seat LEDs 9, 11 of 0, 9, 2, 11, 4, 5")


def test_render_lights_what_fits(table: Table, game_id: str) -> None:
    """The first 60 LEDs of the 136-LED frame: Alice's turn LED (6) is lit, nothing more."""
    snapshot = table.snapshot(game_id)
    full = leds.render(snapshot, StripConfig(), now=0.0)
    assert leds.render(snapshot, SHORT, now=0.0) == full[:60]
    assert full[6] == StripConfig().colours.turn


def test_buttons_work_and_frames_fit_the_short_strip(table: Table, game_id: str) -> None:
    ports: list[Any] = []

    def opener(url: str, **kwargs: Any) -> Any:
        ports.append(serial.serial_for_url(url, timeout=0.05, **kwargs))
        return ports[-1]

    layout = Layout(buttons=ButtonConfig(long_press=0.3), strip=SHORT)
    strip = SerialStrip("loop://", 60, refresh=0.05, opener=opener)
    with start_hardware(table, "real", layout, pin_factory=MockFactory(), strip=strip) as hw:
        assert hw.describe() == ("table hardware: real (6 seat buttons, 60 LEDs on loop://; "
                                 f"not shown: {', '.join(CUT)})")
        table.execute({"cmd": "buy", "player": "Bob", "space": "Parkveien"}, game_id=game_id)
        table.execute({"cmd": "land", "player": "Alice", "space": "Parkveien"}, game_id=game_id)
        assert hw.buttons is not None and hw.dispatcher is not None
        SimPanel(hw.buttons, hw.dispatcher, layout.buttons).press(1)  # MockFactory pin low
        bob = next(p for p in table.snapshot(game_id)["players"] if p["name"] == "Bob")
        assert bob["cash"] == 30000 - 1200 + 40
        assert strip.wait_written(2, timeout=5)
        time.sleep(0.1)
        frames = split(ports[0].read(1_000_000))
    assert frames and all(len(decode(f)) == 60 for f in frames)


def test_serve_keeps_the_hardware_on_with_a_short_strip(tmp_path: Path, table: Table) -> None:
    path = tmp_path / "hardware.toml"
    path.write_text('[strip]\ncount = 60\ndevice = "loop://"\n', encoding="utf-8")
    out = io.StringIO()
    hw = serve_hardware(table, "sim", path, out)
    try:
        assert hw is not None and out.getvalue() == ""
        assert hw.buttons is not None and "not shown: stock board" in hw.describe()
    finally:
        hw.close()


@pytest.mark.parametrize(("text", "ok", "says"), [
    ("", True, "136 LEDs, every segment shown"),
    ("[strip]\ncount = 60\n", True, f"60 LEDs; not shown: {', '.join(CUT)} (the buttons"),
    ("[strip]\ncount = 4\n", False, "not shown: seat LEDs 4-5 of 0-5"),
    ("[strip]\ncount = 0\n", False, "at least 1 LED"),
])
def test_doctor_says_what_is_not_shown(tmp_path: Path, text: str, ok: bool, says: str) -> None:
    if text:
        (tmp_path / "hardware.toml").write_text(text, encoding="utf-8")
    [finding] = doctor.check_strip_layout(tmp_path)
    assert finding.ok is ok and says in finding.text

"""The table layout file (issue 4, parts 2–3): defaults, TOML parsing, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.config import ButtonConfig, ConfigError, Layout, StripConfig, load


def test_defaults_need_no_file() -> None:
    layout = load(None)
    assert layout == Layout()
    assert layout.buttons.seats == (17, 27, 22, 23, 24, 25)
    assert layout.buttons.banker == 5
    assert layout.strip.led_count == 136  # 6 seat + 6 turn + 10x10 stock + 6x4 passport
    assert layout.strip.refresh <= 1.0  # WLED leaves realtime mode after 2.5 s


def test_toml_overrides_only_what_it_names(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text(
        '[buttons]\nseats = [4, 14, 15]\nlong_press = 1.5\n'
        '[strip]\ndevice = "loop://"\nbrightness = 1.0\n'
        'seat_leds = [0, 1, 2]\nturn_leds = [3, 4, 5]\n'
        '[strip.colours]\nclaim = [1, 2, 3]\n',
        encoding="utf-8",
    )
    layout = load(path)
    assert layout.buttons == ButtonConfig(seats=(4, 14, 15), long_press=1.5)
    assert layout.strip.device == "loop://"
    assert layout.strip.colours.claim == (1, 2, 3)
    assert layout.strip.colours.turn == StripConfig().colours.turn
    assert layout.strip.seat_leds == (0, 1, 2)


def test_false_disables_undo_and_banker(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text("[buttons]\nlong_press = false\nbanker = false\n", encoding="utf-8")
    buttons = load(path).buttons
    assert buttons.long_press is None
    assert buttons.banker is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[buttons]\nseats = [1, 2, 3, 4, 5, 6, 7]\n", "at most 6"),
        ("[buttons]\nseats = [5]\n", "used twice"),
        ("[buttons]\nbounce_time = -1\n", "positive"),
        ("[buttons]\nseat = [5]\n", "unknown key"),
        ("[strip]\nbrightness = 2\n", "brightness"),
        ("[strip]\ncount = 0\n", "at least 1 LED"),
        ("[strip.colours]\nclaim = [300, 0, 0]\n", "0..255"),
        ("[strip]\nbaud = 'fast'\n", "strip.baud"),
        ("[strip\n", "cannot read"),
    ],
)
def test_bad_layouts_are_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load(path)


def test_missing_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load(tmp_path / "nope.toml")

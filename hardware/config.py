"""The table layout: seat buttons, the banker button and the LED strip, from one TOML file.

Every field has a default, so ``load(None)`` gives a usable layout with no file at all.  The
file format (all tables and keys optional) is documented in ``hardware/README.md``::

    [buttons]
    seats = [17, 27, 22, 23, 24, 25]  # BCM pin per seat, in the game's seat order (max 6)
    banker = 5                        # BCM pin of the banker button
    long_press = 2.0                  # seconds held for undo; 0 or false disables undo
    bounce_time = 0.05                # seconds; presses closer together are one press

    [strip]
    driver = "serial"                 # or "ddp": WLED over Wi-Fi, then host (and port)
    device = "auto"                   # or "/dev/serial/by-id/usb-1a86_…", any pyserial URL
    baud = 115200
    # host = "wled-1a2b3c.local"      # driver = "ddp" only, in place of device and baud
    brightness = 0.5                  # 0.0 .. 1.0, applied to every colour
    seat_leds = [0, 1, 2, 3, 4, 5]    # one LED per seat: blinks while a rent is claimable

Nothing here touches a pin or a port; :func:`load` only reads the TOML file it is given.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hardware.fields import ConfigError, merge, only
from hardware.ports import AUTO

Colour = tuple[int, int, int]
MAX_SEATS = 6
DEFAULT_DEVICE = AUTO  # the first of hardware.ports.serial_candidates(), on every connect
DRIVERS = ("serial", "ddp")
SERIAL_ONLY = ("device", "baud", "write_timeout")
DDP_ONLY = ("host", "port")


@dataclass(frozen=True)
class ButtonConfig:
    """Buttons wired BCM pin -> button -> GND, internal pull-up (pressed = low).

    ``seats``: BCM pin per seat in seat order (at most 6); ``banker``: BCM pin or None for none;
    ``long_press``: seconds the banker button is held for ``undo``, None = undo disabled;
    ``bounce_time``: seconds within which further edges of one button are ignored.
    """

    seats: tuple[int, ...] = (17, 27, 22, 23, 24, 25)
    banker: int | None = 5
    long_press: float | None = 2.0
    bounce_time: float = 0.05


@dataclass(frozen=True)
class Colours:
    """RGB triples (0–255 each) used by :mod:`hardware.leds`."""

    claim: Colour = (255, 140, 0)
    nothing: Colour = (255, 0, 0)
    turn: Colour = (255, 255, 255)
    stock: Colour = (0, 200, 0)
    suspended: Colour = (255, 0, 0)
    seats: tuple[Colour, ...] = (
        (230, 25, 25), (25, 80, 230), (25, 200, 60),
        (240, 200, 0), (160, 40, 220), (0, 200, 200),
    )


@dataclass(frozen=True)
class StripConfig:
    """The LED strip and its segments (LED indices count from 0 at the data input).

    ``driver``: ``"serial"`` (Adalight over USB) or ``"ddp"`` (WLED over Wi-Fi on ``host``:
    ``port``, :mod:`hardware.ddp_strip`; issue 18); ``device``: ``"auto"`` (find the
    controller: :mod:`hardware.ports`), a path (prefer ``/dev/serial/by-id/...``, stable
    across replugs) or a pyserial URL;
    ``baud``: bits/s; ``write_timeout``: seconds before a stalled write counts as unplugged;
    ``refresh``: seconds between re-sends of an unchanged frame (WLED drops realtime at 2.5 s);
    ``brightness``: 0.0–1.0; ``blink``: seconds per blink half-period; ``flash``: seconds the
    "nothing to claim" flash lasts; ``seat_leds``/``turn_leds``: LED index per seat;
    ``stock_start``/``stock_series``/``stock_leds``: the Multimillionær stock board (M3), one
    segment of ``stock_leds`` LEDs per series; ``stock_levels``: the top price level;
    ``passport_start``/``passport_leds``: W1 progress, ``passport_leds`` LEDs per seat out of
    the snapshot's ``passport_progress.of`` (``wonders`` when it has none); ``count``: LEDs
    on the strip, None = just enough for every segment; a shorter strip lights the LEDs it
    has and :meth:`not_shown` names the rest.
    """

    driver: str = "serial"
    device: str = DEFAULT_DEVICE
    baud: int = 115200
    host: str = ""
    port: int = 4048
    write_timeout: float = 0.5
    refresh: float = 1.0
    brightness: float = 0.5
    blink: float = 0.5
    flash: float = 0.4
    seat_leds: tuple[int, ...] = (0, 1, 2, 3, 4, 5)
    turn_leds: tuple[int, ...] = (6, 7, 8, 9, 10, 11)
    stock_start: int = 12
    stock_series: int = 10
    stock_leds: int = 10
    stock_levels: int = 26
    passport_start: int = 112
    passport_leds: int = 4
    wonders: int = 22
    count: int | None = None
    colours: Colours = field(default_factory=Colours)

    @property
    def led_count(self) -> int:
        """LEDs in a frame: ``count``, or the end of the furthest segment."""
        return self.count if self.count is not None else self.needed()

    def needed(self) -> int:
        """One past the highest LED index any segment uses."""
        return max((max(leds, default=-1) + 1 for _, leds in self.segments()), default=0)

    def segments(self) -> list[tuple[str, Sequence[int]]]:
        """``(name, LED indices)`` of each segment: seat, turn, stock board (M3), passports (W1)."""
        return [("seat", self.seat_leds), ("turn", self.turn_leds),
                ("stock board", range(self.stock_start,
                                      self.stock_start + self.stock_series * self.stock_leds)),
                ("passport", range(self.passport_start,
                                   self.passport_start + MAX_SEATS * self.passport_leds))]

    def not_shown(self) -> list[str]:
        """What a strip of ``led_count`` LEDs cannot show: one phrase per cut segment, like
        ``"stock board LEDs 60-111 of 12-111"``; empty when every segment fits (issue 18,
        point 6).  The LEDs that fit still light; the buttons work either way."""
        cut = []
        for name, leds in self.segments():
            beyond = [i for i in leds if i >= self.led_count]
            if beyond:
                cut.append(f"{name} LEDs {_span(beyond)} of {_span(list(leds))}")
        return cut


@dataclass(frozen=True)
class Layout:
    """The whole table: :class:`ButtonConfig` and :class:`StripConfig`."""

    buttons: ButtonConfig = field(default_factory=ButtonConfig)
    strip: StripConfig = field(default_factory=StripConfig)


def load(path: str | Path | None) -> Layout:
    """The layout from the TOML file ``path``; defaults when ``path`` is None.

    Raises:
        ConfigError: the file cannot be read or parsed, or a field is invalid.
    """
    if path is None:
        return Layout()
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read layout {path}: {exc}") from exc
    return from_dict(data)


def load_if_present(path: str | Path) -> Layout:
    """The layout ``companion serve`` uses: the TOML file ``path`` (``DATA/hardware.toml``)
    when it is a file, else the defaults; ``companion doctor`` reads it the same way (issue
    18, point 4).  Raises ConfigError like :func:`load`."""
    return load(path if Path(path).is_file() else None)


def from_dict(data: dict[str, Any]) -> Layout:
    """The layout from parsed TOML ``data`` (``buttons``/``strip`` tables). Raises ConfigError."""
    only(data, {"buttons", "strip"}, "")
    buttons = _buttons(dict(data.get("buttons", {})))
    strip_data = dict(data.get("strip", {}))
    colours = merge(Colours(), strip_data.pop("colours", {}), "strip.colours")
    strip = replace(merge(StripConfig(), strip_data, "strip"), colours=colours)
    _check_strip(strip)
    _check_driver(strip, set(strip_data))
    return Layout(buttons, strip)


def _buttons(data: dict[str, Any]) -> ButtonConfig:
    for key in ("long_press", "banker"):  # TOML has no null: false (or 0 s) disables
        if data.get(key) is False or (key == "long_press" and data.get(key) == 0):
            data[key] = None
    buttons: ButtonConfig = merge(ButtonConfig(), data, "buttons")
    if len(buttons.seats) > MAX_SEATS:
        raise ConfigError(f"buttons.seats: at most {MAX_SEATS} seats")
    pins = [*buttons.seats, *([buttons.banker] if buttons.banker is not None else [])]
    if len(set(pins)) != len(pins):
        raise ConfigError("buttons: a BCM pin is used twice")
    if buttons.bounce_time < 0 or (buttons.long_press is not None and buttons.long_press <= 0):
        raise ConfigError("buttons: bounce_time and long_press must be positive seconds")
    return buttons


def _check_strip(strip: StripConfig) -> None:
    if not 0.0 <= strip.brightness <= 1.0:
        raise ConfigError("strip.brightness must be between 0.0 and 1.0")
    if strip.count is not None and strip.count < 1:
        raise ConfigError(f"strip.count {strip.count}: a strip has at least 1 LED")
    if strip.led_count > 65536 or min(strip.refresh, strip.write_timeout, strip.blink) <= 0:
        raise ConfigError("strip: at most 65536 LEDs; refresh, write_timeout, blink > 0")
    for colour in (*strip.colours.seats, strip.colours.claim, strip.colours.turn):
        if len(colour) != 3 or not all(0 <= c <= 255 for c in colour):
            raise ConfigError(f"strip.colours: {colour!r} is not [r, g, b] in 0..255")


def _check_driver(strip: StripConfig, given: set[str]) -> None:
    """The driver and its own keys: ``device``/``baud``/``write_timeout`` belong to
    ``serial``, ``host``/``port`` to ``ddp``, which needs a host (a name or an address, not a
    URL). Raises ConfigError naming the field."""
    if strip.driver not in DRIVERS:
        raise ConfigError(f"strip.driver {strip.driver!r}: use \"serial\" (USB) or \"ddp\""
                          " (WLED over Wi-Fi)")
    foreign = sorted(given & set(DDP_ONLY if strip.driver == "serial" else SERIAL_ONLY))
    if foreign:
        raise ConfigError(f"strip.{foreign[0]} is not used with driver = \"{strip.driver}\"")
    if strip.driver == "ddp" and (not strip.host or any(c in strip.host for c in " /\t")):
        raise ConfigError("strip.host: driver = \"ddp\" needs the WLED board's name or "
                          "address, like \"wled-1a2b3c.local\" or \"192.168.1.50\" (no http://)")
    if not 1 <= strip.port <= 65535:
        raise ConfigError(f"strip.port {strip.port}: a UDP port is 1..65535 (WLED: 4048)")


def _span(leds: Sequence[int]) -> str:
    """``[60, 61, 62]`` -> ``"60-62"``; indices with gaps are listed: ``"3, 5"``."""
    if list(leds) == list(range(leds[0], leds[0] + len(leds))):
        return f"{leds[0]}-{leds[-1]}" if len(leds) > 1 else str(leds[0])
    return ", ".join(map(str, leds))

"""``companion doctor``: is this machine ready to be the table?  One line per check, OK or a fix.

Checks, in order: Python and package versions (an empty lgpio is named); the board, pin
factory and GPIO chips; from ``DATA/hardware.toml``, read as ``companion serve`` reads it,
each button pin and the LED strip's controller (who answers, then one black Adalight frame:
:mod:`web.doctor_table`) and what the layout shows; the LAN address phones will use; the
game log's integrity; free space in the data folder; whether the port is free (those four:
:mod:`web.doctor_data`).
Nothing here needs root; run it as the service's user to test that user's rights::

    sudo -u companion /opt/companion/.venv/bin/companion doctor --data /var/lib/companion
"""

from __future__ import annotations

import glob
import importlib.metadata
import importlib.util
import os
import pwd
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TextIO

DB_NAME = "companion.sqlite3"  # the game log's file name inside --data
LAYOUT_NAME = "hardware.toml"  # the table layout inside --data, as companion serve reads it
PACKAGES = ("flask", "uvicorn", "httptools", "uvloop", "a2wsgi", "orjson", "gpiozero", "pyserial",
            "qrcode", "confusable-homoglyphs")
MODEL_PATH = Path("/proc/device-tree/model")  # the board's name on a Pi (device tree)
DEV = Path("/dev")


@dataclass(frozen=True)
class Finding:
    """One printed line: ``name`` of the check, ``ok``, and what was found or how to fix it."""

    name: str
    ok: bool
    text: str

    def line(self) -> str:
        """``OK   name: text`` or ``FIX  name: text``."""
        return f"{'OK' if self.ok else 'FIX':<4} {self.name}: {self.text}"


Check = Callable[[], Iterator[Finding]]


def run_doctor(data_dir: Path, serial_device: str | None, out: TextIO = sys.stdout, *,
               host: str = "0.0.0.0", port: int = 8000, led_count: int | None = None,
               pin_factory: Any = None, dev: Path | None = None) -> int:
    """Run every check, print one line each to ``out``; 0 when all are OK, else 1.

    Args:
        data_dir: the ``--data`` folder holding the game log ``companion.sqlite3`` and the
            layout ``hardware.toml``.
        serial_device: ``--device``, checked instead of the layout's ``strip.device``;
            None = the device ``companion serve`` would open.
        host, port: where ``companion serve`` will listen.
        led_count: LEDs in the black test frame; None = the layout's strip.
        pin_factory: gpiozero pin factory for the button pins (None = gpiozero's default).
        dev: the device folder searched for the strip (None = ``/dev``).
    """
    from web.doctor_data import check_database, check_disk, check_network, check_port
    from web.doctor_table import check_buttons, check_strip

    data_dir = Path(data_dir).absolute()  # lgpio may chdir to $LG_WD
    checks: list[Check] = [
        check_python, check_packages, check_gpio,
        partial(check_buttons, data_dir, pin_factory, port),
        partial(check_strip, data_dir, serial_device, led_count, dev=dev or DEV),
        partial(check_strip_layout, Path(data_dir)), partial(check_network, host),
        partial(check_database, Path(data_dir)), partial(check_disk, Path(data_dir)),
        partial(check_port, host, port),
    ]
    ok = True
    for check in checks:
        for finding in _safely(check):
            print(finding.line(), file=out, flush=True)
            ok = ok and finding.ok
    return 0 if ok else 1


def _safely(check: Check) -> list[Finding]:
    name = getattr(check, "func", check).__name__.removeprefix("check_")
    try:
        return list(check())
    except Exception as exc:  # a broken check is a finding, never a crash
        return [Finding(name, False, f"the check itself failed ({exc!r}); please report it")]


def check_python() -> Iterator[Finding]:
    """Python 3.11 or newer, and which interpreter runs."""
    version = ".".join(map(str, sys.version_info[:3]))
    yield Finding("python", sys.version_info >= (3, 11),
                  f"{version} ({sys.executable})" if sys.version_info >= (3, 11)
                  else f"{version} is too old: install Python 3.11+ (Raspberry Pi OS 12 or newer)")


def check_packages() -> Iterator[Finding]:
    """The project's packages, and lgpio (needed on a Pi only)."""
    for name in ("companion", *PACKAGES):
        try:
            yield Finding(name, True, importlib.metadata.version(name))
        except importlib.metadata.PackageNotFoundError:
            yield Finding(name, False, "missing: cd /opt/companion && uv sync --locked --no-dev")
    yield _lgpio_finding(_board() is not None)


def _lgpio_finding(on_pi: bool) -> Finding:
    """lgpio works, is missing, or is the empty 0.0.0.2 placeholder (issue 18, point 5).

    lgpio's module ``lgpio.py`` needs its compiled ``_lgpio`` beside it (PyPI's 0.2.2.0
    wheels ship it there; Raspberry Pi OS's ``python3-lgpio`` is expected to, not checked on a
    Pi); PyPI's lgpio 0.0.0.2, which a resolver takes on
    Python 3.13 (0.2.2.0 has no wheel there), ships an empty ``lgpio.py`` and nothing else.
    """
    # find_spec, not import: importing lgpio creates pipes in the working directory.
    spec = importlib.util.find_spec("lgpio")
    if spec is not None and spec.origin and not _has_extension(Path(spec.origin)):
        return Finding("lgpio", False, f"lgpio {_version('lgpio')} at {spec.origin} is empty "
                       "(PyPI's placeholder, taken where lgpio 0.2.2 has no wheel): uninstall it "
                       "(sudo uv pip uninstall --python /opt/companion/.venv/bin/python lgpio), "
                       f"then {LGPIO_HOWTO}")
    if spec is not None:
        return Finding("lgpio", True, _version("lgpio"))
    if not on_pi:
        return Finding("lgpio", True, "not installed (needed on a Raspberry Pi only)")
    return Finding("lgpio", False, f"missing: {LGPIO_HOWTO}")


#: How to install a working lgpio (README, "On a Raspberry Pi", step 2).
LGPIO_HOWTO = ("Python 3.11/3.12 (Bookworm): cd /opt/companion && sudo uv sync --locked "
               "--no-dev --extra pi; Python 3.13 (Trixie): sudo apt install python3-lgpio and "
               "a venv made with --system-site-packages (README, 'On a Raspberry Pi')")


def _has_extension(module: Path) -> bool:
    """True when the compiled ``_lgpio`` module sits beside ``module`` (``lgpio.py``)."""
    return any(module.parent.glob("_lgpio*.so")) or any(module.parent.glob("_lgpio*.pyd"))


def _version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:  # a copy without metadata
        return "(version unknown)"


def _board() -> str | None:
    """The Raspberry Pi model from the device tree, or None on any other machine."""
    try:
        model = MODEL_PATH.read_bytes().rstrip(b"\0").decode(errors="replace")
    except OSError:
        return None
    return model if "Raspberry Pi" in model else None


def check_gpio() -> Iterator[Finding]:
    """The board, GPIOZERO_PIN_FACTORY, and read/write access to every /dev/gpiochip*."""
    board = _board()
    yield Finding("board", board is not None, board or "not a Raspberry Pi: buttons cannot be "
                  "read here; use companion serve --hardware sim (or off)")
    yield _pin_factory_finding(os.environ.get("GPIOZERO_PIN_FACTORY"))
    chips = sorted(glob.glob(str(DEV / "gpiochip*")))
    if not chips:
        yield Finding("gpio", False, "no /dev/gpiochip*: not a Pi, or a "
                      "kernel without GPIO character devices (use Raspberry Pi OS 64-bit)")
    for chip in chips:
        yield _open_finding("gpio", chip, "gpio")


def _pin_factory_finding(factory: str | None) -> Finding:
    if factory is None:
        return Finding("pin factory", True, "unset: gpiozero tries lgpio first "
                       "(the systemd unit sets GPIOZERO_PIN_FACTORY=lgpio)")
    if factory == "lgpio":
        return Finding("pin factory", True, "lgpio (GPIOZERO_PIN_FACTORY)")
    return Finding("pin factory", False, f"GPIOZERO_PIN_FACTORY={factory}: set it to lgpio")


def _open_finding(name: str, path: str, group: str) -> Finding:
    try:
        os.close(os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK))
    except PermissionError:
        return Finding(name, False, f"{path} is not read/writable by {_user()}: "
                       f"sudo usermod -aG {group} {_user()}, then log in again")
    return Finding(name, True, f"{path} read/writable by {_user()}")


def _user() -> str:
    return pwd.getpwuid(os.geteuid()).pw_name


def check_strip_layout(data_dir: Path) -> Iterator[Finding]:
    """What the strip of ``data_dir/hardware.toml`` shows: every segment, or which LEDs a
    shorter strip leaves out (issue 18, point 6); a cut seat or turn LED needs a fix."""
    from hardware import ConfigError, load_if_present

    path = data_dir / LAYOUT_NAME
    try:
        strip = load_if_present(path).strip
    except ConfigError as exc:
        yield Finding("strip layout", False, f"{exc}: fix {path} (hardware/README.md)")
        return
    cut = strip.not_shown()
    if not cut:
        yield Finding("strip layout", True, f"{strip.led_count} LEDs, every segment shown")
        return
    fits = all(i < strip.led_count for i in (*strip.seat_leds, *strip.turn_leds))
    yield Finding("strip layout", fits, f"{strip.led_count} LEDs; not shown: {', '.join(cut)} "
                  f"(the buttons still work; for all, set count = {strip.needed()} or move the "
                  f"segments in {path})")

"""``companion doctor``'s checks of the table hardware as ``companion serve`` would use it.

Both read ``DATA/hardware.toml`` with :func:`hardware.config.load_if_present`, the function
``companion serve --hardware`` uses (issue 18, point 4):

- :func:`check_buttons`: every configured button pin (seats, banker) exists on this board and
  is free, by opening it as the service does (a gpiozero ``Button`` with pull-up) and closing
  it again;
- :func:`check_strip`: the serial device the service would open (``strip.device``; for
  ``"auto"`` the first of :func:`hardware.ports.serial_candidates`), at ``strip.baud``; who
  answers (:func:`hardware.probe.identify`: WLED, an Adalight sketch or nothing), then one
  black Adalight frame of ``strip.count`` LEDs.  "OK" means a firmware answered.  With
  ``strip.driver = "ddp"`` (WLED over Wi-Fi) WLED is asked over HTTP (``/json/info``).

Nothing here runs at import time.  ``dev`` and ``pin_factory`` are parameters so tests use a
folder of ptys named like by-id links and gpiozero's ``MockFactory``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hardware import ConfigError, Layout, load_if_present
from hardware.ports import AUTO, DEV, WHERE, serial_candidates
from hardware.probe import WAIT, identify
from web.doctor import LAYOUT_NAME, Finding, _board, _user
from web.doctor_data import _is_companion

BUSY = "is in use by another program"


def read_layout(data_dir: Path) -> Layout | None:
    """The layout ``companion serve --data data_dir`` would use; None when the file is
    invalid (``check_strip_layout`` says why)."""
    try:
        return load_if_present(data_dir / LAYOUT_NAME)
    except ConfigError:
        return None


def check_buttons(data_dir: Path, pin_factory: Any = None,
                  port: int | None = None) -> Iterator[Finding]:
    """Each button pin of the layout exists and is free (``pin_factory``: gpiozero's factory;
    None = the default one, lgpio on a Pi; off a Pi the pins are not checked).  Pins that are
    all busy while a companion server answers on ``port`` are held by the service: OK."""
    layout = read_layout(data_dir)
    if layout is None:
        yield Finding("buttons", False, f"not checked: {data_dir / LAYOUT_NAME} is invalid")
        return
    if pin_factory is None and _board() is None:
        yield Finding("buttons", True, "not checked: not a Raspberry Pi")
        return
    if pin_factory is None:  # lgpio makes its pipes in $LG_WD, as in the unit: the data folder
        os.environ.setdefault("LG_WD", str(data_dir.absolute()))
    pins = [(f"seat {n}", pin) for n, pin in enumerate(layout.buttons.seats, 1)]
    if layout.buttons.banker is not None:
        pins.append(("banker", layout.buttons.banker))
    bad = [f for f in (_pin_finding(name, pin, pin_factory) for name, pin in pins) if f]
    if bad and all(BUSY in f.text for f in bad) and port is not None and _is_companion(port):
        yield Finding("buttons", True, f"BCM {', '.join(str(p) for _, p in pins)}: "
                      f"{len(bad)} held by the running companion service (stop it to check "
                      "them all: sudo systemctl stop companion)")
        return
    yield from bad
    if not bad:
        yield Finding("buttons", True, f"BCM {', '.join(str(p) for _, p in pins)} exist and "
                      f"are free ({len(layout.buttons.seats)} seats"
                      f"{' and the banker' if layout.buttons.banker is not None else ''})")


def _pin_finding(name: str, pin: int, pin_factory: Any) -> Finding | None:
    """None when BCM ``pin`` opens as a pulled-up button, else the FIX for ``name``."""
    from gpiozero import Button, GPIOPinInUse, PinInvalidPin
    from gpiozero.exc import BadPinFactory

    try:
        Button(pin, pull_up=True, pin_factory=pin_factory).close()
    except PinInvalidPin:
        return Finding("buttons", False, f"{name}: BCM {pin} does not exist on this board; "
                       "choose a GPIO pin 2-27 in buttons of hardware.toml")
    except BadPinFactory as exc:
        return Finding("buttons", False, f"no GPIO library ({exc}): see lgpio above")
    except Exception as exc:  # lgpio says "GPIO busy" when another process holds the pin
        if not isinstance(exc, GPIOPinInUse) and "busy" not in str(exc).lower():
            return Finding("buttons", False, f"{name}: BCM {pin} cannot be opened ({exc})")
        return Finding("buttons", False, f"{name}: BCM {pin} {BUSY} or overlay (a running "
                       "companion service holds its pins: sudo systemctl stop companion, then "
                       "run doctor again)")
    return None


def check_strip(data_dir: Path, device: str | None = None, led_count: int | None = None, *,
                dev: Path = DEV, wait: float = WAIT) -> Iterator[Finding]:
    """The strip's controller as the service would open it: who answers, then a black frame.

    Args:
        data_dir: the folder of ``hardware.toml``.
        device: ``--device``, checked instead of ``strip.device`` (and said so).
        led_count: LEDs in the black frame; None = the layout's ``strip.count``.
        dev: the device folder ``"auto"`` searches.
        wait: seconds to listen for an answer (:func:`hardware.probe.identify`).
    """
    layout = read_layout(data_dir)
    if layout is None:
        yield Finding("serial", False, f"not checked: {data_dir / LAYOUT_NAME} is invalid")
        return
    strip, candidates = layout.strip, serial_candidates(dev)
    if strip.driver == "ddp" and device is None:
        yield _wled_over_wifi(strip.host, strip.port, max(wait, 1.0))
        return
    wanted = device or strip.device
    chosen = (candidates[0] if candidates else None) if wanted == AUTO else wanted
    source = "--device" if device else f"strip.device in {data_dir / LAYOUT_NAME}"
    if chosen is None:
        yield Finding("serial", False, f"no LED controller plugged in (looked in {WHERE}): "
                      "plug the LED controller (WLED or Arduino Adalight) into USB, then "
                      "ls /dev/serial/by-id/")
        return
    if wanted != AUTO and "://" not in chosen and not os.path.exists(chosen):
        found = f"; plugged in: {', '.join(candidates)}" if candidates else ""
        yield Finding("serial", False, f"{chosen} ({source}) is not there{found}: check the "
                      "cable, or set strip.device to \"auto\" or to the device's "
                      "/dev/serial/by-id/ name")
        return
    yield _probe(chosen, strip.baud, strip.write_timeout, led_count or strip.led_count, wait,
                 _stable_name_tip(chosen, candidates, dev))


def _wled_over_wifi(host: str, udp_port: int, timeout: float, http_port: int = 80) -> Finding:
    """``strip.driver = "ddp"``: ask WLED who it is over HTTP, ``GET /json/info`` (its JSON
    API: ``ver``, ``vid``, ``leds.count``; ``wled00/json.cpp`` ``serializeInfo``)."""
    import json
    import urllib.request

    name = f"[{host}]" if ":" in host else host
    url = f"http://{name}{'' if http_port == 80 else f':{http_port}'}/json/info"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as reply:
            info = json.loads(reply.read(256 * 1024))
        version, leds = info["ver"], info.get("leds", {}).get("count")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        return Finding("strip", False, f"WLED over Wi-Fi (strip.host {host}): {url} did not "
                       f"answer as WLED ({exc}): is the board on this network, and its name "
                       "or address right (hardware/README.md, WLED over Wi-Fi)?")
    count = f", {leds} LEDs set in WLED" if isinstance(leds, int) else ""
    return Finding("strip", True, f"WLED {version} at {host} answered /json/info{count}; DDP "
                   f"frames go to UDP port {udp_port}")


def _probe(device: str, baud: int, write_timeout: float, count: int, wait: float,
           tip: str | None) -> Finding:
    """Open ``device`` as :class:`hardware.strip.SerialStrip` does, ask who it is, blank it."""
    import serial  # pyserial; imported here so the other checks run without it

    from hardware.adalight import encode

    try:
        with serial.serial_for_url(device, baudrate=baud, timeout=0,
                                   write_timeout=max(write_timeout, 2.0)) as port:
            answer = identify(port, wait)
            port.write(encode([(0, 0, 0)] * count))
            port.flush()
    except PermissionError:
        return Finding("serial", False, f"{device} is not writable by {_user()}: "
                       f"sudo usermod -aG dialout {_user()}, then log in again")
    except (OSError, serial.SerialException) as exc:
        return Finding("serial", False, f"{device}: {exc}; check the cable and "
                       "ls /dev/serial/by-id/")
    said = f"{device} at {baud} baud: {answer.describe()}"
    if answer.firmware is None:
        return Finding("serial", False, f"{said}: neither WLED (it answers 'v') nor an "
                       "Adalight sketch (it greets 'Ada' when it starts): set strip.baud to "
                       "the board's serial rate, or strip.device to the LED controller")
    text = f"{said}; it took a black frame of {count} LEDs"
    return Finding("serial", True, f"{text}; {tip}" if tip else text)


def _stable_name_tip(device: str, candidates: list[str], dev: Path) -> str | None:
    """Advice to name the strip by id when ``device`` is a ``/dev/tty*`` name that may change."""
    by_id = str(dev / "serial" / "by-id")
    if not device.startswith("/dev/") or device.startswith(by_id):
        return None
    stable = [c for c in candidates
              if c.startswith(by_id) and os.path.realpath(c) == os.path.realpath(device)]
    better = stable[0] if stable else "/dev/serial/by-id/…"
    return f"tip: set strip.device to {better}, a name that survives reboots and re-plugging"

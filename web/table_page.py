"""The table page ``/table`` (issue 4, part 4): the LED strip drawn as it lights, and the
simulated seat and banker buttons.  Banker only.

- ``GET /table``: the page (``templates/table.html`` + ``static/table.js``);
- ``GET /table/leds``: ``{"mode", "colours": ["#rrggbb", ...], "seats": [...], ...}``;
  the page polls it about five times a second;
- ``POST /table/press`` (JSON ``{"button": "seat", "seat": 0}`` or ``{"button": "banker",
  "long": false}``): drives the mock pins through ``hardware.sim`` so the real button code
  runs; 409 when no simulated panel is running, 400 for a button that does not exist.

The hardware comes from ``app.extensions["companion.hardware"]`` (None = no hardware), the
table from ``app.extensions["companion.table"]``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, g, render_template, request

from web.auth import banker_required, tokens
from web.i18n import N_, _

bp = Blueprint("table", __name__, url_prefix="/table")

#: Strings table.js shows, translated into the page as JSON.
JS_STRINGS = (N_("Pressed."), N_("Could not reach the bank."), N_("No simulated buttons here."),
              N_("Holding the banker button…"), N_("empty seat"),
              # issue 16 point 10: a seat button says whose it is, a light its state in words
              N_("Press %(name)s's seat"), N_("Press seat %(num)s (empty)"),
              N_("Claim light: %(state)s"), N_("Turn light: %(state)s"), N_("lit"), N_("off"))


def _hardware() -> Any:
    return current_app.extensions.get("companion.hardware")


def _players() -> list[str]:
    table = current_app.extensions["companion.table"]
    game_id = table.current_game()
    if game_id is None:
        return []
    return [p["name"] for p in table.snapshot(game_id)["players"]]


def _hex(colour: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _segments(hardware: Any) -> dict[str, Any]:
    """Where each part of the layout sits on the strip (LED indices), for drawing."""
    if hardware is None or hardware.mode == "off":
        return {}
    from hardware.config import MAX_SEATS  # here: the hardware package is slow to import

    s = hardware.layout.strip
    return {"seat_leds": list(s.seat_leds), "turn_leds": list(s.turn_leds),
            "stocks": [s.stock_start, s.stock_series * s.stock_leds],
            "passports": [s.passport_start, MAX_SEATS * s.passport_leds]}


@bp.get("")
@banker_required
def page() -> Any:
    """The simulated table."""
    hardware = _hardware()
    strings = {text: _(text) for text in JS_STRINGS}
    return render_template("table.html", csrf=tokens().csrf(g.identity), strings=strings,
                           mode=hardware.mode if hardware is not None else "off",
                           sim=hardware is not None and hardware.sim is not None)


@bp.get("/leds")
@banker_required
def leds() -> Any:
    """The strip's colours now (before brightness), the layout and the seats' players."""
    hardware = _hardware()
    sim = hardware.sim if hardware is not None else None
    colours = hardware.colours() if hardware is not None else []
    return {"mode": hardware.mode if hardware is not None else "off",
            "colours": [_hex(c) for c in colours],
            "segments": _segments(hardware),
            "players": _players(),
            "seats": sim.seats if sim is not None else 0,
            "banker": sim is not None and sim.has_banker,
            "long_press": sim is not None and sim.has_long_press}


@bp.post("/press")
@banker_required
def press() -> Any:
    """Press a simulated button: ``seat`` (0-based) or the ``banker`` (``long`` = undo)."""
    hardware = _hardware()
    sim = hardware.sim if hardware is not None else None
    if sim is None:
        return {"ok": False, "error": _("No simulated buttons here.")}, 409
    body = request.get_json(silent=True) or {}
    try:
        if body.get("button") == "banker":
            long = body.get("long") is True
            sim.press_banker(long=long, wait=not long)
        elif body.get("button") == "seat" and type(body.get("seat")) is int:
            sim.press(body["seat"])
        else:
            return {"ok": False, "error": _("Name a seat or the banker button.")}, 400
    except LookupError as exc:
        return {"ok": False, "error": str(exc)}, 400
    return {"ok": True, "colours": [_hex(c) for c in hardware.settle()]}

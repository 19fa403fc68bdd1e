"""Ask once, for a phone (family play-test 3, finding 4): a command a phone sent that the
core refused for a value the edition lacks (:class:`~companion.errors.MissingValue`, e.g.
Multimillionær's Skatt percentage, M16) must not stall the table.

The phone has no field for the figure; the console has (``web/static/console_ask.js``).
So the refusal is remembered here, by game — the command as the phone sent it (without
its client id), the player, and the ``missing`` block of :mod:`web.ask_once` — and the
console fetches it from ``GET /api/games/<id>/asks`` (banker only; each ask is handed out
once).  The console asks the banker for the figure, sends ``edition_value`` and then the
phone's command again, as the banker: the roll counts and every phone follows live.  The
phone says meanwhile that the banker is asked (``web/static/companion.js``).

An ask is never resent blindly (issue 16 point 2: a rent asked again after it was entered,
and answering it replayed an old roll, refused "Per kaster nå, ikke Ola."): it is handed
out only while the game stands where it stood when the phone sent it (the same turn, the
same player to roll, the same phase, the game not over) and the figure is still unknown;
otherwise it is dropped.

The phone hears how its ask ended (h23 finding 2: after the banker's "Not now" the phone
still said its purchase would count): each ask leaves a note per player — ``asked`` when
remembered, then ``done`` (the command counted) or ``skipped`` (the banker answered "Not
now", or the command was refused when sent again) as the console reports it with
``POST /api/games/<id>/asks/outcome``; the phone reads its own note with
``GET /api/games/<id>/asks/mine`` while it waits (``web/static/wallet_asks.js``).
"""

from __future__ import annotations

import threading
from typing import Any, cast

from flask import Blueprint, Flask, current_app, g, request

from companion.errors import CompanionError
from companion.state import GameState
from companion.table import Table
from web.auth import banker_required, game_required

bp = Blueprint("phone_asks", __name__, url_prefix="/api")
KEY = "companion.phone_asks"
NOTES = "companion.phone_ask_notes"
OUTCOMES = frozenset({"done", "skipped"})
_LOCK = threading.Lock()


def _asks(app: Flask) -> dict[str, list[dict[str, Any]]]:
    return app.extensions.setdefault(KEY, {})  # type: ignore[no-any-return]


def _notes(app: Flask, game_id: str) -> dict[str, str]:
    """The game's notes, player -> ``asked`` | ``done`` | ``skipped`` (call under _LOCK)."""
    return app.extensions.setdefault(NOTES, {}).setdefault(game_id, {})  # type: ignore[no-any-return]


def _state(game_id: str) -> GameState | None:
    try:
        return cast(Table, current_app.extensions["companion.table"]).state(game_id)
    except CompanionError:
        return None


def _moment(state: GameState) -> list[Any]:
    """Where the game stands: ``[turn, player to roll, phase]``."""
    return [state.turn, state.to_roll, state.phase]


def remember(missing: dict[str, Any]) -> None:
    """Keep the request's refused command for the console when a phone sent it (``g``'s
    identity is a player and the URL names a game); at most one ask per player, the
    newest.  ``missing``: the block :func:`web.ask_once.missing_value` made."""
    identity = getattr(g, "identity", None)
    actor = getattr(identity, "actor", None)
    game_id = (request.view_args or {}).get("game_id")
    if actor is None or actor.role != "player" or not game_id:
        return
    body = request.get_json(silent=True)
    state = _state(str(game_id))
    if not isinstance(body, dict) or not isinstance(body.get("cmd"), str) or state is None:
        return
    command = {k: v for k, v in body.items() if k != "id"}
    ask = {"player": actor.player, "command": command, "missing": missing,
           "moment": _moment(state)}
    with _LOCK:
        waiting = _asks(current_app).setdefault(str(game_id), [])
        waiting[:] = [a for a in waiting if a["player"] != actor.player] + [ask]
        _notes(current_app, str(game_id))[actor.player] = "asked"


def current(state: GameState, ask: dict[str, Any]) -> bool:
    """Whether ``ask`` still fits ``state``: the game not over, the same turn, player to
    roll and phase as when the phone sent it, and the figure still unknown."""
    if state.over or ask["moment"] != _moment(state):
        return False
    missing, ed = ask["missing"], state.ed
    index, field = missing.get("space"), missing.get("field") or ""
    if isinstance(index, int) and 0 <= index < len(ed.spaces):
        return not ed.space(index).known(field)
    return True


@bp.get("/games/<game_id>/asks")
@banker_required
def take_asks(game_id: str) -> Any:
    """The phones' refused commands waiting for a value, oldest first, handed out once,
    stale ones dropped (:func:`current`):
    ``{"ok": true, "asks": [{"player", "command", "missing", "moment": [turn, player to
    roll, phase]}]}``."""
    with _LOCK:
        waiting = _asks(current_app).pop(game_id, [])
    state = _state(game_id)
    fresh = [a for a in waiting if state is not None and current(state, a)]
    return {"ok": True, "asks": fresh}


@bp.post("/games/<game_id>/asks/outcome")
@banker_required
def ask_outcome(game_id: str) -> Any:
    """The console's word on a phone's ask it handled: body ``{"player": name, "outcome":
    "done" | "skipped"}`` (``skipped``: "Not now", or refused when sent again).  Answers
    ``{"ok": true}``; 400 ``{"ok": false, "error"}`` for another body.  Only a player
    with an ask noted gets a note (nothing is waiting otherwise)."""
    body = request.get_json(silent=True)
    player = body.get("player") if isinstance(body, dict) else None
    outcome = body.get("outcome") if isinstance(body, dict) else None
    if not isinstance(player, str) or outcome not in OUTCOMES:
        return {"ok": False, "error": "player and outcome (done or skipped) are needed"}, 400
    with _LOCK:
        notes = _notes(current_app, game_id)
        if player in notes:
            notes[player] = str(outcome)
    return {"ok": True}


@bp.get("/games/<game_id>/asks/mine")
@game_required
def my_ask(game_id: str) -> Any:
    """The calling phone's note: ``{"ok": true, "outcome": "asked" | "done" | "skipped" |
    null}`` (null: no ask noted, or the banker's device); ``done`` and ``skipped`` are
    handed out once."""
    actor = getattr(g.identity, "actor", None)
    if actor is None or actor.role != "player":
        return {"ok": True, "outcome": None}
    with _LOCK:
        notes = _notes(current_app, game_id)
        outcome = notes.get(actor.player)
        if outcome in OUTCOMES:
            del notes[actor.player]
    return {"ok": True, "outcome": outcome}

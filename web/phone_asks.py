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
"""

from __future__ import annotations

import threading
from typing import Any, cast

from flask import Blueprint, Flask, current_app, g, request

from companion.errors import CompanionError
from companion.state import GameState
from companion.table import Table
from web.auth import banker_required

bp = Blueprint("phone_asks", __name__, url_prefix="/api")
KEY = "companion.phone_asks"
_LOCK = threading.Lock()


def _asks(app: Flask) -> dict[str, list[dict[str, Any]]]:
    return app.extensions.setdefault(KEY, {})  # type: ignore[no-any-return]


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

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
"""

from __future__ import annotations

import threading
from typing import Any

from flask import Blueprint, Flask, current_app, g, request

from web.auth import banker_required

bp = Blueprint("phone_asks", __name__, url_prefix="/api")
KEY = "companion.phone_asks"
_LOCK = threading.Lock()


def _asks(app: Flask) -> dict[str, list[dict[str, Any]]]:
    return app.extensions.setdefault(KEY, {})  # type: ignore[no-any-return]


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
    if not isinstance(body, dict) or not isinstance(body.get("cmd"), str):
        return
    command = {k: v for k, v in body.items() if k != "id"}
    ask = {"player": actor.player, "command": command, "missing": missing}
    with _LOCK:
        waiting = _asks(current_app).setdefault(str(game_id), [])
        waiting[:] = [a for a in waiting if a["player"] != actor.player] + [ask]


@bp.get("/games/<game_id>/asks")
@banker_required
def take_asks(game_id: str) -> Any:
    """The phones' refused commands waiting for a value, oldest first, handed out once:
    ``{"ok": true, "asks": [{"player", "command", "missing"}]}``."""
    with _LOCK:
        waiting = _asks(current_app).pop(game_id, [])
    return {"ok": True, "asks": waiting}

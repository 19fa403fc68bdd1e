"""Live updates by Server-Sent Events: ``GET /api/games/<id>/events``.

On connect the stream sends the full state (unless ``Last-Event-ID`` already is the
newest log sequence), then one full state per change, each with ``id:`` = the log
sequence.  A comment line every ``SSE_HEARTBEAT`` seconds (≤ 15) keeps proxies and phones
from dropping the connection and lets the server notice a vanished client.  A stream ends
after ``SSE_MAX_SECONDS`` (the browser reconnects with ``Last-Event-ID``) or when the app
is stopping (``app.extensions["companion.stopping"]``), and as soon as the token it was
opened with is replaced ("New QR code (lost phone)"): the browser's reconnection is then
refused (401) and the page says its link is no longer valid.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Response, current_app, g, request

from companion.table import Table
from web.api import table
from web.auth import game_required, tokens

bp = Blueprint("live", __name__, url_prefix="/api")

#: Longest single wait, in seconds, so a stopping server is noticed quickly.
SLICE = 1.0
#: How often, in seconds, a stream checks that its token is still valid.
TOKEN_CHECK = 1.0


def last_event_id() -> int | None:
    """The client's ``Last-Event-ID`` header (or ``last_id`` query argument), if a number."""
    raw = request.headers.get("Last-Event-ID") or request.args.get("last_id")
    return int(raw) if raw and raw.isascii() and raw.isdigit() else None


def message(state: dict[str, Any]) -> str:
    """One SSE message carrying ``state`` with its sequence as the event id."""
    data = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
    return f"id: {state['game']['seq']}\ndata: {data}\n\n"


def stream(table: Table, game_id: str, last_id: int | None, heartbeat: float,
           max_seconds: float, stopping: threading.Event,
           valid: Callable[[], bool] = lambda: True) -> Iterator[str]:
    """The SSE text of ``game_id`` for a client that has seen ``last_id`` (None: nothing);
    it ends when ``valid()`` turns False (the client's token was replaced)."""
    yield "retry: 2000\n\n"
    sent = -1 if last_id is None else last_id
    now = time.monotonic()
    end, beat, check = now + max_seconds, now + heartbeat, now + TOKEN_CHECK
    while not stopping.is_set() and now < end:
        if now >= check:
            if not valid():
                return
            check = now + TOKEN_CHECK
        if table.state(game_id).seq != sent:
            sent, text = table.snapshot_json(game_id)  # built once for every stream
            yield f"id: {sent}\ndata: {text}\n\n"
            beat = time.monotonic() + heartbeat
        elif now >= beat:
            yield ": keep-alive\n\n"
            beat = now + heartbeat
        else:
            table.wait(game_id, sent, min(SLICE, beat - now))
        now = time.monotonic()


@bp.get("/games/<game_id>/events")
@game_required
def events(game_id: str) -> Response:
    """Stream ``game_id``'s state as Server-Sent Events."""
    the_table = table()
    the_table.state(game_id)  # UnknownGame -> 404 before the stream starts
    headers = {"Cache-Control": "no-cache, no-store", "X-Accel-Buffering": "no"}
    if request.method == "HEAD":
        return Response(b"", mimetype="text/event-stream", headers=headers)
    config = current_app.config
    identity, the_tokens = g.identity, tokens()
    body = stream(the_table, game_id, last_event_id(), float(config["SSE_HEARTBEAT"]),
                  float(config["SSE_MAX_SECONDS"]), current_app.extensions["companion.stopping"],
                  lambda: the_tokens.current(identity))
    return Response(body, mimetype="text/event-stream", headers=headers)

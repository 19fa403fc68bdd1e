"""``GET /api/games/<id>/events`` as the Flask app answers it.

Under ``companion serve`` a valid request for a live stream never reaches this view: the
front's event loop serves it (:mod:`web.hub`, :mod:`web.front`).  This view answers what
the front hands on: a missing, wrong or replaced token (401/403), an unknown game (404),
``HEAD``, and — when the app runs under a plain WSGI server (the test client) — a stream
that sends the current state once (unless ``Last-Event-ID`` already is the newest log
sequence) and ends; the browser's ``EventSource`` reconnects after ``retry`` (2 s), so
the page still follows the game, by polling.
"""

from __future__ import annotations

from flask import Blueprint, Response, request

from web.api import table, whole_number
from web.auth import game_required

bp = Blueprint("live", __name__, url_prefix="/api")

HEADERS = {"Cache-Control": "no-cache, no-store", "X-Accel-Buffering": "no"}


def last_event_id() -> int | None:
    """The client's ``Last-Event-ID`` header (or ``last_id`` query argument), if a number."""
    return whole_number(request.headers.get("Last-Event-ID") or request.args.get("last_id"))


@bp.get("/games/<game_id>/events")
@game_required
def events(game_id: str) -> Response:
    """The stream's headers (HEAD), else ``retry`` and the state once if it is news."""
    the_table = table()
    the_table.state(game_id)  # UnknownGame -> 404
    if request.method == "HEAD":
        return Response(b"", mimetype="text/event-stream", headers=HEADERS)
    text = "retry: 2000\n\n"
    seq, state = the_table.snapshot_json(game_id)
    if seq != last_event_id():
        text += f"id: {seq}\ndata: {state}\n\n"
    return Response(text, mimetype="text/event-stream", headers=HEADERS)

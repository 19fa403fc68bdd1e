"""The table screen ``/board`` (issue 16 point 7): the board with tokens and owners, whose
turn, the last roll, open claims, Multimillionær's stock board and gjeldsbrev due (M3,
M18), the Wonders passport race (W1), live, in big type, for a TV or a spare tablet in the
middle of the table.  Read-only.

- ``GET /board``: the page (``templates/board.html`` + ``static/board.js`` and
  ``static/board_page.js``).  Its own viewer link (:meth:`web.tokens.Tokens.viewer`,
  opened by :func:`board_link`'s QR code on the console) shows that game and can send
  no command (:mod:`web.auth`); the banker sees the chosen (``?game=``), else the current
  game; a player sees their own game.
- ``GET /api/board/follow?game=<id>``: a table screen left on the TV follows the data
  folder's current game (h17 finding 3): when a newer game began, a viewer of an older
  game gets the new game's viewer link (the banker the plain ``/board``); the page opens it.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request

from companion.rules import rules_for
from web.api import table
from web.auth import identities, tokens
from web.i18n import _
from web.js_strings import js_strings
from web.pages import board
from web.qr import join_url, svg
from web.tokens import Identity

bp = Blueprint("board", __name__)


def board_link(game_id: str) -> dict[str, str]:
    """The table screen's link for ``game_id``: ``{"url", "svg"}`` (the join URL of its
    viewer token and its inline SVG QR code).  For the banker's console only."""
    url = join_url(tokens().viewer(game_id))
    return {"url": url, "svg": svg(url)}


def _game_of(found: list[Identity]) -> str | None:
    """The game the table screen shows to these identities (banker, player, viewer)."""
    if any(i.role == "banker" for i in found):
        return request.args.get("game") or table().current_game()
    return next((i.game for i in found if i.game is not None), None)


@bp.get("/board")
def page() -> Any:
    """The table screen of a game (401 without a token, 404 for a game that is not)."""
    found = identities()
    if not found:
        message = _("This screen shows the board. Scan its QR code on the bank's console.")
        return render_template("login.html", message=message), 401
    game_id = _game_of(found)
    if game_id is None:
        return render_template("login.html", message=_("No game is running yet.")), 404
    if game_id not in table().game_ids() or not any(i.may_see(game_id) for i in found):
        abort(404, _("There is no game %(game)s.", game=game_id))
    state = table().snapshot(game_id)
    rules = rules_for(table().state(game_id).ed)
    return render_template("board.html", i18n=js_strings(), game=game_id, state=state,
                           board=board(game_id), passport=rules.has("passport"))


@bp.get("/api/board/follow")
def follow() -> Any:
    """``{"ok": true, "game": <current game id or null>, "url": <link or null>}``: ``url``
    is where the table screen of ``?game=`` goes next — the current game's viewer link
    (``/join/<token>``) for a viewer of an OLDER game of this data folder, ``/board`` for
    the banker; null while ``?game=`` is still the current game (or for a player, whose
    screen stays on their own game).  401 without a token."""
    found = identities()
    if not found:
        return {"ok": False, "error": _("Scan your QR code or enter the banker token first.")}, 401
    shown, current = request.args.get("game", ""), table().current_game()
    ids = table().game_ids()
    newer = (current is not None and shown in ids and current != shown
             and ids.index(current) > ids.index(shown))
    url = None
    if newer and any(i.role == "banker" for i in found):
        url = "/board"
    elif newer and any(i.role == "viewer" and i.game == shown for i in found):
        url = "/join/" + tokens().viewer(str(current))
    return {"ok": True, "game": current, "url": url}

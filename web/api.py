"""The JSON API (``/api``): start games, read state and history, send commands.

Thin views: parse, call one :class:`~companion.table.Table` method, answer.  Errors are
answered by :mod:`web.errors`; a refused command changes nothing.

Two lanes lead into ``POST /api/games/<id>/commands``, on purpose (web/README.md
"Serving"): under ``companion serve`` the asyncio front (:mod:`web.front`) applies a
command that is plainly fine (JSON, a token that may use the game, a command object) in
its loop, for latency: no hand-off to a worker thread, and the live streams are written
before the answer.  Everything else -- a malformed body, a bad token, ``new_game``, and
every request under plain WSGI (tests, ``flask run``) -- comes to :func:`send_command`
here, which answers why.  Both lanes build the answer's body with :func:`answer_body`
(the front without a request context, carrying the live streams' change) and share the
limits below (:data:`MAX_WAIT`, :data:`MAX_AFTER`, :func:`is_game_command`), so
each check and message has one definition.
"""

from __future__ import annotations

import json
from typing import Any, TypeGuard, cast

from flask import Blueprint, Flask, Response, current_app, g, request
from flask.blueprints import BlueprintSetupState
from werkzeug.exceptions import BadRequest

from companion import events as ev
from companion.commands.names import find
from companion.errors import BadCommand, GameDamaged, UnknownPlayer
from companion.table import Outcome, Table
from web import limits
from web.auth import banker_required, game_required, tokens
from web.i18n import _
from web.qr import join_url
from web.refusal_text import translate_error
from web.tokens import Identity

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.record_once
def _limits(state: BlueprintSetupState) -> None:
    """The app's command limits (:mod:`web.limits`), made when the API is registered."""
    limits.init_app(cast(Flask, state.app))


#: Longest a polling request may wait for news, in seconds (both lanes: :mod:`web.front`).
MAX_WAIT = 25
#: Highest log sequence a polling request may name in ``after`` (both lanes).
MAX_AFTER = 2**62


def is_game_command(data: object) -> TypeGuard[dict[str, Any]]:
    """True when ``data`` (a parsed request body) is a command object for a running game:
    a dict whose ``cmd`` is not ``new_game`` (a game starts with ``POST /api/games``).
    The front's fast lane applies only these; this view refuses the rest."""
    return isinstance(data, dict) and data.get("cmd") != "new_game"


def table() -> Table:
    """The app's :class:`~companion.table.Table`."""
    return cast(Table, current_app.extensions["companion.table"])


def no_constant(name: str) -> Any:
    """``parse_constant`` for ``json.loads`` of a command (both lanes: :mod:`web.front`):
    NaN, Infinity and -Infinity are no JSON, and a stored one would stop every history
    (issue 17 point 4).  Raises BadCommand."""
    raise BadCommand("A number in the command is not a number (%(name)s); send real "
                     "numbers.", name=name)  # a template: translated when answered


def json_body() -> dict[str, Any]:
    """The request body as a JSON object.  Raises BadRequest (malformed or not an object),
    BadCommand (NaN or Infinity in it: :func:`no_constant`)."""
    try:
        data = json.loads(request.get_data(), parse_constant=no_constant) \
            if request.is_json else None
    except (ValueError, RecursionError) as exc:  # RecursionError: nested too deep
        if isinstance(exc, BadCommand):
            raise
        data = None
    if not isinstance(data, dict):
        raise BadRequest(_("The body must be a JSON object."))
    return data


def whole_number(raw: str | None) -> int | None:
    """``raw`` as a whole number of at most 19 digits (a log sequence, seconds), else None
    (longer digit strings are no sequence, and ``int()`` of thousands of digits fails)."""
    return int(raw) if raw and len(raw) <= 19 and raw.isascii() and raw.isdigit() else None


def int_arg(name: str, default: int, low: int, high: int) -> int:
    """A whole-number query argument within ``low..high``.  Raises BadRequest."""
    raw = request.args.get(name)
    if raw is None:
        return default
    number = whole_number(raw)
    if number is None or not low <= number <= high:
        raise BadRequest(_("%(name)s must be a whole number from %(low)d to %(high)d.",
                           name=name, low=low, high=high))
    return number


def join_links(game_id: str) -> list[dict[str, str]]:
    """Every player's name, token and join URL (banker only)."""
    names = list(table().state(game_id).players)
    links = []
    for name in names:
        token = tokens().player(game_id, name)
        links.append({"name": name, "token": token, "join_url": join_url(token)})
    return links


@bp.post("/games")
@banker_required
def create_game() -> Any:
    """Start a game: body = a ``new_game`` command without ``cmd``; answers its join links."""
    outcome = table().execute({**json_body(), "cmd": "new_game"}, g.identity.actor)
    game_id = outcome.game_id
    answer = {"ok": True, "game": game_id, "seq": outcome.seq, "duplicate": outcome.duplicate,
              "players": join_links(game_id), "state": table().snapshot(game_id)}
    return answer, 200 if outcome.duplicate else 201


@bp.get("/games")
@banker_required
def list_games() -> Any:
    """Every game, newest first, with its players and whether it is over; ``damaged``:
    the games whose log could not be read (``id``, ``seq`` of the first command that
    could not be read, ``error``: the sentence; issue 17 point 6)."""
    games = []
    for game_id in reversed(table().game_ids()):
        state = table().state(game_id)
        games.append({"id": game_id, "over": state.over, "seq": state.seq,
                      "players": list(state.players)})
    damaged = []
    for game_id, hurt in table().damaged().items():
        try:
            table().state(game_id)
        except GameDamaged as exc:
            damaged.append({"id": game_id, "seq": hurt.seq, "error": translate_error(exc)})
    return {"ok": True, "current": table().current_game(), "games": games,
            "damaged": damaged}


@bp.get("/games/<game_id>")
@game_required
def game_state(game_id: str) -> Any:
    """The state JSON; with ``?after=N`` (polling) 204 while the log is still at N, after
    waiting up to ``wait`` seconds for news (a log ahead of or behind N answers at once).
    Under ``companion serve`` the waiting is done in the loop (:mod:`web.front`)."""
    if "after" not in request.args:
        return _state_text(game_id)
    after = int_arg("after", 0, 0, MAX_AFTER)
    wait = int_arg("wait", 0, 0, MAX_WAIT)
    seq = table().state(game_id).seq
    stopping = current_app.extensions["companion.stopping"]
    while wait and seq == after and not stopping.is_set():  # plain WSGI; the front waits
        seq = table().wait(game_id, after, min(wait, 1))  # in slices: a stop is seen
        wait -= min(wait, 1)
    if seq == after:
        return "", 204
    return _state_text(game_id)


def _state_text(game_id: str) -> Response:
    """The state as the live streams and the commands' answers carry it, byte for byte
    (:meth:`companion.table.Table.snapshot_json`)."""
    return Response(table().snapshot_json(game_id)[1], mimetype="application/json")


@bp.post("/games/<game_id>/commands")
@game_required
def send_command(game_id: str) -> Any:
    """Apply one docs/table-log.md command (body, with the client's ``id``) for the sender; a
    phone over its limit gets 429 (:mod:`web.limits`; counted here only for requests
    the server's fast lane did not apply itself)."""
    limits.check(current_app, g.identity)
    return command_answer(game_id, *apply_command(game_id))


def apply_command(game_id: str) -> tuple[Outcome, dict[str, Any]]:
    """Apply the request's command for ``g.identity``: ``(outcome, command)``.

    Raises:
        BadRequest: the body is not a JSON object.
        Refused (and subclasses): the core refused it; nothing changed.
    """
    command = json_body()
    if not is_game_command(command):
        raise BadCommand(_("Start a new game with POST /api/games."))
    return table().execute(command, g.identity.actor, game_id), command


def command_answer(game_id: str, outcome: Outcome, command: dict[str, Any],
                   change: bytes | None = None, state: bytes | None = None) -> Response:
    """The answer to an applied command (:func:`answer_body`; the whole ``state`` unless
    ``change`` is given) as a JSON response, for ``g.identity`` in the request's
    language."""
    body = answer_body(table(), game_id, outcome, command, g.identity, change, state)
    return Response(body, mimetype="application/json")


def answer_body(store: Table, game_id: str, outcome: Outcome, command: dict[str, Any],
                identity: Identity, change: bytes | None = None,
                state: bytes | None = None) -> bytes:
    """The JSON body (UTF-8) of the answer to an applied command, in the language being
    spoken (:func:`web.i18n.language`; no request context needed): ``ok``, ``seq``,
    ``duplicate``, ``text`` (what it did, in words, for ``identity``), ``undone`` (for an
    undo), then ``change`` -- ``change``, the JSON text of the change the live streams
    got that leads to ``seq`` or later (:mod:`web.changes`), spliced in as it is -- or,
    when None, ``state``: the whole state's text as the streams send it (``state``, the
    text of a state at ``seq`` or later; None: the newest committed,
    :meth:`~companion.table.Table.snapshot_json`).  Raises UnknownGame."""
    done = None if outcome.duplicate else {  # what was stored, without reading it back
        "seq": outcome.seq, "actor": str(identity.actor), "command": command,
        "events": [ev.to_dict(e) for e in outcome.events]}
    viewer = identity.player if identity.role == "player" else None
    head = json.dumps({"ok": True, "seq": outcome.seq, "duplicate": outcome.duplicate,
                       **told(store, game_id, outcome.seq, viewer, done)},
                      ensure_ascii=False).encode()
    if change is not None:
        return b"%b,\"change\":%b}" % (head[:-1], change)
    if state is None:
        state = store.snapshot_json(game_id)[1].encode()
    return b"%b,\"state\":%b}" % (head[:-1], state)


def told(store: Table, game_id: str, seq: int, viewer: str | None,
         row: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the recorded command ``seq`` did in words (``text``), as ``viewer`` (a
    player's name; None: the banker) reads it, in the language being spoken; for an undo
    also what it reversed (``undone``).  ``row``: the command as stored, when at hand.
    Empty when ``seq`` is not in the log."""
    from web.describe import Context, describe

    ctx = Context(store, game_id, viewer, {seq: row} if row is not None else {})
    row = ctx.row(seq)
    if row is None:
        return {}
    said: dict[str, Any] = {"text": describe(ctx, row)}
    target = next((e["target"] for e in row["events"] if e.get("type") == "CommandUndone"),
                  None)
    undone = ctx.row(int(target)) if target is not None else None
    if undone is not None:
        said["undone"] = describe(ctx, undone)
    return said


def _viewer() -> str | None:
    """The player reading (their phone), or None for the banker."""
    return g.identity.player if g.identity.role == "player" else None


@bp.get("/games/<game_id>/history")
@game_required
def history(game_id: str) -> Any:
    """The newest ``limit`` (1–200, default 30) commands, oldest first, each with ``text``
    (what it did, in words); on a player's phone also ``yours`` (list of str: why that
    player's own money moved, :mod:`web.describe.yours`); for the banker also ``undo``:
    ``{seq, text}`` of the command ``undo`` would reverse now (None: nothing to undo)."""
    from web.describe import describe_rows, yours_rows

    limit = int_arg("limit", 30, 1, 200)
    table().state(game_id)
    rows = table().history(game_id, limit)
    for row, text in zip(rows, describe_rows(table(), game_id, rows, _viewer()), strict=True):
        row["text"] = text
    viewer = _viewer()
    if viewer:  # a phone: why its own money moved (issue 16 point 5)
        for row, lines in zip(rows, yours_rows(table(), game_id, rows, viewer), strict=True):
            row["yours"] = lines
    answer: dict[str, Any] = {"ok": True, "history": rows}
    if g.identity.role == "banker":
        target = table().undo_target(game_id)
        known = {r["seq"]: r["text"] for r in rows}
        if target is None:
            answer["undo"] = None
        else:
            said = known.get(target) or told(table(), game_id, target, viewer).get("text")
            answer["undo"] = {"seq": target, "text": said}
    return answer


@bp.get("/games/<game_id>/tally")
@game_required
def game_tally(game_id: str) -> Any:
    """The tally (provisional until the game is over) and every player's worth after each
    command not undone (``series``: ``[{seq, turn, totals: {name: worth}}]``)."""
    tally = table().snapshot(game_id, with_tally=True)["tally"]
    series = [{"seq": p.seq, "turn": p.turn, "totals": p.totals}
              for p in table().worth_series(game_id)]
    return {"ok": True, "over": table().state(game_id).over, "tally": tally, "series": series}


@bp.post("/games/<game_id>/players/<name>/token")
@banker_required
def rotate_token(game_id: str, name: str) -> Any:
    """Give a player a new token (a lost phone); the old one stops working at once.  The
    name is found as commands find it (NFC, any case: :mod:`companion.commands.names`)."""
    found = find(table().state(game_id).players, name)
    if found is None:
        raise UnknownPlayer(_("There is no player called %(name)s in this game.", name=name))
    token = tokens().rotate_player(game_id, found)
    return {"ok": True, "name": found, "token": token, "join_url": join_url(token)}

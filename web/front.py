"""The table server's front: one asyncio loop (uvicorn) in front of the Flask app (issue 8).

Three lanes, so that the busy paths never wait for a thread per request:

- ``GET /api/games/<id>/events`` with a valid token: the live stream, written by the loop
  itself (:class:`web.hub.Hub`): a command reaches every phone in one pass of the loop.
- ``POST /api/games/<id>/commands``: checked in the loop itself (:meth:`Front._command`,
  once the phone's rate limit allows, :mod:`web.limits`), applied by the table's writer,
  and the live streams are written before the sender's answer is built: in the loop,
  without a request context (:meth:`Front._answer`, carrying the streams' change), or by
  the app's error handlers for a refusal.
  The loop does not wait for the commit's fsync: it queues the command for the table's
  writer thread (group commit, issue 19 point 3: the commands that arrive while one
  commit is in flight are committed together, in one fsync) and answers once the
  command's own batch is on the disk and the streams were handed its state.
- everything else (pages, other API calls, a stream the hub does not take: bad token,
  unknown game, HEAD): the Flask app through ``a2wsgi`` on a pool of ``threads``.

Why a second way into ``POST …/commands`` when :func:`web.api.send_command` exists: a
command from a phone is the latency that matters at the table, and a trip through a worker
thread and back costs more than applying it here (web/README.md "Serving").  The front
takes only a command that is plainly fine; anything it doubts goes to the Flask view
unchanged, which answers why.  The limits both lanes check (``MAX_WAIT``, ``MAX_AFTER``,
``is_game_command``) are defined once, in :mod:`web.api`.

Nothing opens a port at import time: :class:`TableServer` binds when it is built.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import threading
import time
from collections.abc import Mapping
from typing import Any, cast
from urllib.parse import parse_qs, parse_qsl, urlencode

from a2wsgi import WSGIMiddleware
from a2wsgi.wsgi import build_environ
from flask import Flask, g
from werkzeug.http import parse_cookie

from companion.table import Outcome, Table
from web import limits, security_headers
from web.api import (
    MAX_AFTER,
    MAX_WAIT,
    answer_body,
    command_answer,
    is_game_command,
    no_constant,
    whole_number,
)
from web.auth import CSRF_HEADER, SAFE_METHODS, bearer_of, for_game, resolve
from web.hub import Hub, Message, Receive, Send
from web.i18n import speaking
from web.locale_choice import COOKIE, pick
from web.tokens import Identity, Tokens

EVENTS = re.compile(r"/api/games/([^/]+)/events")
COMMANDS = re.compile(r"/api/games/([^/]+)/commands")
STATE = re.compile(r"/api/games/([^/]+)")
#: Seconds a request's body may take to arrive (a phone's takes milliseconds).
BODY_SECONDS = 10
LATE_BODY = b'{"ok": false, "error": "The request did not arrive in time; send it again."}'

#: The headers of an applied command's answer, as the app gives them (the length goes
#: after the content type): :func:`web.security_headers` for a JSON answer of the API.
ANSWER_HEADERS = [(b"content-type", b"application/json"), *(
    (name.lower().encode("latin-1"), value.encode("latin-1"))
    for name, value in security_headers("application/json", "api").items())]

#: Threads for pages and ordinary requests (a long-polling phone holds one for ≤ 25 s).
THREADS = 16


class Front:
    """The ASGI application: routes to the hub, the loop's command lane or the Flask app.

    Args:
        app: the Flask app (:func:`web.create_app`); its table and tokens are shared.
        threads: worker threads for the Flask app's ordinary requests.
    """

    def __init__(self, app: Flask, threads: int = THREADS):
        self.app = app
        self.table = cast(Table, app.extensions["companion.table"])
        self.tokens = cast(Tokens, app.extensions["companion.tokens"])
        self.stopping = cast(threading.Event, app.extensions["companion.stopping"])
        self.hub = Hub(self.table, self.tokens, float(app.config["SSE_HEARTBEAT"]),
                       float(app.config["SSE_MAX_SECONDS"]))
        self.pages = WSGIMiddleware(app, workers=threads)  # type: ignore[arg-type]
        self.limit = int(app.config.get("MAX_CONTENT_LENGTH") or 0)  # body bytes, 0: none
        self.limits = limits.limits_of(app)  # a phone's commands a second (web.limits)

    async def __call__(self, scope: Message, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "lifespan":
            await self._lifespan(receive, send)
            return
        if kind == "http":
            path, method = scope["path"], scope["method"]
            found = COMMANDS.fullmatch(path) if method == "POST" else None
            if found:
                await self._command(found[1], scope, receive, send)
                return
            found = EVENTS.fullmatch(path) if method == "GET" else None
            if found and await self._stream(found[1], scope, receive, send):
                return
            found = STATE.fullmatch(path) if method == "GET" else None
            if found:
                scope = await self._long_poll(found[1], scope)
            if method not in SAFE_METHODS:  # read here: no worker waits for a slow body
                read = await self._body(scope, receive, send)
                if read is None:
                    return
                body, scope = read
                receive = _replay(body, receive)
        await self.pages(scope, receive, send)  # type: ignore[arg-type]

    async def _body(self, scope: Message, receive: Receive,
                    send: Send) -> tuple[bytes, Message] | None:
        """The request body (at most ``MAX_CONTENT_LENGTH`` + 1 bytes) and the scope with
        its length as read (so Flask answers 413 past the limit, chunked or not).  None:
        the client went away, or its body did not arrive within BODY_SECONDS (answered
        408 and closed)."""
        try:
            async with asyncio.timeout(BODY_SECONDS):  # no task of its own, unlike wait_for
                body = await _read_body(receive, self.limit)
        except TimeoutError:
            await send({"type": "http.response.start", "status": 408, "headers": [
                (b"content-type", b"application/json"), (b"connection", b"close")]})
            await send({"type": "http.response.body", "body": LATE_BODY})
            return None
        if body is None:
            return None
        kept = [(k, v) for k, v in scope["headers"]
                if k.lower() not in (b"content-length", b"transfer-encoding")]
        length = (b"content-length", str(len(body)).encode())
        return body, {**scope, "headers": [*kept, length]}

    def stop(self) -> None:
        """End the live streams and refuse new ones (from any thread; idempotent)."""
        self.stopping.set()
        loop = self.hub.loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self.hub.stop)
            except RuntimeError:  # the loop has just closed
                pass

    def alive(self, within: float = 5.0) -> bool:
        """True when the loop ran its periodic check within ``within`` seconds (watchdog)."""
        return time.monotonic() - self.hub.last_tick < within

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self.hub.start(asyncio.get_running_loop())
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.hub.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def _stream(self, game_id: str, scope: Message, receive: Receive,
                      send: Send) -> bool:
        """Serve the live stream if the request may have it; False: let Flask answer."""
        if self.stopping.is_set():
            return False
        headers = _headers(scope)
        identity = self._identity(game_id, "GET", headers)
        if identity is None:
            return False
        last_id = whole_number(headers.get("last-event-id") or _query_arg(scope, "last_id"))
        await self.hub.serve(game_id, identity, last_id, receive, send)
        return True

    async def _long_poll(self, game_id: str, scope: Message) -> Message:
        """``GET /api/games/<id>?after=N&wait=S`` from a token that may read the game: wait
        here, in the loop, until the log passes N (at most S ≤ 25 s), then hand Flask the
        request without ``wait`` to answer at once (204 or the state).  Anything else: the
        scope unchanged, for Flask to answer (or refuse)."""
        after = whole_number(_query_arg(scope, "after"))
        wait = whole_number(_query_arg(scope, "wait"))
        if after is None or wait is None or not (0 < wait <= MAX_WAIT and after <= MAX_AFTER):
            return scope  # Flask answers (a bad number: 400; wait=0: at once)
        identity = self._identity(game_id, "GET", _headers(scope))
        if identity is None:
            return scope
        if not self.stopping.is_set():
            await self.hub.wait_news(game_id, after, wait, identity)
        return {**scope, "query_string": urlencode(
            [(k, v) for k, v in parse_qsl(scope["query_string"].decode("latin-1"))
             if k != "wait"]).encode("latin-1")}

    def _identity(self, game_id: str, method: str, headers: dict[str, str],
                  cookies: Mapping[str, str] | None = None) -> Identity | None:
        """The request's identity when ``game_id`` exists and the request may use it (the
        banker first; the rules of :func:`web.auth.resolve`), else None: Flask answers why
        not (401, 403, 404).  ``cookies``: the request's, when already parsed."""
        if game_id not in self.table.game_ids():
            return None
        if cookies is None:
            cookies = parse_cookie(headers.get("cookie", ""))
        problem, found = resolve(self.tokens, method, bearer_of(headers.get("authorization", "")),
                                 cookies, headers.get(CSRF_HEADER.lower()))
        return None if problem else for_game(found, game_id)

    async def _command(self, game_id: str, scope: Message, receive: Receive,
                       send: Send) -> None:
        """A command, queued for the table's writer (group commit) and answered in the
        loop once it is durably committed; the live streams are written before the
        sender's answer is built (:meth:`_answer`; the app's path when that declines).
        A request that is not plainly fine (no JSON, no valid token, a malformed body)
        goes to the Flask view unchanged, which answers why; a refusal is answered by the
        app's own error handlers.  A phone's command counts against its limit
        (:mod:`web.limits`) here when it is applied here, in the view when it is handed
        over: never twice."""
        read = await self._body(scope, receive, send)
        if read is None:
            return
        body, scope = read
        too_big = bool(self.limit) and len(body) > self.limit
        headers = _headers(scope)  # read once for the checks and the answer
        cookies = parse_cookie(headers.get("cookie", ""))
        checked = None if too_big else self._checked(game_id, headers, cookies, body)
        if checked is None:  # Flask answers why (413 for a body over the limit)
            await self.pages(scope, _replay(body, receive), send)  # type: ignore[arg-type]
            return
        identity, command = checked
        wait = self.limits.take(identity)  # counted here: this request never reaches Flask
        outcome: Outcome | None = None
        error: Exception | None = None
        if not wait:
            try:  # queued for the writer: the loop goes on while the batch's fsync runs
                future = self.table.submit(command, identity.actor, game_id)
                outcome = (future.result() if future.done()  # a quiet table: committed
                           else await asyncio.wrap_future(future))
            except Exception as exc:  # answered by the app's handlers below
                error = exc
        change = state = None
        if outcome is not None:
            await asyncio.sleep(0)  # streams left to their own tasks write first
            change, state = self.hub.for_answer(game_id, outcome.seq, outcome.duplicate)
            answer = self._answer(game_id, scope, headers, cookies, identity, outcome,
                                  command, change, state)
            if answer is not None:
                await send({"type": "http.response.start", "status": 200,
                            "headers": answer[0]})
                await send({"type": "http.response.body", "body": answer[1]})
                return
        environ = build_environ(scope, io.BytesIO(body))  # type: ignore[arg-type]
        app = self.app
        with app.request_context(cast(dict[str, Any], environ)):
            g.identity = identity
            try:
                if wait:
                    limits.refuse(wait)  # the 429 in the request's language
                if error is not None:
                    raise error
                answer: Any = command_answer(game_id, cast(Outcome, outcome), command,
                                             change, state)
            except Exception as exc:  # the app's handlers answer, as for its own views
                answer = app.handle_user_exception(exc)
            response = app.finalize_request(answer)
            headers = [(k.lower().encode("latin-1"), v.encode("latin-1"))
                       for k, v in response.headers.items()]
            data = response.get_data()
        await send({"type": "http.response.start", "status": response.status_code,
                    "headers": headers})
        await send({"type": "http.response.body", "body": data})

    def _answer(self, game_id: str, scope: Message, headers: dict[str, str],
                cookies: Mapping[str, str], identity: Identity, outcome: Outcome,
                command: dict[str, Any], change: bytes | None,
                state: bytes | None) -> tuple[list[tuple[bytes, bytes]], bytes] | None:
        """``(headers, body)`` of the answer to an applied command, built without a Flask
        request context (issue 19 point 2): the body of :func:`web.api.answer_body` in the
        request's language (:func:`web.locale_choice.choose`; ``headers`` and ``cookies``
        the request's, as :func:`_headers` and ``parse_cookie`` read them), the headers the
        app's answer carries (content type and length, :func:`web.security_headers`).  None
        when the request has a query string (``?lang=`` sets a cookie) or the words fail:
        then the app builds the answer, with its hooks and handlers."""
        if scope.get("query_string"):
            return None
        try:
            with speaking(self._language(game_id, headers, cookies)):
                body = answer_body(self.table, game_id, outcome, command, identity, change,
                                   state)
        except Exception:  # the app's own path answers (or its handlers say why)
            return None
        return [*ANSWER_HEADERS[:1], (b"content-length", b"%d" % len(body)),
                *ANSWER_HEADERS[1:]], body

    def _language(self, game_id: str, headers: dict[str, str],
                  cookies: Mapping[str, str]) -> str:
        """The language :func:`web.locale_choice.select_locale` gives a command request
        without a query string for ``game_id`` with these ``headers`` and ``cookies``."""
        return pick(None, cookies.get(COOKIE),
                    self.app.config.get("LANGUAGE"),
                    headers.get("authorization", "").lower().startswith("bearer "),
                    lambda: self.table.names(game_id)[0].language, False,
                    headers.get("accept-language", ""))

    def _checked(self, game_id: str, headers: dict[str, str], cookies: Mapping[str, str],
                 body: bytes) -> tuple[Identity, dict[str, Any]] | None:
        """``(identity, command)`` when the request (its ``headers``, :func:`_headers`, and
        ``cookies``) is JSON from a token that may use ``game_id`` and its body is a
        command object (not ``new_game``), else None."""
        mimetype = headers.get("content-type", "").partition(";")[0].strip().lower()
        identity = self._identity(game_id, "POST", headers, cookies)
        if mimetype != "application/json" or identity is None:
            return None
        try:
            command = json.loads(body, parse_constant=no_constant)  # NaN: Flask says why
        except (ValueError, RecursionError):
            return None
        if not is_game_command(command):
            return None
        return identity, command


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The request body (at most ``limit`` + 1 bytes: Flask answers 413 beyond the limit);
    None when the client went away."""
    body = bytearray()
    more = True
    while more and (not limit or len(body) <= limit):
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        body += message.get("body", b"")
        more = bool(message.get("more_body"))
    return bytes(body)


def _replay(body: bytes, receive: Receive) -> Receive:
    """``receive`` for an app that should read ``body`` (already read here) first."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return again


def _headers(scope: Message) -> dict[str, str]:
    """The request headers, names in lower case (repeated ones joined by ``, ``)."""
    found: dict[str, str] = {}
    for name, value in scope["headers"]:
        key, text = name.decode("latin-1"), value.decode("latin-1")
        found[key] = f"{found[key]}, {text}" if key in found else text
    return found


def _query_arg(scope: Message, name: str) -> str | None:
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get(name)
    return values[0] if values else None



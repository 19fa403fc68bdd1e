"""The table server's front (:mod:`web.front`, :mod:`web.hub`) on a real socket: commands
applied in the loop answer exactly as the Flask view does, in the same language, and the
hub's live streams end when they should (rotated token, closed client, server stop, time).

Nothing is mocked: every request goes over HTTP to :class:`web.server.TableServer`, and the
same request through Flask's test client is the reference.  The app here has no fixed
``LANGUAGE`` (the request chooses, as in ``tests/test_i18n_refusals.py``).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from companion.table import Table
from tests.conftest import TEST_SECRET, LiveServer, WebActions
from tests.test_web_live import Sse, connect, live_stream
from web import create_app
from web.auth import CSRF_HEADER, PLAYER_COOKIE
from web.server import TableServer

JSON = {"Content-Type": "application/json"}
PAY: dict[str, Any] = {"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 100}
Answer = tuple[int, Any]
NB_ZED = "Det er ingen spiller som heter 'Zed' i dette spillet."


@pytest.fixture
def max_seconds() -> float:
    """``SSE_MAX_SECONDS`` of the app (a test parametrizes it to make it small)."""
    return 60


@pytest.fixture
def rate() -> dict[str, float]:
    """``RATE_COMMANDS`` / ``RATE_BURST`` of the app, if a test sets them (parametrized)."""
    return {}


@pytest.fixture
def app(table: Table, max_seconds: float, rate: dict[str, float]) -> Flask:
    """The app with no fixed language and quick heartbeats."""
    settings = {"TESTING": True, "SECRET_KEY": TEST_SECRET, "LANGUAGE": None,
                "SSE_HEARTBEAT": 0.5, "SSE_MAX_SECONDS": max_seconds, **rate}
    return create_app(settings, table=table)


@pytest.fixture
def server(app: Flask) -> Iterator[TableServer]:
    """The app under a :class:`TableServer` the test can reach (its ``front.hub``) and stop."""
    served = TableServer(app, "127.0.0.1", 0).start()
    yield served
    served.stop()


def live(served: TableServer, app: Flask) -> LiveServer:
    """``served`` as the helpers of ``tests/test_web_live.py`` take it."""
    return LiveServer(f"http://127.0.0.1:{served.port}", app)


def over_http(server: LiveServer, game: str, headers: dict[str, str], body: bytes,
              query: str = "") -> Answer:
    """POST ``body`` to ``game``'s commands (``?query``) on the real server:
    ``(status, JSON)``."""
    conn = connect(server)
    conn.request("POST", f"/api/games/{game}/commands{query}", body=body, headers=headers)
    answer = conn.getresponse()
    data = answer.read()
    conn.close()
    return answer.status, json.loads(data)


def through_flask(app: Flask, game: str, headers: dict[str, str], body: bytes,
                  query: str = "") -> Answer:
    """The same request through Flask's test client (headers sent as given, cookies too)."""
    answer = app.test_client(use_cookies=False).post(
        f"/api/games/{game}/commands{query}", headers=headers, data=body)
    return answer.status_code, json.loads(answer.get_data())


def log_length(actions: WebActions) -> int:
    """How many commands ``actions.game``'s log holds."""
    return len(list(actions.table.store.rows(actions.game)))


def requests(actions: WebActions) -> dict[str, tuple[str, dict[str, str], bytes]]:
    """Requests that must change nothing, by name: ``(game, headers, body)``."""
    game, pay = actions.game, json.dumps(PAY).encode()
    banker = {**JSON, **actions.bearer()}
    alice = {**JSON, **actions.bearer(actions.players["Alice"])}
    cookie = {**JSON, "Cookie": f"{PLAYER_COOKIE}={actions.players['Alice']}"}
    big = pay + b" " * 70_000  # a good command, padded over MAX_CONTENT_LENGTH (64 KiB)
    return {
        "no token": (game, JSON, pay),
        "invalid token": (game, {**JSON, **actions.bearer("not-a-token")}, pay),
        "cookie without CSRF": (game, cookie, pay),
        "cookie with a wrong CSRF": (game, {**cookie, CSRF_HEADER: "wrong"}, pay),
        "wrong content type": (game, {**banker, "Content-Type": "text/plain"}, pay),
        "malformed JSON": (game, banker, b'{"cmd": "pay", '),
        "JSON array": (game, banker, b"[1, 2]"),
        "new_game": (game, banker, b'{"cmd": "new_game", "players": ["A", "B"]}'),
        "unknown game": ("no-such-game", banker, pay),
        "paying for another player": (game, alice, b'{"cmd": "pay", "from": "Bob", '
                                                   b'"to": "Alice", "amount": 5}'),
        "negative amount": (game, banker, json.dumps({**PAY, "amount": -5}).encode()),
        "unknown player": (game, banker, json.dumps({**PAY, "from": "Zed"}).encode()),
        "unknown cmd": (game, banker, b'{"cmd": "fly_to_the_moon"}'),
        "body too large": (game, banker, big),
    }


#: The status each request of :func:`requests` gets.
STATUS = {"no token": 401, "invalid token": 401, "cookie without CSRF": 403,
          "cookie with a wrong CSRF": 403, "wrong content type": 415, "malformed JSON": 400,
          "JSON array": 400, "new_game": 400, "unknown game": 404,
          "paying for another player": 403, "negative amount": 400, "unknown player": 422,
          "unknown cmd": 400, "body too large": 413}


@pytest.mark.parametrize(("name", "status"), STATUS.items(), ids=list(STATUS))
def test_a_refused_request_is_answered_as_flask_answers_it(
        live_server: LiveServer, web_actions: WebActions, name: str, status: int) -> None:
    """Over HTTP (the fast lane, or the Flask view it hands the request to) and through
    the test client: the same status and JSON; the game and its log unchanged."""
    web_actions.new_game("Alice", "Bob")
    before, length = web_actions.state(), log_length(web_actions)
    game, headers, body = requests(web_actions)[name]
    fast = over_http(live_server, game, headers, body)
    slow = through_flask(live_server.app, game, headers, body)
    assert fast == slow, f"{name}: the fast lane answered {fast}, Flask {slow}"
    assert fast[0] == status and fast[1]["ok"] is False and fast[1]["error"], fast
    assert web_actions.state() == before and log_length(web_actions) == length


def test_a_good_command_is_answered_as_flask_answers_it_and_applied_once(
        live_server: LiveServer, web_actions: WebActions) -> None:
    """The same command in two equal games (the fast lane, then Flask) gets the same
    answer; sent again with its client id, it is a duplicate and moves no money."""
    web_actions.new_game("Alice", "Bob")
    first = web_actions.game
    web_actions.new_game("Alice", "Bob")
    second = web_actions.game
    headers, body = {**JSON, **web_actions.bearer()}, json.dumps({**PAY, "id": "tap-1"}).encode()
    status, fast = over_http(live_server, first, headers, body)
    assert status == 200 and fast["ok"] and not fast["duplicate"] and fast["seq"] == 2
    assert fast["text"]
    status, slow = through_flask(live_server.app, second, headers, body)
    fields = ("ok", "seq", "duplicate", "text")
    assert status == 200 and {k: fast[k] for k in fields} == {k: slow[k] for k in fields}
    again = over_http(live_server, first, headers, body)
    assert again == through_flask(live_server.app, first, headers, body)
    assert again[0] == 200 and again[1]["duplicate"] and again[1]["seq"] == 2
    web_actions.game = first
    assert web_actions.cash("Alice") == 30000 - 100 and web_actions.cash("Bob") == 30000 + 100
    assert log_length(web_actions) == 2


def test_a_refusal_comes_back_in_the_asked_language(live_server: LiveServer,
                                                     web_actions: WebActions) -> None:
    """Bearer + Accept-Language, ``?lang=``, and a page's cookie (the edition's language):
    the fast lane answers in the same words as Flask — in bokmål, not English."""
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    game, body = web_actions.game, json.dumps({**PAY, "from": "Zed"}).encode()
    banker = {**JSON, **web_actions.bearer()}
    english = over_http(live_server, game, {**banker, "Accept-Language": "en"}, body)
    identity = web_actions.tokens.lookup(web_actions.players["Alice"])
    assert identity is not None
    cookie = {**JSON, "Cookie": f"{PLAYER_COOKIE}={web_actions.players['Alice']}",
              CSRF_HEADER: web_actions.tokens.csrf(identity), "Accept-Language": "en"}
    for query, headers in (("", {**banker, "Accept-Language": "nb"}), ("?lang=nb", banker),
                           ("", cookie)):
        fast = over_http(live_server, game, headers, body, query)
        assert fast == through_flask(live_server.app, game, headers, body, query)
        assert fast == (422, {"ok": False, "error": NB_ZED}), fast
    assert english == (422, {"ok": False, "error": "There is no player called 'Zed' in this game."})


@pytest.mark.parametrize("rate", [{"RATE_COMMANDS": 0.001, "RATE_BURST": 1}])
def test_a_phone_over_its_limit_is_answered_as_flask_answers_it(
        live_server: LiveServer, web_actions: WebActions) -> None:
    """A phone past its rate limit (:mod:`web.limits`; burst 1 here, next to no refill):
    the fast lane and the Flask view answer the same 429, JSON and ``Retry-After``, in
    the asked language; nothing is applied."""
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    game = web_actions.game
    alice = {**JSON, **web_actions.bearer(web_actions.players["Alice"])}
    pay = json.dumps({"cmd": "pay", "from": "Alice", "to": "bank", "amount": 1}).encode()
    assert over_http(live_server, game, alice, pay)[0] == 200
    before, length = web_actions.state(), log_length(web_actions)
    for query, language, words in (
            ("?lang=nb", {}, "For mange kommandoer fra denne telefonen; vent litt og prøv igjen."),
            ("", {"Accept-Language": "en"},
             "Too many commands from this phone; wait a moment and try again.")):
        conn = connect(live_server)
        conn.request("POST", f"/api/games/{game}/commands{query}", body=pay,
                     headers={**alice, **language})
        answer = conn.getresponse()
        fast = (answer.status, json.loads(answer.read()))
        fast_wait = int(answer.getheader("Retry-After") or 0)
        conn.close()
        slow = live_server.app.test_client(use_cookies=False).post(
            f"/api/games/{game}/commands{query}", headers={**alice, **language}, data=pay)
        assert fast == (slow.status_code, json.loads(slow.get_data()))
        assert fast == (429, {"ok": False, "error": words}), fast
        slow_wait = int(slow.headers["Retry-After"])
        assert 999 <= fast_wait <= 1000 and abs(slow_wait - fast_wait) <= 1  # a second apart
    assert web_actions.state() == before and log_length(web_actions) == length


def test_a_command_from_another_thread_reaches_an_open_stream(
        server: TableServer, app: Flask, web_actions: WebActions) -> None:
    """A commit outside the loop (the table itself, the test client) is streamed."""
    web_actions.new_game("Alice", "Bob")
    conn, sse = live_stream(live(server, app), web_actions, web_actions.players["Bob"])
    assert sse.event()[0] == 1
    web_actions.table.execute({"cmd": "pass_start", "player": "Bob"}, game_id=web_actions.game)
    seq, state = sse.event()
    assert seq == 2 and state == web_actions.state()
    assert web_actions.send(**PAY).status_code == 200  # the test client: this thread
    seq, state = sse.event()
    assert seq == 3 and state == web_actions.state()
    conn.close()


def seconds_to_end(sse: Sse, within: float) -> float:
    """Read ``sse`` until the server ends it; the seconds that took (fails after
    ``within`` seconds of heartbeats)."""
    started = time.monotonic()
    for _chunk in sse.chunks:
        assert time.monotonic() - started < within, "the stream did not end"
    return time.monotonic() - started


def forgotten(served: TableServer, game: str, within: float = 2.0) -> bool:
    """True once the hub holds no stream of ``game`` (polled for ``within`` seconds)."""
    deadline = time.monotonic() + within
    while game in served.front.hub.streams:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_a_new_token_ends_the_old_tokens_stream(server: TableServer, app: Flask,
                                                web_actions: WebActions) -> None:
    """A lost phone's new QR code ends the old token's stream; it cannot reconnect."""
    web_actions.new_game("Alice", "Bob")
    old, where = web_actions.players["Bob"], live(server, app)
    conn, sse = live_stream(where, web_actions, old)
    assert sse.event()[0] == 1
    rotate = connect(where)
    rotate.request("POST", f"/api/games/{web_actions.game}/players/Bob/token", body=b"{}",
                   headers={**JSON, **web_actions.bearer()})
    assert rotate.getresponse().status == 200
    rotate.close()
    assert seconds_to_end(sse, 2.0) < 2.0
    conn.close()
    again = connect(where)
    again.request("GET", f"/api/games/{web_actions.game}/events", headers=web_actions.bearer(old))
    answer = again.getresponse()
    assert answer.status == 401 and json.loads(answer.read())["ok"] is False
    again.close()
    assert forgotten(server, web_actions.game)


def test_a_closed_stream_is_forgotten(server: TableServer, app: Flask,
                                      web_actions: WebActions) -> None:
    """The hub drops a stream as soon as its client goes away."""
    web_actions.new_game("Alice", "Bob")
    conn, sse = live_stream(live(server, app), web_actions)
    assert sse.event()[0] == 1
    assert len(server.front.hub.streams[web_actions.game]) == 1
    conn.close()
    assert forgotten(server, web_actions.game)


def test_a_new_stream_gets_the_whole_state_the_streams_built(
        server: TableServer, app: Flask, web_actions: WebActions) -> None:
    """Issue 19: the hub keeps the whole state's text of the last step it streamed
    (:meth:`web.hub.Hub.full`, byte for byte the table's ``snapshot_json``) and a stream
    that connects then gets that text itself, not one the table builds again; with no
    stream open the hub keeps nothing (the next viewer gets the table's)."""
    web_actions.new_game("Alice", "Bob")
    game, hub, table = web_actions.game, server.front.hub, web_actions.table
    first, sse = live_stream(live(server, app), web_actions, web_actions.players["Bob"])
    assert sse.event()[0] == 1
    assert over_http(live(server, app), game, {**JSON, **web_actions.bearer()},
                     json.dumps(PAY).encode())[0] == 200
    assert sse.event()[0] == 2 and sse.changes == 1
    full = hub.full(game, 2)
    assert full is not None and hub.full(game, 1) is None
    assert full == table.snapshot_json(game)[1].encode()
    assert hub.state_text(game)[1] is full  # joined once, not built again
    second, late = live_stream(live(server, app), web_actions, web_actions.players["Alice"])
    assert late.event() == (2, json.loads(full)) and late.changes == 0
    for conn in (first, second):
        conn.close()
    assert forgotten(server, game)
    table.execute({"cmd": "pass_start", "player": "Bob"}, game_id=game)
    assert hub.full(game, 3) is None and hub.state_text(game)[0] == 3


def test_stopping_the_server_ends_the_streams(server: TableServer, app: Flask,
                                              web_actions: WebActions) -> None:
    """``stop()`` ends the open streams (the readers see their end) and returns."""
    web_actions.new_game("Alice", "Bob")
    streams = [live_stream(live(server, app), web_actions) for _ in range(2)]
    assert all(sse.event()[0] == 1 for _conn, sse in streams)
    took: list[float] = []
    readers = [threading.Thread(target=lambda s=sse: took.append(seconds_to_end(s, 3.0)))
               for _conn, sse in streams]
    for reader in readers:
        reader.start()
    started = time.monotonic()
    server.stop()
    assert time.monotonic() - started < 2.0
    for reader in readers:
        reader.join(3.0)
    assert len(took) == 2 and max(took) < 2.0
    for conn, _sse in streams:
        conn.close()


@pytest.mark.parametrize("max_seconds", [1])
def test_a_stream_ends_after_sse_max_seconds(server: TableServer, app: Flask,
                                             web_actions: WebActions) -> None:
    """A stream ends by itself after ``SSE_MAX_SECONDS`` (the browser reconnects)."""
    web_actions.new_game("Alice", "Bob")
    conn, sse = live_stream(live(server, app), web_actions)
    assert sse.event()[0] == 1
    assert 0.5 < seconds_to_end(sse, 2.5) < 2.5
    conn.close()
    assert forgotten(server, web_actions.game)


def test_the_two_command_lanes_define_their_shared_limits_once() -> None:
    """Issue 14 point 6: the front's fast lane and the Flask view check the same limits;
    each is assigned in :mod:`web.api` alone, and the front uses that very object."""
    import ast
    from pathlib import Path

    import web.api
    import web.front

    shared = {"MAX_WAIT", "MAX_AFTER", "is_game_command"}
    defined: dict[str, list[str]] = {name: [] for name in shared}
    for path in sorted(Path(web.api.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([t.id for t in node.targets if isinstance(t, ast.Name)]
                     if isinstance(node, ast.Assign) else
                     [node.name] if isinstance(node, ast.FunctionDef) else [])
            for name in shared.intersection(names):
                defined[name].append(path.name)
    assert defined == {name: ["api.py"] for name in shared}
    assert web.front.MAX_WAIT is web.api.MAX_WAIT == 25
    assert web.front.is_game_command is web.api.is_game_command
    assert not web.api.is_game_command({"cmd": "new_game"})
    assert not web.api.is_game_command([{"cmd": "pay"}])
    assert web.api.is_game_command(PAY)

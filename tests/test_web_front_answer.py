"""The answer to a command the server's loop applied (issue 19 point 2): built without a
Flask request context, it has the Flask lane's status, headers and fields in the
request's language; with a live stream open it carries the change the streams got (the
same bytes) instead of the whole state, and that change leads from its base to the state
at its seq (:func:`web.changes.rebuild`).

Nothing is mocked: commands go over HTTP to :class:`web.server.TableServer`; the same
request through Flask's test client is the reference.  The app has no fixed ``LANGUAGE``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from companion.table import Table
from tests.conftest import TEST_SECRET, LiveServer, WebActions
from tests.test_web_live import connect, live_stream
from web import create_app
from web.auth import CSRF_HEADER, PLAYER_COOKIE
from web.changes import rebuild
from web.i18n import _, language, speaking
from web.locale_choice import choose

JSON = {"Content-Type": "application/json"}
PAY: dict[str, Any] = {"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 100}
#: Headers uvicorn adds to every answer (the Flask test client has none of them).
SERVER_HEADERS = ("date", "server")
Answer = tuple[int, dict[str, str], dict[str, Any]]


@pytest.fixture
def app(table: Table) -> Flask:
    """The app with no fixed language (the request chooses)."""
    settings = {"TESTING": True, "SECRET_KEY": TEST_SECRET, "LANGUAGE": None,
                "SSE_HEARTBEAT": 0.5, "SSE_MAX_SECONDS": 60}
    return create_app(settings, table=table)


@pytest.fixture
def server(app: Flask) -> Iterator[LiveServer]:
    """The app as ``companion serve`` serves it."""
    from web.server import TableServer

    served = TableServer(app, "127.0.0.1", 0).start()
    yield LiveServer(f"http://127.0.0.1:{served.port}", app)
    served.stop()


def over_http(server: LiveServer, game: str, headers: dict[str, str], command: dict[str, Any],
              query: str = "") -> tuple[int, dict[str, str], bytes]:
    """POST ``command`` to the real server: ``(status, headers, body)`` (names lower case,
    uvicorn's own headers left out)."""
    conn = connect(server)
    conn.request("POST", f"/api/games/{game}/commands{query}", body=json.dumps(command),
                 headers=headers)
    answer = conn.getresponse()
    body = answer.read()
    conn.close()
    found = {k.lower(): v for k, v in answer.getheaders() if k.lower() not in SERVER_HEADERS}
    return answer.status, found, body


def fast(server: LiveServer, game: str, headers: dict[str, str], command: dict[str, Any],
         query: str = "") -> Answer:
    """:func:`over_http` with the body parsed."""
    status, found, body = over_http(server, game, headers, command, query)
    assert found["content-length"] == str(len(body))
    return status, found, json.loads(body)


def slow(app: Flask, game: str, headers: dict[str, str], command: dict[str, Any],
         query: str = "") -> Answer:
    """The same request through Flask's test client."""
    answer = app.test_client(use_cookies=False).post(
        f"/api/games/{game}/commands{query}", headers=headers, data=json.dumps(command))
    return (answer.status_code, {k.lower(): v for k, v in answer.headers.items()},
            json.loads(answer.get_data()))


def phone(actions: WebActions, name: str) -> dict[str, str]:
    """A phone's headers: its cookie and CSRF value (no Accept-Language)."""
    identity = actions.tokens.lookup(actions.players[name])
    assert identity is not None
    return {**JSON, "Cookie": f"{PLAYER_COOKIE}={actions.players[name]}",
            CSRF_HEADER: actions.tokens.csrf(identity)}


def without_length(headers: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in headers.items() if k != "content-length"}


#: (edition, who sends, extra headers, the language the answer must speak)
CASES = [
    ("monopol-no-1996", "banker", {"Accept-Language": "en-GB,en;q=0.8"}, "en"),
    ("monopol-no-1996", "banker", {"Accept-Language": "sv-SE"}, "sv"),
    ("monopol-no-1996", "banker", {"Accept-Language": "nb"}, "nb"),
    ("monopol-no-1996", "Alice", {"Accept-Language": "en"}, "nb"),  # the edition's language
    ("monopol-se-2008", "Alice", {}, "sv"),
]


@pytest.mark.parametrize(("edition", "sender", "extra", "spoken"), CASES)
def test_the_fast_lanes_answer_has_the_flask_lanes_headers_and_fields(
        server: LiveServer, web_actions: WebActions, edition: str, sender: str,
        extra: dict[str, str], spoken: str) -> None:
    """The same command in two equal games, the fast lane then Flask: the same status,
    headers (security headers, content type) and fields, the words in ``spoken``."""
    games, sent = [], []
    for _game in range(2):
        web_actions.new_game("Alice", "Bob", edition=edition)
        games.append(web_actions.game)
        sent.append({**(phone(web_actions, "Alice") if sender == "Alice"
                        else {**JSON, **web_actions.bearer()}), **extra})
    command = {**PAY, "amount": 1000, "id": "tap-1"}
    status, head, answer = fast(server, games[0], sent[0], command)
    same_status, same_head, same = slow(server.app, games[1], sent[1], command)
    assert status == same_status == 200
    assert without_length(head) == without_length(same_head)
    assert head["x-frame-options"] == "DENY" and head["content-type"] == "application/json"
    assert set(answer) == set(same) == {"ok", "seq", "duplicate", "text", "state"}
    assert {k: answer[k] for k in ("ok", "seq", "duplicate", "text")} == \
        {k: same[k] for k in ("ok", "seq", "duplicate", "text")}
    assert answer["state"] == web_actions.table.snapshot(games[0])
    assert answer["text"] == WORDS[spoken], answer["text"]


#: "Alice paid Bob 1 000 kr." in each language (no-break spaces).
WORDS = {"en": "Alice paid Bob 1,000\u00a0kr.", "nb": "Alice betalte 1\u00a0000\u00a0kr til Bob.",
         "sv": "Alice betalade 1\u00a0000\u00a0kr till Bob."}


def test_an_answer_with_a_stream_open_carries_the_streams_change(
        server: LiveServer, web_actions: WebActions) -> None:
    """Issue 19 point 2: with a live stream open the answer carries the very change the
    stream got (the same bytes), not the whole state; applied to the state at its base it
    gives the state at its seq.  A duplicate, and the Flask lane, answer the whole state."""
    web_actions.new_game("Alice", "Bob", "Carol", "Dina")
    conn, sse = live_stream(server, web_actions, web_actions.players["Dina"])
    assert sse.block() == "retry: 2000"
    _seq, before = sse.event()
    banker = {**JSON, **web_actions.bearer()}
    for number, command in enumerate([
            {"cmd": "roll", "player": "Alice", "dice": [1, 2]},
            {"cmd": "buy", "player": "Alice", "space": "Kirkeveien"},
            {"cmd": "roll", "player": "Bob", "dice": [1, 2]},
            {"cmd": "claim", "player": "Alice"},
            {"cmd": "undo"}]):  # the claim undone: a change too
        status, _head, body = over_http(server, web_actions.game, banker,
                                        {**command, "id": f"c{number}"})
        answer = json.loads(body)
        assert status == 200 and answer["ok"] and "state" not in answer, answer
        change = answer["change"]
        assert change["seq"] == answer["seq"] and change["base"] == before["game"]["seq"]
        now = web_actions.state()
        assert rebuild(before, change) == now
        block = sse.block()
        data = next(line[len("data: "):] for line in block.splitlines()
                    if line.startswith("data: "))
        assert "event: change" in block and b',"change":' + data.encode() + b"}" in body
        before = now
    status, _head, body = over_http(server, web_actions.game, banker,
                                    {"cmd": "buy", "player": "Alice", "space": "Kirkeveien",
                                     "id": "c1"})
    again = json.loads(body)
    assert again["duplicate"] and "change" not in again and again["state"] == before
    whole = web_actions.table.snapshot_json(web_actions.game)[1].encode()
    assert body.endswith(b',"state":' + whole + b"}")  # the streams' text, byte for byte
    _status, _head, flask = slow(server.app, web_actions.game, banker,
                                 {"cmd": "pass_start", "player": "Bob", "id": "c9"})
    assert "change" not in flask and flask["state"] == web_actions.state()
    conn.close()


def test_lang_in_the_query_keeps_the_apps_cookie_and_the_change(
        server: LiveServer, web_actions: WebActions) -> None:
    """``?lang=sv`` on a command: the app's own answer (it remembers the choice in a
    cookie), as the Flask lane gives it, with the streams' change."""
    web_actions.new_game("Alice", "Bob")
    conn, sse = live_stream(server, web_actions, web_actions.players["Bob"])
    sse.event()
    headers = {**JSON, **web_actions.bearer()}
    status, head, answer = fast(server, web_actions.game, headers, {**PAY, "id": "l1"}, "?lang=sv")
    assert status == 200 and "companion_lang=sv" in head["set-cookie"]
    assert answer["change"]["seq"] == answer["seq"] and "state" not in answer
    _status, same_head, same = slow(server.app, web_actions.game, headers,
                                    {**PAY, "id": "l2"}, "?lang=sv")
    assert without_length(head) == without_length(same_head)
    assert answer["text"] == same["text"] == "Alice betalade 100\u00a0kr till Bob."
    conn.close()


def test_speaking_gives_the_words_a_language_without_a_request() -> None:
    """The fast lane words an answer outside any request context (:func:`speaking`)."""
    assert _("the bank") == "the bank" and language() == "nb"  # outside: the source text
    with speaking("sv"):
        assert _("the bank") == "banken" and language() == "sv"
    with speaking("en"):
        assert _("the bank") == "the bank" and language() == "en"
    assert language() == "nb"


def test_a_requests_language_is_chosen_once_per_distinct_inputs() -> None:
    """:func:`web.locale_choice.choose` is pure: the same inputs are not looked at again."""
    choose.cache_clear()
    inputs = (None, None, None, True, None, False, "sv-SE,sv;q=0.9,en;q=0.5")
    assert choose(*inputs) == "sv" and choose(*inputs) == "sv"
    assert choose.cache_info().hits == 1
    assert choose("auto", "xx", None, False, "sv", False, "en") == "sv"  # the edition
    assert choose(None, "en", "sv", True, "nb", False, "nb") == "en"  # the cookie first
    assert choose(None, None, None, True, None, False, "") == "en"  # a script
    assert choose(None, None, None, False, None, False, "de, en;q=0.2") == "en"
    assert choose(None, None, None, False, None, True, "en") == "nb"  # the console

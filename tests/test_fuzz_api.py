"""Fuzzing the HTTP API (issue 8, part 6): random methods, paths, tokens, cookies, content
types, bodies, commands, amounts and names against the real app (Flask's test client,
then a smaller run through :class:`web.server.TableServer`, the server of ``companion
serve``).  For every request:

- never a 5xx, and every error is JSON ``{"ok": false, "error": "<message>"}``;
- a rejected request (status >= 400) leaves every game's full state JSON, the list of
  games, the number of log rows and the token table exactly as they were.

Accepted requests (a random command the rules allow) move the game on, so later examples
meet other states: auctions, debts, a game that is over.  Hypothesis runs derandomized
(the same examples every run) with modest counts, so the suite stays quick.

The bugs this fuzzer found (non-ASCII digits in query arguments, JSON nested deeper
than Python's recursion limit, lone UTF-16 surrogates, an empty client id) have their own
regression tests at the end of this file, and the strategies keep generating such input.
"""

from __future__ import annotations

import http.client
import json
import sqlite3
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.commands import REGISTRY
from companion.commands.base import MAX_AMOUNT
from companion.table import Table
from tests.conftest import LiveServer, WebActions

FUZZ = settings(deadline=None, derandomize=True, database=None, max_examples=300,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

PLAYERS = ["Alice", "Bob", "Carol"]
OTHERS = ["Dag", "Eva"]
#: Every command but end_game (the fuzzed game must stay open; the ended one is there).
COMMANDS = sorted(set(REGISTRY) - {"end_game"}) + ["undo", "new_game"]
NAME_FIELDS = ("player", "from", "to", "owner", "payer", "winner", "creditor", "proposer")
AMOUNT_FIELDS = ("amount", "price", "bid", "value", "count", "dice", "minutes")
BOARD = ["Start", "Parkveien", "Rådhusplassen", "Karl Johans gate", "Østbanen", "Fengsel",
         "Gratis parkering", "brown #1", "Jernbanestasjonen", "Elverket"]


# ---------------------------------------------------------------- the world and its probes

class World:
    """Three games (two live, one over) and everything a refusal must leave alone."""

    def __init__(self, actions: WebActions, db: Path):
        self.actions, self.table, self.db = actions, actions.table, db
        self.other = actions.new_game(*OTHERS)
        self.other_tokens = {p["name"]: p["token"] for p in self.other["players"]}
        self.over = actions.new_game("Xena", "Yngve")
        assert actions.send(cmd="end_game").status_code == 200
        actions.new_game(*PLAYERS)
        self.game = actions.game
        self.tokens = dict(actions.players)
        self.banker = actions.banker
        old = self.tokens["Carol"]  # a lost phone: rotated, so its token is dead
        answer = actions.client.post(f"/api/games/{self.game}/players/Carol/token", json={},
                                     headers=actions.bearer())
        assert answer.status_code == 200
        self.tokens["Carol"] = answer.json["token"]
        self.dead_token = old
        self.game_ids = [self.game, self.other["game"], self.over["game"]]

    def observe(self) -> dict[str, Any]:
        """Every game's state JSON, the game list, and the log and token tables as stored."""
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as db:
            rows = db.execute("SELECT COUNT(*), COALESCE(SUM(seq), 0) FROM log").fetchone()
            games = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            meta = db.execute("SELECT key, value FROM meta ORDER BY key").fetchall()
        db.close()
        return {"states": {g: self.table.snapshot(g) for g in self.table.game_ids()},
                "games": self.table.game_ids(), "log_rows": rows, "game_rows": games,
                "meta": meta}


def check_answer(status: int, content_type: str, body: bytes, what: str) -> None:
    """No 5xx; an error is a JSON object with ok false and a message (HEAD: no body)."""
    assert status < 500, f"{what} -> {status}: {body[:300]!r}"
    if status >= 400 and not what.startswith("HEAD "):
        assert content_type.startswith("application/json"), f"{what} -> {status} {content_type}"
        answer = json.loads(body)
        assert answer["ok"] is False, what
        assert isinstance(answer["error"], str) and answer["error"].strip(), what
        assert "Traceback" not in answer["error"]


# ---------------------------------------------------------------------------- strategies

def text(max_size: int = 30) -> st.SearchStrategy[str]:
    """Any text, lone surrogates included."""
    return st.text(max_size=max_size)


ASCII = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=20)
json_scalars = st.none() | st.booleans() | st.integers() | st.floats() | text(30)
json_values = st.recursive(
    json_scalars, lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(text(10), inner, max_size=4), max_leaves=12)


def ids() -> st.SearchStrategy[Any]:
    """Client ids: repeated ones, empty, random text."""
    return st.sampled_from(["dup-1", "dup-2", ""]) | text(12)


def names(world: World) -> st.SearchStrategy[Any]:
    own = st.sampled_from(PLAYERS * 4 + OTHERS + ["Xena", "bank", "BANK", " alice ", "bob", ""])
    return st.one_of(own, own, own, text(), json_scalars)


def amounts() -> st.SearchStrategy[Any]:
    edges = st.sampled_from([0, -1, 1, 2, MAX_AMOUNT, MAX_AMOUNT + 1, 10**30, -(10**30),
                             0.5, 1.0, 1e308, float("inf"), float("-inf"), float("nan"),
                             "100", "1e3", True, False, None, [], {}])
    return st.one_of(st.integers(1, 5_000), st.integers(1, 5_000), st.integers(-50_000, 50_000),
                     edges, json_scalars)


#: The fields each command reads (companion/commands/*.py); the fuzzer fills them with
#: plausible values, then spoils some of them.
FIELDS: dict[str, tuple[str, ...]] = {
    "pay": ("from", "to", "amount", "memo"), "pay_each": ("from", "amount"),
    "collect_each": ("to", "amount"), "land": ("player", "space", "dice"),
    "buy": ("player", "space", "price"), "claim": ("player",), "pass_start": ("player",),
    "jail": ("player",), "leave_jail": ("player", "by"), "jail_card": ("player",),
    "jail_try": ("player", "dice"), "roll": ("player",), "next_turn": (), "undo": (),
    "build": ("player", "space", "count"),
    "sell_building": ("player", "space", "count"), "mortgage": ("player", "space"),
    "unmortgage": ("player", "space"), "auction_open": ("space",),
    "bid": ("player", "amount"), "auction_close": (), "auction_cancel": (),
    "auction_sold": ("player", "space", "price"), "bankrupt": ("player", "creditor"),
    "repairs": ("player", "per_house", "per_hotel"), "trade_propose": ("from", "to"),
    "trade_accept": ("player",), "trade_cancel": ("player",)}
PLAUSIBLE: dict[str, st.SearchStrategy[Any]] = {
    "amount": st.integers(1, 5_000), "price": st.integers(0, 5_000),
    "space": st.integers(0, 39), "count": st.integers(1, 5),
    "dice": st.lists(st.integers(1, 6), min_size=2, max_size=2) | st.integers(2, 12),
    "per_house": st.integers(0, 1_000), "per_hotel": st.integers(0, 2_000),
    "memo": st.sampled_from(["rent", "Sjanse", ""]), "by": st.sampled_from(["fine", "card"]),
}


@st.composite
def commands(draw: st.DrawFn, world: World, me: str | None = None) -> dict[str, Any]:
    """A command: mostly a known one with plausible fields, some of them spoilt; ``me``
    (the sending player) is the likeliest name in them."""
    people = st.sampled_from(PLAYERS + [me] * 6) if me else st.sampled_from(PLAYERS)
    if draw(st.integers(0, 3)):
        name = draw(st.sampled_from(sorted(FIELDS)))
        command: dict[str, Any] = {"cmd": name}
        for field in FIELDS[name]:
            if draw(st.integers(0, 7)) == 0:
                continue  # a missing field
            plausible = PLAUSIBLE.get(field, people)
            spoilt = amounts() if field in PLAUSIBLE else names(world)
            command[field] = draw(spoilt if draw(st.integers(0, 5)) == 0 else plausible)
        if draw(st.booleans()):
            command["id"] = draw(ids())
        return command
    return draw(hostile_commands(world))


@st.composite
def hostile_commands(draw: st.DrawFn, world: World) -> dict[str, Any]:
    """A command-shaped object: a known (or random) name and plausible or hostile fields."""
    command: dict[str, Any] = {}
    if draw(st.integers(0, 9)):
        command["cmd"] = draw(st.sampled_from(COMMANDS) | text(12) | json_scalars)
    for field in draw(st.lists(st.sampled_from(NAME_FIELDS), max_size=3, unique=True)):
        command[field] = draw(names(world))
    for field in draw(st.lists(st.sampled_from(AMOUNT_FIELDS), max_size=2, unique=True)):
        command[field] = draw(amounts())
    if draw(st.booleans()):
        command["space"] = draw(st.integers(-2, 45) | st.sampled_from(BOARD) | text(12)
                                | json_scalars)
    if draw(st.booleans()):
        command["id"] = draw(ids() | st.text(min_size=201, max_size=210) | json_scalars)
    if draw(st.integers(0, 4)) == 0:
        command.update(draw(st.dictionaries(text(10), json_values, max_size=3)))
    if draw(st.integers(0, 5)) == 0:
        command["players"] = draw(st.lists(names(world), max_size=7) | json_values)
    return command


@st.composite
def bodies(draw: st.DrawFn, world: World) -> bytes | None:
    kind = draw(st.sampled_from(["command"] * 6 + ["json", "bytes", "broken", "none", "deep"]))
    if kind == "none":
        return None
    if kind == "deep":  # deeper than Python's JSON parser recurses, within 64 KiB
        depth = draw(st.integers(900, 20_000))
        return b'{"cmd": "pay", "x": ' + b"[" * depth + b"]" * depth + b"}"
    if kind == "bytes":
        return draw(st.binary(max_size=64))
    value = draw(commands(world)) if kind == "command" else draw(json_values)
    raw = json.dumps(value, ensure_ascii=draw(st.booleans())).encode("utf-8")
    if kind == "broken":
        return raw[: draw(st.integers(0, max(0, len(raw) - 1)))] + b"\x00{"
    return raw


@st.composite
def tokens(draw: st.DrawFn, world: World) -> str | None:
    choice = draw(st.sampled_from(["banker", "player", "other", "dead", "random", "none"]))
    if choice == "banker":
        return world.banker
    if choice == "player":
        return draw(st.sampled_from(sorted(world.tokens.values())))
    if choice == "other":
        return draw(st.sampled_from(sorted(world.other_tokens.values())))
    if choice == "dead":
        return world.dead_token
    if choice == "random":
        return draw(ASCII | st.sampled_from([world.banker[:-1] + "A", world.banker + "=",
                                             world.banker.upper(), "x" * 300]))
    return None


@st.composite
def requests(draw: st.DrawFn, world: World) -> dict[str, Any]:
    """One HTTP request: mostly well-formed envelopes around a random command (so the
    core's validation is what gets fuzzed), else a hostile envelope."""
    mode = draw(st.sampled_from(["command"] * 6 + ["new_game", "read", "rotate"]
                                + ["hostile"] * 3))
    if mode == "hostile":
        return draw(hostile_requests(world))
    game = draw(st.sampled_from([world.game] * 12 + world.game_ids))
    who = draw(st.sampled_from(["banker"] * 6 + ["player"] * 4 + ["other", "dead"]))
    me = draw(st.sampled_from(PLAYERS)) if who == "player" else None
    token = draw(tokens(world).filter(lambda t: t is not None)) if who == "other" else {
        "banker": world.banker, "dead": world.dead_token, "player": world.tokens.get(me or "")
    }[who]
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    body: bytes | None
    if mode == "command":
        path, method = f"/api/games/{game}/commands", "POST"
        body = json.dumps(draw(commands(world, me))).encode()
    elif mode == "new_game":
        path, method = "/api/games", "POST"
        fields = draw(commands(world))
        fields["players"] = draw(st.lists(st.sampled_from(PLAYERS + ["Zed", ""]) | names(world),
                                          max_size=7) | json_values)
        body = json.dumps(fields).encode()
    elif mode == "rotate":
        name = urllib.parse.quote(draw(st.sampled_from(PLAYERS + OTHERS) | ASCII), safe="")
        path, method, body = f"/api/games/{game}/players/{name}/token", "POST", b"{}"
    else:
        path = draw(st.sampled_from([f"/api/games/{game}", f"/api/games/{game}/history"]))
        query = draw(queries())
        path, method, body = path + ("?" + query if query else ""), "GET", None
        headers.pop("Content-Type")
    return {"method": method, "path": path, "headers": headers, "cookies": {}, "body": body}


def queries() -> st.SearchStrategy[str]:
    """Query strings for ``after``/``wait``/``limit``/``last_id`` (never a blocking wait)."""
    digits = st.integers(-3, 2**63).map(str)
    values = digits | ASCII | text(8) | st.sampled_from(["²", "١٢", "3²"])  # isdigit() but
    # not ASCII digits

    def encode(query: dict[str, str]) -> str:
        wait = query.get("wait", "")
        if wait.isascii() and wait.isdigit() and 0 < int(wait) <= 25:
            query["wait"] = "0"  # a valid wait would block the test for seconds
        return urllib.parse.urlencode(query)

    keys = st.sampled_from(["after", "wait", "limit", "last_id"])
    return st.dictionaries(keys, values, max_size=2).map(encode)


@st.composite
def hostile_requests(draw: st.DrawFn, world: World) -> dict[str, Any]:
    """Any method, path, token, cookie, content type and body."""
    game = draw(st.sampled_from(world.game_ids) | st.sampled_from(["0" * 12, "nope"])
                | ASCII.filter(lambda s: "/" not in s and s not in (".", "..")))
    quoted = urllib.parse.quote(game, safe="")
    name = urllib.parse.quote(draw(st.sampled_from(PLAYERS + OTHERS) | ASCII), safe="")
    path = draw(st.sampled_from([
        "/api/games", f"/api/games/{quoted}", f"/api/games/{quoted}/commands",
        f"/api/games/{quoted}/commands", f"/api/games/{quoted}/history",
        f"/api/games/{quoted}/players/{name}/token", f"/api/games/{quoted}/events",
        f"/api/{quoted}"]))
    query = draw(queries())
    if query:
        path += "?" + query
    method = draw(st.sampled_from(["POST"] * 5 + ["GET"] * 2 + ["PUT", "PATCH", "DELETE",
                                                                 "HEAD", "OPTIONS"]))
    headers: dict[str, str] = {}
    token = draw(tokens(world))
    if token is not None:
        scheme = draw(st.sampled_from(["Bearer ", "Bearer ", "bearer ", "Basic ", "Bearer  ",
                                       ""]))
        headers["Authorization"] = scheme + token
    content_type = draw(st.sampled_from([
        "application/json", "application/json", "application/json; charset=utf-8",
        "text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
        "application/JSON", "text/json", None]))
    if content_type is not None:
        headers["Content-Type"] = content_type
    if draw(st.integers(0, 5)) == 0:
        headers["Last-Event-ID"] = draw(st.integers(-3, 2**63).map(str) | ASCII)
    cookies: dict[str, str] = {}
    if draw(st.integers(0, 4)) == 0:
        cookies[draw(st.sampled_from(["companion_banker", "companion_player"]))] = \
            draw(tokens(world)) or ""
        if draw(st.booleans()):
            headers["X-Companion-CSRF"] = draw(ASCII)
    return {"method": method, "path": path, "headers": headers, "cookies": cookies,
            "body": draw(bodies(world))}


# ------------------------------------------------------------------------------- the runs

def fuzz_with(world: World, send: Callable[[dict[str, Any]], tuple[int, str, bytes]],
              examples: int) -> None:
    @settings(FUZZ, max_examples=examples)
    @given(request=requests(world))
    def one(request: dict[str, Any]) -> None:
        before = world.observe()
        status, content_type, body = send(request)
        what = f"{request['method']} {request['path']}"
        event(f"status {status}")
        check_answer(status, content_type, body, what)
        if status >= 400:
            assert world.observe() == before, f"{what} -> {status} changed something"

    one()


def test_fuzz_the_api_through_the_test_client(web_actions: WebActions, app: Flask,
                                              client: FlaskClient, tmp_path: Path) -> None:
    world = World(web_actions, tmp_path / "companion.sqlite3")

    def send(request: dict[str, Any]) -> tuple[int, str, bytes]:
        client._cookies.clear()
        for key, value in request["cookies"].items():
            client.set_cookie(key, value)
        answer = client.open(request["path"], method=request["method"],
                             headers=request["headers"], data=request["body"])
        try:
            if answer.mimetype == "text/event-stream":  # a live stream: never ends
                assert answer.status_code == 200
                return 200, answer.content_type, b""
            return answer.status_code, answer.content_type, answer.get_data()
        finally:
            answer.close()

    fuzz_with(world, send, 300)


def test_fuzz_the_api_through_the_server(web_actions: WebActions, live_server: LiveServer,
                                          tmp_path: Path) -> None:
    world = World(web_actions, tmp_path / "companion.sqlite3")
    host, port = live_server.url.removeprefix("http://").split(":")

    def send(request: dict[str, Any]) -> tuple[int, str, bytes]:
        headers = dict(request["headers"])
        if request["cookies"]:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in request["cookies"].items())
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        try:
            conn.request(request["method"], request["path"], body=request["body"],
                         headers=headers)
            answer = conn.getresponse()
            content_type = answer.getheader("Content-Type", "")
            if content_type.startswith("text/event-stream"):
                return answer.status, content_type, b""
            return answer.status, content_type, answer.read()
        finally:
            conn.close()

    fuzz_with(world, send, 40)


@pytest.fixture
def app(table: Table, hardware: Any) -> Flask:
    """The app of tests.conftest without the phones' rate limit (tests/test_web_rate_limit.py
    covers it): the fuzzer sends far faster than a phone, and every example should reach
    the checks it is after."""
    from tests.conftest import TEST_SECRET
    from web import create_app

    settings = {"TESTING": True, "SECRET_KEY": TEST_SECRET, "LANGUAGE": "en",
                "SSE_HEARTBEAT": 0.5, "SSE_MAX_SECONDS": 60, "RATE_COMMANDS": 0}
    return create_app(settings, table=table, hardware=hardware)


# ------------------------------------ regression tests for the bugs the fuzzer found

@pytest.fixture
def world(web_actions: WebActions, tmp_path: Path) -> World:
    return World(web_actions, tmp_path / "companion.sqlite3")


@pytest.mark.parametrize("query", ["history?limit=%C2%B2", "?after=%C2%B2",
                                   "?after=1&wait=%C2%B2"])
def test_non_ascii_digits_in_a_query_are_a_400(world: World, client: FlaskClient,
                                               query: str) -> None:
    before = world.observe()
    sep = "/" if query.startswith("history") else ""
    answer = client.get(f"/api/games/{world.game}{sep}{query}",
                        headers=world.actions.bearer())
    check_answer(answer.status_code, answer.content_type, answer.get_data(), query)
    assert answer.status_code == 400
    assert world.observe() == before


def test_a_non_ascii_last_event_id_is_ignored(world: World, client: FlaskClient) -> None:
    answer = client.get(f"/api/games/{world.game}/events",
                        headers={**world.actions.bearer(), "Last-Event-ID": "²"})
    try:
        assert answer.status_code == 200
    finally:
        answer.close()


def test_deeply_nested_json_is_a_400(world: World, client: FlaskClient) -> None:
    before = world.observe()
    body = '{"cmd": "pay", "x": ' + "[" * 20_000 + "]" * 20_000 + "}"  # 40 kB: fits
    answer = client.post(f"/api/games/{world.game}/commands", data=body,
                         headers={**world.actions.bearer(), "Content-Type": "application/json"})
    check_answer(answer.status_code, answer.content_type, answer.get_data(), "deep JSON")
    assert answer.status_code == 400
    assert world.observe() == before


def test_a_lone_surrogate_is_refused_and_breaks_nothing(world: World,
                                                        client: FlaskClient,
                                                        table: Table) -> None:
    before = world.observe()
    body = '{"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 5, "memo": "\\ud800"}'
    answer = client.post(f"/api/games/{world.game}/commands", data=body, headers={
        "Authorization": f"Bearer {world.tokens['Alice']}", "Content-Type": "application/json"})
    assert not table.store._db.in_transaction, "the log was left inside a transaction"
    check_answer(answer.status_code, answer.content_type, answer.get_data(), "surrogate")
    assert answer.status_code == 400
    assert world.observe() == before
    rotated = client.post(f"/api/games/{world.game}/players/Bob/token", json={},
                          headers=world.actions.bearer())
    assert rotated.status_code == 200
    paid = world.actions.send(cmd="pay", from_="Alice", to="Bob", amount=5)
    assert paid.status_code == 200, paid.json
    old = client.get(f"/api/games/{world.game}",
                     headers={"Authorization": f"Bearer {world.tokens['Bob']}"})
    assert old.status_code == 401, "the rotated-away token works again"


def test_an_empty_client_id_is_never_a_storage_error(world: World) -> None:
    """'' was stored but never looked up as a repeat: the second command with id '' hit
    UNIQUE(game_id, client_id) and was answered 503.  Either refusing '' or treating it as
    an id is fine; a 5xx or a second row is not."""
    before = world.observe()
    answers = [world.actions.send(cmd="pay", from_="Alice", to="Bob", amount=5, id="")
               for _ in range(2)]
    for answer in answers:
        check_answer(answer.status_code, answer.content_type, answer.get_data(), "id ''")
    first, again = answers
    if first.status_code >= 400:
        assert again.status_code == first.status_code == 400
        assert world.observe() == before
    else:
        assert again.status_code == 200 and again.json["duplicate"] is True
        assert world.table.store.seq_of_client_id(world.game, "") is not None

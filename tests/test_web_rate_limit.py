"""How fast a phone may send commands (:mod:`web.limits`): the break test's flood (one
phone's token sending thousands of commands in seconds) is refused with 429 and
``Retry-After`` in the phone's language and changes nothing; after the wait the phone is
heard again; the banker is not held to the phones' pace; a request is counted once even
when the loop's fast lane hands it to the Flask view; and a fast real turn never meets
the limit with the default settings.

The real app under the real server (:class:`web.server.TableServer`) over HTTP, and
Flask's test client for the plain-WSGI view; :class:`CommandLimits` itself with a clock
the test moves (its numbers, its lock, its memory).
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from companion.table import Table
from tests.conftest import TEST_SECRET, LiveServer, WebActions
from web import create_app, settings
from web.limits import MAX_BUCKETS, CommandLimits
from web.server import TableServer
from web.tokens import Identity

JSON = {"Content-Type": "application/json"}
PAY_BANK: dict[str, Any] = {"cmd": "pay", "from": "Alice", "to": "bank", "amount": 1}
TOO_MANY = {
    "en": "Too many commands from this phone; wait a moment and try again.",
    "nb": "For mange kommandoer fra denne telefonen; vent litt og prøv igjen.",
    "sv": "För många kommandon från den här telefonen; vänta en stund och försök igen.",
}


@pytest.fixture
def rate() -> tuple[float, int]:
    """``(RATE_COMMANDS, RATE_BURST)`` of the app; a test parametrizes it."""
    return 1.0, 3


@pytest.fixture
def app(table: Table, rate: tuple[float, int]) -> Flask:
    """The app with the test's rate limit and no fixed language (the request picks)."""
    per_second, burst = rate
    return create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET, "LANGUAGE": None,
                       "SSE_HEARTBEAT": 0.5, "SSE_MAX_SECONDS": 60,
                       "RATE_COMMANDS": per_second, "RATE_BURST": burst}, table=table)


@pytest.fixture
def served(app: Flask) -> Iterator[LiveServer]:
    """The app as ``companion serve`` serves it."""
    server = TableServer(app, "127.0.0.1", 0).start()
    yield LiveServer(f"http://127.0.0.1:{server.port}", app)
    server.stop()


class Phone:
    """POSTs commands over one keep-alive connection, as a phone's browser does."""

    def __init__(self, server: LiveServer, actions: WebActions, token: str):
        port = int(server.url.rsplit(":", 1)[1])
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.actions, self.token = actions, token

    def post(self, body: bytes | dict[str, Any], query: str = "",
             headers: dict[str, str] | None = None) -> tuple[int, str | None, Any]:
        """``(status, Retry-After, JSON answer)``."""
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        sent = {**JSON, **self.actions.bearer(self.token), **(headers or {})}
        self.conn.request("POST", f"/api/games/{self.actions.game}/commands{query}",
                          body=data, headers=sent)
        answer = self.conn.getresponse()
        return answer.status, answer.getheader("Retry-After"), json.loads(answer.read())

    def close(self) -> None:
        self.conn.close()


def log_length(actions: WebActions) -> int:
    return len(list(actions.table.store.rows(actions.game)))


def drain(phone: Phone, burst: int, query: str = "") -> tuple[int, str | None, Any]:
    """Send paying commands until the limit answers (the first ``burst`` must pass); the
    refusal."""
    for n in range(burst + 10):
        status, retry, answer = phone.post({**PAY_BANK, "id": f"drain-{n}"}, query)
        if status != 200:
            assert n >= burst, f"refused after {n} commands: {status} {answer}"
            return status, retry, answer
    raise AssertionError("never refused")


def test_a_phone_over_its_limit_gets_429_and_is_heard_again_after_the_wait(
        served: LiveServer, web_actions: WebActions) -> None:
    """Burst 3, 1 a second: past the burst, 429 with ``Retry-After: 1`` and the refusal in
    bokmål (``?lang=nb``), Swedish (Accept-Language) or English; the game and its log are
    untouched; after the wait the same command is accepted."""
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    alice = Phone(served, web_actions, web_actions.players["Alice"])
    status, retry, answer = drain(alice, 3, "?lang=nb")
    assert (status, retry, answer) == (429, "1", {"ok": False, "error": TOO_MANY["nb"]})
    before, length = web_actions.state(), log_length(web_actions)
    late = {**PAY_BANK, "id": "late"}
    for query, headers, language in (("", {"Accept-Language": "sv"}, "sv"),
                                     ("", {"Accept-Language": "en"}, "en"),
                                     ("?lang=nb", {}, "nb")):
        status, retry, answer = alice.post(late, query, headers)
        assert status == 429 and retry == "1", (status, retry, answer)
        assert answer == {"ok": False, "error": TOO_MANY[language]}
    assert web_actions.state() == before and log_length(web_actions) == length
    time.sleep(float(retry or 1))
    status, _retry, answer = alice.post(late)
    assert status == 200 and answer["ok"] and not answer["duplicate"], answer
    assert log_length(web_actions) == length + 1
    alice.close()


def test_one_phone_over_its_limit_holds_up_no_one_else(
        served: LiveServer, web_actions: WebActions) -> None:
    """While Alice's phone waits, Bob's phone and the banker (who is not held to the
    phones' pace: five bursts back to back) are answered as usual."""
    web_actions.new_game("Alice", "Bob")
    alice = Phone(served, web_actions, web_actions.players["Alice"])
    assert drain(alice, 3)[0] == 429
    bob = Phone(served, web_actions, web_actions.players["Bob"])
    status, _retry, answer = bob.post({"cmd": "pay", "from": "Bob", "to": "bank", "amount": 1})
    assert status == 200 and answer["ok"]
    banker = Phone(served, web_actions, web_actions.banker)
    for n in range(5 * 3):
        status, _retry, answer = banker.post({"cmd": "pay", "from": "Alice", "to": "Bob",
                                              "amount": 1, "id": f"banker-{n}"})
        assert status == 200 and answer["ok"], (n, status, answer)
    for phone in (alice, bob, banker):
        phone.close()


@pytest.mark.parametrize("rate", [(0.001, 3)])
def test_a_request_the_fast_lane_hands_to_flask_counts_once(
        served: LiveServer, web_actions: WebActions) -> None:
    """Requests the loop does not apply go to the Flask view, which counts them; the loop
    counts only what it applies.  Refused before the view (not JSON): not counted at all.
    So with a burst of 3 (and next to no refill): 415, 400 (malformed, counted once by
    the view), 200, 200, then 429 — were a handed-over request counted twice, the second
    good command would already be refused."""
    web_actions.new_game("Alice", "Bob")
    alice = Phone(served, web_actions, web_actions.players["Alice"])
    text = {"Content-Type": "text/plain"}
    assert alice.post(json.dumps(PAY_BANK).encode(), headers=text)[0] == 415
    assert alice.post(b'{"cmd": "pay", ')[0] == 400
    assert alice.post({**PAY_BANK, "id": "a"})[0] == 200
    assert alice.post({**PAY_BANK, "id": "b"})[0] == 200
    status, retry, answer = alice.post({**PAY_BANK, "id": "c"})
    assert status == 429 and retry is not None and 999 <= int(retry) <= 1000, (status, retry)
    assert answer == {"ok": False, "error": TOO_MANY["en"]}
    alice.close()


@pytest.mark.parametrize("rate", [(0.001, 2)])
def test_the_flask_view_limits_too(web_actions: WebActions) -> None:
    """Under a plain WSGI server (the test client) the view takes the tokens: the third
    command is refused with 429, ``Retry-After`` and the message in bokmål; nothing is
    applied."""
    web_actions.new_game("Alice", "Bob")
    alice = web_actions.players["Alice"]
    assert web_actions.send(alice, **PAY_BANK, id="1").status_code == 200
    assert web_actions.send(alice, **PAY_BANK, id="2").status_code == 200
    before, length = web_actions.state(), log_length(web_actions)
    answer = web_actions.client.post(f"/api/games/{web_actions.game}/commands?lang=nb",
                                     json={**PAY_BANK, "id": "3"},
                                     headers=web_actions.bearer(alice))
    assert answer.status_code == 429 and answer.headers["Retry-After"] == "1000"
    assert answer.json == {"ok": False, "error": TOO_MANY["nb"]}
    assert web_actions.state() == before and log_length(web_actions) == length
    assert web_actions.send(**PAY_BANK, id="banker").status_code == 200


# The turns of a quick round at the table: who rolls what (no doubles, so one roll each).
ROUNDS = [("Alice", [1, 2]), ("Bob", [1, 2]), ("Carol", [2, 3]),     # Kirkeveien ×2, Oslo S
          ("Alice", [1, 2]), ("Bob", [1, 2]), ("Carol", [1, 3]),     # Kongens gate ×2, Ø. Sl.
          ("Alice", [1, 2]), ("Bob", [2, 3]), ("Carol", [1, 2])]     # Ø. Sl., N. Sl., Lysverk


@pytest.mark.parametrize("rate", [(settings.DEFAULTS["RATE_COMMANDS"],
                                   settings.DEFAULTS["RATE_BURST"])])
def test_quick_turns_and_a_busy_moment_are_never_refused_by_default(
        served: LiveServer, web_actions: WebActions) -> None:
    """With the default settings, three rounds played as fast as the machine can send —
    each phone rolls, buys the deed it landed on, claims the rent owed to it, the banker
    moves the turn on — then Alice's busy moment at machine speed (mortgage and lift both
    her deeds, offer Bob a trade and take it back twice, pay the bank): her 16 commands
    and everyone else's are accepted.
    A real phone is far slower than this (a tap, then its answer, then the next tap)."""
    web_actions.new_game("Alice", "Bob", "Carol", edition="monopol-no-1996")
    phones = {name: Phone(served, web_actions, token)
              for name, token in web_actions.players.items()}
    banker = Phone(served, web_actions, web_actions.banker)
    sent = dict.fromkeys(phones, 0)

    def tap(name: str, command: dict[str, Any]) -> Any:
        status, _retry, answer = phones[name].post(command)
        sent[name] += 1
        assert status == 200 and answer["ok"], (name, command, status, answer)
        return answer

    for name, dice in ROUNDS:
        tap(name, {"cmd": "roll", "player": name, "dice": dice})
        state = web_actions.table.state(web_actions.game)
        where = state.players[name].position
        if state.ed.space(where).is_deed and where not in state.deeds:
            tap(name, {"cmd": "buy", "player": name, "space": state.ed.space(where).label})
        for owner in sorted({c.owner for c in state.claims.values()}):
            tap(owner, {"cmd": "claim", "player": owner})
        assert banker.post({"cmd": "next_turn"})[0] == 200
    assert web_actions.table.state(web_actions.game).claims == {}
    deeds = ["Kirkeveien", "Kongens gate"]
    alice = web_actions.state()["players"][0]
    assert [deed["name"] for deed in alice["spaces"]] == deeds
    for deed in deeds:
        tap("Alice", {"cmd": "mortgage", "player": "Alice", "space": deed})
        tap("Alice", {"cmd": "unmortgage", "player": "Alice", "space": deed})
    for cash in (100, 200):  # an offer, thought better of, then a better one
        deal = {"Alice": {"cash": cash}, "Bob": {"spaces": ["Nedre Slottsgate"]}}
        offer = tap("Alice", {"cmd": "trade_propose", "from": "Alice", "parties": deal})
        trade = offer["state"]["trades"][0]["id"]
        tap("Alice", {"cmd": "trade_cancel", "player": "Alice", "trade": trade})
    tap("Alice", PAY_BANK)
    assert sent == {"Alice": 16, "Bob": 4, "Carol": 7}
    for phone in (*phones.values(), banker):
        phone.close()


# ---------------------------------------------------------------- the bucket itself

class Clock:
    """Seconds the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def player(n: int = 0) -> Identity:
    return Identity("player", f"hash-{n}", "game", f"P{n}")


def test_the_default_numbers_against_a_frantic_player_and_the_flood() -> None:
    """3 a second, burst 20: a player tapping 4 times a second for 15 s (60 commands, far
    beyond a real turn) is never refused; the break test's flood (650 a second for 10 s)
    gets 20 + 3 × 10 = 50 through instead of 6 500."""
    clock = Clock()
    limits = CommandLimits(settings.DEFAULTS["RATE_COMMANDS"], settings.DEFAULTS["RATE_BURST"],
                           clock)
    for _tap in range(60):
        assert limits.take(player(1)) == 0.0
        clock.now += 0.25
    clock.now += 60
    passed = 0
    for _request in range(6500):
        passed += limits.take(player(2)) == 0.0
        clock.now += 10 / 6500
    assert 49 <= passed <= 51


def test_the_wait_is_exact_and_refusals_take_nothing() -> None:
    """Empty bucket at 2 a second: the wait is half a second, asking again does not
    lengthen it, and after it one command goes through."""
    clock = Clock()
    limits = CommandLimits(2, 1, clock)
    assert limits.take(player()) == 0.0
    assert limits.take(player()) == pytest.approx(0.5)
    clock.now += 0.2
    assert limits.take(player()) == pytest.approx(0.3)
    clock.now += 0.3
    assert limits.take(player()) == 0.0
    assert limits.take(player()) == pytest.approx(0.5)


def test_the_banker_and_a_zero_rate_are_not_limited() -> None:
    clock = Clock()
    banker = Identity("banker", "banker-hash")
    assert all(CommandLimits(1, 1, clock).take(banker) == 0.0 for _ in range(100))
    off = CommandLimits(0, 1, clock)
    assert all(off.take(player()) == 0.0 for _ in range(100))
    assert len(off) == 0


def test_memory_stays_bounded() -> None:
    """Thousands of tokens over time (games come and go, phones get new QR codes): the
    buckets that filled up again are dropped, so at most MAX_BUCKETS + 1 are kept."""
    clock = Clock()
    limits = CommandLimits(3, 20, clock)
    most = 0
    for n in range(5000):
        limits.take(player(n))
        clock.now += 0.5
        most = max(most, len(limits))
    assert most <= MAX_BUCKETS + 1 and len(limits) <= MAX_BUCKETS + 1


def test_threads_taking_at_once_get_exactly_the_burst() -> None:
    """The loop and the Flask workers take from one bucket: with the clock standing
    still, 8 threads asking 50 times each get exactly ``burst`` commands through."""
    limits = CommandLimits(1, 20, lambda: 5.0)
    passed: list[int] = []
    start = threading.Barrier(8)

    def ask() -> None:
        start.wait()
        passed.append(sum(limits.take(player()) == 0.0 for _ in range(50)))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert len(passed) == 8 and sum(passed) == 20

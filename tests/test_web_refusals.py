"""Bad input and the wrong sender: a clear error, and the full state exactly as before."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.conftest import WebActions


@pytest.fixture
def web_game(web_game: WebActions) -> Iterator[WebActions]:
    """conftest's Alice, Bob and Carol at the table; after the test nothing may have changed."""
    before = web_game.state()
    history = web_game.table.history(web_game.game, 100)
    yield web_game
    assert web_game.state() == before
    assert web_game.table.history(web_game.game, 100) == history


def refused(answer: Any, status: int, words: str) -> None:
    """A JSON refusal with ``status`` whose message contains ``words``."""
    assert answer.status_code == status, answer.get_data(as_text=True)
    assert answer.is_json and answer.json["ok"] is False
    assert words.lower() in answer.json["error"].lower()
    assert "Traceback" not in answer.get_data(as_text=True)


PAY = {"cmd": "pay", "from": "Alice", "to": "Bob"}


@pytest.mark.parametrize(("command", "status", "words"), [
    ({**PAY, "amount": -5}, 400, "more than zero"),
    ({**PAY, "amount": 0}, 400, "more than zero"),
    ({**PAY, "amount": "100"}, 400, "whole number"),
    ({**PAY, "amount": 12.5}, 400, "whole number"),
    ({**PAY, "amount": 100.0}, 400, "whole number"),
    ({**PAY, "amount": True}, 400, "whole number"),
    ({**PAY, "amount": None}, 400, "whole number"),
    ({**PAY, "amount": 10**13}, 400, "larger than any amount"),
    ({**PAY, "amount": 10**300}, 400, "larger than any amount"),
    ({**PAY, "to": "Zed", "amount": 5}, 422, "no player called 'Zed'"),
    ({**PAY, "to": "Alice", "amount": 5}, 409, "same"),
    ({"cmd": "land", "player": "Alice", "space": "Atlantis"}, 422, "no space 'Atlantis'"),
    ({"cmd": "land", "player": "Alice", "space": 40}, 422, "no space"),
    ({"cmd": "buy", "player": "Nobody", "space": 1}, 422, "no player called"),
    ({"cmd": "fly_to_moon"}, 400, "no command"),
    ({"amount": 5}, 400, "no command"),
    ({"cmd": "new_game", "players": ["X", "Y"]}, 400, "POST /api/games"),
    ({"cmd": "claim", "player": "Bob"}, 409, "no rent to claim"),
    ({"cmd": "leave_jail", "player": "Bob"}, 409, "not in jail"),
    ({"cmd": "undo"}, 409, "nothing left to undo"),
    ({**PAY, "amount": 5, "id": 17}, 400, "'id'"),
])
def test_bad_commands_are_refused(web_game: WebActions, command: dict[str, Any], status: int,
                                  words: str) -> None:
    refused(web_game.send(**command), status, words)


@pytest.mark.parametrize("body", ['{"cmd": "pay", "amount": ', "[1, 2]", '"pay"', "",
                                  '{"cmd": "pay", "amount": ' + "9" * 5000 + "}"])
def test_malformed_bodies_are_refused(web_game: WebActions, client: FlaskClient, body: str) -> None:
    answer = client.post(f"/api/games/{web_game.game}/commands", data=body,
                         content_type="application/json", headers=web_game.bearer())
    refused(answer, 400, "JSON object")


def test_a_body_that_is_too_large_is_refused(web_game: WebActions, client: FlaskClient) -> None:
    answer = client.post(f"/api/games/{web_game.game}/commands", headers=web_game.bearer(),
                         json={**PAY, "amount": 5, "memo": "x" * 100_000})
    assert answer.status_code == 413 and answer.json["ok"] is False


def test_a_finished_game_refuses_commands(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob")
    assert web_actions.send(cmd="end_game").status_code == 200
    before = web_actions.state()
    refused(web_actions.send(cmd="pay", from_="Alice", to="Bob", amount=5), 409, "over")
    refused(web_actions.send(web_actions.players["Alice"], cmd="pay", from_="Alice",
                             to="Bob", amount=5), 409, "over")
    assert web_actions.state() == before


def test_bob_cannot_pay_from_alice(web_game: WebActions) -> None:
    bob = web_game.players["Bob"]
    refused(web_game.send(bob, **PAY, amount=500), 403, "Bob can only act for themself")
    refused(web_game.send(bob, cmd="claim", player="Alice"), 403, "only act for themself")


@pytest.mark.parametrize("command", [{"cmd": "end_game"}, {"cmd": "undo"},
                                     {"cmd": "next_turn"}, {"cmd": "pass_start",
                                                            "player": "Bob"}])
def test_players_cannot_do_the_bankers_work(web_game: WebActions, command: dict[str, Any]) -> None:
    refused(web_game.send(web_game.players["Bob"], **command), 403, "only the banker")


def test_a_player_cannot_start_games(web_game: WebActions, client: FlaskClient) -> None:
    answer = client.post("/api/games", json={"players": ["X", "Y"]},
                         headers=web_game.bearer(web_game.players["Alice"]))
    refused(answer, 403, "only the banker")
    assert len(web_game.table.game_ids()) == 1


def test_a_player_cannot_touch_another_game(web_game: WebActions, client: FlaskClient) -> None:
    first, alice = web_game.game, web_game.players["Alice"]
    other = client.post("/api/games", json={"players": ["Dora", "Erik"]},
                        headers=web_game.bearer()).json["game"]
    other_before = web_game.state(other)
    refused(web_game.send(alice, game=other, cmd="pay", **{"from": "Dora"}, to="Erik", amount=5),
            403, "not your game")
    for path in ("", "/history", "/events"):
        refused(client.get(f"/api/games/{other}{path}", headers=web_game.bearer(alice)), 403,
                "not your game")
    assert web_game.state(other) == other_before
    web_game.game = first


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer nope"},
                                     {"Authorization": "Bearer "}, {"Authorization": "Basic x"}])
def test_missing_or_bad_tokens_get_401(web_game: WebActions, client: FlaskClient,
                                       headers: dict[str, str]) -> None:
    answer = client.post(f"/api/games/{web_game.game}/commands", json={**PAY, "amount": 5},
                         headers=headers)
    refused(answer, 401, "")
    refused(client.get(f"/api/games/{web_game.game}", headers=headers), 401, "")


def test_unknown_game_is_404(web_game: WebActions) -> None:
    refused(web_game.send(game="nosuchgame", **PAY, amount=5), 404, "no game")


def test_a_repeated_client_id_is_acknowledged_once(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob")
    alice = web_actions.players["Alice"]
    first = web_actions.send(alice, cmd="pay", from_="Alice", to="Bob", amount=300, id="tap-1")
    state = web_actions.state()
    again = web_actions.send(alice, cmd="pay", from_="Alice", to="Bob", amount=300, id="tap-1")
    assert first.json["duplicate"] is False and again.json["duplicate"] is True
    assert again.json["seq"] == first.json["seq"]
    assert web_actions.state() == state
    assert web_actions.cash("Bob") == 30300


def test_cookie_requests_need_json_and_the_csrf_header(web_game: WebActions,
                                                       client: FlaskClient) -> None:
    csrf = web_game.sign_in(web_game.players["Alice"])
    url = f"/api/games/{web_game.game}/commands"
    refused(client.post(url, json={**PAY, "amount": 5}), 403, "anti-forgery")
    refused(client.post(url, json={**PAY, "amount": 5}, headers={"X-Companion-CSRF": "x"}),
            403, "anti-forgery")
    refused(client.post(url, data="cmd=pay&amount=5",
                        content_type="application/x-www-form-urlencoded",
                        headers={"X-Companion-CSRF": csrf}), 415, "JSON")
    refused(client.post(url, data='{"cmd": "pay"}', content_type="text/plain",
                        headers={"X-Companion-CSRF": csrf}), 415, "JSON")
    banker_csrf = web_game.tokens.csrf(web_game.tokens.lookup(web_game.banker))
    refused(client.post(url, json={**PAY, "amount": 5}, headers={"X-Companion-CSRF":
                                                                 banker_csrf}),
            403, "anti-forgery")


def test_bearer_requests_still_need_json(web_game: WebActions, client: FlaskClient) -> None:
    answer = client.post(f"/api/games/{web_game.game}/commands", data="cmd=pay",
                         content_type="application/x-www-form-urlencoded",
                         headers=web_game.bearer())
    refused(answer, 415, "JSON")


@pytest.mark.parametrize("query", ["limit=0", "limit=abc", "limit=201", "limit=-1"])
def test_bad_history_limits(web_game: WebActions, client: FlaskClient, query: str) -> None:
    refused(client.get(f"/api/games/{web_game.game}/history?{query}", headers=web_game.bearer()),
            400, "limit")


@pytest.mark.parametrize("query", ["after=x", "after=1&wait=99", "after=-3"])
def test_bad_polling_arguments(web_game: WebActions, client: FlaskClient, query: str) -> None:
    refused(client.get(f"/api/games/{web_game.game}?{query}", headers=web_game.bearer()), 400, "")


def test_unknown_api_paths_answer_json(client: FlaskClient) -> None:
    refused(client.get("/api/nothing-here"), 404, "")
    refused(client.delete("/api/games", headers={"Content-Type": "application/json"}), 405, "")


def test_a_phone_hears_the_limits_in_bokmal(web_actions: WebActions) -> None:
    """C18's cap on waiting offers and the text limit reach Alice's phone in bokmål
    (``?lang=nb``), and change nothing."""
    web_actions.new_game("Alice", "Bob")
    url = f"/api/games/{web_actions.game}/commands?lang=nb"
    alice = web_actions.bearer(web_actions.players["Alice"])
    offer = {"cmd": "trade_propose", "from": "Alice",
             "parties": {"Alice": {"cash": 100}, "Bob": {"cash": 0}}}
    for _ in range(3):
        assert web_actions.client.post(url, json=offer, headers=alice).status_code == 200
    before = web_actions.state()
    answer = web_actions.client.post(url, json=offer, headers=alice)
    refused(answer, 409, "Alice har allerede 3 handelstilbud som venter på svar: høyst 3 om "
                         "gangen (C18). Vent på svar, eller trekk tilbake ett først.")
    answer = web_actions.client.post(url, headers=alice, json={**PAY, "amount": 5,
                                                              "memo": "x" * 201})
    refused(answer, 400, "Teksten i 'memo' er lengre enn 200 tegn; skriv den kortere.")
    assert web_actions.state() == before


@pytest.mark.parametrize(("lang", "amount", "words"), [
    ("nb", 1e23, "Beløpet må være et helt tall, ikke 1e+23."),
    ("sv", 1e23, "Beloppet måste vara ett heltal, inte 1e+23."),
    ("en", 1e23, "The amount must be a whole number, not 1e+23."),
    ("nb", 0, "Beløpet må være mer enn null, ikke 0."),
    ("sv", -5, "Beloppet måste vara mer än noll, inte -5."),
    ("nb", True, "Beløpet må være et helt tall."),  # h21: never "ikke True"
    ("sv", True, "Beloppet måste vara ett heltal."),
    ("nb", "100", "Beløpet må være et helt tall.")])
def test_a_refusal_names_the_field_in_words_not_its_key(
        web_game: WebActions, lang: str, amount: Any, words: str) -> None:
    """The console's refusal of an odd amount says "Beløpet", not "«amount»" (h17-fix
    point 7), and changes nothing."""
    url = f"/api/games/{web_game.game}/commands?lang={lang}"
    answer = web_game.client.post(url, json={**PAY, "amount": amount},
                                  headers=web_game.bearer())
    assert answer.status_code == 400, answer.json
    assert answer.json["error"] == words

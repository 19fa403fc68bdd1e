"""The JSON API's happy paths: start a game, send commands, read state and history."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.conftest import WebActions


def test_banker_starts_a_game_and_gets_join_links(web_actions: WebActions) -> None:
    data = web_actions.new_game("Alice", "Bob", "Carol")
    assert data["ok"] and not data["duplicate"] and data["seq"] == 1
    assert [p["name"] for p in data["players"]] == ["Alice", "Bob", "Carol"]
    for player in data["players"]:
        assert len(player["token"]) >= 22  # ≥ 128 bits of base64url
        assert player["join_url"].endswith(f"/join/{player['token']}")
    assert data["state"]["game"]["edition"] == "monopol-no-1996"
    assert [p["cash"] for p in data["state"]["players"]] == [30000] * 3


def test_new_game_with_the_same_client_id_is_one_game(web_actions: WebActions,
                                                      client: FlaskClient) -> None:
    body = {"players": ["Alice", "Bob"], "id": "start-1"}
    first = client.post("/api/games", json=body, headers=web_actions.bearer())
    again = client.post("/api/games", json=body, headers=web_actions.bearer())
    assert first.status_code == 201 and again.status_code == 200
    assert again.json["duplicate"] and again.json["game"] == first.json["game"]
    assert again.json["players"] == first.json["players"]
    assert len(web_actions.table.game_ids()) == 1


def test_commands_answer_seq_and_state(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob")
    answer = web_actions.send(cmd="pay", from_="Alice", to="Bob", amount=1500, id="p1")
    assert answer.status_code == 200
    assert answer.json["ok"] and answer.json["seq"] == 2 and not answer.json["duplicate"]
    cash = {p["name"]: p["cash"] for p in answer.json["state"]["players"]}
    assert cash == {"Alice": 28500, "Bob": 31500}


def test_a_player_pays_and_claims_rent_from_the_phone(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob")
    alice, bob = web_actions.players["Alice"], web_actions.players["Bob"]
    assert web_actions.send(cmd="buy", player="Bob", space="Rådhusplassen").status_code == 200
    assert web_actions.send(cmd="land", player="Alice", space="Rådhusplassen").status_code == 200
    claims = web_actions.state()["claims"]
    assert [(c["owner"], c["from"]) for c in claims] == [("Bob", "Alice")]
    rent = claims[0]["amount"]
    assert web_actions.send(bob, cmd="claim", player="Bob").status_code == 200
    assert web_actions.send(alice, cmd="pay", from_="Alice", to="bank", amount=100).json["ok"]
    assert web_actions.cash("Alice") == 30000 - rent - 100
    assert web_actions.state()["claims"] == []


def test_state_history_and_polling(web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob")
    alice = web_actions.bearer(web_actions.players["Alice"])
    url = f"/api/games/{web_actions.game}"
    assert client.get(url, headers=alice).json == web_actions.state()
    assert client.get(f"{url}?after=1", headers=alice).status_code == 204
    web_actions.send(cmd="pass_start", player="Alice")
    polled = client.get(f"{url}?after=1&wait=1", headers=alice)
    assert polled.status_code == 200 and polled.json["game"]["seq"] == 2
    history = client.get(f"{url}/history?limit=5", headers=alice).json["history"]
    assert [row["command"]["cmd"] for row in history] == ["new_game", "pass_start"]
    assert history[1]["actor"] == "banker" and not history[1]["undone"]


def test_undo_is_recorded_in_history(web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob")
    web_actions.send(cmd="pay", from_="Alice", to="Bob", amount=700)
    assert web_actions.send(cmd="undo").status_code == 200
    assert web_actions.cash("Alice") == 30000
    history = client.get(f"/api/games/{web_actions.game}/history",
                         headers=web_actions.bearer()).json["history"]
    assert [r["undone"] for r in history] == [False, True, False]


def test_banker_lists_games(web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob")
    first = web_actions.game
    web_actions.new_game("Carol", "Dave")
    listing = client.get("/api/games", headers=web_actions.bearer()).json
    assert [g["id"] for g in listing["games"]] == [web_actions.game, first]
    assert listing["current"] == web_actions.game


def test_pages_render_for_their_owner(web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob")
    web_actions.sign_in(web_actions.banker)
    console = client.get(f"/?game={web_actions.game}")
    assert console.status_code == 200
    # the players' QR codes and the board screen's (issue 16 point 7)
    assert console.text.count("<svg") == 2 + 1 and "/join/" in console.text
    assert "Content-Security-Policy" in console.headers
    web_actions.sign_in(web_actions.players["Bob"])
    wallet = client.get("/wallet")
    assert wallet.status_code == 200 and "Bob" in wallet.text


def test_console_without_a_game_offers_to_start_one(web_actions: WebActions,
                                                    client: FlaskClient) -> None:
    web_actions.sign_in(web_actions.banker)
    page = client.get("/")
    assert page.status_code == 200
    assert 'id="new-game"' in page.text and "monopol-no-1996" in page.text

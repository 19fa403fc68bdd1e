"""Tokens, join links, cookies, anti-forgery values and settings."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.table import Table
from tests.conftest import TEST_SECRET, WebActions
from web import create_app


def test_join_sets_a_strict_httponly_cookie(web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob")
    page = client.get(f"/join/{web_actions.players['Alice']}")
    cookie = page.headers["Set-Cookie"]
    assert cookie.startswith("companion_player=")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert re.search(r'http-equiv="refresh" content="0; url=/wallet"', page.text)
    assert page.headers["Referrer-Policy"] == "no-referrer"
    banker = client.get(f"/join/{web_actions.banker}")
    assert banker.headers["Set-Cookie"].startswith("companion_banker=")
    assert 'url=/"' in banker.text


def test_an_unknown_join_link_sets_nothing(client: FlaskClient) -> None:
    page = client.get("/join/not-a-token")
    assert page.status_code == 401 and "Set-Cookie" not in page.headers


def test_the_sign_in_form_is_a_join_link(web_actions: WebActions, client: FlaskClient) -> None:
    assert client.get("/").status_code == 401
    assert client.get(f"/join?token={web_actions.banker}").status_code == 200
    assert client.get("/").status_code == 200


def test_a_player_never_sees_the_console(web_actions: WebActions, client: FlaskClient) -> None:
    """A player's phone that opens the console's address is sent to its wallet."""
    web_actions.new_game("Alice", "Bob")
    web_actions.sign_in(web_actions.players["Alice"])
    console = client.get(f"/?game={web_actions.game}")
    assert console.status_code == 302 and console.headers["Location"] == "/wallet"
    assert "/join/" not in console.text
    assert client.get("/api/games").status_code == 403
    assert client.get("/wallet").status_code == 200


def test_wallet_needs_a_player(client: FlaskClient, web_actions: WebActions) -> None:
    assert client.get("/wallet").status_code == 401
    web_actions.sign_in(web_actions.banker)
    assert client.get("/wallet").status_code == 401


def test_cookie_and_csrf_act_for_the_right_identity(web_actions: WebActions,
                                                    client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob")
    banker_csrf = web_actions.sign_in(web_actions.banker)
    bob_csrf = web_actions.sign_in(web_actions.players["Bob"])
    url = f"/api/games/{web_actions.game}/commands"
    pay = {"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 10}
    as_bob = client.post(url, json=pay, headers={"X-Companion-CSRF": bob_csrf})
    assert as_bob.status_code == 403
    as_banker = client.post(url, json=pay, headers={"X-Companion-CSRF": banker_csrf})
    assert as_banker.status_code == 200 and web_actions.cash("Bob") == 30010


def test_rotating_a_token_locks_out_the_lost_phone(web_actions: WebActions,
                                                   client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob")
    old = web_actions.players["Alice"]
    answer = client.post(f"/api/games/{web_actions.game}/players/Alice/token", json={},
                         headers=web_actions.bearer())
    new = answer.json["token"]
    assert new != old and answer.json["join_url"].endswith(new)
    assert client.get(f"/api/games/{web_actions.game}",
                      headers=web_actions.bearer(old)).status_code == 401
    assert client.get(f"/api/games/{web_actions.game}",
                      headers=web_actions.bearer(new)).status_code == 200
    assert client.get(f"/join/{old}").status_code == 401
    refused = client.post(f"/api/games/{web_actions.game}/players/Zed/token", json={},
                          headers=web_actions.bearer())
    assert refused.status_code == 422


def test_a_lost_phone_is_found_however_the_banker_types_the_name(
        web_actions: WebActions, client: FlaskClient) -> None:
    """The new-QR-code link finds a player as commands do (NFC, any case)."""
    web_actions.new_game("Åse", "Bob")
    old = web_actions.players["Åse"]
    answer = client.post(f"/api/games/{web_actions.game}/players/A%CC%8ASE/token", json={},
                         headers=web_actions.bearer())
    assert answer.status_code == 200 and answer.json["name"] == "Åse"
    assert client.get(f"/join/{old}").status_code == 401


def test_tokens_are_stored_only_as_hashes(web_actions: WebActions, table: Table) -> None:
    web_actions.new_game("Alice", "Bob")
    tokens = [web_actions.banker, *web_actions.players.values()]
    table.close()
    raw = b"".join(p.read_bytes() for p in Path(table.store.path).parent.glob("*.sqlite3*"))
    for token in tokens:
        assert len(token) >= 43  # 256 bits
        assert token.encode() not in raw


def test_tokens_survive_a_restart(tmp_path: Path) -> None:
    settings = {"TESTING": True, "SECRET_KEY_FILE": str(tmp_path / "secret.key")}
    first_table = Table.open(tmp_path / "db.sqlite3")
    first = create_app(settings, table=first_table).extensions["companion.tokens"].banker()
    first_table.close()
    mode = stat.S_IMODE((tmp_path / "secret.key").stat().st_mode)
    assert mode == 0o600
    second_table = Table.open(tmp_path / "db.sqlite3")
    tokens = create_app(settings, table=second_table).extensions["companion.tokens"]
    assert tokens.banker() == first and tokens.lookup(first) is not None
    assert tokens.lookup(tokens.rotate_banker()) is not None
    assert tokens.lookup(first) is None
    second_table.close()


def test_environment_wins_and_debug_stays_off(table: Table,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_PUBLIC_URL", "http://192.168.7.7:8000")
    monkeypatch.setenv("COMPANION_DEBUG", "true")
    monkeypatch.setenv("COMPANION_SSE_HEARTBEAT", "60")
    app: Flask = create_app({"SECRET_KEY": TEST_SECRET}, table=table)
    assert app.debug is False and app.config["SSE_HEARTBEAT"] == 15
    actions = WebActions(app, app.test_client())
    data = actions.new_game("Alice", "Bob")
    assert data["players"][0]["join_url"].startswith("http://192.168.7.7:8000/join/")


def test_api_answers_carry_security_headers(client: FlaskClient) -> None:
    answer = client.get("/api/games")
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["X-Frame-Options"] == "DENY"

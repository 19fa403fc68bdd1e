"""Tokens (issue 8, part 6): guessing one is useless, comparing one leaks nothing, and the
banker can cut off a lost phone.

- every token carries >= 128 bits (they are 256-bit HMACs of a 256-bit random secret);
- tokens are checked with ``hmac.compare_digest`` (read from the source, and watched at
  run time), never with ``==``;
- thousands of random tokens (Bearer, cookie and join link) get only 401s and change
  nothing: no state, no log row, no token row;
- the banker rotates a player's token: the old one is dead at once (API, cookie, join
  link), also after a restart; the new one works.
"""

from __future__ import annotations

import ast
import base64
import hmac
import inspect
import secrets
import sqlite3
import textwrap
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

import web.auth
import web.tokens
from companion.table import Table
from tests.conftest import TEST_SECRET, WebActions
from web import create_app
from web.settings import read_or_create_secret


def bits(token: str) -> int:
    """The bits a base64url token encodes."""
    return len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8


def stored(db: Path) -> dict[str, Any]:
    """The log and token tables as they are on disk."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        out = {"log": conn.execute("SELECT COUNT(*) FROM log").fetchone()[0],
               "games": conn.execute("SELECT COUNT(*) FROM games").fetchone()[0],
               "meta": conn.execute("SELECT key, value FROM meta ORDER BY key").fetchall()}
    conn.close()
    return out


def test_tokens_carry_at_least_128_bits(web_game: WebActions, tmp_path: Path) -> None:
    every = [web_game.banker, *web_game.players.values()]
    assert all(bits(t) >= 128 for t in every), every
    assert len(set(every)) == len(every)
    # The server's own secret (what `companion serve` creates) is 256 random bits, and a
    # different secret gives unrelated tokens for the same game and player.
    secret = read_or_create_secret(tmp_path / "secret.key")
    assert len(bytes.fromhex(secret)) * 8 >= 256
    assert (tmp_path / "secret.key").stat().st_mode & 0o077 == 0
    other = web.tokens.Tokens(web_game.table.store, b"another-secret-" * 3)
    assert other._derive("banker:0") != web_game.tokens._derive("banker:0")


def _compares(function: Any) -> list[ast.Compare]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Compare)
            and any(isinstance(op, (ast.Eq, ast.NotEq)) for op in n.ops)]


#: Every function that handles a token or anti-forgery value sent by a client, and the
#: names that hold such a value (or its hash) in them.
CHECKERS = (web.tokens.Tokens.lookup, web.tokens.Tokens._lookup, web.tokens.Tokens.csrf_ok,
            web.auth._identities, web.auth.resolve, web.auth.bearer_of, web.auth._bearer,
            web.auth.join)
SECRET_NAMES = {"token", "digest", "value", "current", "bearer", "sent"}


def test_tokens_are_compared_in_constant_time() -> None:
    # lookup() keeps found identities by the SHA-256 of their token (a dict): a timing
    # difference there could tell an attacker about the hash of their own guess, never
    # about a token; the stored hashes are compared in _lookup, in constant time.
    for check in (web.tokens.Tokens._lookup, web.tokens.Tokens.csrf_ok):
        assert "hmac.compare_digest(" in inspect.getsource(check), check.__qualname__
    for check in CHECKERS:
        for compare in _compares(check):
            names = {n.id for n in ast.walk(compare) if isinstance(n, ast.Name)}
            assert not names & SECRET_NAMES, (
                f"{check.__qualname__} compares a secret with ==: {ast.unparse(compare)}")


def test_every_lookup_goes_through_compare_digest(web_game: WebActions,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, int]] = []
    real = hmac.compare_digest

    def spy(a: Any, b: Any) -> bool:
        calls.append((len(a), len(b)))
        return real(a, b)

    monkeypatch.setattr(web.tokens.hmac, "compare_digest", spy)
    assert web_game.tokens.lookup(secrets.token_urlsafe(32)) is None
    assert web_game.tokens.lookup(web_game.players["Bob"]) is not None
    assert web_game.tokens.lookup(web_game.banker) is not None
    assert len(calls) >= 3  # the banker check runs for every token, a player check too


def test_brute_force_gets_only_401s_and_changes_nothing(web_game: WebActions, app: Flask,
                                                        tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    before, on_disk = web_game.state(), stored(db)
    base = f"/api/games/{web_game.game}"
    pay = {"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 1000}
    # A fresh client per guess (no cookie of an earlier guess), as an attacker would.
    client = app.test_client()

    @settings(max_examples=1500, deadline=None, derandomize=True, database=None)
    @given(guess=st.one_of(
        st.binary(min_size=32, max_size=32).map(
            lambda b: base64.urlsafe_b64encode(b).rstrip(b"=").decode()),
        st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=80)),
        where=st.sampled_from(["get", "pay", "rotate", "cookie", "join"]))
    def guess_once(guess: str, where: str) -> None:
        client._cookies.clear()
        bearer = {"Authorization": f"Bearer {guess}"}
        if where == "get":
            answer = client.get(base, headers=bearer)
        elif where == "pay":
            answer = client.post(f"{base}/commands", json=pay, headers=bearer)
        elif where == "rotate":
            answer = client.post(f"{base}/players/Alice/token", json={}, headers=bearer)
        elif where == "cookie":
            client.set_cookie("companion_player", guess)
            answer = client.get(base)
        else:
            answer = client.get(f"/join/{urllib.parse.quote(guess, safe='')}")
            assert "Set-Cookie" not in answer.headers
            if "/" in guess:  # %2F is a path separator again: another page or none
                assert answer.status_code in (308, 401, 404), answer.status_code
                return
        assert answer.status_code == 401, (where, guess, answer.status_code)

    guess_once()
    assert web_game.state() == before
    assert stored(db) == on_disk


def test_the_banker_rotates_a_lost_phone_out(web_game: WebActions, client: FlaskClient,
                                            tmp_path: Path, table: Table) -> None:
    old = web_game.players["Bob"]
    csrf = web_game.sign_in(old)  # Bob's phone holds a cookie with the old token
    assert client.get(f"/api/games/{web_game.game}").status_code == 200

    mine = client.post(f"/api/games/{web_game.game}/players/Bob/token", json={},
                       headers=web_game.bearer(web_game.players["Alice"]))
    assert mine.status_code == 403  # only the banker rotates
    client._cookies.clear()
    answer = client.post(f"/api/games/{web_game.game}/players/Bob/token", json={},
                         headers=web_game.bearer())
    assert answer.status_code == 200 and answer.json["ok"] is True
    new = answer.json["token"]
    assert new != old and bits(new) >= 128 and new in answer.json["join_url"]

    pay = {"cmd": "pay", "from": "Bob", "to": "Alice", "amount": 10}
    before = web_game.state()
    answer = client.get(f"/api/games/{web_game.game}", headers=web_game.bearer(old))
    assert answer.status_code == 401
    assert web_game.send(old, **pay).status_code == 401
    assert client.get(f"/join/{old}").status_code == 401
    client.set_cookie("companion_player", old)
    assert client.post(f"/api/games/{web_game.game}/commands", json=pay,
                       headers={"X-Companion-CSRF": csrf}).status_code == 401
    client._cookies.clear()
    assert web_game.state() == before
    assert web_game.send(new, **pay).status_code == 200
    assert web_game.players["Alice"] and web_game.send(web_game.players["Alice"], **{
        **pay, "from": "Alice", "to": "Bob"}).status_code == 200  # others keep theirs

    # After a restart (same log, same secret) the old token is still dead.
    again = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET},
                       table=Table.open(tmp_path / "companion.sqlite3"))
    restarted = again.test_client()
    url = f"/api/games/{web_game.game}"
    assert restarted.get(url, headers={"Authorization": f"Bearer {old}"}).status_code == 401
    assert restarted.get(url, headers={"Authorization": f"Bearer {new}"}).status_code == 200
    again.extensions["companion.table"].close()

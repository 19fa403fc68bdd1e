"""The simulated table page ``/table`` (issue 4, part 4) with the real app, core and mock pins."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.table import Table
from hardware import Hardware, start_hardware
from web import create_app


@pytest.fixture
def hw(table: Table) -> Iterator[Hardware]:
    with start_hardware(table, "sim") as hw:
        yield hw


def make_app(table: Table, hardware: Any, tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "k" * 64,
                       "SECRET_KEY_FILE": str(tmp_path / "secret.key")},
                      table=table, hardware=hardware)


@pytest.fixture
def app(table: Table, hw: Hardware, tmp_path: Path) -> Flask:
    return make_app(table, hw, tmp_path)


def banker(app: Flask) -> dict[str, str]:
    return {"Authorization": f"Bearer {app.extensions['companion.tokens'].banker()}"}


def bob_cash(table: Table, game: str) -> int:
    return next(p["cash"] for p in table.snapshot(game)["players"] if p["name"] == "Bob")


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def test_page_is_for_the_banker_only(app: Flask, client: FlaskClient, parkveien_id: str) -> None:
    assert client.get("/table").status_code == 401
    player = app.extensions["companion.tokens"].player(parkveien_id, "Bob")
    answer = client.get("/table", headers={"Authorization": f"Bearer {player}"})
    assert answer.status_code == 403
    assert client.post("/table/press", json={"button": "banker"}).status_code == 401


def test_page_draws_the_strip_and_the_buttons(app: Flask, client: FlaskClient,
                                              parkveien_id: str) -> None:
    answer = client.get("/table", headers=banker(app))
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    assert "table.js" in html and 'id="strip"' in html and 'id="banker-short"' in html


def test_leds_endpoint(app: Flask, client: FlaskClient, parkveien_id: str, hw: Hardware) -> None:
    hw.settle()
    data = client.get("/table/leds", headers=banker(app)).get_json()
    assert data["mode"] == "sim"
    assert len(data["colours"]) == hw.layout.strip.led_count
    assert data["colours"][hw.layout.strip.turn_leds[0]] == "#ffffff"  # Alice to roll
    assert data["players"] == ["Alice", "Bob", "Carol"]
    assert (data["seats"], data["banker"], data["long_press"]) == (6, True, True)


def test_clicking_a_seat_claims_its_rent(app: Flask, client: FlaskClient, table: Table,
                                         parkveien_id: str) -> None:
    """C5: the simulated press runs the real button path and Bob collects 40 kr."""
    table.execute({"cmd": "land", "player": "Alice", "space": "Parkveien"}, game_id=parkveien_id)
    before = bob_cash(table, parkveien_id)
    answer = client.post("/table/press", json={"button": "seat", "seat": 1}, headers=banker(app))
    assert answer.get_json()["ok"] is True
    assert bob_cash(table, parkveien_id) - before == 40


def test_clicking_the_banker_button_passes_the_turn(app: Flask, client: FlaskClient,
                                                    table: Table, parkveien_id: str) -> None:
    answer = client.post("/table/press", json={"button": "banker"}, headers=banker(app))
    assert answer.status_code == 200
    assert table.snapshot(parkveien_id)["turn"]["player"] == "Bob"


@pytest.mark.parametrize("body", [{"button": "seat", "seat": 9}, {"button": "seat", "seat": "1"},
                                  {"button": "elbow"}, {}])
def test_unknown_buttons_are_refused(app: Flask, client: FlaskClient, parkveien_id: str,
                                     body: dict[str, Any]) -> None:
    assert client.post("/table/press", json=body, headers=banker(app)).status_code == 400


def test_without_simulated_hardware(table: Table, parkveien_id: str, tmp_path: Path) -> None:
    app = make_app(table, None, tmp_path)
    client = app.test_client()
    assert client.get("/table", headers=banker(app)).status_code == 200
    assert client.get("/table/leds", headers=banker(app)).get_json()["colours"] == []
    answer = client.post("/table/press", json={"button": "banker"}, headers=banker(app))
    assert answer.status_code == 409

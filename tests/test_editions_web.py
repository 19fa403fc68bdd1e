"""The edition editor page ``/editions`` (issue 5 part 3) over HTTP, banker only."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.editions import load_edition
from companion.editions.export import to_toml
from tests.conftest import WebActions


@pytest.fixture
def editor_app(app: Flask) -> Flask:
    """The app with the editor registered (until create_app registers it itself)."""
    from web import editions_page

    if "editions" not in app.blueprints:
        app.register_blueprint(editions_page.bp)
    return app


def post(client: FlaskClient, actions: WebActions, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, json=body, headers=actions.bearer())


def test_the_editor_is_for_the_banker_only(editor_app: Flask, client: FlaskClient,
                                           web_actions: WebActions) -> None:
    assert client.get("/editions").status_code == 401
    page = client.get("/editions?id=kortstokk", headers=web_actions.bearer())
    assert page.status_code == 200 and "Kortstokk-Monopol" in page.get_data(as_text=True)
    assert client.get("/editions?id=nope", headers=web_actions.bearer()).status_code == 404


def test_copy_edit_and_export_our_box(editor_app: Flask, client: FlaskClient,
                                      web_actions: WebActions) -> None:
    made = post(client, web_actions, "/editions/copy",
                {"source": "monopol-se-2008", "id": "vart-spel", "name": "Vårt spel"})
    assert made.status_code == 200 and made.json["edition"]["based_on"] == "monopol-se-2008"
    named = post(client, web_actions, "/editions/vart-spel/value",
                 {"space": 1, "field": "name", "value": "Luleå"})
    assert named.json["edition"]["spaces"][1]["label"] == "Luleå"
    bad = post(client, web_actions, "/editions/vart-spel/value",
               {"space": 1, "field": "rents", "value": [3, 2, 1, 4, 5, 6]})
    assert bad.status_code == 400
    assert bad.json["problems"][0]["path"] == "spaces[1].rents"
    text = client.get("/editions/vart-spel/export?fmt=toml", headers=web_actions.bearer())
    assert 'name = "Luleå"' in text.get_data(as_text=True)
    assert text.headers["Content-Disposition"] == 'attachment; filename="vart-spel.toml"'


def test_a_bad_import_lists_each_problem_with_its_line(editor_app: Flask, client: FlaskClient,
                                                       web_actions: WebActions) -> None:
    text = to_toml(load_edition("kortstokk")).replace('id = "kortstokk"', 'id = "our-deck"')
    text = text.replace("house_cost = 1\n", "house_cost = 0\n", 1)
    answer = post(client, web_actions, "/editions/import", {"text": text})
    assert answer.status_code == 400
    (problem,) = answer.json["problems"]
    assert problem["path"] == "spaces[1].house_cost"
    assert problem["line"] == text.splitlines().index("house_cost = 0") + 1
    assert "our-deck" not in web_actions.table.editions.ids()
    good = post(client, web_actions, "/editions/import",
                {"text": text.replace("house_cost = 0\n", "house_cost = 1\n")})
    assert good.status_code == 200 and "our-deck" in web_actions.table.editions.ids()


def test_the_banker_fills_a_missing_price_in_the_editor_page(
        editor_app: Flask, live_server: Any, web_actions: WebActions, browser: Any) -> None:
    """Browser: the editor shows what is missing, takes the figure, and says what is wrong."""
    from playwright.sync_api import expect

    page = browser.new_context().new_page()
    page.goto(f"{live_server.url}/join/{web_actions.banker}")
    page.goto(f"{live_server.url}/editions?id=kortstokk")
    row = page.locator("#deed-rows tr").nth(3)
    expect(row).to_contain_text("price (missing)", timeout=10_000)
    page.fill("#value-form input[name=space]", "3")
    page.select_option("#value-form select[name=field]", "price")
    page.fill("#value-form input[name=value]", "0")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#editions-problems")).to_contain_text("must be more than zero")
    page.fill("#value-form input[name=value]", "2")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#editions-status")).to_have_text("Saved.")
    expect(row).to_contain_text("price: 2 (table ")
    assert web_actions.table.editions.get("kortstokk").space(3).price == 2


# --- issue 17: hostile files over HTTP: a sentence as JSON, nothing changed -----------------


def _deck(**changes: Any) -> str:
    import json

    from companion.editions.export import to_dict

    return json.dumps(to_dict(load_edition("kortstokk")) | {"id": "our-deck"} | changes)


@pytest.mark.parametrize(("text", "words"), [
    (_deck(start_capital=2**64), "start_capital: must be at most 1000000000000, the largest"),
    ('{"id": ' + "[" * 30_000 + "]" * 30_000 + "}", "nested deeper than an edition's"),
    ('{"id": ' + "7" * 5000 + "}", "a number has too many digits"),
    ("id = " + "[" * 30_000 + "]" * 30_000, "nested deeper than an edition's"),
    ("id = 0x" + "f" * 5000, "id: must be text, not a number too large"),
    (_deck(id="monopol-no-1996"), "'monopol-no-1996' is the id of a built-in edition"),
])
def test_a_hostile_import_is_refused_as_json_and_stores_nothing(
        client: FlaskClient, web_actions: WebActions, text: str, words: str) -> None:
    before = web_actions.table.editions.ids()
    answer = post(client, web_actions, "/editions/import", {"text": text, "overwrite": True})
    assert answer.status_code == 400 and answer.json["ok"] is False
    assert words in answer.json["error"]
    assert web_actions.table.editions.ids() == before
    assert not web_actions.table.editions.is_stored("monopol-no-1996")


def test_a_body_the_bank_cannot_read_is_refused_as_json(
        client: FlaskClient, web_actions: WebActions) -> None:
    body = '{"text": ' + "[" * 30_000 + "]" * 30_000 + "}"
    headers = {**web_actions.bearer(), "Content-Type": "application/json"}
    for url in ("/editions/import", "/editions/copy", "/editions/kortstokk/value"):
        answer = client.post(url, data=body, headers=headers)
        assert answer.status_code == 400, url
        assert answer.json == {"ok": False, "error": (
            "The bank could not read this request (it is not JSON, is nested too deeply or "
            "holds a number too long); nothing was changed.")}
    nested = post(client, web_actions, "/editions/import", {"text": [[["x"]]]})
    assert nested.status_code == 400 and nested.json["ok"] is False


def test_errors_on_editions_answer_json_to_json_requests(
        client: FlaskClient, web_actions: WebActions) -> None:
    json_accept = {"Accept": "application/json"}
    unknown = client.get("/editions?id=nope", headers={**web_actions.bearer(), **json_accept})
    assert unknown.status_code == 404 and unknown.json["ok"] is False
    assert "nope" in unknown.json["error"]
    signed_out = client.post("/editions/import", json={"text": ""})
    assert signed_out.status_code == 401 and signed_out.json["ok"] is False
    no_route = client.post("/editions/nope/nothing", json={}, headers=web_actions.bearer())
    assert no_route.status_code == 404 and no_route.json["ok"] is False
    wrong_method = client.get("/editions/import", headers={**web_actions.bearer(), **json_accept})
    assert wrong_method.status_code == 405 and wrong_method.json["ok"] is False
    too_big = post(client, web_actions, "/editions/import", {"text": "x" * 70_000})
    assert too_big.status_code == 413 and too_big.json["ok"] is False
    page = client.get("/editions?id=nope", headers={**web_actions.bearer(),
                                                     "Accept": "text/html,*/*;q=0.8"})
    assert page.status_code == 404 and page.mimetype == "text/html"


def test_a_new_game_on_an_unreadable_or_unbounded_copy_is_a_sentence_not_a_500(
        client: FlaskClient, web_actions: WebActions) -> None:
    import json

    from companion.editions.export import to_dict

    store = web_actions.table.store
    broken = to_dict(load_edition("kortstokk")) | {"id": "our-deck", "houses": "many"}
    huge = to_dict(load_edition("kortstokk")) | {"id": "big-deck", "start_capital": 2**64}
    store.put_meta("edition:our-deck", json.dumps(broken))
    store.put_meta("edition:big-deck", json.dumps(huge))
    store.put_meta("editions", json.dumps(["big-deck", "our-deck"]))
    for edition, status in (("our-deck", 422), ("big-deck", 409)):
        answer = client.post("/api/games", json={"players": ["Alice", "Bob"],
                                                 "edition": edition},
                             headers=web_actions.bearer())
        assert answer.status_code == status and answer.json["ok"] is False, edition
    assert web_actions.table.game_ids() == []
    shown = client.get("/editions/our-deck.json", headers=web_actions.bearer())
    assert shown.status_code == 400 and "houses" in shown.json["error"]

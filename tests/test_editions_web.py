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

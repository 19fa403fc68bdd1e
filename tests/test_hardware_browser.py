"""Browser test (issue 4, "Done means"): in Chromium, clicking a simulated seat button on
``/table`` collects a rent (C5) and the owner's phone (wallet page) shows the new cash."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import expect, sync_playwright
from werkzeug.serving import make_server

from companion.table import Table
from hardware import start_hardware
from tests.browser import launch_chromium
from web import create_app


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Flask, Table, str]]:
    table = Table.open(tmp_path / "bank.sqlite")
    command = {"cmd": "new_game", "edition": "monopol-no-1996",
               "players": ["Alice", "Bob", "Carol"]}
    game = table.execute(command).game_id
    table.execute({"cmd": "buy", "player": "Bob", "space": "Parkveien"}, game_id=game)
    hardware = start_hardware(table, "sim")
    app = create_app({"SECRET_KEY": "s" * 64, "SSE_HEARTBEAT": 1.0},
                     table=table, hardware=hardware)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", app, table, game
    finally:
        app.extensions["companion.stopping"].set()
        server.shutdown()
        thread.join(timeout=5)
        hardware.close()
        table.close()


def test_clicking_a_seat_button_pays_the_owner(
        served: tuple[str, Flask, Table, str]) -> None:
    url, app, table, game = served
    tokens = app.extensions["companion.tokens"]
    with sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            phone = browser.new_context().new_page()
            phone.goto(f"{url}/join/{tokens.player(game, 'Bob')}")
            phone.wait_for_url(f"{url}/wallet")
            expect(phone.locator("#cash")).to_have_text(re.compile(r"28\D?800"))

            table.execute({"cmd": "land", "player": "Alice", "space": "Parkveien"},
                          game_id=game)
            banker = browser.new_context().new_page()
            banker.goto(f"{url}/join/{tokens.banker()}")
            banker.wait_for_url(f"{url}/")
            banker.goto(f"{url}/table")
            seat = banker.locator('.seat[data-seat="1"]')
            expect(seat.locator(".name")).to_have_text("Bob")
            seat.locator("button").click()
            expect(banker.locator("#table-status")).to_have_text("Pressed.")

            expect(phone.locator("#cash")).to_have_text(re.compile(r"28\D?840"))
        finally:
            browser.close()

"""Browser test (issue 4, "Done means"): in Chromium, clicking a simulated seat button on
``/table`` collects a rent (C5) and the owner's phone (wallet page) shows the new cash."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.table import Table
from hardware import start_hardware
from tests.conftest import LiveServer


@pytest.fixture
def hardware(table: Table) -> Iterator[Any]:
    """The simulated table: mock pins and a recording strip, driven by the real code."""
    sim = start_hardware(table, "sim")
    yield sim
    sim.close()


def test_clicking_a_seat_button_pays_the_owner(
        live_server: LiveServer, browser: Any, table: Table, parkveien_id: str) -> None:
    url, tokens = live_server.url, live_server.app.extensions["companion.tokens"]
    phone = browser.new_context().new_page()
    phone.goto(f"{url}/join/{tokens.player(parkveien_id, 'Bob')}")
    phone.wait_for_url(f"{url}/wallet")
    expect(phone.locator("#cash")).to_have_text(re.compile(r"28\D?800"))

    table.execute({"cmd": "land", "player": "Alice", "space": "Parkveien"}, game_id=parkveien_id)
    banker = browser.new_context().new_page()
    banker.goto(f"{url}/join/{tokens.banker()}")
    banker.wait_for_url(f"{url}/")
    banker.goto(f"{url}/table")
    seat = banker.locator('.seat[data-seat="1"]')
    expect(seat.locator(".name")).to_have_text("Bob")
    seat.locator("button").click()
    expect(banker.locator("#table-status")).to_have_text("Pressed.")
    expect(phone.locator("#cash")).to_have_text(re.compile(r"28\D?840"))

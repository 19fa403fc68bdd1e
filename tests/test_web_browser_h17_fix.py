"""A fresh family's findings after issue 16 (h17-fix), in Chromium: Back on the console
never shows a stale page.  Screenshots go to /tmp/h17-fix-*.png."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_classic_game import start_from_the_form
from tests.test_web_browser_console_screen import TABLET, console_at


def test_back_after_starting_a_game_never_shows_the_empty_form(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """The banker starts a game from the form, then taps the browser's Back: the form was
    replaced, not pushed, so Back does not show the empty "New game" form again."""
    console = start_from_the_form(browser, live_server, web_actions, "monopol-no-1996",
                                  "Ola", "Kari", "Per")
    console.go_back()
    console.wait_for_load_state()
    expect(console.locator("#new-game")).to_be_hidden()


def test_back_to_the_console_loads_the_game_not_a_stored_form(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """The console at ``/`` shows the new-game form; the game is then started (another
    tablet); the banker opens /board and taps Back: ``/`` loads afresh (no-store, and a
    page restored from the back-forward cache reloads) and shows the running game."""
    console = browser.new_context(viewport=TABLET).new_page()
    console.goto(f"{live_server.url}/join/{web_actions.banker}")
    expect(console.locator("#new-game")).to_be_visible(timeout=TIMEOUT)
    web_actions.new_game("Ola", "Kari", "Per")
    console.goto(f"{live_server.url}/board")
    console.go_back()
    console.wait_for_load_state()
    assert console.url.endswith("/")
    expect(console.locator("#players [data-player]")).to_have_count(3, timeout=TIMEOUT)
    expect(console.locator("#new-game")).to_be_hidden()
    expect(console.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    console.screenshot(path="/tmp/h17-fix-back-tablet.png")


def test_undo_names_the_command_and_asks_once(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Alice paid the bank 100 kr; the console's Undo names that payment in the page's
    own confirm step: Cancel undoes nothing, yes undoes it (Alice has her starting cash
    back, C1)."""
    web_actions.new_game("Alice", "Bob")
    start = web_actions.cash("Alice")
    answer = web_actions.send(cmd="pay", from_="Alice", to="bank", amount=100)
    assert answer.status_code == 200, answer.json
    console = console_at(browser, live_server, web_actions, TABLET)
    undo = console.locator("#turn-panel").get_by_role("button", name="Undo")
    undo.click()
    step = console.locator("#confirm-step")
    expect(step).to_be_visible(timeout=TIMEOUT)
    expect(step).to_contain_text("Undo this: ")
    expect(step).to_contain_text("Alice")
    expect(step).to_contain_text("100")
    console.screenshot(path="/tmp/h17-fix-undo-tablet.png")
    console.locator(".confirm-no").click()
    expect(step).to_be_hidden()
    assert web_actions.cash("Alice") == start - 100
    undo.click()
    console.locator(".confirm-yes").click()
    expect(step).to_be_hidden()
    for _ in range(50):
        if web_actions.cash("Alice") == start:
            break
        console.wait_for_timeout(100)
    assert web_actions.cash("Alice") == start

"""Issue 2's browser test, in the machine's Chromium against the app served as ``companion
serve`` serves it (:class:`web.server.TableServer`): the banker starts a game in the
console, players open their join links on their own "phones" (browser contexts), and a
payment shows up everywhere without a reload."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from companion.editions import load_edition
from tests.conftest import LiveServer, WebActions

TIMEOUT = 10_000
#: Board index of Rådhusplassen (the dearest street) as an option value.
RADHUS = str(next(s.index for s in load_edition("monopol-no-1996").spaces
                  if s.name == "Rådhusplassen"))


def digits(amount: int) -> re.Pattern[str]:
    """Matches ``amount`` however the browser groups its digits (30,000 / 30 000 / 30000)."""
    text = str(amount)
    grouped = ""
    for n, digit in enumerate(text):
        if n and (len(text) - n) % 3 == 0:
            grouped += r"[,.\s\u00a0\u202f]?"
        grouped += digit
    return re.compile(rf"^{grouped}\b")


def start_game(browser: Any, server: LiveServer, actions: WebActions, *names: str) -> Page:
    """The banker signs in with the printed link and starts a game in the console."""
    console = browser.new_context().new_page()
    console.goto(f"{server.url}/join/{actions.banker}")
    expect(console.locator("#new-game")).to_be_visible(timeout=TIMEOUT)
    console.select_option("#new-game select[name=edition]", "monopol-no-1996")
    inputs = console.locator("#new-game input[name=player]")
    for n, name in enumerate(names):
        inputs.nth(n).fill(name)
    console.get_by_role("button", name="Start the game").click()
    console.wait_for_url(re.compile(r"\?game="), timeout=TIMEOUT)
    actions.game = console.url.split("?game=", 1)[1]
    expect(console.locator("[data-player]")).to_have_count(len(names))
    return console


def join_link(console: Page, name: str) -> str:
    link = console.locator(f'[data-player="{name}"] a.join-link').get_attribute("href")
    assert link and "/join/" in link
    return link


def phone(browser: Any, link: str) -> Page:
    page = browser.new_context().new_page()
    page.goto(link)
    page.wait_for_url(re.compile(r"/wallet"), timeout=TIMEOUT)
    page.evaluate("window.notReloaded = true")
    return page


def test_a_payment_shows_on_every_screen_without_reload(browser: Any, live_server: LiveServer,
                                                        web_actions: WebActions) -> None:
    console = start_game(browser, live_server, web_actions, "Alice", "Bob", "Carol")
    console.evaluate("window.notReloaded = true")
    alice = phone(browser, join_link(console, "Alice"))
    bob = phone(browser, join_link(console, "Bob"))
    expect(alice.locator("#cash")).to_have_text(digits(30000), timeout=TIMEOUT)
    expect(bob.locator("#conn")).to_have_text("live", timeout=TIMEOUT)

    alice.select_option("#pay select[name=to]", "Bob")
    alice.fill("#pay input[name=amount]", "2500")
    alice.locator("#pay button:not([type=button])").click()

    expect(bob.locator("#cash")).to_have_text(digits(32500), timeout=TIMEOUT)
    expect(alice.locator("#cash")).to_have_text(digits(27500), timeout=TIMEOUT)
    bob_card = console.locator('[data-player="Bob"] .cash')
    expect(bob_card).to_have_text(digits(32500), timeout=TIMEOUT)
    expect(console.locator('[data-player="Alice"] .cash')).to_have_text(digits(27500))
    for page in (console, alice, bob):
        assert page.evaluate("window.notReloaded") is True


def test_rent_claimed_from_the_phone(browser: Any, live_server: LiveServer,
                                     web_actions: WebActions) -> None:
    console = start_game(browser, live_server, web_actions, "Alice", "Bob")
    bob = phone(browser, join_link(console, "Bob"))
    buy = console.locator('form[data-cmd="buy"]')
    buy.locator("select[name=player]").select_option("Bob")
    buy.locator("select[name=space]").select_option(RADHUS)
    buy.locator("button:not([type=button])").click()
    land = console.locator('form[data-cmd="land"]')
    land.locator("select[name=player]").select_option("Alice")
    land.locator("select[name=space]").select_option(RADHUS)
    land.locator("button:not([type=button])").click()
    expect(bob.locator("#claim")).to_be_visible(timeout=TIMEOUT)
    bob.locator("#claim").click()
    expect(bob.locator("#claim-box")).to_be_hidden(timeout=TIMEOUT)
    expect(console.locator("#claims")).to_contain_text("No open claims.")
    assert web_actions.cash("Alice") < 30000


def test_refusals_are_shown_in_words(browser: Any, live_server: LiveServer,
                                     web_actions: WebActions) -> None:
    console = start_game(browser, live_server, web_actions, "Alice", "Bob")
    alice = phone(browser, join_link(console, "Alice"))
    alice.select_option("#pay select[name=to]", "Bob")
    alice.fill("#pay input[name=amount]", "1.5")
    alice.evaluate("document.querySelector('#pay').noValidate = true")
    alice.locator("#pay button:not([type=button])").click()
    expect(alice.locator("#status")).to_contain_text("whole number", timeout=TIMEOUT)
    assert web_actions.cash("Alice") == 30000


def test_join_link_opened_from_another_site_and_polling(browser: Any, live_server: LiveServer,
                                                        web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob")
    link = f"{live_server.url}/join/{web_actions.players['Bob']}"
    page = browser.new_context().new_page()
    page.set_content(f'<a id="go" href="{link}">my QR</a>')  # a cross-site start
    page.click("#go")
    page.wait_for_url(re.compile(r"/wallet"), timeout=TIMEOUT)
    expect(page.locator("#cash")).to_have_text(digits(30000), timeout=TIMEOUT)
    page.goto(f"{live_server.url}/wallet?poll=1")
    expect(page.locator("#conn")).to_have_text("polling", timeout=TIMEOUT)
    web_actions.send(cmd="pay", from_="Alice", to="Bob", amount=40)
    expect(page.locator("#cash")).to_have_text(digits(30040), timeout=TIMEOUT)

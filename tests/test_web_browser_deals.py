"""Issues 3 and 7 in the machine's Chromium, against the app served as ``companion serve``
serves it (:class:`web.server.TableServer`): an auction with two phones bidding, a trade
confirmed on both phones, and a Wonders free flight picked on a phone.  Every "phone" is
its own browser context; nothing reloads.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser import open_more
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits

PARKVEIEN = 1  # NO 1996: 1 200 kr, brown
AIRPORT = 15  # Verdens underverker: "airport #15"
DARK_BLUE_39 = 39  # a wonder


def page_for(browser: Any, server: LiveServer, token: str, path: str, live: bool = True) -> Page:
    """A new context (a phone or the tablet) signed in with ``token``, in English; ``live``:
    wait until it follows a game."""
    context = browser.new_context()
    context.add_cookies([{"name": "companion_lang", "value": "en", "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/join/{token}")
    page.wait_for_url(re.compile(path), timeout=TIMEOUT)
    if live:
        expect(page.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    open_more(page)  # the console's by-hand forms (issue 16 point 4: one "More" tap)
    page.evaluate("window.notReloaded = true")
    return page


def console_for(browser: Any, server: LiveServer, actions: WebActions) -> Page:
    return page_for(browser, server, actions.banker, r"/(\?.*)?$")


def wallet_for(browser: Any, server: LiveServer, actions: WebActions, name: str) -> Page:
    return page_for(browser, server, actions.players[name], r"/wallet")


def not_reloaded(*pages: Page) -> None:
    for page in pages:
        assert page.evaluate("window.notReloaded") is True


def test_an_auction_with_two_phones_bidding(browser: Any, live_server: LiveServer,
                                            web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", "Carol")
    console = console_for(browser, live_server, web_actions)
    alice = wallet_for(browser, live_server, web_actions, "Alice")
    bob = wallet_for(browser, live_server, web_actions, "Bob")
    expect(alice.locator("#auction-card")).to_be_hidden()

    console.select_option("#auction-open select[name=what]", str(PARKVEIEN))
    console.get_by_role("button", name="Open the auction").click()
    for phone in (alice, bob):
        expect(phone.locator("#auction-what")).to_have_text("Auction of Parkveien",
                                                            timeout=TIMEOUT)
        expect(phone.locator("#auction-highest")).to_contain_text("No bids yet")

    alice.fill("#bid input[name=amount]", "1000")
    alice.locator("#bid button:not([type=button])").click()
    expect(bob.locator("#auction-highest")).to_contain_text("by Alice", timeout=TIMEOUT)
    expect(bob.locator("#auction-highest")).to_contain_text(re.compile(r"1[,.\s\u00a0]?000"))
    bob.fill("#bid input[name=amount]", "1500")
    bob.locator("#bid button:not([type=button])").click()
    expect(alice.locator("#auction-highest")).to_contain_text("by Bob", timeout=TIMEOUT)
    expect(console.locator("#auction-highest")).to_contain_text("by Bob", timeout=TIMEOUT)

    alice.fill("#bid input[name=amount]", "1200")  # too low now: the core says why
    alice.evaluate("document.querySelector('#bid').noValidate = true")
    alice.locator("#bid button:not([type=button])").click()
    expect(alice.locator("#status")).to_contain_text("The highest bid is", timeout=TIMEOUT)

    console.locator("#auction-close").click()
    expect(bob.locator("#auction-card")).to_be_hidden(timeout=TIMEOUT)
    expect(bob.locator("#deeds")).to_contain_text("Parkveien", timeout=TIMEOUT)
    expect(bob.locator("#cash")).to_have_text(digits(28500), timeout=TIMEOUT)
    expect(alice.locator("#cash")).to_have_text(digits(30000))
    expect(console.locator('[data-player="Bob"] .deeds')).to_contain_text("Parkveien")
    assert web_actions.cash("Bob") == 28500
    not_reloaded(console, alice, bob)


def test_a_trade_proposed_on_one_phone_and_accepted_on_the_other(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob")
    web_actions.send(cmd="buy", player="Bob", space=PARKVEIEN)  # Bob: 28 800
    console = console_for(browser, live_server, web_actions)
    alice = wallet_for(browser, live_server, web_actions, "Alice")
    bob = wallet_for(browser, live_server, web_actions, "Bob")

    alice.locator("#propose-box summary").click()
    sides = alice.locator("#propose .trade-side")
    sides.nth(1).locator("select[name=party]").select_option("Bob")
    sides.nth(0).locator("input[name=cash]").fill("2000")
    sides.nth(1).locator(f"input.deed[value='{PARKVEIEN}']").check()
    alice.get_by_role("button", name="Send the proposal").click()
    expect(alice.locator("#offers")).to_contain_text("You proposed a trade to Bob.",
                                                     timeout=TIMEOUT)

    expect(bob.locator("#offers")).to_contain_text("Alice offers you a trade.", timeout=TIMEOUT)
    expect(bob.locator("#offers")).to_contain_text("Alice gives:")
    expect(console.locator("#pending-trades")).to_contain_text("Alice proposes a trade to Bob.",
                                                                timeout=TIMEOUT)
    bob.get_by_role("button", name="Accept").click()

    expect(bob.locator("#offers-card")).to_be_hidden(timeout=TIMEOUT)
    expect(bob.locator("#cash")).to_have_text(digits(30800), timeout=TIMEOUT)
    expect(bob.locator("#deeds")).to_contain_text("No deeds yet.")
    expect(alice.locator("#cash")).to_have_text(digits(28000), timeout=TIMEOUT)
    expect(alice.locator("#deeds")).to_contain_text("Parkveien")
    expect(console.locator('[data-player="Alice"] .deeds')).to_contain_text("Parkveien",
                                                                            timeout=TIMEOUT)
    expect(console.locator("#pending-trades")).to_contain_text("No trades waiting.")
    not_reloaded(console, alice, bob)


def test_wonders_a_free_flight_picked_on_the_phone(browser: Any, live_server: LiveServer,
                                                   web_actions: WebActions) -> None:
    web_actions.new_game("Ada", "Bo", edition="verdens-underverker-2003")
    console = console_for(browser, live_server, web_actions)
    ada = wallet_for(browser, live_server, web_actions, "Ada")
    expect(ada.locator("#passport .stamp")).to_have_count(22, timeout=TIMEOUT)
    expect(ada.locator("#passport .stamp.visited")).to_have_count(0)
    race = console.locator('[data-player="Ada"] .passport-race')
    expect(race).to_contain_text("Passport: 0 of 22 wonders")

    land = console.locator('form[data-cmd="land"]')
    land.locator("select[name=player]").select_option("Ada")
    land.locator("select[name=space]").select_option(str(AIRPORT))
    land.locator("button:not([type=button])").click()

    # the page says "Airport 15" for the core's "airport #15" (issue 15 point 8)
    expect(ada.locator("#flight-title")).to_have_text(
        "Free flight from Airport 15: pick a wonder", timeout=TIMEOUT)
    expect(ada.locator("#flight-wonders button")).to_have_count(22)
    expect(console.locator("#flights")).to_contain_text("Ada has a free flight")
    ada.locator(f"#flight-wonders button[data-wonder='{DARK_BLUE_39}']").click()

    expect(ada.locator("#flight")).to_be_hidden(timeout=TIMEOUT)
    expect(ada.locator("#passport .stamp.visited")).to_have_count(1)
    expect(ada.locator(f"#passport .stamp.visited[data-index='{DARK_BLUE_39}']")).to_be_visible()
    expect(race).to_contain_text("Passport: 1 of 22 wonders", timeout=TIMEOUT)
    expect(console.locator("#flights-box")).to_be_hidden()
    assert web_actions.state()["players"][0]["passport"] == [
        {"index": DARK_BLUE_39, "name": "dark blue #39"}]
    not_reloaded(console, ada)

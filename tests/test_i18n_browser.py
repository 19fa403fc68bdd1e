"""Browser (Debian Chromium): money written the page language's way, and the quick "000"
keys beside an amount input multiply what was typed — and the bank gets that amount."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from companion.table import Table
from tests.conftest import TEST_SECRET, LiveServer, WebActions
from web import create_app

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect  # noqa: E402

TIMEOUT = 10_000
SPACE = "[\u00a0\u202f ]"


@pytest.fixture
def app(table: Table) -> Flask:
    """No fixed language: the edition decides (live_server serves this app)."""
    return create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET, "SSE_HEARTBEAT": 0.5,
                       "SSE_MAX_SECONDS": 60, "LANGUAGE": None}, table=table)


def wallet(browser: Any, server: LiveServer, token: str) -> Page:
    """A phone on its wallet; money.js and ``data-money`` added if the page lacks them."""
    page = browser.new_context().new_page()
    page.goto(f"{server.url}/join/{token}")
    page.wait_for_url(re.compile(r"/wallet"), timeout=TIMEOUT)
    if page.evaluate("typeof window.MoneyFormat === 'undefined'"):
        page.evaluate("document.querySelector('#pay input[name=amount]')"
                      ".setAttribute('data-money', '')")
        page.add_script_tag(url="/static/money.js")
    page.wait_for_function("typeof window.formatMoney === 'function'", timeout=TIMEOUT)
    return page


def test_million_keys_in_the_swedish_wallet(browser: Any, live_server: LiveServer,
                                            web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-se-2008")
    bob = wallet(browser, live_server, web_actions.players["Bob"])
    assert bob.evaluate("document.documentElement.lang") == "sv"
    written = bob.evaluate("formatMoney(15000000, 'kr')")
    assert re.fullmatch(f"15{SPACE}000{SPACE}000{SPACE}kr", written), repr(written)

    amount = bob.locator("#pay input[name=amount]")
    thousand = bob.locator('#pay .money-key[data-multiply="1000"]')
    million = bob.locator('#pay .money-key[data-multiply="1000000"]')
    expect(thousand).to_have_text("000")
    expect(million).to_have_text(re.compile(f"^000{SPACE}?[\u2009]?000$"))

    amount.fill("15")
    thousand.click()
    expect(amount).to_have_value("15000")
    amount.fill("2")
    million.click()
    expect(amount).to_have_value("2000000")
    expect(bob.locator("#pay .money-preview")).to_have_text(
        re.compile(f"^2{SPACE}000{SPACE}000{SPACE}kr$"))

    bob.select_option("#pay select[name=to]", "bank")
    bob.locator("#pay button.primary").click()
    expect(amount).to_have_value("", timeout=TIMEOUT)
    assert web_actions.cash("Bob") == 15_000_000 - 2_000_000


def test_thousands_key_in_the_norwegian_wallet(browser: Any, live_server: LiveServer,
                                               web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    alice = wallet(browser, live_server, web_actions.players["Alice"])
    assert alice.evaluate("document.documentElement.lang") == "nb"
    written = alice.evaluate("formatMoney(30000, 'kr')")
    assert re.fullmatch(f"30{SPACE}000{SPACE}kr", written), repr(written)
    assert alice.locator("#pay .money-key").count() == 1  # "000" only: no millions here
    alice.fill("#pay input[name=amount]", "3")
    alice.locator('#pay .money-key[data-multiply="1000"]').click()
    expect(alice.locator("#pay input[name=amount]")).to_have_value("3000")
    expect(alice.locator("#pay button.primary")).to_have_text("Betal")


def test_the_language_picker_and_a_new_game_keep_one_language(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Issue 15 point 13: the new game speaks its edition's language, not the form's."""
    context = browser.new_context(locale="sv-SE")  # a Swedish tablet, no choice made yet
    console = context.new_page()
    console.goto(f"{live_server.url}/join/{web_actions.banker}")
    expect(console.locator("#new-game")).to_be_visible(timeout=TIMEOUT)
    assert console.evaluate("document.documentElement.lang") == "sv"
    picker = console.locator("header nav.langs a")
    expect(picker).to_have_text(["nb", "sv", "en"])
    expect(console.locator('header nav.langs a[aria-current="true"]')).to_have_text("sv")

    console.select_option("#new-game select[name=edition]", "monopol-no-1996")  # a bokmål box
    for n, name in enumerate(("Mor", "Far")):
        console.locator("#new-game input[name=player]").nth(n).fill(name)
    console.get_by_role("button", name="Starta spelet").click()
    console.wait_for_url(re.compile(r"\?game="), timeout=TIMEOUT)
    expect(console.locator("button[data-cmd=next_turn]")).to_have_text("Neste tur")
    assert console.evaluate("document.documentElement.lang") == "nb"  # the box's language
    assert not [c for c in context.cookies() if c["name"] == "companion_lang"]

    console.locator("header nav.langs a", has_text="sv").click()  # the person's own choice
    console.wait_for_url(re.compile(r"lang=sv"), timeout=TIMEOUT)
    assert "game=" in console.url
    expect(console.locator("button[data-cmd=next_turn]")).to_have_text("Nästa tur")
    console.goto(f"{live_server.url}/")  # the choice is remembered, over the edition's
    assert console.evaluate("document.documentElement.lang") == "sv"

    web_actions.game = web_actions.table.current_game() or ""
    phone = browser.new_context(locale="en-GB").new_page()
    phone.goto(f"{live_server.url}/join/{web_actions.tokens.player(web_actions.game, 'Far')}")
    phone.wait_for_url(re.compile(r"/wallet"), timeout=TIMEOUT)
    assert phone.evaluate("document.documentElement.lang") == "nb"  # the box's language
    phone.locator("header nav.langs a", has_text="en").click()
    expect(phone.locator("#pay button.primary")).to_have_text("Pay", timeout=TIMEOUT)


def test_i15_13_a_swedish_game_from_a_norwegian_console_speaks_swedish(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Issue 15 point 13: the edition picks the pages' language (console and phone)."""
    context = browser.new_context(locale="nb-NO", viewport={"width": 1024, "height": 768})
    console = context.new_page()
    console.goto(f"{live_server.url}/join/{web_actions.banker}")
    expect(console.locator("#new-game")).to_be_visible(timeout=TIMEOUT)
    assert console.evaluate("document.documentElement.lang") == "nb"
    console.select_option("#new-game select[name=edition]", "monopol-se-2008")
    for n, name in enumerate(("Anna", "Bo")):
        console.locator("#new-game input[name=player]").nth(n).fill(name)
    console.get_by_role("button", name="Start spillet").click()  # one tap, as before
    console.wait_for_url(re.compile(r"\?game="), timeout=TIMEOUT)
    expect(console.locator("button[data-cmd=next_turn]")).to_have_text("Nästa tur")
    assert console.evaluate("document.documentElement.lang") == "sv"
    console.goto(f"{live_server.url}/")  # the current game's language, not the form's
    assert console.evaluate("document.documentElement.lang") == "sv"

    game = web_actions.table.current_game() or ""
    phone = browser.new_context(locale="nb-NO", viewport={"width": 390, "height": 844})
    wallet_page = phone.new_page()
    wallet_page.goto(f"{live_server.url}/join/{web_actions.tokens.player(game, 'Bo')}")
    wallet_page.wait_for_url(re.compile(r"/wallet"), timeout=TIMEOUT)
    assert wallet_page.evaluate("document.documentElement.lang") == "sv"
    expect(wallet_page.locator("#pay button.primary")).to_have_text("Betala")

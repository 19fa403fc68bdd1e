"""Issue 15 points 8 and 13 in Chromium (tablet 1024×768 console, phone 390×844), pages in
the edition's language: a nameless space is shown with a placeholder in the page's
language ("Brun 1", "Gå i fengsel"), never the core's English label ("brown #1",
"go_to_jail #30"); a deed's name is asked once, when the deed is first used at the table
(a landing, a purchase), with one field and one tap — "Not now" keeps the placeholder."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from companion.table import Table
from tests.browser import open_more
from tests.conftest import TEST_SECRET, LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_offers import PHONE, TABLET
from web import create_app

SHOTS = "/tmp/shots/h15-names"
MY_SHOTS = "/tmp/shots/h15-last"  # the phone line that follows a name (branch h15-last)


@pytest.fixture
def app(table: Table) -> Flask:
    """No fixed language: the edition decides (live_server serves this app)."""
    return create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET, "SSE_HEARTBEAT": 0.5,
                       "SSE_MAX_SECONDS": 60, "LANGUAGE": None}, table=table)


def page_at(browser: Any, server: LiveServer, token: str, size: dict[str, int],
            path: str = r"/\?game=|/$") -> Page:
    """A new context of ``size`` signed in with ``token``; no language chosen."""
    page = browser.new_context(viewport=size).new_page()
    page.goto(f"{server.url}/join/{token}")
    page.wait_for_url(re.compile(path), timeout=TIMEOUT)
    expect(page.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    open_more(page)  # the console's by-hand forms (issue 16 point 4: one "More" tap)
    return page


def land(console: Page, player: str, space: int, button: str) -> None:
    form = console.locator('form[data-cmd="land"]')
    form.locator("[name=player]").select_option(player)
    form.locator("[name=space]").select_option(str(space))
    form.get_by_role("button", name=button).click()


def test_i15_8_wonder_names_are_asked_once_and_placeholders_speak_norwegian(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    web_actions.new_game("Ada", "Bo", edition="verdens-underverker-2003")
    console = page_at(browser, live_server, web_actions.banker, TABLET)
    phone = page_at(browser, live_server, web_actions.players["Ada"], PHONE, r"/wallet")
    assert console.evaluate("document.documentElement.lang") == "nb"
    spaces = console.locator('form[data-cmd="land"] [name=space]')
    expect(spaces.locator('option[value="1"]')).to_have_text("1 · Brun 1")
    expect(spaces.locator('option[value="5"]')).to_have_text("5 · Flyplass 5")
    expect(spaces.locator('option[value="30"]')).to_have_text("30 · Gå i fengsel")

    ask = console.locator("#ask-once")
    land(console, "Ada", 1, "Landet")
    expect(ask).to_be_visible(timeout=TIMEOUT)
    expect(console.locator("#ask-prompt")).to_contain_text("Brun 1")
    expect(console.locator("#history")).to_contain_text("Ada landet på Brun 1.")
    expect(phone.locator("body")).to_contain_text("Brun 1", timeout=TIMEOUT)
    console.screenshot(path=f"{SHOTS}/wonders-ask-name-tablet.png", full_page=True)
    phone.screenshot(path=f"{SHOTS}/wonders-placeholder-phone.png", full_page=True)
    expect(ask.locator("input")).to_have_count(1)  # one field …
    ask.locator("input").fill("Den kinesiske mur")
    ask.get_by_role("button", name="Registrer og fortsett").click()  # … and one tap
    expect(ask).to_be_hidden(timeout=TIMEOUT)
    state = web_actions.table.state(web_actions.game)
    assert state.ed.space(1).name == "Den kinesiske mur"
    assert state.ed.space(1).provenance["name"].startswith("table ")
    expect(spaces.locator('option[value="1"]')).to_have_text("1 · Den kinesiske mur")

    land(console, "Bo", 1, "Landet")  # the name is known: nothing asked
    expect(console.locator("#history")).to_contain_text("Bo landet på Den kinesiske mur.",
                                                        timeout=TIMEOUT)
    expect(ask).to_be_hidden()

    land(console, "Bo", 3, "Landet")  # skipped: the placeholder stays, not asked again
    expect(ask).to_be_visible(timeout=TIMEOUT)
    ask.get_by_role("button", name="Ikke i dette spillet").click()  # says what it does
    expect(ask).to_be_hidden()
    land(console, "Ada", 3, "Landet")
    expect(console.locator("#history")).to_contain_text("Ada landet på Brun 3.", timeout=TIMEOUT)
    expect(ask).to_be_hidden()
    assert web_actions.table.state(web_actions.game).ed.space(3).name == ""

    land(console, "Bo", 30, "Landet")  # not a deed: never asked, called by its kind
    expect(console.locator("#history")).to_contain_text("Bo landet på Gå i fengsel.",
                                                        timeout=TIMEOUT)
    expect(ask).to_be_hidden()
    for page in (console, phone):
        expect(page.locator("body")).not_to_contain_text(re.compile(r"[a-z_] #\d"))
    console.screenshot(path=f"{SHOTS}/wonders-named-tablet.png", full_page=True)
    phone.screenshot(path=f"{SHOTS}/wonders-named-phone.png", full_page=True)


def test_i15_13_swedish_street_names_are_asked_once_at_the_purchase(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    web_actions.new_game("Anna", "Bo", edition="monopol-se-2008")
    console = page_at(browser, live_server, web_actions.banker, TABLET)
    phone = page_at(browser, live_server, web_actions.players["Anna"], PHONE, r"/wallet")
    assert console.evaluate("document.documentElement.lang") == "sv"
    buy = console.locator('form[data-cmd="buy"]')
    buy.locator("[name=player]").select_option("Anna")
    expect(buy.locator('[name=space] option[value="1"]')).to_contain_text("Brun 1")
    buy.locator("[name=space]").select_option("1")
    buy.get_by_role("button", name="Köp").click()
    ask = console.locator("#ask-once")
    expect(ask).to_be_visible(timeout=TIMEOUT)
    expect(console.locator("#history")).to_contain_text(re.compile(r"Anna köpte Brun 1"))
    expect(phone.locator("body")).to_contain_text("Brun 1", timeout=TIMEOUT)
    console.screenshot(path=f"{SHOTS}/se-ask-name-tablet.png", full_page=True)
    ask.locator("input").fill("Västerlånggatan")
    ask.get_by_role("button", name="Registrera och fortsätt").click()
    expect(ask).to_be_hidden(timeout=TIMEOUT)
    assert web_actions.table.state(web_actions.game).ed.space(1).name == "Västerlånggatan"
    expect(phone.locator("body")).to_contain_text("Västerlånggatan", timeout=TIMEOUT)
    for page in (console, phone):
        expect(page.locator("body")).not_to_contain_text(re.compile(r"[a-z_] #\d"))
    phone.screenshot(path=f"{SHOTS}/se-named-phone.png", full_page=True)


def test_i15_8_the_phones_on_line_follows_a_name_entered_on_the_console(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Ada's phone says "På Brun 1" while the space has no name; the banker names it on
    the console and the phone's line changes without a reload (the live state's
    ``position_name``), never showing the core's "brown #1"."""
    os.makedirs(MY_SHOTS, exist_ok=True)
    web_actions.new_game("Ada", "Bo", edition="verdens-underverker-2003")
    console = page_at(browser, live_server, web_actions.banker, TABLET)
    phone = page_at(browser, live_server, web_actions.players["Ada"], PHONE, r"/wallet")
    where = phone.locator("#where")
    land(console, "Ada", 1, "Landet")
    expect(where).to_have_text("På Brun 1", timeout=TIMEOUT)
    phone.screenshot(path=f"{MY_SHOTS}/wonders-on-placeholder-phone.png", full_page=True)
    ask = console.locator("#ask-once")
    expect(ask).to_be_visible(timeout=TIMEOUT)
    ask.locator("input").fill("Den kinesiske mur")
    ask.get_by_role("button", name="Registrer og fortsett").click()  # one tap
    expect(ask).to_be_hidden(timeout=TIMEOUT)
    expect(where).to_have_text("På Den kinesiske mur", timeout=TIMEOUT)  # no reload
    phone.screenshot(path=f"{MY_SHOTS}/wonders-on-named-phone.png", full_page=True)
    land(console, "Ada", 3, "Landet")  # the next space: its placeholder again
    expect(where).to_have_text("På Brun 3", timeout=TIMEOUT)
    expect(phone.locator("body")).not_to_contain_text(re.compile(r"[a-z_] #\d"))


def test_w2_a_wonder_reached_by_free_flight_is_asked_for_by_name_and_not_now_says_this_game(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Issue 15 (Wonders): a wonder reached by a free flight (W2) was never asked for its
    name, unlike one landed on; the flight picked on Ada's phone asks on the console now.
    Skipping a name means "not in this game", and the button says so (a figure's skip
    stays "Ikke nå": it is asked again the next time)."""
    web_actions.new_game("Ada", "Bo", edition="verdens-underverker-2003")
    console = page_at(browser, live_server, web_actions.banker, TABLET)
    phone = page_at(browser, live_server, web_actions.players["Ada"], PHONE, r"/wallet")
    ask = console.locator("#ask-once")
    land(console, "Ada", 15, "Landet")  # an airport: its own name is asked first
    expect(ask).to_be_visible(timeout=TIMEOUT)
    expect(console.locator("#ask-prompt")).to_contain_text("Flyplass 15")
    expect(console.locator("#ask-cancel")).to_have_text("Ikke i dette spillet")
    console.locator("#ask-cancel").click()
    expect(ask).to_be_hidden()

    phone.locator("#flight-wonders button[data-wonder='39']").click()  # the flight, on the phone
    expect(ask).to_be_visible(timeout=TIMEOUT)
    expect(console.locator("#ask-prompt")).to_contain_text("Mørkeblå 39")
    os.makedirs("/tmp/shots/h15-finish", exist_ok=True)
    console.screenshot(path="/tmp/shots/h15-finish/wonders-flight-ask-1024.png", full_page=True)
    ask.locator("input").fill("Taj Mahal")
    ask.get_by_role("button", name="Registrer og fortsett").click()
    expect(ask).to_be_hidden(timeout=TIMEOUT)
    assert web_actions.table.state(web_actions.game).ed.space(39).name == "Taj Mahal"
    expect(phone.locator("#passport")).to_contain_text("Taj Mahal", timeout=TIMEOUT)


def test_i16_1_figures_typed_as_a_name_are_refused_and_the_ask_says_it_wants_a_name(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Issue 16 point 1 (family Multimillionær, shots 29, 38): the rents "1.500 7.000
    20.000" typed into the name question were kept as the deed's name for every later
    game.  The name ask has its own title and look; figures are refused with a sentence
    and nothing is recorded; a name with letters is recorded."""
    os.makedirs("/tmp/h17-mmfix", exist_ok=True)
    web_actions.new_game("Ada", "Bo", edition="verdens-underverker-2003")
    console = page_at(browser, live_server, web_actions.banker, TABLET)
    ask = console.locator("#ask-once")
    land(console, "Ada", 1, "Landet")
    expect(ask).to_be_visible(timeout=TIMEOUT)
    expect(ask).to_have_attribute("data-kind", "name")
    expect(console.locator("#ask-title")).to_have_text("Et navn mangler: skriv ord, ikke tall")
    field = ask.locator("input")
    expect(field).to_have_attribute("type", "text")
    expect(field).to_have_attribute("placeholder", "Bokstaver, som på brettet")
    field.fill("1.500 7.000 20.000")
    ask.get_by_role("button", name="Registrer og fortsett").click()
    assert field.evaluate("f => f.validationMessage") == (
        "Et navn har bokstaver. Tall som leie spørres det om for seg.")
    console.screenshot(path="/tmp/h17-mmfix-name-refused-console.png")
    expect(ask).to_be_visible()
    assert not web_actions.table.state(web_actions.game).ed.space(1).name
    field.fill("Den kinesiske mur")
    ask.get_by_role("button", name="Registrer og fortsett").click()
    expect(ask).to_be_hidden(timeout=TIMEOUT)
    assert web_actions.table.state(web_actions.game).ed.space(1).name == "Den kinesiske mur"

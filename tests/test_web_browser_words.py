"""Family play-test 3 (findings 5, 7-11, 14), in Chromium, in bokmål: the table screen
``/board`` says who has the turn once they rolled, shows the deed for sale, the running
auction with its bids, the open claim as "kan kreve" and the last events; the tally's
lines are the tokens' colours; the dark theme keeps a mortgaged space readable and the
switch says its state; long names break at a hyphen; the phone's words (jail tries in the
singular, the jail box without a hanging "eller", the estimated rent, the card hint, the
mortgage's lift cost, a too-low bid refused in our own words); the console's first visit
in bokmål.  Screenshots under /tmp/shots/h16-words/ (1920×1080, 1024×768, 390×844; light
and dark)."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from companion.table import Table
from tests.conftest import TEST_SECRET, LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from web import create_app
from web.chart import SEAT_COLOURS

SHOTS = "/tmp/shots/h16-words"
TABLE = {"width": 1920, "height": 1080}
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
SHY = "\u00ad"


@pytest.fixture
def app(table: Table) -> Flask:
    """No fixed language (live_server serves this app): the pages choose as a family's do."""
    return create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET, "SSE_HEARTBEAT": 0.5,
                       "SSE_MAX_SECONDS": 60, "LANGUAGE": None}, table=table)


def opened(browser: Any, server: LiveServer, token: str, size: dict[str, int],
           scheme: str = "light", lang: str | None = "nb", locale: str = "en-US") -> Page:
    """A new page of ``size`` signed in with ``token`` (``lang``: the picker's cookie)."""
    context = browser.new_context(viewport=size, color_scheme=scheme, locale=locale)
    if lang:
        context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/join/{token}")
    page.wait_for_url(re.compile(r"/(board|wallet)$|/(\?.*)?$"), timeout=TIMEOUT)
    return page


def shot(page: Page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png")


def sent(actions: WebActions, **command: Any) -> None:
    answer = actions.send(**command)
    assert answer.status_code == 200, (command, answer.json)


def started(actions: WebActions) -> None:
    """Kari, Lise, Per (classic NO 1996): Lise owns Parkveien, Per Kongens gate mortgaged."""
    actions.new_game("Kari", "Lise", "Per", edition="monopol-no-1996")
    sent(actions, cmd="buy", player="Lise", space=1)
    sent(actions, cmd="buy", player="Per", space=6)
    sent(actions, cmd="mortgage", player="Per", space=6)


def test_f5_f7_f11_board_has_the_turn_the_deed_for_sale_the_auction_and_can_claim(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    started(web_actions)
    screen = opened(browser, live_server, str(web_actions.tokens.viewer(web_actions.game)), TABLE)
    turn = screen.locator("#board .ring-turn")
    expect(turn).to_have_text(re.compile(r"^Kari skal kaste · "), timeout=TIMEOUT)
    offer = screen.locator("#board-offer")
    expect(offer).to_be_hidden()
    sent(web_actions, cmd="roll", player="Kari", dice=[1, 2])  # to Kirkeveien, the bank's
    expect(turn).to_have_text(re.compile(r"^Kari har turen · "), timeout=TIMEOUT)
    expect(screen.locator("#board-players li.to-roll .badges")).to_have_text("har turen")
    expect(offer).to_be_visible()
    expect(screen.locator("#board-offer-title")).to_have_text("Kirkeveien er til salgs")
    expect(screen.locator("#board-offer-what")).to_have_text(
        "Kari kan kjøpe den for 1\u00a0200 kr, ellers går den på auksjon.")
    expect(screen.locator("#board-history li").first).to_contain_text("Kari")
    shot(screen, "board-for-sale-1920-light")

    sent(web_actions, cmd="auction_open", space=3, decliner="Kari")
    sent(web_actions, cmd="bid", player="Lise", amount=1000)
    sent(web_actions, cmd="bid", player="Per", amount=1100)
    expect(screen.locator("#board-offer-title")).to_have_text("Auksjon over Kirkeveien",
                                                              timeout=TIMEOUT)
    expect(screen.locator("#board-offer-what")).to_have_text(
        "Høyeste bud: 1\u00a0100 kr fra Per.")
    expect(screen.locator("#board-bids li")).to_have_text(
        ["Per bød 1\u00a0100 kr.", "Lise bød 1\u00a0000 kr."])
    shot(screen, "board-auction-1920-light")

    sent(web_actions, cmd="auction_close")
    expect(offer).to_be_hidden(timeout=TIMEOUT)  # sold: nothing for sale any more
    sent(web_actions, cmd="land", player="Kari", space=1)  # Lise's Parkveien
    claim = screen.locator("#board-claims li")
    expect(claim).to_contain_text("Lise kan kreve 40\u00a0kr fra Kari (Parkveien).",
                               timeout=TIMEOUT)
    shot(screen, "board-claim-1920-light")
    for size, name in ((TABLET, "1024"), (TABLE, "1920")):
        dark = opened(browser, live_server, str(web_actions.tokens.viewer(web_actions.game)),
                      size, "dark")
        expect(dark.locator("#board-claims li")).to_have_count(1, timeout=TIMEOUT)
        shot(dark, f"board-claim-{name}-dark")


def test_f9_dark_mortgaged_space_reads_and_the_switch_says_its_state(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    started(web_actions)
    screen = opened(browser, live_server, str(web_actions.tokens.viewer(web_actions.game)), TABLE)
    switch = screen.locator("#theme-switch")
    expect(switch).to_have_text("Mørk: av")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_text("Mørk: på")
    expect(switch).to_have_attribute("aria-pressed", "true")
    space = screen.locator('#board .space[data-index="6"]')
    expect(space).to_have_class(re.compile(r"\bmortgaged\b"), timeout=TIMEOUT)
    expect(space.locator(".mortgage")).to_have_text("pantsatt")
    hatching = space.evaluate("e => getComputedStyle(e).backgroundImage")
    assert "rgb(238, 230, 216)" not in hatching and "rgb(43, 48, 43)" in hatching, hatching
    colour = space.locator(".mortgage").evaluate("e => getComputedStyle(e).color")
    assert colour == "rgb(255, 157, 148)", colour  # the dark theme's light red
    space.screenshot(path=f"{SHOTS}/board-mortgaged-dark.png")
    switch.click()
    expect(switch).to_have_text("Mørk: av")


def test_f10_long_names_break_at_a_hyphen(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    started(web_actions)
    console = opened(browser, live_server, web_actions.banker, TABLET)
    name = console.locator('#console-board .space[data-index="3"] .name')
    expect(name).to_have_text(f"Kir{SHY}ke{SHY}vei{SHY}en", timeout=TIMEOUT)
    soft = console.evaluate("""() => ['Vannverket', 'Inntektsskatt', 'Oslo S', 'Rådhusplassen']
        .map(BoardRing.soft)""")
    assert soft == [f"Vann{SHY}ver{SHY}ket", f"Inn{SHY}tekts{SHY}skatt", "Oslo S",
                    f"Råd{SHY}hus{SHY}plas{SHY}sen"]
    # the name's accessible label stays the printed one
    space = console.locator('#console-board .space[data-index="3"]')
    expect(space).to_have_attribute("title", "Kirkeveien")
    console.locator("#console-board").screenshot(path=f"{SHOTS}/console-board-1024.png")


def test_f8_the_tally_lines_are_the_token_colours(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    started(web_actions)
    sent(web_actions, cmd="end_game")
    page = opened(browser, live_server, web_actions.banker, TABLET)
    tokens = opened(browser, live_server, str(web_actions.tokens.viewer(web_actions.game)), TABLE)
    seats = tokens.evaluate("""() => [...document.querySelectorAll('#board-players li')]
        .map(li => li.dataset.name)""")
    assert seats == ["Kari", "Lise", "Per"]
    page.goto(f"{live_server.url}/tally/{web_actions.game}")
    lines = page.locator("svg.chart polyline")
    expect(lines).to_have_count(3)
    assert [lines.nth(i).get_attribute("stroke") for i in range(3)] == list(SEAT_COLOURS[:3])
    assert SEAT_COLOURS[0] == "#d7262e"  # Kari's token on the board: red
    page.screenshot(path=f"{SHOTS}/tally-1024.png", full_page=True)


def test_f5_f11_phone_jail_words_card_hint_lift_cost_and_a_too_low_bid(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    started(web_actions)
    kari = opened(browser, live_server, web_actions.players["Kari"], PHONE)
    sent(web_actions, cmd="roll", player="Kari", dice=[3, 4])  # to Sjanse
    landed = kari.locator("#landed-title")
    expect(landed).to_have_text(
        "Sjanse: les kortet — betal nedenfor, eller be bankieren om penger fra banken",
        timeout=TIMEOUT)
    sent(web_actions, cmd="jail", player="Kari")  # three doubles, say: Per has the dice next
    expect(landed).to_have_text("I fengsel", timeout=TIMEOUT)
    expect(kari.locator("#turn-pad")).to_be_hidden()
    shot(kari, "phone-jail-no-dice-390")

    lise = opened(browser, live_server, web_actions.players["Lise"], PHONE)
    deed = lise.locator('#deeds li[data-deed="Parkveien"]')
    deed.get_by_role("button", name="Pantsett for 600 kr").click()
    expect(lise.locator(".confirm-text")).to_have_text(
        "Pantsette Parkveien for 600 kr? Å innfri pantet senere koster 660 kr.")
    shot(lise, "phone-mortgage-confirm-390")
    lise.keyboard.press("Escape")

    sent(web_actions, cmd="auction_open", space=9)
    sent(web_actions, cmd="bid", player="Per", amount=1100)
    expect(lise.locator("#auction-card")).to_be_visible(timeout=TIMEOUT)
    before = web_actions.state()
    assert lise.locator("#bid").get_attribute("novalidate") is not None
    lise.fill("#bid input[name=amount]", "500")
    lise.locator("#bid button.primary").click()
    expect(lise.locator("#status")).to_contain_text("Høyeste bud er 1\u00a0100 kr (Per) — by mer.")
    assert web_actions.state() == before  # nothing sent, nothing changed
    shot(lise, "phone-bid-too-low-390")


def test_f11_jail_tries_in_the_singular(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    started(web_actions)
    page = opened(browser, live_server, web_actions.banker, TABLET)
    words = page.evaluate("""() => [1, 2].map(n => Companion.nt(
        'in jail, %(num)s failed try', 'in jail, %(num)s failed tries', n))""")
    assert words == ["i fengsel, 1 mislykket forsøk", "i fengsel, 2 mislykkede forsøk"]


def test_f14_the_first_console_visit_speaks_bokmal(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    console = opened(browser, live_server, web_actions.banker, TABLET, lang=None)
    expect(console.locator("#new-game")).to_be_visible(timeout=TIMEOUT)
    assert console.evaluate("document.documentElement.lang") == "nb"  # en-US tablet, no game
    shot(console, "console-first-visit-1024")
    swedish = opened(browser, live_server, web_actions.banker, TABLET, lang=None,
                     locale="sv-SE")
    assert swedish.evaluate("document.documentElement.lang") == "sv"  # a Swedish tablet
    english = opened(browser, live_server, web_actions.banker, TABLET, lang="en")
    assert english.evaluate("document.documentElement.lang") == "en"  # the picker's choice


def test_f11_the_phone_marks_an_estimated_rent_as_the_console_does(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Verdens underverker's rents are "scaled x20" (issue 15 point 9): the owner's phone
    marks the claim "anslått leie" beside it, as the console's claim list does."""
    web_actions.new_game("Ada", "Bo", edition="verdens-underverker-2003")
    sent(web_actions, cmd="buy", player="Ada", space=1)
    ada = opened(browser, live_server, web_actions.players["Ada"], PHONE)
    sent(web_actions, cmd="land", player="Bo", space=1)
    claim = ada.locator("#claims li")
    expect(claim.locator(".estimate-mark")).to_have_text("anslått leie", timeout=TIMEOUT)
    expect(claim).to_contain_text("Bo skylder deg 40")
    shot(ada, "phone-estimated-rent-390")
    bo = opened(browser, live_server, web_actions.players["Bo"], PHONE)
    expect(bo.locator("#claims .estimate-mark")).to_have_count(0)  # not his claim

"""Issue 16 point 4, the console as one screen, in Chromium: for every edition at 1024×768
a normal turn fits without scrolling (after a landing with rent, and with an open
auction), no visible control is under 44 × 44 px, a landing and a buy from the console
cost at most 3 taps, and "More" reaches the Pay form.  Screenshots at 1024×768 and
1920×1080 under /tmp/shots/h16-console/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from companion.editions import edition_ids, load_edition
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_games import CONTROLS

SHOTS = Path("/tmp/shots/h16-console")
TABLET = {"width": 1024, "height": 768}
TABLE = {"width": 1920, "height": 1080}


def console_at(browser: Any, server: LiveServer, actions: WebActions,
               size: dict[str, int]) -> Page:
    """The banker's console at ``size``, in English, live."""
    context = browser.new_context(viewport=size)
    context.add_cookies([{"name": "companion_lang", "value": "en", "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/join/{actions.banker}")
    page.wait_for_url(re.compile(r"/(\?.*)?$"), timeout=TIMEOUT)
    expect(page.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    return page


def deeds(edition: str) -> list[int]:
    """The edition's first two buyable deeds (streets) by board index."""
    return [s.index for s in load_edition(edition).spaces if s.kind == "street"][:2]


def sent(actions: WebActions, **command: Any) -> None:
    answer = actions.send(**command)
    assert answer.status_code == 200, answer.json


#: Editions whose deeds print no price or rent (M, K): the figures are asked once on the
#: console (console_ask.js); here their turn is a landing on a card space, without an auction.
UNPRINTED = {"multimillionaer", "kortstokk"}


def with_rent(actions: WebActions, edition: str) -> None:
    """Alice owns a deed, Bob lands on it: a rent claim opens (C5); where the edition prints
    no figures (UNPRINTED), Bob lands on a card space."""
    actions.new_game("Alice", "Bob", "Carol", edition=edition)
    spaces = load_edition(edition).spaces
    if edition in UNPRINTED:
        sent(actions, cmd="next_turn")
        card = next(s.index for s in spaces if s.kind == "card" and s.index)
        sent(actions, cmd="land", player="Bob", space=card)
        return
    deed = deeds(edition)[0]
    sent(actions, cmd="buy", player="Alice", space=deed)
    sent(actions, cmd="next_turn")
    sent(actions, cmd="land", player="Bob", space=deed)


def fits(page: Page) -> None:
    """One screen: no scroll, and every visible control at least 44 × 44 px."""
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollHeight") <= TABLET["height"]
    assert page.evaluate(CONTROLS) == []


@pytest.mark.parametrize("edition", edition_ids())
def test_issue16_4_a_normal_turn_fits_one_screen_in_every_edition(
        browser: Any, live_server: LiveServer, web_actions: WebActions, edition: str) -> None:
    with_rent(web_actions, edition)
    console = console_at(browser, live_server, web_actions, TABLET)
    expect(console.locator("#more")).to_be_hidden()
    expect(console.locator("#turn-who")).to_contain_text("Bob to roll", timeout=TIMEOUT)
    expect(console.locator('#player-strip [data-strip="Alice"]')).to_be_visible()
    fits(console)
    console.screenshot(path=str(SHOTS / f"{edition}-rent-tablet.png"))
    if edition not in UNPRINTED:  # an open auction's bids on the first screen
        sent(web_actions, cmd="auction_open", space=deeds(edition)[1])
        expect(console.locator("#turn-panel #auction-live")).to_be_visible(timeout=TIMEOUT)
        fits(console)
        console.screenshot(path=str(SHOTS / f"{edition}-auction-tablet.png"))
    console.get_by_role("button", name="More").click()
    expect(console.locator('form[data-cmd="pay"]')).to_be_visible()
    wide = console_at(browser, live_server, web_actions, TABLE)
    expect(wide.locator("#turn-who")).to_contain_text("Bob to roll", timeout=TIMEOUT)
    wide.wait_for_timeout(300)
    assert wide.evaluate("document.documentElement.scrollHeight") <= TABLE["height"]
    wide.screenshot(path=str(SHOTS / f"{edition}-table.png"))


@pytest.mark.parametrize("edition", ["monopol-no-1996", "verdens-underverker-2003"])
def test_issue16_4_a_landing_and_a_buy_by_the_board_cost_3_taps(
        browser: Any, live_server: LiveServer, web_actions: WebActions, edition: str) -> None:
    web_actions.new_game("Alice", "Bob", edition=edition)
    sent(web_actions, cmd="pay", from_="bank", to="Alice", amount=1)
    console = console_at(browser, live_server, web_actions, TABLET)
    deed = deeds(edition)[0]
    console.locator(f'#console-board .space[data-index="{deed}"]').click()  # tap 1
    console.get_by_role("button", name=re.compile(r"^Alice landed on ")).click()  # tap 2
    buy = console.get_by_role("button", name=re.compile(r"^Buy for "))
    expect(buy).to_be_visible(timeout=TIMEOUT)
    fits(console)
    buy.click()  # tap 3
    expect(console.locator("#turn-offer")).to_be_hidden(timeout=TIMEOUT)
    alice = next(p for p in web_actions.state()["players"] if p["name"] == "Alice")
    assert [s["index"] for s in alice["spaces"]] == [deed]
    assert alice["position"] == deed


def test_issue16_4_c5_dice_on_the_console_land_then_buy_in_3_taps(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Classic: Start + 1 + 2 is Kirkeveien (index 3, 1 200 kr in the seed's deed list)."""
    web_actions.new_game("Alice", "Bob")
    sent(web_actions, cmd="pay", from_="bank", to="Alice", amount=1)
    console = console_at(browser, live_server, web_actions, TABLET)
    pad = console.locator("#console-pad")
    expect(pad).to_contain_text("Alice: tap the two dice", timeout=TIMEOUT)
    pad.locator('[data-die="0"] [data-face="1"]').click()  # tap 1
    pad.locator('[data-die="1"] [data-face="2"]').click()  # tap 2
    buy = console.get_by_role("button", name=re.compile(r"^Buy for 1.200"))
    expect(buy).to_be_visible(timeout=TIMEOUT)
    buy.click()  # tap 3
    expect(pad).to_contain_text("Bob rolls next", timeout=TIMEOUT)
    alice = next(p for p in web_actions.state()["players"] if p["name"] == "Alice")
    assert [s["index"] for s in alice["spaces"]] == [3]
    assert alice["cash"] == 30_000 + 1 - 1_200
    console.screenshot(path=str(SHOTS / "monopol-no-1996-bought-tablet.png"))


def test_issue16_4_the_qr_codes_stay_prominent_before_the_first_command(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob")
    console = console_at(browser, live_server, web_actions, TABLET)
    expect(console.locator("#more")).to_be_visible()
    expect(console.locator('[data-player="Alice"] .qr-code svg')).to_be_visible()
    console.screenshot(path=str(SHOTS / "joining-tablet.png"))


def test_h17_1_more_closes_itself_when_play_starts(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Open while the players join; the first roll (a phone's, here the API's) closes it,
    so the normal turn fits the first screen without the banker's tap."""
    web_actions.new_game("Alice", "Bob")
    console = console_at(browser, live_server, web_actions, TABLET)
    expect(console.locator("#more")).to_be_visible()
    sent(web_actions, cmd="roll", player="Alice", dice=[1, 2])  # Start + 3: Kirkeveien
    expect(console.locator("#more")).to_be_hidden(timeout=TIMEOUT)
    expect(console.locator("#more-toggle")).to_have_attribute("aria-expanded", "false")
    expect(console.get_by_role("button", name=re.compile(r"^Buy for "))).to_be_visible()
    fits(console)


def test_h17_1_more_stays_open_under_the_bankers_hand(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """The banker pays by hand from "More" before anyone rolled: the form stays open for
    the next one (it closes only when nobody is using it)."""
    web_actions.new_game("Alice", "Bob")
    console = console_at(browser, live_server, web_actions, TABLET)
    form = console.locator('form[data-cmd="pay"]')
    form.locator('[name="amount"]').fill("100")
    form.get_by_role("button", name="Pay").click()
    expect(console.locator('[data-strip="Alice"] .money')).not_to_have_text(
        re.compile(r"^30.000"), timeout=TIMEOUT)
    sent(web_actions, cmd="roll", player="Alice", dice=[1, 2])
    expect(console.locator("#turn-who")).to_contain_text("Alice has the turn", timeout=TIMEOUT)
    expect(form).to_be_visible()

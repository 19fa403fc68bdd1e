"""Issue 15 point 9 in Chromium (tablet 1024×768 console): Verdens underverker's prices and
rents are estimates ("scaled x20": the standard deed table × 20, docs/rules.md "Edition
values"); the console marks one where it is used (the Buy card's price, a rent claim) and
its first use offers one small notice: one tap on "Matches the card" records the same
value as read from the box (``edition_value``, remembered in the family copy), or the
figure on the card is typed; after that it is no longer marked."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_deals import console_for
from tests.test_web_browser_offers import TABLET

SHOTS = "/tmp/shots/h15-estimates"
WONDERS = "verdens-underverker-2003"
BROWN_1 = 1  # scaled x20: price 1 200 kr, rents 40 … 5 000 kr


def land(console: Page, player: str, space: int) -> None:
    form = console.locator('form[data-cmd="land"]')
    form.locator("[name=player]").select_option(player)
    form.locator("[name=space]").select_option(str(space))
    form.get_by_role("button", name="Landed").click()


def test_w_i15_9_an_estimated_price_is_marked_and_one_tap_confirms_it(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Ada", "Bo", edition=WONDERS)
    console = console_for(browser, live_server, web_actions)
    console.set_viewport_size(TABLET)
    notice, note = console.locator("#estimate"), console.locator("[data-estimate]")
    expect(notice).to_be_hidden()

    land(console, "Ada", BROWN_1)
    console.locator("#ask-cancel").click()  # the wonder's name: not now
    expect(note).to_be_visible(timeout=TIMEOUT)
    expect(note).to_contain_text("Estimated price: 1,200 kr (the standard deed × 20)")
    expect(notice).to_be_visible()
    expect(console.locator("#estimate-text")).to_contain_text("1,200 kr) is an estimate")
    console.screenshot(path=f"{SHOTS}/wonders-estimate-price-tablet.png", full_page=True)

    console.get_by_role("button", name="Matches the card").click()  # one tap
    expect(notice).to_be_hidden(timeout=TIMEOUT)
    expect(note).to_be_hidden()
    game = web_actions.table.state(web_actions.game).ed.space(BROWN_1)
    family = web_actions.table.editions.get(WONDERS).space(BROWN_1)
    for space in (game, family):  # the same value, now read from the box
        assert space.price == 1200 and space.provenance["price"].startswith("table ")
    assert space.provenance["rents"] == "scaled x20"

    console.get_by_role("button", name="Buy at the printed price").click()
    expect(console.locator('[data-player="Ada"] .deeds')).to_contain_text("1", timeout=TIMEOUT)
    land(console, "Bo", BROWN_1)  # the rent claim: 40 kr, an estimate
    claims = console.locator("#claims")
    expect(claims).to_contain_text("Ada claims 40 kr", timeout=TIMEOUT)
    expect(claims.locator(".estimate-mark")).to_have_text("estimated rent")
    expect(console.locator("#estimate-text")).to_contain_text("The rents of")
    console.screenshot(path=f"{SHOTS}/wonders-estimate-rent-tablet.png", full_page=True)
    console.get_by_role("button", name="Type the figure on the card").click()
    ask = console.locator("#ask-once")
    expect(ask).to_be_visible()
    ask.locator("input").fill("40 200 600 1.800 3.200 5.000")
    ask.get_by_role("button", name="Record and continue").click()
    expect(ask).to_be_hidden(timeout=TIMEOUT)
    expect(claims.locator(".estimate-mark")).to_have_count(0)
    expect(notice).to_be_hidden()
    space = web_actions.table.state(web_actions.game).ed.space(BROWN_1)
    assert space.provenance["rents"].startswith("table ")

    console.reload()  # read from the box: not marked after a reload either
    expect(console.locator("#conn")).to_have_text(re.compile("."),
                                                  timeout=TIMEOUT)
    expect(claims.locator(".estimate-mark")).to_have_count(0)
    expect(notice).to_be_hidden()

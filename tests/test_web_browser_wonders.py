"""Issue 15 point 10 in Chromium (tablet 1024×768 console, phones 390×844): Verdens
underverker played on the console's Landed form to the 22nd wonder, reached across Start —
the Start bonus is paid with that landing before the game ends (C2, W3), the tally's cash
column says so, and the phones show the end, not whose turn it is to roll."""

from __future__ import annotations

import os
import re
from typing import Any

from playwright.sync_api import expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_offers import PHONE, TABLET, page_at

SHOTS = "/tmp/shots/h15-wonders"
WONDERS = [1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39]


def test_issue15_10_the_22nd_wonder_across_start_pays_the_start_bonus_before_the_end(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    web_actions.new_game("Ada", "Bo", edition="verdens-underverker-2003")
    console = page_at(browser, live_server, web_actions.banker, TABLET)
    phone = page_at(browser, live_server, web_actions.players["Ada"], PHONE, path=r"/wallet.*")
    landed = console.locator('form[data-cmd="land"]')
    for n, index in enumerate([*WONDERS[1:], WONDERS[0]], start=1):  # 39 -> 1: across Start
        landed.locator("[name=player]").select_option("Ada")
        landed.locator("[name=space]").select_option(str(index))
        landed.get_by_role("button", name="Landed").click()
        if n < len(WONDERS):
            expect(console.locator(".passport-race span").first).to_contain_text(
                f"{n} of 22", timeout=TIMEOUT)
    expect(console.locator("#winner")).to_contain_text("The game is over", timeout=TIMEOUT)
    assert web_actions.cash("Ada") == 30_000 + 4_000 + 30_000  # Start (C2), then W3's bonus
    expect(console.get_by_text(re.compile("to roll"))).to_have_count(0)
    expect(console.locator(".player.to-roll")).to_have_count(0)
    console.screenshot(path=f"{SHOTS}/wonders-end-console.png", full_page=True)
    expect(phone.locator("#winner")).to_contain_text("The game is over", timeout=TIMEOUT)
    expect(phone.get_by_text(re.compile("to roll"))).to_have_count(0)
    phone.screenshot(path=f"{SHOTS}/wonders-end-phone.png", full_page=True)
    console.locator("#tally-link a").click()  # the screens' own way to the tally
    row = console.locator("tr", has_text="Ada").first
    expect(row).to_contain_text(re.compile(r"64[\s\u00a0\u202f,.]?000"), timeout=TIMEOUT)
    console.screenshot(path=f"{SHOTS}/wonders-tally-tablet.png", full_page=True)

"""Issue 15 point 4 in Chromium: the console and the phones show only what the game's
edition has.  For each of the five editions the console's action cards are exactly the
rule book's (no jail in Multimillionær, M14, nor a Start bonus, M1; Kortstokk-Monopol has
neither and builds and sells its own way, K7, K8), and the new-game form offers the
free-parking pot only for an edition with free parking (C12)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser import open_more
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT

SHOTS = "/tmp/shots/h15-classic"
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}

#: The console's cards whose command only some editions have.
PANELS = ("pass_start", "jail", "leave_jail", "jail_card", "jail_try", "repairs", "build",
          "sell_building", "mortgage", "unmortgage")
CLASSIC = frozenset(PANELS)  # C2, C10, C13, C14–C19
#: edition -> the cards of PANELS its rule book has.
OFFERED = {
    "monopol-no-1996": CLASSIC,
    "monopol-se-2008": CLASSIC,
    "verdens-underverker-2003": CLASSIC,  # W4: Start bonus, jail fine, houses
    # M1 no Start bonus, M14 no jail, M19 buildings, M17 mortgages; its chance cards'
    # texts are not in the seed: no repairs card (issue 15 point 4).
    "multimillionaer": frozenset({"build", "sell_building", "mortgage", "unmortgage"}),
    "kortstokk": frozenset(),  # K7, K8: its own pairs and sales; no jail, no Start
}
#: edition -> has a free-parking space (C12: the pot house rule needs one).
FREE_PARKING = {"monopol-no-1996": True, "monopol-se-2008": True,
                "verdens-underverker-2003": True, "multimillionaer": False, "kortstokk": False}


def page_at(browser: Any, server: LiveServer, token: str, size: dict[str, int],
            path: str = r"/(\?.*)?$", live: bool = True) -> Page:
    """A new context of ``size`` (tablet or phone) signed in with ``token``, in English."""
    context = browser.new_context(viewport=size)
    context.add_cookies([{"name": "companion_lang", "value": "en", "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/join/{token}")
    page.wait_for_url(re.compile(path), timeout=TIMEOUT)
    if live:
        expect(page.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
        open_more(page)  # the console's by-hand forms (issue 16 point 4: one "More" tap)
    return page


@pytest.mark.parametrize("edition", sorted(OFFERED))
def test_issue15_4_the_console_shows_only_what_the_edition_has(
        browser: Any, live_server: LiveServer, web_actions: WebActions, edition: str) -> None:
    web_actions.new_game("Kari", "Ola", edition=edition)
    console = page_at(browser, live_server, web_actions.banker, TABLET)
    for command in PANELS:
        cards = console.locator(f'form.action[data-cmd="{command}"]')
        if command in OFFERED[edition]:
            expect(cards).to_have_count(1)
            expect(cards).to_be_visible()
        else:
            expect(cards).to_have_count(0)
    jail_cards = console.locator("#trade-form [name=jail_cards]")
    expect(jail_cards).to_have_count(2 if "jail_card" in OFFERED[edition] else 0)
    console.screenshot(path=f"{SHOTS}/offers-{edition}-console.png", full_page=True)
    phone = page_at(browser, live_server, web_actions.players["Kari"], PHONE, r"/wallet")
    expect(phone.locator("#propose [name=jail_cards]")).to_have_count(
        2 if "jail_card" in OFFERED[edition] else 0)
    phone.screenshot(path=f"{SHOTS}/offers-{edition}-phone.png", full_page=True)


def test_issue15_4_the_new_game_form_offers_the_pot_only_with_free_parking(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    console = page_at(browser, live_server, web_actions.banker, TABLET, r"/$", live=False)
    pot = console.locator("[data-house-rule=free_parking_pot]")
    auto_rent = console.locator("[data-house-rule=auto_rent]")
    for edition, free_parking in FREE_PARKING.items():
        console.select_option("#new-game select[name=edition]", edition)
        if free_parking:
            expect(pot).to_be_visible()
        else:
            expect(pot).to_be_hidden()
        expect(auto_rent).to_be_visible()
    console.select_option("#new-game select[name=edition]", "monopol-no-1996")
    console.check("#new-game input[name=free_parking_pot]")
    console.select_option("#new-game select[name=edition]", "multimillionaer")
    expect(console.locator("#new-game input[name=free_parking_pot]")).not_to_be_checked()
    console.screenshot(path=f"{SHOTS}/offers-new-game-multimillionaer.png", full_page=True)


def test_issue15_4_c12_a_game_without_free_parking_refuses_the_pot(
        web_actions: WebActions) -> None:
    before = web_actions.table.game_ids()
    answer = web_actions.client.post(
        "/api/games", headers=web_actions.bearer(),
        json={"players": ["Kari", "Ola"], "edition": "multimillionaer",
              "house_rules": {"free_parking_pot": True}})
    assert answer.status_code == 409, answer.json
    assert "no free parking" in str(answer.json)
    assert web_actions.table.game_ids() == before

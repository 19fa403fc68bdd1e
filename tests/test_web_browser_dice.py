"""A turn from the phones (issue 16 points 1-3), classic NO 1996 (seed 002), in Chromium:
the console at 1024x768 and three phones at 390x844.  Taps are counted per table event
(targets: a landing with rent 3 taps in all — two dice, one claim; buying <= 3; passing
Start 0 extra; the next turn 0: the next player's dice pass it, C5).  Screenshots go to
/tmp/shots/h16-dice/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits

SHOTS = Path("/tmp/shots/h16-dice")
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}


def page_at(browser: Any, server: LiveServer, token: str, path: str,
            size: dict[str, int]) -> Page:
    """A signed-in page (English) of ``size``, following the game live."""
    context = browser.new_context(viewport=size)
    context.add_cookies([{"name": "companion_lang", "value": "en", "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/join/{token}")
    page.wait_for_url(re.compile(path), timeout=TIMEOUT)
    expect(page.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    return page


class Taps:
    """Counts the taps a table event costs."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, target: Locator) -> None:
        target.click()
        self.count += 1

    def dice(self, phone: Page, first: int, second: int) -> None:
        self.tap(phone.locator(f'#turn-pad .die-row[data-die="0"] [data-face="{first}"]'))
        self.tap(phone.locator(f'#turn-pad .die-row[data-die="1"] [data-face="{second}"]'))


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def test_c5_a_turn_from_the_phones_costs_three_taps(browser: Any, live_server: LiveServer,
                                                    web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", "Carol")
    web_actions.send(cmd="buy", player="Carol", space="Prinsens gate")  # 2 000 kr
    web_actions.send(cmd="land", player="Alice", space="Rådhusplassen")  # 39, unowned
    console = page_at(browser, live_server, web_actions.banker, r"/(\?.*)?$", TABLET)
    alice, bob, carol = (page_at(browser, live_server, web_actions.players[n], "/wallet",
                                 PHONE) for n in ("Alice", "Bob", "Carol"))
    expect(alice.locator("#turn-pad-title")).to_have_text("Your turn: tap the two dice")
    expect(bob.locator("#turn-pad")).to_be_hidden()
    shoot(alice, "phone-dice-pad")

    # Passing Start: the two dice and nothing else (C2: the roll pays the 4 000 kr bonus).
    start = Taps()
    start.dice(alice, 1, 2)  # 39 -> 2 Prøv lykken, past Start
    expect(alice.locator("#cash")).to_have_text(digits(34_000), timeout=TIMEOUT)
    for screen in (console, alice, bob, carol):
        expect(screen.locator("#roll-line")).to_have_text("Alice rolled 1 + 2",
                                                          timeout=TIMEOUT)
    expect(alice.locator("#landed-title")).to_contain_text("read the card")
    assert start.count == 2  # 0 extra taps for Start

    # The next turn and a landing with rent: Bob's dice pass the turn (C5), Carol claims.
    rent = Taps()
    expect(bob.locator("#turn-pad-title")).to_have_text(
        "You roll next: your dice start your turn", timeout=TIMEOUT)
    shoot(console, "console-after-roll")
    rent.dice(bob, 3, 5)  # Start -> 8 Prinsens gate: 120 kr (C6, bare)
    claim = carol.get_by_role("button", name=re.compile(r"Claim 120 kr for Prinsens gate"))
    expect(claim).to_be_visible(timeout=TIMEOUT)
    expect(console.locator('[data-player="Bob"]')).to_have_class(re.compile("to-roll"))
    shoot(carol, "phone-owner-claim")
    rent.tap(claim)
    expect(carol.locator("#cash")).to_have_text(digits(28_120), timeout=TIMEOUT)
    expect(bob.locator("#cash")).to_have_text(digits(29_880), timeout=TIMEOUT)
    assert rent.count == 3

    # Buying: Carol's dice (the next turn again), then one tap on "Buy for 1 200 kr".
    buy = Taps()
    expect(carol.locator("#turn-pad-title")).to_have_text(
        "You roll next: your dice start your turn", timeout=TIMEOUT)
    buy.dice(carol, 1, 2)  # Start -> 3 Kirkeveien, unowned
    offer = carol.get_by_role("button", name=re.compile(r"Buy for 1.?200 kr"))
    expect(offer).to_be_visible(timeout=TIMEOUT)
    expect(carol.get_by_role("button", name="To auction")).to_be_visible()
    shoot(carol, "phone-landed-buy")
    buy.tap(offer)
    expect(carol.locator("#cash")).to_have_text(digits(26_920), timeout=TIMEOUT)
    expect(carol.locator("#landed")).to_be_hidden(timeout=TIMEOUT)
    assert buy.count <= 3
    expect(console.locator("#roll-line")).to_have_text("Carol rolled 1 + 2")
    shoot(console, "console-turn")
    print(f"taps: start {start.count}, rent {rent.count}, buy {buy.count}")


def test_c4_to_auction_from_the_phone_and_doubles_keep_the_pad(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", "Carol")
    alice, bob = (page_at(browser, live_server, web_actions.players[n], "/wallet", PHONE)
                  for n in ("Alice", "Bob"))
    taps = Taps()
    taps.dice(alice, 4, 4)  # doubles: Start -> 8 Prinsens gate, roll again (C3)
    expect(alice.get_by_role("button", name=re.compile("Buy for"))).to_be_visible(
        timeout=TIMEOUT)
    expect(alice.locator("#turn-pad")).to_be_hidden()  # C4: the offer before the dice
    expect(bob.locator("#turn-pad")).to_be_hidden()
    taps.tap(alice.get_by_role("button", name="To auction"))
    expect(bob.locator("#auction-what")).to_have_text("Auction of Prinsens gate",
                                                      timeout=TIMEOUT)
    assert taps.count == 3  # the auction opens on the landed deed in 1 tap


def test_m4_the_multimillionaer_pad_rolls_for_ola_first_then_the_car(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    alice = page_at(browser, live_server, web_actions.players["Alice"], "/wallet", PHONE)
    expect(alice.locator("#turn-pad-title")).to_have_text(
        "Your turn: roll for Ola Nordmann first", timeout=TIMEOUT)
    taps = Taps()
    taps.dice(alice, 1, 3)  # Ola: Start -> Skatt (4): nothing (M16 is the car's)
    expect(alice.locator("#turn-pad-title")).to_have_text("Your turn: tap the two dice",
                                                          timeout=TIMEOUT)
    taps.dice(alice, 4, 6)  # car: Start -> Ferieparadiset (10)
    bob = page_at(browser, live_server, web_actions.players["Bob"], "/wallet", PHONE)
    expect(bob.locator("#turn-pad-title")).to_have_text(
        "You roll next: roll for Ola Nordmann to start your turn", timeout=TIMEOUT)
    shoot(bob, "phone-mm-next-ola")
    assert taps.count == 4

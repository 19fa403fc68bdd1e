"""Issue 16, a fresh family's Multimillionær findings (branch h17-mmfix), in Chromium:
the phone at 390x844, the console at 1024x768.  Screenshots go to /tmp/h17-mmfix-*.png."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits
from tests.test_web_browser_dice import PHONE, page_at

GROUPED_1700 = r"1\D?700\W"  # however the browser groups the digits and spaces the unit


def pad_top(phone: Page) -> float:
    box = phone.locator("#turn-pad").bounding_box()
    assert box is not None
    return float(box["y"])


def test_c3_a_first_die_tapped_survives_a_live_update_and_the_pad_stays_put(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Issue 16 point 3 (shots 17, 22): a live update (the bank pays her 100) while Alice
    has tapped her first die keeps the tap (the same roll is still due) and the pad stays
    put; the pair rolls (C3).  An auction opened meanwhile holds the roll (C4: the bank
    auctions "at once", the game waits; h21): the pad offers no dice until it is over,
    then comes back where it was, the roll to tap again."""
    web_actions.new_game("Alice", "Bob")
    alice = page_at(browser, live_server, web_actions.players["Alice"], "/wallet", PHONE)
    expect(alice.locator("#turn-pad-title")).to_have_text("Your turn: tap the two dice")
    before = pad_top(alice)
    first = alice.locator('#turn-pad .die-row[data-die="0"] [data-face="3"]')
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    assert web_actions.send(cmd="pay", from_="bank", to="Alice", amount=100).json["ok"]
    expect(alice.locator("#cash")).to_have_text(digits(30_100), timeout=TIMEOUT)
    assert pad_top(alice) == before
    expect(first).to_have_attribute("aria-pressed", "true")
    assert web_actions.send(cmd="auction_open", space="Rådhusplassen").json["ok"]
    expect(alice.locator("#auction-card")).to_be_visible(timeout=TIMEOUT)
    alice.screenshot(path="/tmp/h17-mmfix-pad-auction-phone.png")
    expect(first).to_be_hidden(timeout=TIMEOUT)  # C4: no roll while the auction is open
    assert web_actions.send(cmd="auction_cancel").json["ok"]
    expect(alice.locator("#auction-card")).to_be_hidden(timeout=TIMEOUT)
    assert pad_top(alice) == before
    first.click()
    alice.locator('#turn-pad .die-row[data-die="1"] [data-face="4"]').click()
    expect(alice.locator("#roll-line")).to_have_text("Alice rolled 3 + 4", timeout=TIMEOUT)
    expect(alice.locator("#where")).to_have_text("On Sjanse", timeout=TIMEOUT)  # 7
    expect(alice.locator("#cash")).to_have_text(digits(30_100))  # C1 30 000 + the 100


def test_m4_a_lot_sold_only_by_auction_offers_only_to_auction(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Issue 16 point 6 (shots 57, 58): Gyldenløves gate is sold only by auction (M4); the
    phone of the player on it and the console offer "To auction" alone, never "Buy"."""
    web_actions.new_game("Ola", "Kari", edition="multimillionaer")
    ola = web_actions.players["Ola"]
    web_actions.send(cmd="land", player="Ola", space=17)  # Prøv lykken
    web_actions.send(cmd="ola_roll", player="Kari", dice=[3, 4])
    web_actions.send(cmd="roll", player="Kari", dice=[3, 4])
    web_actions.send(ola, cmd="ola_roll", player="Ola", dice=[1, 2])
    assert web_actions.send(ola, cmd="roll", player="Ola", dice=[1, 3]).json["ok"]  # 21
    phone = page_at(browser, live_server, ola, "/wallet", PHONE)
    console = page_at(browser, live_server, web_actions.banker, r"/(\\?.*)?$",
                      {"width": 1024, "height": 768})
    landed = phone.locator("#landed")
    expect(landed.locator("#landed-title")).to_have_text(
        "Gyldenløves gate is sold only by auction", timeout=TIMEOUT)
    expect(landed.get_by_role("button")).to_have_text(["To auction"])
    offer = console.locator("#turn-offer-actions")
    expect(offer.get_by_role("button")).to_have_text(["To auction"], timeout=TIMEOUT)
    phone.screenshot(path="/tmp/h17-mmfix-auction-only-phone.png")
    console.screenshot(path="/tmp/h17-mmfix-auction-only-console.png")
    landed.get_by_role("button", name="To auction").click()
    expect(phone.locator("#auction-card")).to_be_visible(timeout=TIMEOUT)
    assert web_actions.table.state(web_actions.game).auction is not None


def test_m8_borsen_buy_is_above_the_dice_pad_never_under_it(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Issue 16 point 4 (shots 42, 43): Ola Nordmann on Børsen (M8) gives Alice, to roll,
    the right to buy at double price; the offer sits in the dock above the dice pad, so
    "Buy at double price" is on top where a finger taps it, and the pad stays whole."""
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    web_actions.send(cmd="ola_land", space="Børsen")
    alice = page_at(browser, live_server, web_actions.players["Alice"], "/wallet", PHONE)
    buy = alice.get_by_role("button", name="Buy at double price")
    expect(buy).to_be_visible(timeout=TIMEOUT)
    expect(alice.locator("#turn-pad")).to_be_visible()
    buy.scroll_into_view_if_needed()
    box = buy.bounding_box()
    assert box is not None
    on_top = alice.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button')"
                            "?.textContent.trim()", [box["x"] + box["width"] / 2,
                                                     box["y"] + box["height"] / 2])
    assert on_top == "Buy at double price"
    pad, offer = alice.locator("#turn-pad").bounding_box(), alice.locator(
        "#borsen-card").bounding_box()
    assert pad is not None and offer is not None
    assert offer["y"] + offer["height"] <= pad["y"]  # above the pad, not under it
    alice.screenshot(path="/tmp/h17-mmfix-borsen-phone.png")


def test_c4_the_bid_button_follows_the_highest_bid_and_bids_are_whole(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Issue 16 point 9 (shots 26, 27): Bob types 1 700 while Alice's bid of 1 700 kr
    arrives first; his button then reads "Bid more than 1 700 kr", not "Bid 1 700 kr".
    1 800.5 is refused on the phone (whole amounts), no bid is sent (C4)."""
    web_actions.new_game("Alice", "Bob")
    web_actions.send(cmd="auction_open", space="Rådhusplassen")
    bob = page_at(browser, live_server, web_actions.players["Bob"], "/wallet", PHONE)
    card = bob.locator("#auction-card")
    expect(card).to_be_visible(timeout=TIMEOUT)
    amount, button = card.locator("[name=amount]"), card.locator("button[data-bid-label]")
    amount.fill("1700")
    expect(button).to_have_text(re.compile(f"^Bid {GROUPED_1700}kr$"))
    assert web_actions.send(web_actions.players["Alice"], cmd="bid", player="Alice",
                            amount=1700).json["ok"]
    expect(button).to_have_text(re.compile(f"^Bid more than {GROUPED_1700}kr$"),
                                timeout=TIMEOUT)
    amount.fill("1800.5")
    expect(button).to_have_text("Bid")
    button.click()
    expect(bob.locator(".status-text")).to_have_text("Bids are whole amounts: no decimals.",
                                                timeout=TIMEOUT)
    bob.screenshot(path="/tmp/h17-mmfix-bid-phone.png")
    auction = web_actions.table.state(web_actions.game).auction
    assert auction is not None and [(b.player, b.amount) for b in auction.bids] == [
        ("Alice", 1700)]


def test_m22_the_tally_fits_a_tablet(browser: Any, live_server: LiveServer,
                                     web_actions: WebActions) -> None:
    """Issue 16 point 7 (shot 79): Multimillionær's tally was 1 109 px wide in a 998 px
    box at 1024 px, its worth column ("Formue") out of sight; every column now shows."""
    web_actions.new_game("Ola", "Kari", "Per", edition="multimillionaer")
    web_actions.send(cmd="debt_note", player="Ola")
    console = page_at(browser, live_server, web_actions.banker, r"/(\\?.*)?$",
                      {"width": 1024, "height": 768})
    console.goto(f"{live_server.url}/tally/{web_actions.game}?lang=nb")
    table = console.locator("#tally")
    expect(table).to_be_visible(timeout=TIMEOUT)
    widths = table.evaluate("t => [t.scrollWidth, t.closest('.table-wrap').clientWidth]")
    console.screenshot(path="/tmp/h17-mmfix-tally-console.png", full_page=True)
    assert widths[0] <= widths[1], widths
    total = table.locator('td[data-key="total"]').first
    box = total.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 1024

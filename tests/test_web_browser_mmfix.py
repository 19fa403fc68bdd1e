"""Issue 16, a fresh family's Multimillionær findings (branch h17-mmfix), in Chromium:
the phone at 390x844, the console at 1024x768.  Screenshots go to /tmp/h17-mmfix-*.png."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits
from tests.test_web_browser_dice import PHONE, page_at


def pad_top(phone: Page) -> float:
    box = phone.locator("#turn-pad").bounding_box()
    assert box is not None
    return float(box["y"])


def test_c3_a_first_die_tapped_survives_a_live_update_and_the_pad_stays_put(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Issue 16 point 3 (shots 17, 22): an auction opened and closed by the banker while
    Alice has tapped her first die keeps the tap (the same roll is still due); the pad
    does not move when the auction card comes and goes; the pair rolls (C3)."""
    web_actions.new_game("Alice", "Bob")
    alice = page_at(browser, live_server, web_actions.players["Alice"], "/wallet", PHONE)
    expect(alice.locator("#turn-pad-title")).to_have_text("Your turn: tap the two dice")
    before = pad_top(alice)
    first = alice.locator('#turn-pad .die-row[data-die="0"] [data-face="3"]')
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    assert web_actions.send(cmd="auction_open", space="Rådhusplassen").json["ok"]
    expect(alice.locator("#auction-card")).to_be_visible(timeout=TIMEOUT)
    alice.screenshot(path="/tmp/h17-mmfix-pad-auction-phone.png")
    assert pad_top(alice) == before
    assert web_actions.send(cmd="auction_cancel").json["ok"]
    expect(alice.locator("#auction-card")).to_be_hidden(timeout=TIMEOUT)
    assert pad_top(alice) == before
    expect(first).to_have_attribute("aria-pressed", "true")
    alice.locator('#turn-pad .die-row[data-die="1"] [data-face="4"]').click()
    expect(alice.locator("#roll-line")).to_have_text("Alice rolled 3 + 4", timeout=TIMEOUT)
    expect(alice.locator("#where")).to_have_text("On Sjanse", timeout=TIMEOUT)  # 7
    expect(alice.locator("#cash")).to_have_text(digits(30_000))

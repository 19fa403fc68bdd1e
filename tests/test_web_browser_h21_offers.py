"""A fresh family's play-test (h21), in Chromium: (1) a lander who owes a debt (C21) is
offered the auction of the deed, not a "Buy for …" the core refuses (C4: a deed the lander
does not buy goes to auction at once); (2) the console's undo question names the command
it will undo even when a phone's command arrives while it shows.  NO 1996 (seed 002):
30 000 kr each (C1), Inntektsskatt 4 000 kr (C11), Prinsens gate 2 000 kr.  Screenshots at
390x844 and 1024x768 under /tmp/shots/h21-offers/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_console_screen import TABLET, console_at
from tests.test_web_browser_dice import PHONE, Taps, page_at

SHOTS = Path("/tmp/shots/h21-offers")


def sent(actions: WebActions, token: str | None = None, **command: Any) -> None:
    answer = actions.send(token, **command)
    assert answer.status_code == 200, answer.json


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_c21_a_lander_who_owes_is_offered_the_auction_not_the_buy(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Alice keeps 1 000 kr and rolls 2 + 2 onto Inntektsskatt (a debt of 3 000 kr), then
    2 + 2 onto Prinsens gate: her phone and the console offer only "To auction" and say
    why; one tap opens the auction (as before: no tap more).  Once the bank pays her
    5 000 kr the debt is paid (C21) and "Buy for 2,000 kr" is back."""
    web_actions.new_game("Alice", "Bob", "Carol")
    sent(web_actions, cmd="pay", from_="Alice", to="bank", amount=29_000)
    alice = page_at(browser, live_server, web_actions.players["Alice"], "/wallet", PHONE)
    console = console_at(browser, live_server, web_actions, TABLET)
    taps = Taps()
    taps.dice(alice, 2, 2)
    expect(alice.locator("#turn-pad")).to_contain_text("tap the two dice", timeout=TIMEOUT)
    taps.dice(alice, 2, 2)
    landed = alice.locator("#landed")
    expect(landed).to_contain_text("You owe a debt: raise money to pay it first, then you "
                                   "can buy Prinsens gate — or send it to auction",
                                   timeout=TIMEOUT)
    expect(landed.get_by_role("button", name="To auction")).to_be_visible()
    expect(alice.get_by_role("button", name="Buy for 2,000 kr")).to_have_count(0)
    offer = console.locator("#turn-offer")
    expect(offer).to_contain_text("Alice owes a debt: once it is paid, Prinsens gate can be "
                                  "bought — or send it to auction", timeout=TIMEOUT)
    expect(offer.get_by_role("button", name="To auction")).to_be_visible()
    expect(offer.get_by_role("button", name="Buy for 2,000 kr")).to_have_count(0)
    shoot(alice, "debt-offer-phone")
    shoot(console, "debt-offer-console")

    sent(web_actions, cmd="pay", from_="bank", to="Alice", amount=5_000)
    expect(alice.get_by_role("button", name="Buy for 2,000 kr")).to_be_visible(timeout=TIMEOUT)
    expect(offer.get_by_role("button", name="Buy for 2,000 kr")).to_be_visible()
    assert web_actions.state()["players"][0]["debts"] == []

    sent(web_actions, cmd="pay", from_="Alice", to="bank", amount=2_000 + 500)  # owes 500
    expect(alice.get_by_role("button", name="Buy for 2,000 kr")).to_have_count(0,
                                                                              timeout=TIMEOUT)
    taps.tap(landed.get_by_role("button", name="To auction"))
    expect(console.locator("#auction-live")).to_contain_text("Prinsens gate", timeout=TIMEOUT)
    assert web_actions.state()["auction"]["decliner"] == "Alice"
    assert taps.count == 5  # four dice and the one tap to auction: no tap more than before


def test_undo_question_follows_a_phone_command_that_arrives_while_it_shows(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """The banker taps Undo: it names Alice's 100 kr to the bank.  Bob pays the bank 20 kr
    from his phone while the question shows: it now names Bob's payment, and yes undoes
    that one (Bob has 30 000 kr again, C1), not Alice's."""
    web_actions.new_game("Alice", "Bob")
    sent(web_actions, cmd="pay", from_="Alice", to="bank", amount=100)
    console = console_at(browser, live_server, web_actions, TABLET)
    console.locator("#turn-panel").get_by_role("button", name="Undo").click()
    text = console.locator("#confirm-text")
    expect(text).to_contain_text("Alice", timeout=TIMEOUT)
    expect(text).to_contain_text("100")
    sent(web_actions, web_actions.players["Bob"], cmd="pay", from_="Bob", to="bank",
         amount=20)
    expect(text).to_contain_text("Bob", timeout=TIMEOUT)
    expect(text).to_contain_text("20")
    expect(text).not_to_contain_text("Alice")
    shoot(console, "undo-reworded-console")
    console.locator(".confirm-yes").click()
    expect(console.locator("#confirm-step")).to_be_hidden()
    for _ in range(50):
        if web_actions.cash("Bob") == 30_000:
            break
        console.wait_for_timeout(100)
    assert web_actions.cash("Bob") == 30_000
    assert web_actions.cash("Alice") == 30_000 - 100

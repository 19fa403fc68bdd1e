"""A fresh family's play-test (h23), in Chromium: three findings on the player's phone
(390x844, Norwegian: the family's language) with the real server.

1. C21: while the player to roll owes a debt the core holds the turn; the NEXT player's
   phone says why it has no dice ("Venter: Kari må betale gjelden sin først"), and the
   dice come back once the debt is paid.
2. C4/M4: a Kjøp whose figures the edition lacks (Multimillionær: the price, then the
   mortgage value, asked once on the console, h21) answered "Ikke nå" by the banker buys
   nothing, and the phone says so and what comes next (the deed is still for sale: buy it
   or send it to auction) instead of "this counts once it is entered".
3. C4: cash (and all that could be raised) short of the price: no Kjøp, and one sentence
   why; a bid may not exceed the bidder's cash (C4, the core's NotEnoughCash): a player
   with 0 kr sees why they cannot bid instead of bid buttons, a raise over the cash is
   disabled.

NO 1996 (seed 002): 30 000 kr each (C1), Kirkeveien (3) costs 1 200 kr; Multimillionær
150 000 kr each (M1).  Screenshots go to shots/ of the worktree (not committed)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser import joined, shoot
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits
from tests.test_web_browser_dice import PHONE, TABLET, page_at

KIRKEVEIEN = 3  # NO 1996: 1 200 kr (C4)
FROGNERVEIEN = 3  # Multimillionær: its price and mortgage value are asked once (h21)


def sent(actions: WebActions, **command: Any) -> None:
    answer = actions.send(**command)
    assert answer.status_code == 200, answer.json


def phone(browser: Any, server: LiveServer, token: str) -> Page:
    """A player's wallet at 390x844 in Norwegian, live."""
    page: Page = joined(browser, server.url, token, PHONE, "nb", "/wallet")
    return page


def test_c21_the_next_phone_says_it_waits_for_the_debt(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Kari rolls 4 + 6 (just visiting, 10) and pays the bank 40 000 kr with 30 000 kr:
    she owes 10 000 kr (C21), so Ola may not roll; his phone says why, 0 taps."""
    web_actions.new_game("Kari", "Ola")
    ola = phone(browser, live_server, web_actions.players["Ola"])
    sent(web_actions, cmd="roll", player="Kari", dice=[4, 6])
    sent(web_actions, cmd="pay", from_="Kari", to="bank", amount=40_000)
    assert web_actions.state()["turn"]["roller"] is None  # the core holds the turn
    title = ola.locator("#turn-pad-title")
    expect(title).to_have_text("Venter: Kari må betale gjelden sin først", timeout=TIMEOUT)
    expect(ola.locator("#turn-pad .die-row").first).to_be_hidden()
    shoot(ola, "h23-1-next-waits-for-debt-390x844")
    sent(web_actions, cmd="pay", from_="bank", to="Kari", amount=10_000)  # cash pays the debt
    expect(ola.locator('#turn-pad .die-row[data-die="0"]')).to_be_visible(timeout=TIMEOUT)
    expect(title).to_have_text("Du kaster nå: terningene dine starter turen din")


def test_c4_not_now_on_the_console_buys_nothing_and_the_phone_says_so(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """M4: Alice's car stops on Frognerveien; Kjøp (1 tap) asks its price on the console;
    "Ikke nå" buys nothing: Alice's phone says so; the price entered, "Ikke nå" to the
    mortgage value (h21) the same; a third Kjøp with both figures buys it (4 000 kr)."""
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    console = page_at(browser, live_server, web_actions.banker, r"/(\?.*)?$", TABLET)
    alice = phone(browser, live_server, web_actions.players["Alice"])
    sent(web_actions, cmd="ola_roll", player="Alice", dice=[4, 6])  # Ferieparadiset (M4)
    sent(web_actions, cmd="roll", player="Alice", dice=[1, 2])
    buy = alice.locator("#landed-actions button.primary")
    status = alice.locator("#status .status-text")
    asked = re.compile("bankieren blir spurt")
    nothing = ("Ingenting ble kjøpt: Frognerveien er fortsatt til salgs. Trykk Kjøp for å "
               "spørre bankieren igjen, eller send den til auksjon.")
    cancel, ask_input = console.locator("#ask-cancel"), console.locator("#ask-inputs input")
    record = console.locator("#ask-form button:not([type])").first

    buy.click()  # Kjøp: the price is asked
    expect(status).to_have_text(asked, timeout=TIMEOUT)
    expect(cancel).to_be_visible(timeout=TIMEOUT)
    cancel.click()  # the banker: "Ikke nå"
    expect(status).to_have_text(nothing, timeout=TIMEOUT)
    shoot(alice, "h23-2-not-now-nothing-bought-390x844")
    state = web_actions.state()
    assert state["turn"]["for_sale"] == FROGNERVEIEN and web_actions.cash("Alice") == 150_000

    buy.click()  # again: the price entered, then the mortgage value is asked (h21)
    expect(cancel).to_be_visible(timeout=TIMEOUT)
    ask_input.fill("4000")
    record.click()
    expect(console.locator("#ask-prompt")).to_contain_text("mortgage value", timeout=TIMEOUT)
    expect(status).to_have_text(asked)  # still waiting: nothing counted yet
    cancel.click()
    expect(status).to_have_text(nothing, timeout=TIMEOUT)
    assert web_actions.state()["players"][0]["spaces"] == []

    buy.click()  # both figures now: the buy counts
    expect(cancel).to_be_visible(timeout=TIMEOUT)
    ask_input.fill("2000")
    record.click()
    expect(alice.locator("#cash")).to_have_text(digits(146_000), timeout=TIMEOUT)
    expect(status).not_to_have_text(asked, timeout=TIMEOUT)
    expect(status).not_to_have_text(nothing)


def test_c4_short_of_the_price_says_why_and_no_bid_without_cash(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Kari has 500 kr (paid 29 500 kr) and stops on Kirkeveien (1 200 kr): no Kjøp, one
    sentence why, "Til auksjon" (1 tap).  Ola has 0 kr: no bid buttons, the reason;
    Kari may raise +100 and +500, not +1 000 (more than her cash)."""
    web_actions.new_game("Kari", "Ola")
    sent(web_actions, cmd="pay", from_="Kari", to="bank", amount=29_500)
    sent(web_actions, cmd="pay", from_="Ola", to="bank", amount=30_000)
    kari, ola = (phone(browser, live_server, web_actions.players[n]) for n in ("Kari", "Ola"))
    sent(web_actions, cmd="roll", player="Kari", dice=[1, 2])
    title = kari.locator("#landed-title")
    expect(title).to_have_text(
        re.compile(r"^Du har ikke nok penger til å kjøpe Kirkeveien \(pris 1.200.kr\)$"),
        timeout=TIMEOUT)
    buttons = kari.locator("#landed-actions button")
    expect(buttons).to_have_count(1)
    expect(buttons).to_have_text("Til auksjon")
    shoot(kari, "h23-3-short-of-the-price-390x844")

    buttons.click()  # 1 tap: the auction opens (C4)
    why = ola.locator("#bid-why")
    expect(why).to_have_text(
        re.compile(r"^Du kan ikke by: du har 0.kr, og laveste bud nå er 1.kr\.$"),
        timeout=TIMEOUT)
    expect(ola.locator("#bid")).to_be_hidden()
    shoot(ola, "h23-3-no-cash-no-bid-390x844")
    expect(kari.locator("#bid")).to_be_visible()
    expect(kari.locator("#bid-why")).to_be_hidden()
    raises = kari.locator("#bid [data-raises] button")
    expect(raises).to_have_count(3)
    for step, usable in ((100, True), (500, True), (1000, False)):
        raise_ = kari.locator(f'#bid [data-raises] button[data-step="{step}"]')
        (expect(raise_).to_be_enabled if usable else expect(raise_).to_be_disabled)()
    shoot(kari, "h23-3-raises-over-cash-disabled-390x844")

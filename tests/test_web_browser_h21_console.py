"""A fresh family's play-test (h21), in Chromium: small faults of the console (1024x768)
and the phones (390x844).  The console's own confirm step instead of the browser's
(cancelling an auction, C4; a new QR code); "More" closing folds the QR codes and shows the
board again; the "Table screen" link opens /board (the README's table screen), the
simulated table /table is "LED strip and buttons"; a phone's debt notice (C21) leaves the
wallet's cash in sight; the "estimated rent" badge says what it means (issue 15 point 9);
a phone's question reads as the player asking (nb).  NO 1996 (seed 002): 30 000 kr each
(C1); Verdens underverker's rents are the standard deed × 20.  Screenshots under
/tmp/shots/h21-console/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_console_screen import TABLET, console_at
from tests.test_web_browser_dice import PHONE, page_at

SHOTS = Path("/tmp/shots/h21-console")
PARKVEIEN = 1  # NO 1996: the first street (C4: a landed deed goes to auction)


def sent(actions: WebActions, **command: Any) -> None:
    answer = actions.send(**command)
    assert answer.status_code == 200, answer.json


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def no_native_dialog(page: Page) -> None:
    page.on("dialog", lambda d: (_ for _ in ()).throw(AssertionError(d.message)))


def test_c4_cancelling_an_auction_asks_in_the_page_in_two_taps(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Ola")
    sent(web_actions, cmd="land", player="Kari", space=PARKVEIEN)
    sent(web_actions, cmd="auction_open", space=PARKVEIEN)
    console = console_at(browser, live_server, web_actions, TABLET)
    no_native_dialog(console)
    cancel = console.locator("#auction-cancel")
    expect(cancel).to_be_visible(timeout=TIMEOUT)
    step = console.locator("#confirm-step")
    cancel.click()
    expect(step.locator("#confirm-text")).to_have_text("Cancel the auction without a sale?")
    shoot(console, "auction-cancel-asks-1024x768")
    step.locator(".confirm-no").click()
    expect(step).to_be_hidden()
    assert web_actions.state()["auction"] is not None  # "Cancel" cancelled nothing

    cancel.click()  # tap 1
    expect(step.locator(".confirm-yes")).to_have_text("Cancel the auction")
    step.locator(".confirm-yes").click()  # tap 2
    expect(console.locator("#auction-live")).to_be_hidden(timeout=TIMEOUT)
    assert web_actions.state()["auction"] is None
    assert web_actions.cash("Kari") == 30_000  # C1: no sale, no money moved


def test_more_closing_folds_the_qr_codes_and_shows_the_board_again(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Ola", "Per", "Lise")
    console = console_at(browser, live_server, web_actions, TABLET)
    qr_open = console.locator("#players details.qr[open]")
    expect(qr_open).to_have_count(4)  # joining: every QR code shows
    sent(web_actions, cmd="pay", from_="bank", to="Kari", amount=100)  # play starts
    expect(console.locator("#more")).to_be_hidden(timeout=TIMEOUT)
    expect(qr_open).to_have_count(0)  # folded with "More"

    toggle = console.locator("#more-toggle")
    toggle.click()
    console.locator('[data-player="Per"] details.qr summary').click()
    expect(qr_open).to_have_count(1)
    console.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    shoot(console, "more-open-scrolled-1024x768")
    toggle.click()  # Playwright scrolls it into view first, as the banker does
    expect(console.locator("#more")).to_be_hidden()
    expect(qr_open).to_have_count(0)
    console.wait_for_function("window.scrollY === 0")
    board = console.locator("#console-board").bounding_box()
    assert board is not None and board["y"] >= 0  # its top row in sight
    shoot(console, "more-closed-1024x768")


def test_the_table_screen_link_opens_the_board_and_the_lights_have_their_own_name(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Ola")
    console = console_at(browser, live_server, web_actions, TABLET)
    lights = console.get_by_role("link", name="LED strip and buttons")
    assert lights.get_attribute("href") == "/table"
    console.get_by_role("link", name="Table screen").click()
    console.wait_for_url(re.compile(r"/board\?game="), timeout=TIMEOUT)
    expect(console.locator("#board")).to_be_visible(timeout=TIMEOUT)  # no key form
    expect(console.locator("#board-players")).to_contain_text("Kari", timeout=TIMEOUT)


def test_c21_the_debt_notice_leaves_the_phones_cash_in_sight(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Kari pays the bank 31 000 kr with 30 000 kr (C21: she pays what she has and owes
    1 000 kr): the notice says so below her cash and where she stands."""
    web_actions.new_game("Kari", "Ola")
    kari = page_at(browser, live_server, web_actions.players["Kari"], "/wallet", PHONE)
    kari.wait_for_timeout(300)  # the first history read: where news starts
    sent(web_actions, cmd="pay", from_="Kari", to="bank", amount=31_000)
    notice = kari.locator("#money-notice")
    expect(notice).to_be_visible(timeout=TIMEOUT)
    expect(notice).to_contain_text("owe the bank 1,000")
    expect(kari.locator("#cash")).to_have_text(re.compile(r"^0\s?kr$"), timeout=TIMEOUT)
    shoot(kari, "phone-debt-notice-390x844")
    top = notice.bounding_box()
    assert top is not None
    for part in ("header.bar h1", "#cash", "#where"):
        box = kari.locator(part).bounding_box()
        assert box is not None and box["y"] + box["height"] <= top["y"], part


def test_the_estimated_rent_badge_says_what_it_means(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Verdens underverker's rents are "scaled x20" (issue 15 point 9): the badge's title,
    and a tap on it, say why — on the owner's phone and on the console."""
    web_actions.new_game("Ada", "Bo", edition="verdens-underverker-2003")
    sent(web_actions, cmd="buy", player="Ada", space=1)
    sent(web_actions, cmd="land", player="Bo", space=1)
    why = ("Estimated rent: the card's own figures are not known here, so the rent is the "
           "standard deed's scaled up. Check it against the card.")
    ada = page_at(browser, live_server, web_actions.players["Ada"], "/wallet", PHONE)
    console = console_at(browser, live_server, web_actions, TABLET)
    for page in (ada, console):
        mark = page.locator("#claims .estimate-mark")
        expect(mark).to_have_attribute("title", why, timeout=TIMEOUT)
        mark.click()
        expect(page.locator("#status")).to_have_text(re.compile(re.escape(why)))
    shoot(ada, "phone-estimate-why-390x844")
    shoot(console, "console-estimate-why-1024x768")


def test_a_phones_question_reads_as_the_player_asking_in_bokmal(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Not "Fra telefonen til Kari" (from the phone to Kari): Kari asks from her phone."""
    web_actions.new_game("Kari", "Ola")
    context = browser.new_context(viewport=TABLET)
    context.add_cookies([{"name": "companion_lang", "value": "nb", "url": live_server.url}])
    console = context.new_page()
    console.goto(f"{live_server.url}/join/{web_actions.banker}")
    console.wait_for_url(re.compile(r"/(\?.*)?$"), timeout=TIMEOUT)
    said = console.evaluate("Companion.fmt('%(player)s asks from their phone: %(prompt)s',"
                            " {player: 'Kari', prompt: 'Skriv inn leien'})")
    assert said == "Kari spør fra telefonen: Skriv inn leien"

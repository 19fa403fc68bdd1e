"""Issue 15 point 14 in Chromium (tablet 1024×768, phones 390×844): the classic trial's
small fixes — the auction and Buy offer the deed just landed on, also after a reload (C4);
a payment defaults from the player to roll to the bank; a bankrupt player is out of every
list and their phone shows they are out and the tally (C21); the tally fits a phone; the
icon is served; the console links the editions and the table screen."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_offers import PHONE, SHOTS, TABLET, page_at

KIRKEVEIEN = 3  # NO 1996: 1 200 kr, not the first deed of the board
TAX_SPACE = 4


def test_issue15_14_the_auction_and_buy_offer_the_landed_deed_after_a_reload(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Ola", "Per")
    web_actions.send(cmd="land", player="Kari", space=KIRKEVEIEN)
    console = page_at(browser, live_server, web_actions.banker, TABLET)  # a (re)load
    buy = console.locator('form[data-cmd="buy"]')
    expect(buy.locator("[name=space]")).to_have_value(str(KIRKEVEIEN))
    expect(buy.locator("[name=player]")).to_have_value("Kari")
    expect(console.locator("#auction-open [name=what]")).to_have_value(str(KIRKEVEIEN))
    console.reload()
    expect(buy.locator("[name=space]")).to_have_value(str(KIRKEVEIEN), timeout=TIMEOUT)
    console.screenshot(path=f"{SHOTS}/fixes-landed-console.png", full_page=True)
    # Kari declines: one tap on the first screen's "To auction" opens the auction of the
    # deed she landed on (C4; issue 16 point 4: the by-hand form is in "More")
    console.locator("#turn-offer").get_by_role("button", name="To auction").click()
    expect(console.locator("#auction-what")).to_contain_text("Kirkeveien", timeout=TIMEOUT)
    assert web_actions.state()["auction"]["index"] == KIRKEVEIEN


def test_issue15_14_the_auction_follows_a_landing_entered_on_the_console(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Ola")
    console = page_at(browser, live_server, web_actions.banker, TABLET)
    landed = console.locator('form[data-cmd="land"]')
    landed.locator("[name=space]").select_option(str(KIRKEVEIEN))
    landed.get_by_role("button", name="Landed").click()
    expect(console.locator("#auction-open [name=what]")).to_have_value(str(KIRKEVEIEN),
                                                                       timeout=TIMEOUT)
    expect(console.locator('form[data-cmd="auction_sold"] [name=space]')).to_have_value(
        str(KIRKEVEIEN))


def test_issue15_14_a_payment_defaults_from_the_player_to_roll_to_the_bank(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Ola")
    web_actions.send(cmd="next_turn")  # Ola to roll
    console = page_at(browser, live_server, web_actions.banker, TABLET)
    pay = console.locator('form[data-cmd="pay"]')
    expect(pay.locator("[name=from]")).to_have_value("Ola")
    expect(pay.locator("[name=to]")).to_have_value("bank")
    pay.locator("[name=amount]").fill("1000")  # a tax card: one field, one tap
    pay.get_by_role("button", name="Pay").click()
    expect(console.locator("#status")).to_contain_text("Done", timeout=TIMEOUT)
    assert web_actions.cash("Ola") == 30_000 - 1000  # C1: 30 000 kr start capital


def test_issue15_14_c21_a_bankrupt_player_is_out_of_every_list_and_their_phone(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Ola", "Per")
    web_actions.send(cmd="pay", from_="Ola", to="bank", amount=29_500)  # Ola: 500
    web_actions.send(cmd="collect_each", to="Kari", amount=2000)  # Ola owes 1 500
    answer = web_actions.send(cmd="bankrupt", player="Ola", creditor="Kari")
    assert answer.status_code == 200, answer.json
    console = page_at(browser, live_server, web_actions.banker, TABLET)
    ola = page_at(browser, live_server, web_actions.players["Ola"], PHONE, r"/wallet")
    per = page_at(browser, live_server, web_actions.players["Per"], PHONE, r"/wallet")
    for select in ('form[data-cmd="pay"] [name=from]', 'form[data-cmd="pay"] [name=to]',
                   'form[data-cmd="land"] [name=player]', "#trade-form [name=party]"):
        expect(console.locator(select).first.locator('option[value="Ola"]')).to_have_count(
            0, timeout=TIMEOUT)  # out of the list, not greyed (h17-fix point 4)
    expect(per.locator('#pay [name=to] option[value="Ola"]')).to_have_count(0, timeout=TIMEOUT)
    expect(per.locator('#propose [name=party] option[value="Ola"]')).to_have_count(0)
    expect(ola.locator("#out")).to_be_visible(timeout=TIMEOUT)
    expect(ola.locator("#tally-link")).to_be_visible()
    for part in ("#pay", "#propose-box"):
        expect(ola.locator(part)).to_be_hidden()
    ola.screenshot(path=f"{SHOTS}/fixes-bankrupt-phone.png", full_page=True)
    console.screenshot(path=f"{SHOTS}/fixes-bankrupt-console.png", full_page=True)


def test_issue15_14_the_tally_fits_a_phone(browser: Any, live_server: LiveServer,
                                           web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Ola", "Per", "Anne-Marit")
    kari = page_at(browser, live_server, web_actions.players["Kari"], PHONE, r"/wallet")
    kari.goto(f"{live_server.url}/tally/{web_actions.game}")
    expect(kari.locator("#tally")).to_be_visible(timeout=TIMEOUT)
    kari.screenshot(path=f"{SHOTS}/fixes-tally-phone.png", full_page=True)
    assert kari.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    wrap = kari.locator(".table-wrap")  # the whole table in view, no sideways scrolling
    assert wrap.evaluate("e => e.scrollWidth <= e.clientWidth")
    box = kari.locator('tr[data-player="Anne-Marit"] td[data-key="total"]').bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]


def test_issue15_14_the_icon_and_the_bankers_menu(browser: Any, live_server: LiveServer,
                                                  web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Ola")
    console = page_at(browser, live_server, web_actions.banker, TABLET)
    icon = console.request.get(f"{live_server.url}/favicon.ico")
    assert icon.status == 200 and icon.headers["content-type"].startswith("image/svg")
    linked = console.locator("link[rel=icon]").get_attribute("href")
    assert console.request.get(f"{live_server.url}{linked}").status == 200
    console.get_by_role("link", name="Editions").click()
    console.wait_for_url(f"{live_server.url}/editions", timeout=TIMEOUT)
    console.go_back()
    console.get_by_role("link", name="LED strip and buttons").click()  # h21: /table's name
    console.wait_for_url(f"{live_server.url}/table", timeout=TIMEOUT)

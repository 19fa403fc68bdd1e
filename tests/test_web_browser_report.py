"""A new family's first game (their report), in the machine's Chromium against the app
served as ``companion serve`` serves it (:class:`web.server.TableServer`): one payment per
tap, undo that says what it undoes, the history in words, the console following the turn,
only sensible actions offered, nothing left to do once the game is over, a layout that
fits a phone and a tablet, and a replaced QR code."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits
from tests.test_web_browser_deals import console_for, page_for, wallet_for

PARKVEIEN, KIRKEVEIEN = 1, 3  # NO 1996, brown


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], width


def test_a_double_tap_pays_once_and_clears_the_form(browser: Any, live_server: LiveServer,
                                                    web_actions: WebActions) -> None:
    web_actions.new_game("Mor", "Far")
    far = wallet_for(browser, live_server, web_actions, "Far")
    held: list[Any] = []
    far.route("**/commands", lambda route: held.append(route))  # answered when we say so
    far.select_option("#pay select[name=to]", "Mor")
    far.fill("#pay input[name=amount]", "1500")
    far.fill("#pay input[name=memo]", "Sjanse")
    expect(far.locator("#pay .money-preview")).not_to_have_text("")
    pay = far.locator("#pay button:not([type=button])")
    pay.dblclick()
    far.evaluate("document.querySelector('#pay button:not([type=button])').click()")
    expect(pay).to_be_disabled()
    expect(far.locator("#status")).to_have_text(re.compile("Sending"))
    far.wait_for_timeout(300)
    assert len(held) == 1
    held[0].continue_()
    far.unroute("**/commands")

    status = far.locator("#pay #status")  # beside the form, in the page's flow
    expect(status).to_contain_text("Done: Far paid Mor 1,500 kr (Sjanse).", timeout=TIMEOUT)
    assert status.evaluate("s => getComputedStyle(s).position") == "static"
    expect(far.locator("#cash")).to_have_text(digits(28_500), timeout=TIMEOUT)
    expect(pay).to_be_enabled()
    for field in ("amount", "memo"):
        expect(far.locator(f"#pay input[name={field}]")).to_have_value("")
    expect(far.locator("#pay .money-preview")).to_have_text("")
    expect(status).to_be_hidden(timeout=TIMEOUT)  # "Done." goes away by itself
    pays = [r for r in web_actions.table.history(web_actions.game) if r["command"]["cmd"] == "pay"]
    assert len(pays) == 1 and len(held) == 1
    assert web_actions.cash("Mor") == 31_500

    far.fill("#pay input[name=amount]", "1.5")  # an error stays until dismissed
    far.evaluate("document.querySelector('#pay').noValidate = true")
    pay.click()
    expect(status).to_contain_text("whole number", timeout=TIMEOUT)
    far.wait_for_timeout(500)
    expect(status).to_be_visible()
    status.locator(".status-close").click()
    expect(status).to_be_hidden()


def test_undo_says_what_it_undoes_and_the_history_is_in_words(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Mor", "Far")
    web_actions.send(cmd="buy", player="Mor", space=PARKVEIEN)
    web_actions.send(cmd="land", player="Far", space=PARKVEIEN)
    console = console_for(browser, live_server, web_actions)
    history = console.locator("#history")
    expect(history.locator("li").first).to_have_text(
        "Far landed on Parkveien. Mor may claim 40 kr rent from Far.", timeout=TIMEOUT)
    expect(history).to_contain_text("Mor bought Parkveien for 1,200 kr.")

    undo = console.locator("button[data-cmd=undo]").first
    step = console.locator("#confirm-step")
    undo.click()
    expect(step).to_have_text(re.compile(
        "Undo this: Far landed on Parkveien. Mor may claim 40 kr rent from Far."),
        timeout=TIMEOUT)
    console.locator(".confirm-no").click()
    expect(step).to_be_hidden()
    assert web_actions.state()["claims"]  # cancelled: nothing undone

    undo.click()
    console.locator(".confirm-yes").click()
    expect(console.locator("#status")).to_have_text(re.compile(
        "Undone: Far landed on Parkveien."), timeout=TIMEOUT)
    struck = history.locator("li.undone")
    expect(struck).to_have_text("Far landed on Parkveien. Mor may claim 40 kr rent from Far. "
                                "(undone)", timeout=TIMEOUT)
    assert not web_actions.state()["claims"]
    undo.click()
    console.locator(".confirm-yes").click()
    expect(console.locator("#status")).to_contain_text("Undone: Mor bought Parkveien",
                                                       timeout=TIMEOUT)
    undo.click()
    expect(console.locator("#status")).to_contain_text("There is nothing to undo.",
                                                       timeout=TIMEOUT)
    expect(step).to_be_hidden()


def test_the_console_follows_the_turn_and_the_landing(browser: Any, live_server: LiveServer,
                                                      web_actions: WebActions) -> None:
    web_actions.new_game("Mor", "Far", "Ola")
    web_actions.send(cmd="buy", player="Mor", space=PARKVEIEN)
    console = console_for(browser, live_server, web_actions)
    land = console.locator('form[data-cmd="land"] select[name=player]')
    expect(land).to_have_value("Mor", timeout=TIMEOUT)
    land.select_option("Ola")
    buy = console.locator('form[data-cmd="buy"]')
    expect(buy.locator("select[name=space] option")).not_to_have_text(
        [re.compile("Parkveien")], timeout=TIMEOUT)
    expect(buy.locator("select[name=space]")).to_contain_text("Kirkeveien (1,200 kr)")

    web_actions.send(cmd="next_turn")
    expect(land).to_have_value("Far", timeout=TIMEOUT)
    for who in console.locator("select[data-turn]").all():
        expect(who).to_have_value("Far")

    console.locator("#dice-box summary").click()
    roll = console.locator('form[data-cmd="roll"]')
    roll.locator("input[name=dice]").nth(0).fill("1")
    roll.locator("input[name=dice]").nth(1).fill("2")
    roll.locator("button:not([type=button])").click()
    expect(console.locator("#roll-result")).to_have_text(
        "Far rolled 1 and 2 and landed on Kirkeveien.", timeout=TIMEOUT)
    expect(console.locator('[data-player="Far"] .where')).to_have_text("On Kirkeveien")
    expect(buy.locator("select[name=player]")).to_have_value("Far")
    expect(buy.locator("select[name=space]")).to_have_value(str(KIRKEVEIEN))
    buy.locator("button:not([type=button])").click()
    expect(console.locator('[data-player="Far"] .deeds')).to_contain_text("Kirkeveien",
                                                                          timeout=TIMEOUT)


def test_only_what_the_rules_could_allow_is_offered(browser: Any, live_server: LiveServer,
                                                    web_actions: WebActions) -> None:
    web_actions.new_game("Mor", "Far")
    for lot in (PARKVEIEN, KIRKEVEIEN):
        web_actions.send(cmd="buy", player="Mor", space=lot)
    web_actions.send(cmd="build", player="Mor", space=PARKVEIEN)
    mor = wallet_for(browser, live_server, web_actions, "Mor")
    park = mor.locator('li[data-deed="Parkveien"]')
    kirke = mor.locator('li[data-deed="Kirkeveien"]')
    expect(kirke.get_by_role("button", name=re.compile("Build for"))).to_have_count(
        1, timeout=TIMEOUT)
    expect(park.get_by_role("button", name=re.compile("Build for"))).to_have_count(0)  # evenly
    expect(park.get_by_role("button", name="Sell a building")).to_have_count(1)
    expect(mor.locator("#deeds").get_by_role("button", name=re.compile("Mortgage"))
           ).to_have_count(0)  # the group has a house
    mor.locator("#propose-box summary").click()
    expect(mor.locator(f"#propose input.deed[value='{PARKVEIEN}']")).to_be_disabled()

    console = console_for(browser, live_server, web_actions)
    build = console.locator('form[data-cmd="build"]')
    expect(build.locator("select[name=space] option")).to_have_text(["Kirkeveien"],
                                                                    timeout=TIMEOUT)
    sell = console.locator('form[data-cmd="sell_building"] select[name=space] option')
    expect(sell).to_have_text(["Parkveien (1 house)"])
    mortgage = console.locator('form[data-cmd="mortgage"]')
    expect(mortgage.locator("select[name=space]")).to_have_text("No deeds to choose from.")
    expect(mortgage.locator("button:not([type=button])")).to_be_disabled()

    kirke.get_by_role("button", name=re.compile("Build for")).click()
    expect(park.get_by_role("button", name=re.compile("Build for"))).to_have_count(
        1, timeout=TIMEOUT)
    expect(build.locator("select[name=space] option")).to_have_text(
        ["Parkveien (1 house)", "Kirkeveien (1 house)"], timeout=TIMEOUT)


def test_after_the_end_only_the_tally_and_undo(browser: Any, live_server: LiveServer,
                                               web_actions: WebActions) -> None:
    web_actions.new_game("Mor", "Far")
    web_actions.send(cmd="buy", player="Mor", space=PARKVEIEN)
    console = console_for(browser, live_server, web_actions)
    mor = wallet_for(browser, live_server, web_actions, "Mor")
    expect(mor.locator("#pay")).to_be_visible(timeout=TIMEOUT)
    web_actions.send(cmd="end_game")

    for page in (console, mor):
        link = page.locator("#tally-link a")
        expect(link).to_be_visible(timeout=TIMEOUT)
        assert link.evaluate("a => parseFloat(getComputedStyle(a).paddingTop)") > 4
    expect(console.locator("button[data-cmd=undo]")).to_be_visible()
    for hidden in (".quick button[data-cmd=next_turn]", ".quick button[data-cmd=end_game]",
                   'form[data-cmd="pay"]', 'form[data-cmd="build"]', "#auction-box",
                   "#trades-box", "#dice-box"):
        expect(console.locator(hidden)).to_be_hidden()
    for hidden in ("#pay", "#propose-box", '#deeds li[data-deed="Parkveien"] button'):
        expect(mor.locator(hidden)).to_be_hidden()
    expect(mor.locator("#deeds")).to_contain_text("Parkveien")

    console.locator("button[data-cmd=undo]").click()  # ending was a mistake
    console.locator(".confirm-yes").click()
    expect(mor.locator("#pay")).to_be_visible(timeout=TIMEOUT)
    expect(console.locator('form[data-cmd="pay"]')).to_be_visible()


def test_the_pages_fit_a_phone_and_a_tablet(browser: Any, live_server: LiveServer,
                                            web_actions: WebActions) -> None:
    web_actions.new_game("Mormor Ingrid", "Far", "Ola")
    for lot in (PARKVEIEN, KIRKEVEIEN):
        web_actions.send(cmd="buy", player="Mormor Ingrid", space=lot)
    web_actions.send(cmd="auction_open", space="Rådhusplassen")
    console = console_for(browser, live_server, web_actions)
    expect(console.locator("#auction-highest")).to_contain_text("No bids yet", timeout=TIMEOUT)
    assert console.locator("#turn-panel").inner_text().count("No bids yet.") == 1
    for width in (1280, 768):  # a tablet, then the same tablet in portrait
        console.set_viewport_size({"width": width, "height": 1024})
        no_sideways_scroll(console)
        for card in console.locator("#actions > form").all():
            right = card.evaluate("c => c.getBoundingClientRect().right")
            widest = card.evaluate(
                "c => Math.max(...[...c.querySelectorAll('select, input, button')]"
                ".map((e) => e.getBoundingClientRect().right))")
            assert widest <= right, (width, card.get_attribute("data-cmd"))

    phone = page_for(browser, live_server, web_actions.players["Mormor Ingrid"], r"/wallet")
    phone.set_viewport_size({"width": 320, "height": 640})
    expect(phone.locator("#auction-card")).to_be_visible(timeout=TIMEOUT)
    phone.locator("#propose-box summary").click()
    no_sideways_scroll(phone)


def test_a_new_qr_code_asks_first_and_the_old_phone_is_told(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """The question is the page's own confirm step, not window.confirm (a locked-down
    tablet browser may suppress native dialogs: the tap would do nothing, h21)."""
    web_actions.new_game("Mor", "Far")
    console = console_for(browser, live_server, web_actions)
    far = wallet_for(browser, live_server, web_actions, "Far")
    expect(far.locator("#conn")).to_have_text("live", timeout=TIMEOUT)
    old = web_actions.players["Far"]
    console.on("dialog", lambda d: (_ for _ in ()).throw(AssertionError(d.message)))
    card = console.locator('[data-player="Far"]')
    card.locator("details.qr").evaluate("d => { d.open = true; }")
    rotate = card.get_by_role("button", name="New QR code (lost phone)")
    rotate.click()
    step = console.locator("#confirm-step")
    expect(step).to_be_visible()
    expect(step.locator("#confirm-text")).to_have_text("The old QR code stops working. Continue?")
    step.locator(".confirm-no").click()
    expect(step).to_be_hidden()
    assert web_actions.tokens.lookup(old) is not None  # not replaced

    rotate.click()
    expect(step.locator(".confirm-yes")).to_have_text("New QR code (lost phone)")
    step.locator(".confirm-yes").click()  # 2 taps, as before with the browser's dialog
    console.wait_for_load_state()
    expect(far.locator("#lost")).to_have_text(
        "This phone's link is no longer valid — ask the banker for a new QR code.",
        timeout=TIMEOUT)
    expect(far.locator("#pay")).to_be_hidden()
    assert web_actions.tokens.lookup(old) is None

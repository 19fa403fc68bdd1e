"""A fresh family's findings after issue 16 (h17-fix), in Chromium: Back on the console
never shows a stale page.  Screenshots go to /tmp/h17-fix-*.png."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_board import TABLE, board_page
from tests.test_web_browser_classic_game import start_from_the_form
from tests.test_web_browser_console_screen import TABLET, console_at
from tests.test_web_browser_dice import PHONE, page_at
from tests.test_web_describe import bankrupt_with_a_mortgaged_deed


def test_back_after_starting_a_game_never_shows_the_empty_form(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """The banker starts a game from the form, then taps the browser's Back: the form was
    replaced, not pushed, so Back does not show the empty "New game" form again."""
    console = start_from_the_form(browser, live_server, web_actions, "monopol-no-1996",
                                  "Ola", "Kari", "Per")
    console.go_back()
    console.wait_for_load_state()
    expect(console.locator("#new-game")).to_be_hidden()


def test_back_to_the_console_loads_the_game_not_a_stored_form(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """The console at ``/`` shows the new-game form; the game is then started (another
    tablet); the banker opens /board and taps Back: ``/`` loads afresh (no-store, and a
    page restored from the back-forward cache reloads) and shows the running game."""
    console = browser.new_context(viewport=TABLET).new_page()
    console.goto(f"{live_server.url}/join/{web_actions.banker}")
    expect(console.locator("#new-game")).to_be_visible(timeout=TIMEOUT)
    web_actions.new_game("Ola", "Kari", "Per")
    console.goto(f"{live_server.url}/board")
    console.go_back()
    console.wait_for_load_state()
    assert console.url.endswith("/")
    expect(console.locator("#players [data-player]")).to_have_count(3, timeout=TIMEOUT)
    expect(console.locator("#new-game")).to_be_hidden()
    expect(console.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    console.screenshot(path="/tmp/h17-fix-back-tablet.png")


def test_undo_names_the_command_and_asks_once(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Alice paid the bank 100 kr; the console's Undo names that payment in the page's
    own confirm step: Cancel undoes nothing, yes undoes it (Alice has her starting cash
    back, C1)."""
    web_actions.new_game("Alice", "Bob")
    start = web_actions.cash("Alice")
    answer = web_actions.send(cmd="pay", from_="Alice", to="bank", amount=100)
    assert answer.status_code == 200, answer.json
    console = console_at(browser, live_server, web_actions, TABLET)
    undo = console.locator("#turn-panel").get_by_role("button", name="Undo")
    undo.click()
    step = console.locator("#confirm-step")
    expect(step).to_be_visible(timeout=TIMEOUT)
    expect(step).to_contain_text("Undo this: ")
    expect(step).to_contain_text("Alice")
    expect(step).to_contain_text("100")
    console.screenshot(path="/tmp/h17-fix-undo-tablet.png")
    console.locator(".confirm-no").click()
    expect(step).to_be_hidden()
    assert web_actions.cash("Alice") == start - 100
    undo.click()
    console.locator(".confirm-yes").click()
    expect(step).to_be_hidden()
    for _ in range(50):
        if web_actions.cash("Alice") == start:
            break
        console.wait_for_timeout(100)
    assert web_actions.cash("Alice") == start


def bankrupt_in_his_turn(actions: WebActions) -> None:
    """Per (first in seat order, to roll) pays the bank 29 500 kr of his 30 000 (C1), owes
    Ola 2 000 kr he cannot pay and goes bankrupt to Ola in his own turn (C21)."""
    actions.new_game("Per", "Ola", "Kari")
    for command in ({"cmd": "pay", "from_": "Per", "to": "bank", "amount": 29_500},
                    {"cmd": "collect_each", "to": "Ola", "amount": 2000},
                    {"cmd": "bankrupt", "player": "Per", "creditor": "Ola"}):
        answer = actions.send(**command)
        assert answer.status_code == 200, answer.json


def test_after_a_bankruptcy_in_his_turn_the_next_player_has_the_turn(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Per went bankrupt in his own turn: the console, /board and the phones name Ola, who
    rolls next (C3: the turn passes to the next player left), never "Per has the turn"."""
    bankrupt_in_his_turn(web_actions)
    state = web_actions.state()
    assert state["turn"]["player"] == "Per" and state["turn"]["next"] == "Ola"
    console = console_at(browser, live_server, web_actions, TABLET)
    expect(console.locator("#turn-who")).to_contain_text("Ola to roll", timeout=TIMEOUT)
    expect(console.locator('#player-strip [data-strip="Ola"]')).to_have_class(
        re.compile("to-roll"))
    expect(console.locator('#player-strip [data-strip="Per"]')).not_to_have_class(
        re.compile("to-roll"))
    console.screenshot(path="/tmp/h17-fix-bankrupt-turn-tablet.png")
    screen = board_page(browser, live_server, str(web_actions.tokens.viewer(web_actions.game)),
                        TABLE)
    expect(screen.locator("body")).to_contain_text("Ola to roll", timeout=TIMEOUT)
    expect(screen.locator("body")).not_to_contain_text("Per has the turn")
    screen.screenshot(path="/tmp/h17-fix-bankrupt-turn-board.png")
    ola = page_at(browser, live_server, web_actions.players["Ola"], "/wallet", PHONE)
    expect(ola.locator("#badges")).to_contain_text("to roll", timeout=TIMEOUT)
    per = page_at(browser, live_server, web_actions.players["Per"], "/wallet", PHONE)
    expect(per.locator("#badges")).to_have_text("bankrupt", timeout=TIMEOUT)
    ola.screenshot(path="/tmp/h17-fix-bankrupt-turn-phone.png")


def test_a_bankrupt_player_leaves_the_lists_and_an_undo_brings_him_back(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """C21: Per is out of the game: no option names him in the console's pay and bankruptcy
    lists nor in Ola's Pay list (taken out, not greyed); undoing the bankruptcy puts him
    back in every list; he stays in the player cards (the tally and history keep him)."""
    bankrupt_in_his_turn(web_actions)
    console = console_at(browser, live_server, web_actions, TABLET)
    ola = page_at(browser, live_server, web_actions.players["Ola"], "/wallet", PHONE)
    lists = ('form[data-cmd="pay"] [name=from]', 'form[data-cmd="pay"] [name=to]',
             'form[data-cmd="bankrupt"] [name=player]',
             'form[data-cmd="bankrupt"] [name=creditor]')
    for select in lists:
        expect(console.locator(select).first.locator('option[value="Per"]')).to_have_count(
            0, timeout=TIMEOUT)
        expect(console.locator(select).first.locator('option[value="Kari"]')).to_have_count(1)
    expect(ola.locator('#pay [name=to] option[value="Per"]')).to_have_count(0, timeout=TIMEOUT)
    expect(ola.locator('#pay [name=to] option[value="Kari"]')).to_have_count(1)
    expect(console.locator('#players [data-player="Per"]')).to_have_count(1)
    answer = web_actions.send(cmd="undo")
    assert answer.status_code == 200, answer.json
    for select in lists:
        expect(console.locator(select).first.locator('option[value="Per"]')).to_have_count(
            1, timeout=TIMEOUT)
    expect(ola.locator('#pay [name=to] option[value="Per"]')).to_have_count(1, timeout=TIMEOUT)


def test_before_a_game_the_header_has_no_empty_pill(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """No game yet: the console's header ends with the language links, no empty live pill."""
    console = browser.new_context(viewport=TABLET).new_page()
    console.goto(f"{live_server.url}/join/{web_actions.banker}")
    expect(console.locator("#new-game")).to_be_visible(timeout=TIMEOUT)
    expect(console.locator("#conn")).to_be_hidden()
    console.screenshot(path="/tmp/h17-fix-no-game-tablet.png")


def test_the_auction_bid_form_lines_up(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """An open auction in bokmål: "Bud gitt ved bordet" and "Beløp" start their fields on
    one line (the amount preview below)."""
    web_actions.new_game("Ola", "Kari", "Per")
    answer = web_actions.send(cmd="auction_open", space=1)
    assert answer.status_code == 200, answer.json
    context = browser.new_context(viewport=TABLET)
    context.add_cookies([{"name": "companion_lang", "value": "nb", "url": live_server.url}])
    console = context.new_page()
    console.goto(f"{live_server.url}/join/{web_actions.banker}")
    form = console.locator('#auction-live form[data-cmd="bid"]')
    expect(form).to_be_visible(timeout=TIMEOUT)
    form.scroll_into_view_if_needed()
    console.screenshot(path="/tmp/h17-fix-auction-tablet.png")
    who = form.locator("[name=player]").bounding_box()
    amount = form.locator("[name=amount]").bounding_box()
    assert who and amount and abs(who["y"] - amount["y"]) <= 2, (who, amount)


def test_the_phones_pay_form_takes_digits_only_in_its_own_words(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Ola's Pay form (bokmål): "1e3", "-500", "0" and "12.5" pay nothing and each gets the
    page's own sentence (no browser bubble); "1000" pays 1 000 kr to the bank."""
    web_actions.new_game("Ola", "Kari")
    start = web_actions.cash("Ola")
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "companion_lang", "value": "nb", "url": live_server.url}])
    ola = context.new_page()
    ola.goto(f"{live_server.url}/join/{web_actions.players['Ola']}")
    pay = ola.locator("#pay")
    expect(pay).to_be_visible(timeout=TIMEOUT)
    field = pay.locator("[name=amount]")
    assert field.get_attribute("inputmode") == "numeric"
    pay.locator("[name=to]").select_option("bank")
    status = ola.locator("#status")
    for typed, words in (("1e3", "Skriv beløpet bare med sifre (0–9)."),
                         ("-500", "Skriv beløpet bare med sifre (0–9)."),
                         ("0", "Beløpet må være mer enn null."),
                         ("12.5", "Beløpet må være et helt tall, uten desimaler.")):
        field.fill(typed)
        pay.get_by_role("button", name="Betal").click()
        expect(status).to_contain_text(words, timeout=TIMEOUT)
        if typed == "0":
            ola.screenshot(path="/tmp/h17-fix-pay-zero-phone.png")
    assert web_actions.cash("Ola") == start
    field.fill("1000")
    pay.get_by_role("button", name="Betal").click()
    expect(status).not_to_contain_text("Beløpet", timeout=TIMEOUT)
    for _ in range(50):
        if web_actions.cash("Ola") == start - 1000:
            break
        ola.wait_for_timeout(100)
    assert web_actions.cash("Ola") == start - 1000


def test_the_creditors_phone_says_why_it_paid_the_bank_after_a_bankruptcy(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Per goes bankrupt to Ola with a mortgaged Parkveien: Ola's phone says the 60 kr
    to the bank was the interest on it (C19/C21), the console that Ola took it over."""
    bankrupt_with_a_mortgaged_deed(web_actions)
    ola = page_at(browser, live_server, web_actions.players["Ola"], "/wallet", PHONE)
    expect(ola.locator("#history")).to_contain_text(re.compile(
        r"You paid the bank 60\skr \(interest on the mortgaged Parkveien\)\."),
        timeout=TIMEOUT)
    ola.screenshot(path="/tmp/h17-fix-interest-phone.png", full_page=True)
    console = console_at(browser, live_server, web_actions, TABLET)
    expect(console.locator("#history")).to_contain_text(
        "Ola takes over Parkveien.", timeout=TIMEOUT)

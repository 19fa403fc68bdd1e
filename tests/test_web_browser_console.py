"""The banker's console and the phones for the classic rules (issue 3), in Chromium: the
new-game form's variants and house rules, the timed game's countdown and its "Time is up"
button, buildings and mortgages from a phone, debts with what could still be raised,
bankruptcy from the console and the tally it leads to."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits
from tests.test_web_browser_deals import console_for, not_reloaded, page_for, wallet_for


def start_from_the_form(console: Page, actions: WebActions, *names: str,
                        variant: str = "standard") -> None:
    inputs = console.locator("#new-game input[name=player]")
    for n, name in enumerate(names):
        inputs.nth(n).fill(name)
    console.select_option("#new-game select[name=variant]", variant)


def started(console: Page, actions: WebActions) -> None:
    console.get_by_role("button", name="Start the game").click()
    console.wait_for_url(re.compile(r"\?game="), timeout=TIMEOUT)
    actions.game = console.url.split("?game=", 1)[1]


def test_a_timed_game_counts_down_and_time_up_ends_it(browser: Any, live_server: LiveServer,
                                                      web_actions: WebActions) -> None:
    console = page_for(browser, live_server, web_actions.banker, r"/$", live=False)
    console.clock.install()
    console.reload()
    start_from_the_form(console, web_actions, "Alice", "Bob", variant="timed")
    console.fill("#new-game input[name=minutes]", "1")
    console.check("#new-game input[name=free_parking_pot]")
    started(console, web_actions)
    game = web_actions.state()["game"]
    assert (game["variant"], game["minutes"]) == ("timed", 1)
    assert game["house_rules"] == {"free_parking_pot": True, "auto_rent": False}
    assert all(not p["spaces"] for p in web_actions.state()["players"])  # no deal asked
    expect(console.locator("#pot")).to_contain_text("Free-parking pot", timeout=TIMEOUT)
    expect(console.locator("#clock")).to_have_text(re.compile(r"Time left: 0[01]:\d\d"),
                                                   timeout=TIMEOUT)
    expect(console.locator("#time-up")).to_be_hidden()

    console.clock.fast_forward("01:05")
    time_up = console.get_by_role("button", name="Time is up — end the game")
    expect(time_up).to_be_visible(timeout=TIMEOUT)
    time_up.click()
    expect(console.locator("#winner")).to_be_visible(timeout=TIMEOUT)
    expect(console.locator("#time-up")).to_be_hidden()
    assert web_actions.state()["game"]["over"] is True
    console.locator("#tally-link a").click()
    expect(console.locator("#tally")).to_be_visible(timeout=TIMEOUT)


def test_a_quick_game_deals_the_deeds_we_drew(browser: Any, live_server: LiveServer,
                                              web_actions: WebActions) -> None:
    console = page_for(browser, live_server, web_actions.banker, r"/$", live=False)
    start_from_the_form(console, web_actions, "Alice", "Bob", variant="quick")
    console.check("#new-game input[name=deal][value=chosen]")
    rows = console.locator("#deal-choice .deal-row")
    expect(rows.nth(0).locator(".deal-name")).to_have_text("Alice")
    for seat, deeds in enumerate((("1", "3"), ("5", "6"))):
        for n, deed in enumerate(deeds):
            rows.nth(seat).locator("select").nth(n).select_option(deed)
    started(console, web_actions)
    players = {p["name"]: p for p in web_actions.state()["players"]}
    assert [s["name"] for s in players["Alice"]["spaces"]] == ["Parkveien", "Kirkeveien"]
    assert [s["name"] for s in players["Bob"]["spaces"]] == ["Oslo S", "Kongens gate"]
    assert players["Alice"]["cash"] == 30_000 - 2 * 1200
    expect(console.locator('[data-player="Bob"] .deeds')).to_contain_text("Kongens gate",
                                                                         timeout=TIMEOUT)


def test_building_and_mortgages_from_the_phone(browser: Any, live_server: LiveServer,
                                               web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob")
    for lot in ("Parkveien", "Kirkeveien"):
        web_actions.send(cmd="buy", player="Alice", space=lot)
    alice = wallet_for(browser, live_server, web_actions, "Alice")
    park = alice.locator('li[data-deed="Parkveien"]')
    kirke = alice.locator('li[data-deed="Kirkeveien"]')
    park.get_by_role("button", name=re.compile("Build for")).click()
    expect(park).to_contain_text("Parkveien (1 house)", timeout=TIMEOUT)
    expect(alice.locator("#cash")).to_have_text(digits(26_600))
    expect(kirke.get_by_role("button", name=re.compile("Mortgage"))).to_have_count(0)
    park.get_by_role("button", name="Sell a building").click()
    alice.get_by_role("alertdialog").get_by_role("button", name="Sell").click()
    expect(alice.locator("#cash")).to_have_text(digits(27_100), timeout=TIMEOUT)
    kirke.get_by_role("button", name=re.compile("Mortgage for")).click()
    alice.get_by_role("alertdialog").get_by_role("button", name="Mortgage").click()
    expect(kirke).to_contain_text("mortgaged", timeout=TIMEOUT)
    expect(alice.locator("#cash")).to_have_text(digits(27_700))
    kirke.get_by_role("button", name=re.compile("Lift for 660")).click()
    expect(alice.locator("#cash")).to_have_text(digits(27_040), timeout=TIMEOUT)
    park.get_by_role("button", name=re.compile("Build for")).click()  # Kirkeveien was mortgaged
    expect(park).to_contain_text("1 house", timeout=TIMEOUT)
    not_reloaded(alice)


def test_console_offers_sensible_deeds_and_refusals_in_the_cores_words(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob")
    web_actions.send(cmd="buy", player="Alice", space="Parkveien")
    web_actions.send(cmd="jail", player="Alice")
    console = console_for(browser, live_server, web_actions)
    build = console.locator('form[data-cmd="build"]')  # Kirkeveien is still the bank's
    expect(build.locator("select[name=space]")).to_have_text("No deeds to choose from.",
                                                             timeout=TIMEOUT)
    expect(build.locator("button:not([type=button])")).to_be_disabled()
    jail = console.locator('form[data-cmd="jail"]')
    jail.locator("button:not([type=button])").click()
    expect(console.locator("#status")).to_contain_text("Alice is already in jail.",
                                                       timeout=TIMEOUT)
    expect(jail.locator("#status")).to_be_visible()  # next to the form it came from
    mortgage = console.locator('form[data-cmd="mortgage"]')
    mortgage.locator("button:not([type=button])").click()
    lift = console.locator('form[data-cmd="unmortgage"] select[name=space]')
    expect(lift).to_contain_text("Parkveien: lift for", timeout=TIMEOUT)
    expect(console.locator('[data-player="Alice"] .deeds')).to_contain_text("mortgaged")


def test_debts_could_still_raise_and_bankruptcy(browser: Any, live_server: LiveServer,
                                                web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob")
    web_actions.send(cmd="buy", player="Bob", space="Oslo S")  # Bob: 26 000
    web_actions.send(cmd="pay", from_="Bob", to="Alice", amount=25_500)  # Bob: 500
    web_actions.send(cmd="collect_each", to="Alice", amount=2000)  # Bob owes 1 500
    console = console_for(browser, live_server, web_actions)
    bob = wallet_for(browser, live_server, web_actions, "Bob")
    expect(bob.locator("#debts")).to_contain_text("You owe Alice", timeout=TIMEOUT)
    expect(bob.locator("#raisable")).to_contain_text("could still raise 2")  # Oslo S: 2 000
    card = console.locator('[data-player="Bob"]')
    expect(card.locator(".raisable")).to_contain_text("Could still raise 2")

    form = console.locator('form[data-cmd="bankrupt"]')
    form.locator("select[name=player]").select_option("Bob")
    form.locator("select[name=creditor]").select_option("Alice")
    expect(form.locator("[data-raisable]")).to_contain_text("Bob owes 1")
    form.locator("button:not([type=button])").click()
    console.get_by_role("alertdialog").get_by_role("button", name="Declare bankrupt").click()
    expect(console.locator("#status")).to_contain_text("can still raise", timeout=TIMEOUT)
    assert web_actions.state()["players"][1]["bankrupt"] is False

    bob.locator('li[data-deed="Oslo S"]').get_by_role("button", name=re.compile("Mortgage")).click()
    bob.get_by_role("alertdialog").get_by_role("button", name="Mortgage").click()
    expect(bob.locator("#debts")).to_contain_text("No debts.", timeout=TIMEOUT)
    web_actions.send(cmd="collect_each", to="Alice", amount=4000)  # Bob owes 3 500
    expect(bob.locator("#raisable")).to_contain_text(  # C21: 0 to raise, out (h23 debt)
        "cannot raise enough to pay 3", timeout=TIMEOUT)
    form.locator("button:not([type=button])").click()
    console.get_by_role("alertdialog").get_by_role("button", name="Declare bankrupt").click()
    expect(console.locator("#winner")).to_contain_text("Alice", timeout=TIMEOUT)
    expect(bob.locator("#tally-link")).to_be_visible(timeout=TIMEOUT)
    bob.locator("#tally-link a").click()
    expect(bob.locator("#tally-winner")).to_have_attribute("data-winner", "Alice")


def test_the_banker_records_a_trade_a_sale_repairs_and_dice(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob")
    web_actions.send(cmd="buy", player="Bob", space="Oslo S")
    web_actions.send(cmd="mortgage", player="Bob", space="Oslo S")  # Bob: 28 000
    console = console_for(browser, live_server, web_actions)

    sold = console.locator('form[data-cmd="auction_sold"]')
    sold.locator("select[name=space]").select_option("1")
    sold.locator("select[name=player]").select_option("Alice")
    sold.locator("input[name=price]").fill("900")
    sold.locator("button:not([type=button])").click()
    expect(console.locator('[data-player="Alice"] .deeds')).to_contain_text("Parkveien",
                                                                            timeout=TIMEOUT)

    console.locator("#trade-record summary").click()
    sides = console.locator("#trade-form .trade-side")
    sides.nth(0).locator("input[name=cash]").fill("3000")  # Alice gives 3 000
    lift = sides.nth(1).locator("input.lift[value='5']")
    sides.nth(1).locator("input.deed[value='5']").check()  # Bob gives Oslo S, mortgaged
    lift.check()  # Alice lifts it at once: 2 000 + 10 %
    console.get_by_role("button", name="Record the trade").click()
    expect(console.locator('[data-player="Alice"] .deeds')).to_contain_text("Oslo S",
                                                                            timeout=TIMEOUT)
    assert web_actions.cash("Alice") == 30_000 - 900 - 3000 - 2200
    assert web_actions.cash("Bob") == 28_000 + 3000

    repairs = console.locator('form[data-cmd="repairs"]')
    repairs.locator("input[name=per_house]").fill("250")
    repairs.locator("input[name=per_hotel]").fill("1000")
    repairs.locator("button:not([type=button])").click()
    expect(console.locator("#history")).to_contain_text("repairs", timeout=TIMEOUT)

    console.locator("#dice-box summary").click()
    roll = console.locator('form[data-cmd="roll"]')
    roll.locator("input[name=dice]").nth(0).fill("2")
    roll.locator("input[name=dice]").nth(1).fill("3")
    roll.locator("button:not([type=button])").click()
    expect(roll.locator("input[name=dice]").nth(0)).to_have_value("", timeout=TIMEOUT)
    assert web_actions.state()["players"][0]["position"] == 5
    not_reloaded(console)

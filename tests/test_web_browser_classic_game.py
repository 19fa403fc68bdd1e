"""Issue 15 "Done means" for the classic rule set, in the machine's Chromium: a short game of
classic NO 1996 (seed 002) and of Swedish 2008 (seed 001) through the screens only — the
banker starts it from the console's new-game form (tablet 1024×768), each player opens the
join link the console shows on a phone of their own (390×844), and every move is a tap on
a console or a phone: landings, a buy at the printed price, a house built and a deed
mortgaged on the phones, a landing that passes Start, the rent claimed on the owner's phone.
The banker ends the game on the console; on the tally page every row's columns add up to
its worth and the winner is the richest.  The Swedish game speaks Swedish, and a street's
name is asked once (point 13).  No command is POSTed by the test itself; it only reads the
state to compare the screens with the rule book's amounts.  Screenshots go to
/tmp/shots/h15-finish/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from companion.table import Table
from tests.conftest import TEST_SECRET, LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits
from tests.test_web_browser_mm_game import check_tally_rows
from web import create_app

SHOTS = Path("/tmp/shots/h15-finish")
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
SUBMIT = "button:not([type=button])"


@pytest.fixture
def app(table: Table) -> Flask:
    """No fixed language: the edition decides (live_server serves this app)."""
    return create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET, "SSE_HEARTBEAT": 0.5,
                       "SSE_MAX_SECONDS": 60, "LANGUAGE": None}, table=table)


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def start_from_the_form(browser: Any, server: LiveServer, actions: WebActions, edition: str,
                        *names: str) -> Page:
    """The banker opens the printed link on the tablet, picks the edition, types the
    players and taps Start (one tap)."""
    console = browser.new_context(viewport=TABLET).new_page()
    console.goto(f"{server.url}/join/{actions.banker}")
    expect(console.locator("#new-game")).to_be_visible(timeout=TIMEOUT)
    console.select_option("#new-game select[name=edition]", edition)
    for n, name in enumerate(names):
        console.locator("#new-game input[name=player]").nth(n).fill(name)
    console.locator("#new-game button.primary").click()
    console.wait_for_url(re.compile(r"\?game="), timeout=TIMEOUT)
    actions.game = console.url.split("?game=", 1)[1]
    expect(console.locator("#players [data-player]")).to_have_count(len(names))
    expect(console.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    console.evaluate("window.notReloaded = true")
    return console


def join(browser: Any, console: Page, name: str) -> Page:
    """A phone of its own opens the join link shown on ``name``'s card of the console."""
    link = console.locator(f'[data-player="{name}"] a.join-link').get_attribute("href")
    assert link and "/join/" in link
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(link)
    page.wait_for_url(re.compile(r"/wallet"), timeout=TIMEOUT)
    expect(page.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    page.evaluate("window.notReloaded = true")
    return page


def next_turn(console: Page, player: str) -> None:
    console.locator("button[data-cmd=next_turn]").click()
    expect(console.locator('form[data-cmd="land"] select[name=player]')).to_have_value(
        player, timeout=TIMEOUT)


def land(console: Page, player: str, space: int) -> None:
    form = console.locator('form[data-cmd="land"]')
    form.locator("select[name=player]").select_option(player)
    form.locator("select[name=space]").select_option(str(space))
    form.locator(SUBMIT).click()


def name_asked(console: Page, name: str) -> None:
    """Point 13: the deed's name, asked once: one field, one tap."""
    ask = console.locator("#ask-once")
    expect(ask).to_be_visible(timeout=TIMEOUT)
    expect(ask.locator("input")).to_have_count(1)
    ask.locator("input").fill(name)
    ask.locator(SUBMIT).click()
    expect(ask).to_be_hidden(timeout=TIMEOUT)


def matches_the_card(console: Page) -> None:
    """Point 9: an estimated figure's first use offers one tap, "matches the card"."""
    estimate = console.locator("#estimate")
    expect(estimate).to_be_visible(timeout=TIMEOUT)
    console.locator("#estimate-ok").click()
    expect(estimate).to_be_hidden(timeout=TIMEOUT)


def buy_landed(console: Page, player: str, space: int) -> None:
    """The Buy card follows the landing: its deed and buyer are already chosen (one tap)."""
    form = console.locator('form[data-cmd="buy"]')
    expect(form.locator("select[name=space]")).to_have_value(str(space), timeout=TIMEOUT)
    expect(form.locator("select[name=player]")).to_have_value(player)
    form.locator(SUBMIT).click()
    expect(console.locator(f'#players [data-player="{player}"] .deeds li')).not_to_have_count(
        0, timeout=TIMEOUT)


def deed_button(phone: Page, deed: str, words: str, confirm: bool = False) -> None:
    """The phone's own button on its deed row ("Build for 1 000 kr", "Inteckna för …")."""
    row = phone.locator(f'#deeds li[data-deed="{deed}"]')
    row.get_by_role("button", name=re.compile(words)).click()
    if confirm:  # issue 16 point 6: a sale or a mortgage asks once, in the page
        phone.get_by_role("alertdialog").get_by_role("button").last.click()


def cash(actions: WebActions, name: str, amount: int, *pages: Page) -> None:
    """The state and every page given show ``name``'s cash as ``amount``."""
    for page in pages:
        where = "#cash" if "/wallet" in page.url else f'#players [data-player="{name}"] .cash'
        expect(page.locator(where)).to_have_text(digits(amount), timeout=TIMEOUT)
    assert actions.cash(name) == amount


def end_and_tally(console: Page, phones: tuple[Page, ...], actions: WebActions,
                  names: tuple[str, str], edition: str) -> dict[str, int]:
    """The banker ends the game (a tap and the confirm); the phones show the end; on the
    tally page every row adds up and the richest is the winner."""
    console.locator("#actions button[data-cmd=end_game]").click()
    console.get_by_role("alertdialog").get_by_role("button").last.click()  # the confirm
    expect(console.locator("#winner")).to_be_visible(timeout=TIMEOUT)
    for phone in phones:
        expect(phone.locator("#winner")).to_be_visible(timeout=TIMEOUT)
        expect(phone.locator("#pay")).to_be_hidden()
    console.locator("#tally-link a").click()
    console.wait_for_url(re.compile(r"/tally/"), timeout=TIMEOUT)
    expect(console.locator("#tally")).to_be_visible(timeout=TIMEOUT)
    expect(console.locator("form.tally-ask")).to_have_count(0)
    expect(console.locator("#tally-ended")).to_have_attribute("data-how", "end_game")
    worths = check_tally_rows(console, names)
    state = actions.table.snapshot(actions.game, with_tally=True)
    assert worths == {n: state["tally"]["players"][n]["total"] for n in names}
    winner = max(worths, key=lambda n: worths[n])
    expect(console.locator("#tally-winner")).to_have_attribute("data-winner", winner)
    shot(console, f"{edition}-tally-1024")
    phone = phones[0]
    phone.goto(console.url)
    assert check_tally_rows(phone, names) == worths
    shot(phone, f"{edition}-tally-390")
    return worths


def test_issue15_classic_no_1996_a_short_game_through_the_screens(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Seed 002: 30 000 kr each, Start 4 000 kr; Parkveien and Kirkeveien 1 200 kr (brown,
    houses 1 000 kr, rent with one house on Parkveien 200 kr), Oslo S 4 000 kr (mortgage
    2 000 kr)."""
    console = start_from_the_form(browser, live_server, web_actions, "monopol-no-1996",
                                  "Alice", "Bob")
    assert console.evaluate("document.documentElement.lang") == "nb"
    alice, bob = join(browser, console, "Alice"), join(browser, console, "Bob")
    cash(web_actions, "Alice", 30_000, console, alice)

    land(console, "Alice", 1)  # Parkveien
    buy_landed(console, "Alice", 1)
    cash(web_actions, "Alice", 28_800, console, alice)
    next_turn(console, "Bob")
    land(console, "Bob", 5)  # Oslo S
    buy_landed(console, "Bob", 5)
    cash(web_actions, "Bob", 26_000, console, bob)
    next_turn(console, "Alice")
    land(console, "Alice", 3)  # Kirkeveien: the brown group is whole
    buy_landed(console, "Alice", 3)
    deed_button(alice, "Parkveien", r"^Bygg for 1\D?000")  # C14, on the phone: one tap
    cash(web_actions, "Alice", 26_600, console, alice)
    expect(console.locator('#players [data-player="Alice"] .deeds')).to_contain_text("1 hus")
    deed_button(bob, "Oslo S", r"^Pantsett for 2\D?000", confirm=True)  # C19: a tap, a confirm
    cash(web_actions, "Bob", 28_000, console, bob)
    shot(console, "no1996-console-1024")
    shot(alice, "no1996-alice-390")
    next_turn(console, "Bob")

    land(console, "Bob", 1)  # from Oslo S (5) round to Parkveien: passes Start (C2)
    cash(web_actions, "Bob", 32_000, console, bob)
    expect(alice.locator("#claim")).to_be_visible(timeout=TIMEOUT)
    shot(alice, "no1996-alice-claim-390")
    alice.locator("#claim").click()  # C5: one tap on the owner's phone
    expect(alice.locator("#claim-box")).to_be_hidden(timeout=TIMEOUT)
    cash(web_actions, "Alice", 26_800, console, alice)
    cash(web_actions, "Bob", 31_800, console, bob)
    for page in (console, alice, bob):
        assert page.evaluate("window.notReloaded") is True

    worths = end_and_tally(console, (alice, bob), web_actions, ("Alice", "Bob"), "no1996")
    # C23: cash, deeds at the printed price, a mortgaged deed at half, houses at cost
    assert worths == {"Alice": 26_800 + 2 * 1_200 + 1_000, "Bob": 31_800 + 2_000}


def test_issue15_swedish_2008_a_short_game_through_the_screens_in_swedish(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Seed 001: 15 000 000 kr each, GÅ 2 000 000 kr; the deed table is the standard one
    × 10 000 (brown 1 and 3: 600 000 kr, houses 500 000 kr, brown 1's rent with one house
    100 000 kr; the sight at 5: 2 000 000 kr, mortgage 1 000 000 kr).  The towns' names are
    the table's: asked once, at the first landing."""
    console = start_from_the_form(browser, live_server, web_actions, "monopol-se-2008",
                                  "Anna", "Bo")
    anna, bo = join(browser, console, "Anna"), join(browser, console, "Bo")
    for page in (console, anna, bo):
        assert page.evaluate("document.documentElement.lang") == "sv"
    expect(console.locator("button[data-cmd=next_turn]")).to_have_text("Nästa tur")

    land(console, "Anna", 1)
    name_asked(console, "Ystad")
    matches_the_card(console)  # the price 600 000 kr is an estimate (× 10 000)
    buy_landed(console, "Anna", 1)
    cash(web_actions, "Anna", 14_400_000, console, anna)
    expect(anna.locator("#deeds")).to_contain_text("Ystad")
    next_turn(console, "Bo")
    land(console, "Bo", 5)
    name_asked(console, "Kaknästornet")
    matches_the_card(console)
    buy_landed(console, "Bo", 5)
    cash(web_actions, "Bo", 13_000_000, console, bo)
    next_turn(console, "Anna")
    land(console, "Anna", 3)
    name_asked(console, "Kiruna")
    matches_the_card(console)
    buy_landed(console, "Anna", 3)
    deed_button(anna, "Ystad", r"^Bygg för 500\D?000")  # X4, on the phone
    cash(web_actions, "Anna", 13_300_000, console, anna)
    deed_button(bo, "Kaknästornet", r"^Inteckna för 1\D?000\D?000", confirm=True)
    cash(web_actions, "Bo", 14_000_000, console, bo)
    shot(console, "se2008-console-1024")
    shot(anna, "se2008-anna-390")
    next_turn(console, "Bo")

    land(console, "Bo", 1)  # from the sight (5) round to Ystad: passes GÅ
    cash(web_actions, "Bo", 16_000_000, console, bo)
    expect(console.locator("#history")).to_contain_text("Bo hamnade på Ystad.")
    expect(console.locator("#ask-once")).to_be_hidden()  # its name is known: asked once
    expect(anna.locator("#claim")).to_be_visible(timeout=TIMEOUT)
    shot(anna, "se2008-anna-claim-390")
    anna.locator("#claim").click()
    expect(anna.locator("#claim-box")).to_be_hidden(timeout=TIMEOUT)
    cash(web_actions, "Anna", 13_400_000, console, anna)
    cash(web_actions, "Bo", 15_900_000, console, bo)
    for page in (console, anna, bo):
        assert page.evaluate("window.notReloaded") is True

    worths = end_and_tally(console, (anna, bo), web_actions, ("Anna", "Bo"), "se2008")
    assert worths == {"Anna": 13_400_000 + 2 * 600_000 + 500_000, "Bo": 15_900_000 + 1_000_000}


def test_c4_the_auctions_what_chooses_nothing_before_a_landing_then_the_landed_deed(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """The auction's "Hva" showed "Et hus" before any landing: now "Velg…" (nothing chosen,
    the form does not send), and after a landing on an unowned deed that deed (C4)."""
    console = start_from_the_form(browser, live_server, web_actions, "monopol-no-1996",
                                  "Kari", "Ola")
    what = console.locator("#auction-open [name=what]")
    expect(what).to_have_value("")
    expect(what.locator("option:checked")).to_have_text("Velg…")
    expect(console.locator("#auction-open button.primary")).to_be_disabled()
    land(console, "Kari", 3)  # Kirkeveien
    expect(what).to_have_value("3", timeout=TIMEOUT)
    expect(console.locator("#auction-open button.primary")).to_be_enabled()
    land(console, "Kari", 4)  # Inntektsskatt: no deed landed, nothing chosen again
    expect(what).to_have_value("", timeout=TIMEOUT)
    what.select_option("house")  # the banker may still pick a building
    expect(console.locator("#auction-open button.primary")).to_be_enabled()
    assert web_actions.state()["auction"] is None


def test_m17_a_phones_build_and_mortgage_buttons_follow_a_value_entered_on_the_console(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Multimillionær's house price and mortgage value are not public (seed 003): the phone
    offered Build and Mortgage only after a reload once the console had asked for them.
    Now the state carries each deed's values as known, and the phone follows at once.
    Since h21 a deed changes hands only once its price and mortgage value are entered
    (M22, M17: the console asks both before the buy), so the mortgage value entered on the
    console reaches the open phone with Frognerveien's purchase; the house price (not
    asked at a purchase) is still entered on its own, after."""
    from tests.test_web_browser_mm_game import INDEX  # Multimillionær's board

    def buy(lot: str, price: int, mortgage: int) -> None:
        """What the console's ask-once flow sends: the price, the mortgage value, the buy."""
        for field, value in (("price", price), ("mortgage", mortgage)):
            assert web_actions.send(cmd="edition_value", space=INDEX[lot], field=field,
                                    value=value).status_code == 200
        assert web_actions.send(cmd="buy", player="Alice", space=INDEX[lot]).status_code == 200

    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    web_actions.send(cmd="ola_land", space=INDEX["Prøv lykken"])
    buy("Kirkeveien", 20_000, 10_000)  # TEST values (tests.kit.DEEDS)
    alice = browser.new_context(viewport=PHONE).new_page()
    alice.goto(f"{live_server.url}/join/{web_actions.players['Alice']}?lang=en")
    alice.wait_for_url(re.compile(r"/wallet"), timeout=TIMEOUT)
    alice.evaluate("window.notReloaded = true")
    kirke = alice.locator('#deeds li[data-deed="Kirkeveien"]')
    frogner = alice.locator('#deeds li[data-deed="Frognerveien"]')
    expect(kirke).to_be_visible(timeout=TIMEOUT)
    expect(kirke.get_by_role("button", name=re.compile("^Build"))).to_have_count(0)
    expect(frogner).to_have_count(0)

    # what the console's ask-once form sends when the banker types the figures
    buy("Frognerveien", 24_000, 12_000)
    web_actions.send(cmd="edition_value", space=INDEX["Kirkeveien"], field="house_cost",
                     value=10_000)
    expect(kirke.get_by_role("button", name=re.compile(r"^Build for 10\D?000"))).to_be_visible(
        timeout=TIMEOUT)
    frogner.get_by_role("button", name=re.compile(r"^Mortgage for 12\D?000")).click()
    alice.get_by_role("alertdialog").get_by_role("button").last.click()  # the confirm
    expect(frogner).to_contain_text("mortgaged", timeout=TIMEOUT)
    assert web_actions.cash("Alice") == 150_000 - 20_000 - 24_000 + 12_000  # M17
    assert alice.evaluate("window.notReloaded") is True

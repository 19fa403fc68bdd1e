"""Issue 15 points 11 and 12 in the machine's Chromium, against the app served as
``companion serve`` serves it: a short Kortstokk-Monopol game (seed 004, K1–K11) played on
the console (tablet 1024×768) and the phones (390×844) only — a pair bought and built, an
auction after a decline, a joker, a declaration — ending with the tally.  Every "phone" is
its own browser context; nothing reloads.  ``COMPANION_SHOTS=dir`` keeps screenshots."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_deals import console_for, not_reloaded, wallet_for

SUBMIT = "button:not([type=button])"
SPAR_2, HJERTER_2, SPAR_3, JOKER = 3, 4, 5, 11
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}


def shot(page: Page, name: str) -> None:
    """A full-page screenshot under ``$COMPANION_SHOTS`` (not in the repo), when set."""
    folder = os.environ.get("COMPANION_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{name}.png", full_page=True)


def land(console: Page, player: str, space: int) -> None:
    form = console.locator('form[data-cmd="land"]')
    form.locator("select[name=player]").select_option(player)
    form.locator("select[name=space]").select_option(str(space))
    form.locator(SUBMIT).click()


def answer_ask(console: Page, prompt: str, value: str) -> None:
    """The ask-once form: ``prompt`` shown, ``value`` entered and recorded."""
    ask = console.locator("#ask-once")
    expect(ask).to_be_visible(timeout=TIMEOUT)
    expect(console.locator("#ask-prompt")).to_contain_text(prompt)
    ask.locator("input[name=value]").fill(value)
    ask.get_by_role("button", name="Record and continue").click()
    expect(ask).to_be_hidden(timeout=TIMEOUT)


def coins(web: WebActions) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in web.state()["players"]}


def test_k1_to_k11_a_short_kortstokk_game_through_the_screens(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", "Carol", edition="kortstokk")
    console = console_for(browser, live_server, web_actions)
    console.set_viewport_size(TABLET)
    alice = wallet_for(browser, live_server, web_actions, "Alice")
    carol = wallet_for(browser, live_server, web_actions, "Carol")
    for phone in (alice, carol):
        phone.set_viewport_size(PHONE)
    # Only what the edition has: no classic Build/Mortgage forms, no jail cards to trade.
    expect(console.locator('form[data-cmd="build"]')).to_have_count(0)
    expect(console.locator('form[data-cmd="mortgage"]')).to_have_count(0)
    expect(console.locator('#trade-form [name=jail_cards]')).to_have_count(0)
    expect(alice.locator('#propose [name=jail_cards]')).to_have_count(0)

    # K4 + point 12: Alice buys Spar 2, its price asked once; Hjerter 2 then needs no ask.
    land(console, "Alice", SPAR_2)
    console.locator('form[data-cmd="buy"]').locator(SUBMIT).click()
    answer_ask(console, "Enter the price printed on the board for Spar 2.", "1")
    expect(alice.locator("#deeds")).to_contain_text("Spar 2", timeout=TIMEOUT)
    land(console, "Alice", HJERTER_2)
    buy = console.locator('form[data-cmd="buy"]')
    expect(buy.locator("select[name=space]")).to_have_value(str(HJERTER_2), timeout=TIMEOUT)
    buy.locator(SUBMIT).click()
    expect(alice.locator("#deeds")).to_contain_text("Hjerter 2", timeout=TIMEOUT)
    assert console.locator("#ask-once").is_hidden()
    assert coins(web_actions)["Alice"] == 6

    # K7: the pair built from Alice's phone, one tap: one house on each card, 2 coins.
    build = alice.get_by_role("button", name=re.compile(r"Build two houses for 2"))
    build.first.click()
    expect(alice.locator("#deeds")).to_contain_text("1 house", timeout=TIMEOUT)
    assert [s["houses"] for s in web_actions.state()["players"][0]["spaces"]] == [1, 1]
    assert coins(web_actions)["Alice"] == 4
    shot(alice, "phone-alice-built")

    # K4: Bob lands on Spar 3 and declines; the auction leaves him out (preselected).
    console.get_by_role("button", name="Next turn").click()
    expect(console.locator(".player.to-roll h2")).to_contain_text("Bob", timeout=TIMEOUT)
    land(console, "Bob", SPAR_3)
    opener = console.locator("#auction-open")
    expect(opener.locator("select[name=decliner]")).to_have_value("Bob")
    opener.locator("select[name=what]").select_option(str(SPAR_3))
    opener.get_by_role("button", name="Open the auction").click()
    answer_ask(console, "Enter the price printed on the board for Spar 3.", "1")
    expect(carol.locator("#auction-what")).to_have_text("Auction of Spar 3", timeout=TIMEOUT)
    assert web_actions.state()["auction"]["decliner"] == "Bob"
    carol.locator("#bid [name=amount]").fill("1")
    carol.locator("#bid").get_by_role("button", name="Bid").click()
    expect(console.locator("#auction-highest")).to_contain_text("Carol", timeout=TIMEOUT)
    console.locator("#auction-close").click()
    expect(carol.locator("#deeds")).to_contain_text("Spar 3", timeout=TIMEOUT)
    assert coins(web_actions)["Carol"] == 7

    # K6: Carol stops on a joker; the joker card opens for her; the effect is asked once.
    console.get_by_role("button", name="Next turn").click()
    expect(console.locator(".player.to-roll h2")).to_contain_text("Carol", timeout=TIMEOUT)
    land(console, "Carol", JOKER)
    joker = console.locator("#joker-box")
    expect(joker).to_have_class(re.compile("claim"), timeout=TIMEOUT)
    expect(joker.locator("select[name=player]")).to_have_value("Carol")
    shot(console, "console-joker")
    joker.locator("input[name=dice]").fill("7")
    joker.locator(SUBMIT).click()
    answer_ask(console, "What does a roll of 7 on a joker do?", "+3")
    expect(carol.locator("#cash")).to_contain_text("10", timeout=TIMEOUT)
    assert coins(web_actions)["Carol"] == 10

    # K11: the bank pays Alice 50 (a deal at the table); on her turn she declares.
    pay = console.locator('form[data-cmd="pay"]')
    pay.locator("select[name=from]").select_option("bank")
    pay.locator("select[name=to]").select_option("Alice")
    pay.locator("input[name=amount]").fill("50")
    pay.locator(SUBMIT).click()
    expect(alice.locator("#cash")).to_contain_text("54", timeout=TIMEOUT)
    expect(alice.locator("#fortune-card")).to_be_hidden()  # not her turn
    console.get_by_role("button", name="Next turn").click()
    declare = alice.get_by_role("button", name=re.compile(r"Declare 50"))
    expect(declare).to_be_visible(timeout=TIMEOUT)
    shot(alice, "phone-alice-declare")
    declare.click()
    expect(console.locator("#winner")).to_contain_text("Alice", timeout=TIMEOUT)
    assert web_actions.state()["game"]["over"]
    shot(console, "console-over")
    not_reloaded(console, alice, carol)

    # The tally: the edition's own headings, and each row's columns add up to its worth.
    console.goto(f"{live_server.url}/tally/{web_actions.game}")
    table = console.locator("#tally")
    expect(table).to_contain_text("Properties sold to the bank")
    expect(table).not_to_contain_text("printed price")
    expect(table).not_to_contain_text("Mortgaged")
    shot(console, "tally")
    for row in table.locator("tbody tr").all():
        values = {cell.get_attribute("data-key"): int(cell.get_attribute("data-value") or 0)
                  for cell in row.locator("td").all()}
        parts = sum(values[k] for k in values if k not in ("total", "debts", "money"))
        assert parts - values.get("debts", 0) == values["total"], values
    alice_row = table.locator('tr[data-player="Alice"] td')
    assert {c.get_attribute("data-key"): c.get_attribute("data-value")
            for c in alice_row.all()} == {"cash": "54", "deeds": "2", "buildings": "1",
                                          "insurance": "0", "debts": "0", "total": "57"}

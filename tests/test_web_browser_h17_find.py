"""Play-test findings after issue 16 (h17), in Chromium: the phone asks a Kortstokk
joker's second roll (K6) on its dice pad.  Screenshots go to /tmp/shots/h17-find/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_dice import PHONE, Taps, page_at

SHOTS = Path("/tmp/shots/h17-find")


def sent(actions: WebActions, **command: Any) -> None:
    answer = actions.send(**command)
    assert answer.status_code == 200, answer.json


def test_k6_the_phone_asks_the_jokers_second_roll_not_a_card(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Alice rolls 5 + 6 from Start: the joker at 11 (K2), no doubles (K3).  Her pad asks
    the second roll; 4 + 5 = 9 is "+2" in the table's joker table: 8 + 2 coins (K1, K6)."""
    web_actions.new_game("Alice", "Bob", edition="kortstokk")
    sent(web_actions, cmd="edition_value", field="chance_effects.9", value="+2")
    alice = page_at(browser, live_server, web_actions.players["Alice"], "/wallet", PHONE)
    taps = Taps()
    taps.dice(alice, 5, 6)
    pad = alice.locator("#turn-pad")
    expect(pad).to_contain_text("You stopped on a joker: roll both dice again",
                                timeout=TIMEOUT)
    expect(alice.locator("#landed")).to_be_hidden()
    expect(alice.get_by_text("read the card")).to_have_count(0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    alice.screenshot(path=str(SHOTS / "kortstokk-joker-phone.png"))
    taps.dice(alice, 4, 5)
    expect(pad).to_be_hidden(timeout=TIMEOUT)
    assert web_actions.cash("Alice") == 10
    assert web_actions.state()["turn"]["phase"] != "joker"
    expect(alice.get_by_text("read the card")).to_have_count(0)

"""Play-test findings after issue 16 (h17), in Chromium: the phone asks a Kortstokk
joker's second roll (K6) on its dice pad; the table screen /board follows a new game.
Screenshots go to /tmp/shots/h17-find/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from playwright.sync_api import expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_board import TABLE, board_page
from tests.test_web_browser_console_screen import TABLET, console_at
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


def test_h17_3_follow_names_the_newer_games_board_to_its_viewers(
        web_actions: WebActions, client: FlaskClient) -> None:
    """A viewer of an older game gets the current game's viewer link; of the current game,
    none; the banker the plain /board; a player nothing (their phone is their game)."""
    web_actions.new_game("Alice", "Bob")
    first, old = web_actions.game, str(web_actions.tokens.viewer(web_actions.game))
    alice = web_actions.players["Alice"]
    url = f"/api/board/follow?game={first}"
    assert client.get(url, headers=web_actions.bearer(old)).json["url"] is None
    web_actions.new_game("Carol", "Dan")
    second = web_actions.game
    answer = client.get(url, headers=web_actions.bearer(old)).json
    assert answer["game"] == second
    assert answer["url"] == f"/join/{web_actions.tokens.viewer(second)}"
    assert client.get(url, headers=web_actions.bearer()).json["url"] == "/board"
    assert client.get(url, headers=web_actions.bearer(alice)).json["url"] is None
    current = str(web_actions.tokens.viewer(second))
    assert client.get(f"/api/board/follow?game={second}",
                      headers=web_actions.bearer(current)).json["url"] is None
    assert client.get(url).status_code == 401


def test_h17_3_the_table_screen_follows_a_new_game(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """The TV shows Alice and Bob's game; the banker starts Carol and Dan's: within a few
    seconds the same screen shows the new game's board, without a new QR code."""
    web_actions.new_game("Alice", "Bob")
    screen = board_page(browser, live_server, str(web_actions.tokens.viewer(web_actions.game)),
                        TABLE)
    expect(screen.locator('#board-players [data-name="Alice"]')).to_be_visible()
    web_actions.new_game("Carol", "Dan")
    expect(screen.locator('#board-players [data-name="Carol"]')).to_be_visible(timeout=20_000)
    expect(screen.locator('#board-players [data-name="Alice"]')).to_have_count(0)
    expect(screen.locator("#conn")).to_have_text("live", timeout=TIMEOUT)


@pytest.mark.parametrize(("lang", "one", "three"), [
    ("nb", "1\u00a0mynt", "3\u00a0mynter"), ("sv", "1\u00a0mynt", "3\u00a0mynt"),
    ("en", "1\u00a0coin", "3\u00a0coins")])
def test_h17_7_one_coin_is_singular_on_the_phone(
        browser: Any, live_server: LiveServer, web_actions: WebActions,
        lang: str, one: str, three: str) -> None:
    """Kortstokk counts coins (K1: 8 each): Alice pays 7 to the bank and has 1 coin —
    "1 mynt", not "1 mynter"; Bob, paying 5, has 3: the plural (ngettext's forms)."""
    web_actions.new_game("Alice", "Bob", edition="kortstokk")
    sent(web_actions, cmd="pay", from_="Alice", to="bank", amount=7)
    sent(web_actions, cmd="pay", from_="Bob", to="bank", amount=5)
    context = browser.new_context(viewport=PHONE)
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": live_server.url}])
    phone = context.new_page()
    phone.goto(f"{live_server.url}/join/{web_actions.players['Alice']}")
    expect(phone.locator("#cash")).to_have_text(one, timeout=TIMEOUT)
    bob = context.new_page()
    bob.goto(f"{live_server.url}/join/{web_actions.players['Bob']}")
    expect(bob.locator("#cash")).to_have_text(three, timeout=TIMEOUT)


def test_h17_6_c4_the_jailed_next_player_is_told_why_they_cannot_roll(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Classic: Bob is in jail; Alice rolls 1 + 2 onto Kirkeveien (index 3, for sale).  C4:
    no roll until it is bought or auctioned — Bob's phone says so instead of a bare pad;
    once Alice bought it, Bob's pad is back (with the C13 fine)."""
    web_actions.new_game("Alice", "Bob")
    sent(web_actions, cmd="jail", player="Bob")
    bob = page_at(browser, live_server, web_actions.players["Bob"], "/wallet", PHONE)
    sent(web_actions, cmd="roll", player="Alice", dice=[1, 2])
    pad = bob.locator("#turn-pad")
    expect(pad).to_contain_text("Alice must first buy or auction Kirkeveien", timeout=TIMEOUT)
    expect(pad.locator(".die-row").first).to_be_hidden()
    SHOTS.mkdir(parents=True, exist_ok=True)
    bob.screenshot(path=str(SHOTS / "c4-jailed-next-phone.png"))
    sent(web_actions, cmd="buy", player="Alice", space=3)
    expect(pad).not_to_contain_text("must first buy", timeout=TIMEOUT)
    expect(pad.locator(".die-row").first).to_be_visible()


#: JS: the visible buttons of ``selector`` whose centre another element covers (by name).
COVERED = """(selector) => [...document.querySelectorAll(selector)]
  .filter((b) => b.offsetParent !== null)
  .filter((b) => { const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !(hit && (hit === b || b.contains(hit))); })
  .map((b) => b.textContent.trim())"""


@pytest.mark.parametrize("edition", ["monopol-no-1996", "kortstokk", "verdens-underverker-2003"])
def test_h17_5_nothing_covers_buy_on_the_console(
        browser: Any, live_server: LiveServer, web_actions: WebActions, edition: str) -> None:
    """At 1024×768, Alice rolled 1 + 2 onto an unowned deed: "Buy" and "To auction" are
    not under the sticky Next turn/Undo/More row, and the page does not scroll."""
    web_actions.new_game("Alice", "Bob", "Carol", edition=edition)
    sent(web_actions, cmd="roll", player="Alice", dice=[1, 2])
    console = console_at(browser, live_server, web_actions, TABLET)
    buy = console.locator("#turn-offer button").first
    expect(buy).to_be_visible(timeout=TIMEOUT)
    console.wait_for_timeout(300)
    SHOTS.mkdir(parents=True, exist_ok=True)
    console.screenshot(path=str(SHOTS / f"{edition}-buy-tablet.png"))
    assert console.evaluate(COVERED, "#turn-offer button, #turn-panel .turn-always button") == []
    assert console.evaluate("document.documentElement.scrollHeight") <= TABLET["height"]


def test_h17_4_wonders_asks_open_over_the_board_not_over_the_pad(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Wonders (2003): Alice rolls 1 + 2 onto Brun 3, an estimated price (issue 15 point
    9); she buys; the asks (the estimate, the wonder's name) open over the board: Bob's dice
    pad, Next turn/Undo/More stay on the first screen at 1024×768, uncovered, unmoved."""
    web_actions.new_game("Alice", "Bob", "Carol", edition="verdens-underverker-2003")
    sent(web_actions, cmd="roll", player="Alice", dice=[1, 2])
    console = console_at(browser, live_server, web_actions, TABLET)
    expect(console.locator("#estimate")).to_be_visible(timeout=TIMEOUT)
    buy = console.locator("#turn-offer button").first
    assert console.evaluate(COVERED, "#turn-offer button, #turn-panel .turn-always button") == []
    buy.click()
    pad = console.locator("#console-pad")
    expect(pad).to_be_visible(timeout=TIMEOUT)
    expect(console.locator("#ask-once")).to_be_visible(timeout=TIMEOUT)
    console.wait_for_timeout(300)
    SHOTS.mkdir(parents=True, exist_ok=True)
    console.screenshot(path=str(SHOTS / "wonders-asks-tablet.png"))
    box = pad.bounding_box()
    assert box is not None and box["y"] + box["height"] <= TABLET["height"]
    assert console.evaluate(COVERED, "#console-pad .die, #turn-panel .turn-always button") == []
    assert console.evaluate(COVERED, "#ask-once button, #estimate button") == []
    assert console.evaluate("document.documentElement.scrollHeight") <= TABLET["height"]


def test_h17_9_c4_next_turn_past_a_deed_for_sale_asks_once(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Classic: Alice rolled 1 + 2 onto Kirkeveien (for sale).  "Next turn" names it and
    asks; Cancel changes nothing; yes passes the turn and the deed stays with the bank (C4,
    our reading).  With nothing for sale, Next turn asks nothing."""
    web_actions.new_game("Alice", "Bob")
    sent(web_actions, cmd="roll", player="Alice", dice=[1, 2])
    console = console_at(browser, live_server, web_actions, TABLET)
    expect(console.locator("#turn-offer")).to_be_visible(timeout=TIMEOUT)
    next_turn = console.locator("#turn-panel").get_by_role("button", name="Next turn")
    next_turn.click()
    step = console.locator("#confirm-step")
    expect(step).to_contain_text("Kirkeveien is not bought — next turn anyway?")
    console.locator(".confirm-no").click()
    assert web_actions.state()["turn"]["player"] == "Alice"
    next_turn.click()
    console.locator(".confirm-yes").click()
    expect(console.locator("#turn-who")).to_contain_text("Bob to roll", timeout=TIMEOUT)
    assert all(not p["spaces"] for p in web_actions.state()["players"])
    next_turn.click()  # nothing for sale: no question
    expect(console.locator("#turn-who")).to_contain_text("Alice to roll", timeout=TIMEOUT)
    expect(step).to_be_hidden()


def test_k6_the_console_pad_records_the_joker_and_the_next_phone_waits(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Kortstokk: Alice stopped on the joker at 11 (5 + 6).  Bob, next, has no dice yet and
    is told why; the console's pad asks Alice's second roll: 3 + 4 = 7 is "-1" in the
    table's joker table (8 - 1 coins, K6); then Bob's dice are back."""
    web_actions.new_game("Alice", "Bob", edition="kortstokk")
    sent(web_actions, cmd="edition_value", field="chance_effects.7", value="-1")
    sent(web_actions, cmd="roll", player="Alice", dice=[5, 6])
    bob = page_at(browser, live_server, web_actions.players["Bob"], "/wallet", PHONE)
    expect(bob.locator("#turn-pad")).to_contain_text("Alice rolls again for the joker first",
                                                     timeout=TIMEOUT)
    expect(bob.locator("#turn-pad .die-row").first).to_be_hidden()
    console = console_at(browser, live_server, web_actions, TABLET)
    pad = console.locator("#console-pad")
    expect(pad).to_contain_text("Alice stopped on a joker: tap the second roll",
                                timeout=TIMEOUT)
    pad.locator('[data-die="0"] [data-face="3"]').click()
    pad.locator('[data-die="1"] [data-face="4"]').click()
    expect(pad).to_contain_text("Bob rolls next", timeout=TIMEOUT)
    assert web_actions.cash("Alice") == 7
    expect(bob.locator("#turn-pad .die-row").first).to_be_visible(timeout=TIMEOUT)

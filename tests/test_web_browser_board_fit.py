"""h23 family play-test 5 (/board on the TV): at 1920×1080 the table screen never scrolls, in
every edition, with 6 players, open rent claims (C5) and a full list of events: the list of
events takes the height that is left (the oldest lines dropped) and Multimillionær's stock
board (M3) keeps its last row, every column and every price inside the screen.  In
Norwegian (the family's language, the longest words), in Chromium.

Screenshots with $COMPANION_SHOTS (tests/browser.py `shoot`)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from companion.editions import edition_ids
from tests.browser import joined, shoot
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_board import PRICES, enter_board_values, viewer

TV = {"width": 1920, "height": 1080}
MM_RENTS = [1_000, 5_000, 15_000, 40_000, 50_000, 60_000]
PLAYERS = ("Mor", "Far", "Lise", "Ola-Kristian", "Bestemor", "Onkel Trond")

#: What the screen's layout measures: the page's height, the stock board's last row, the
#: markers whose price is cut, the events shown and the lowest bottom of the side panel.
MEASURE = """() => {
  const bottom = (el) => el ? el.getBoundingClientRect().bottom : 0;
  const rows = [...document.querySelectorAll("#board-stocks .bank-shares")];
  const cut = [...document.querySelectorAll("#board-stocks .step.marker")].filter((m) => {
    const full = m.querySelector(".full");
    return !full || full.getBoundingClientRect().width > m.getBoundingClientRect().width + 0.5;
  }).map((m) => m.textContent);
  const shown = [...document.querySelectorAll("#board-history li")].filter(
    (li) => li.getClientRects().length && li.getBoundingClientRect().bottom <= innerHeight);
  const side = [...document.querySelectorAll(".board-side li, .board-side h2")]
    .filter((el) => el.getClientRects().length).map(bottom);
  return {height: document.documentElement.scrollHeight,
          scrolls: document.scrollingElement.scrollHeight > innerHeight,
          stockBottom: Math.max(0, ...rows.map(bottom)), columns: rows.length, cut,
          events: shown.length, sideBottom: Math.max(0, ...side),
          ringBottom: bottom(document.getElementById("board"))};
}"""


def played(actions: WebActions, edition: str) -> None:
    """Six players, deeds bought, open rent claims and more events than the list shows."""
    actions.new_game(*PLAYERS, edition=edition)
    price = {"price": PRICES[edition]} if edition in PRICES else {}
    for space in (1, 3, 6, 8):
        enter_board_values(actions, edition, space)
        if edition == "multimillionaer":  # M: the rents asked once before a claim (TEST values)
            assert actions.send(cmd="edition_value", space=space, field="rents",
                                value=MM_RENTS).status_code == 200
    for cmd in ({"cmd": "buy", "player": "Mor", "space": 1, **price},
                {"cmd": "buy", "player": "Mor", "space": 2, **price},  # K5: the pair of aces
                {"cmd": "buy", "player": "Mor", "space": 3, **price},
                {"cmd": "buy", "player": "Far", "space": 6, **price},
                {"cmd": "buy", "player": "Lise", "space": 8, **price},
                {"cmd": "pay", "from": "bank", "to": "Bestemor", "amount": 100},
                {"cmd": "pay", "from": "Onkel Trond", "to": "bank", "amount": 100},
                {"cmd": "land", "player": "Far", "space": 1},
                {"cmd": "land", "player": "Lise", "space": 3},
                {"cmd": "land", "player": "Ola-Kristian", "space": 6},
                {"cmd": "roll", "player": "Mor", "dice": [3, 4]}):
        actions.send(**cmd)  # what an edition refuses is left out; the claims are checked
    # C5: Far, Lise and Ola-Kristian owe rent; K5: only Far (Mor owns both aces)
    assert len(actions.state()["claims"]) >= (1 if edition == "kortstokk" else 3), \
        actions.state()["claims"]


def tv_screen(browser: Any, server: LiveServer, token: str) -> Page:
    """/board at 1920×1080 in Norwegian, opened by the viewer link ``token``, live."""
    page: Page = joined(browser, server.url, token, TV, "nb", r"/board$", "direkte")
    return page


@pytest.mark.parametrize("edition", edition_ids())
def test_h23_board_fits_1920x1080_with_six_players_claims_and_events(
        browser: Any, live_server: LiveServer, web_actions: WebActions, edition: str) -> None:
    played(web_actions, edition)
    screen = tv_screen(browser, live_server, viewer(web_actions))
    expect(screen.locator("#board-players li")).to_have_count(len(PLAYERS), timeout=TIMEOUT)
    expect(screen.locator("#board-claims li:not(.empty)")).to_have_count(
        len(web_actions.state()["claims"]), timeout=TIMEOUT)
    expect(screen.locator("#board-history li").first).to_be_visible(timeout=TIMEOUT)
    screen.wait_for_timeout(500)  # the last roll and the events arrive after the state
    shoot(screen, f"board-{edition}-1920")
    got = screen.evaluate(MEASURE)
    assert got["height"] <= TV["height"] and not got["scrolls"], got
    assert got["sideBottom"] <= TV["height"], got  # claims, players, events: all on screen
    assert got["ringBottom"] <= TV["height"], got
    assert got["events"] >= 2, got  # the events keep the room that is left
    if edition == "multimillionaer":
        assert got["columns"] == 10, got  # M3: ten series
        assert got["stockBottom"] <= TV["height"], got  # the last row is on the screen
        assert got["cut"] == [], got  # every price whole
    screen.context.close()

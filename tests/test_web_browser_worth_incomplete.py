"""A worth still missing a deed's board value says so on the phone (h21, docs/rules.md
M22): a Multimillionær game logged before h21, where Per won Frognerveien at auction
without its board value being asked (:func:`tests.kit.logged_without_values`), shows
"Your worth: 307,000 kr of 2,000,000 kr. Incomplete: …", and once the banker enters the
board value (24 000, a TEST value) the phone shows 331 000 kr without the word."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.table import Table
from tests.conftest import LiveServer, WebActions
from tests.kit import DAY, DEEDS, MMGame, logged_without_values
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_deals import console_for, page_for
from tests.test_web_browser_mm_game import shot

FROGNERVEIEN = 3


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """The table of a log before h21: Per (4 players, 322 000 kr worth, M1–M3) won
    Frognerveien at auction for 15 000 kr (M4) with no board value entered."""
    (tmp_path / "src").mkdir()
    (tmp_path / "old").mkdir()
    with MMGame(tmp_path / "src", players=("Ola", "Per", "Kari", "Lise")) as g:
        g.phone("Ola", "ola_roll", player="Ola", dice=[2, 1])
        g.phone("Per", "bid", player="Per", amount=15_000)
        for field, value in (("price", DEEDS["Frognerveien"][0]),
                             ("mortgage", DEEDS["Frognerveien"][3])):
            g.do("edition_value", space="Frognerveien", field=field, value=value, date=DAY)
        g.do("auction_close")
        old = logged_without_values(g.table, g.id, tmp_path / "old", FROGNERVEIEN)
    yield old
    old.close()


def test_m22_the_phone_says_the_worth_is_incomplete_until_the_value_is_entered(
        browser: Any, live_server: LiveServer, web_actions: WebActions, table: Table) -> None:
    game = table.game_ids()[0]
    token = web_actions.tokens.player(game, "Per")
    phone = page_for(browser, live_server, token, r"/wallet")
    phone.set_viewport_size({"width": 390, "height": 844})
    worth = phone.locator("#worth-goal")
    expect(worth).to_have_text("Your worth: 307,000 kr of 2,000,000 kr. Incomplete: the board "
                               "value of Frognerveien is not entered yet.", timeout=TIMEOUT)
    shot(phone, "wallet-worth-incomplete-390")
    web_actions.game = game
    console = console_for(browser, live_server, web_actions)
    line = console.locator('[data-player="Per"] .worth-goal span')
    expect(line).to_contain_text("Incomplete: the board value of Frognerveien is not "
                                 "entered yet.", timeout=TIMEOUT)
    for size, name in (({"width": 1024, "height": 768}, "1024"),
                       ({"width": 1920, "height": 1080}, "1920")):
        console.set_viewport_size(size)
        shot(console, f"console-worth-incomplete-{name}")
    assert web_actions.send(cmd="edition_value", space="Frognerveien", field="price",
                            value=DEEDS["Frognerveien"][0], date=DAY).status_code == 200
    expect(worth).to_have_text("Your worth: 331,000 kr of 2,000,000 kr.", timeout=TIMEOUT)
    expect(line).to_have_text("Worth 331,000 kr of 2,000,000 kr.", timeout=TIMEOUT)

"""The README's "Playing" pictures (issue 16, "Shown to the family"), taken by playing one
normal turn of classic NO 1996 (seed 002) in Chromium: the console (1024x768), the phone of
the player whose turn it is and the owner's phone (390x844), and ``/board`` (1920x1080).

With ``COMPANION_WRITE_PICTURES=1`` the pictures are written to docs/pictures/ (then commit
them); otherwise to the test's tmp_path, so a test run never changes the tree.  Also a smoke
run of ``benchmarks/table_flow.py`` with two turns.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from benchmarks import table_flow
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits

DOCS = Path(__file__).resolve().parent.parent / "docs" / "pictures"
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
TABLE = {"width": 1920, "height": 1080}


def screen(browser: Any, server: LiveServer, token: str, path: str,
           size: dict[str, int]) -> Page:
    """A page of ``size`` signed in by ``token``'s link, in Norwegian (the family's
    language), following the game live."""
    context = browser.new_context(viewport=size)
    context.add_cookies([{"name": "companion_lang", "value": "nb", "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/join/{token}")
    page.wait_for_url(re.compile(path), timeout=TIMEOUT)
    page.wait_for_function("() => performance.getEntriesByName('companion-state').length",
                           timeout=TIMEOUT)
    return page


def test_c5_a_normal_turn_as_the_readme_shows_it(browser: Any, live_server: LiveServer,
                                                 web_actions: WebActions,
                                                 tmp_path: Path) -> None:
    folder = DOCS if os.environ.get("COMPANION_WRITE_PICTURES") == "1" else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    web_actions.new_game("Kari", "Ola", "Åse")
    web_actions.send(cmd="buy", player="Kari", space="Prinsens gate")  # 2 000 kr
    viewer = str(web_actions.tokens.viewer(web_actions.game))
    console = screen(browser, live_server, web_actions.banker, r"/(\?.*)?$", TABLET)
    kari, ola = (screen(browser, live_server, web_actions.players[n], "/wallet", PHONE)
                 for n in ("Kari", "Ola"))
    board = screen(browser, live_server, viewer, "/board$", TABLE)
    # Kari rolls 1 + 2 (Start -> 3 Kirkeveien, free) and buys it: 3 taps (issue 16).
    for die, face in ((0, 1), (1, 2)):
        kari.locator(f'#turn-pad .die-row[data-die="{die}"] [data-face="{face}"]').click()
    kari.locator("#landed-actions button.primary").click()
    expect(kari.locator("#cash")).to_have_text(digits(30_000 - 2_000 - 1_200), timeout=TIMEOUT)
    # Ola's dice pass the turn (C5): 3 + 5, Start -> 8 Prinsens gate, Kari's: 120 kr (C6).
    for die, face in ((0, 3), (1, 5)):
        ola.locator(f'#turn-pad .die-row[data-die="{die}"] [data-face="{face}"]').click()
    claim = kari.locator("#claim")
    expect(claim).to_have_text(re.compile(r"120.kr.*Prinsens gate"), timeout=TIMEOUT)
    expect(console.locator("#roll-line")).to_contain_text("3 + 5", timeout=TIMEOUT)
    expect(board.locator("#board-claims")).to_contain_text("Prinsens gate", timeout=TIMEOUT)
    pictures = {"console": console, "phone-roller": ola, "phone-owner": kari, "board": board}
    for name, page in pictures.items():
        page.screenshot(path=str(folder / f"playing-{name}.png"))
    assert web_actions.cash("Ola") == 30_000  # the claim waits for Kari's tap (C5)
    claim.click()
    expect(ola.locator("#cash")).to_have_text(digits(29_880), timeout=TIMEOUT)
    assert sorted(p.name for p in folder.glob("playing-*.png")) == [
        f"playing-{name}.png" for name in sorted(pictures)]


def test_the_table_flow_benchmark_plays_two_turns(capsys: Any) -> None:
    assert table_flow.main(["--turns", "2"]) == 0
    out = capsys.readouterr().out
    assert "| taps: landing and buying | 3 (×1) | ≤ 3 | met |" in out  # Alice buys
    assert "| taps: next turn (extra taps) | 0 (×1) | ≤ 0 | met |" in out  # Bob's dice
    assert "tap → every other screen drew it" in out

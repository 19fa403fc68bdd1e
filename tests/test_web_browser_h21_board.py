"""h21 fresh-family play-test (classic NO 1996, the console at 1024×768, ``/board`` at
1920×1080), in Chromium:

1. The rent-estimate notice (issue 15 point 9: Monopol 1996's rents are "scaled x20") is up
   only while its rent claim is open (C5) and goes with it, unanswered and not asked again;
   where it opens, no space and no line of the board's centre is under it; "Not now" sets
   the game's estimates aside on this console: a later estimated rent is marked, not asked.
2. An owner (a square stripe on the space's outer edge, with the owner's initial) and a
   token (a round letter) differ in shape and place, not by colour alone, on the console
   and on ``/board``.

Screenshots under /tmp/shots/h21-board/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_board import board_page, viewer
from tests.test_web_browser_console_screen import TABLET, console_at
from tests.test_web_browser_h17_find import sent

SHOTS = Path("/tmp/shots/h21-board")
TABLE = {"width": 1920, "height": 1080}
KIRKEVEIEN, OVRE_SLOTTSGATE, PARKVEIEN = 3, 9, 39  # 1 200, 2 400, 8 000 kr (verified)

#: The rectangles of the board's spaces and centre lines that the notice ``#estimate`` covers.
UNDER = """() => {
  const box = document.getElementById("estimate").getBoundingClientRect();
  const meet = (r) => r.width > 0 && r.height > 0 && r.left < box.right && box.left < r.right
    && r.top < box.bottom && box.top < r.bottom;
  const parts = [...document.querySelectorAll("#console-board .space")].concat(
    [...document.querySelectorAll("#console-board .ring-centre > *")]);
  return parts.filter((p) => meet(p.getBoundingClientRect()))
    .map((p) => p.getAttribute("aria-label") || p.textContent);
}"""


def rent_claim(actions: WebActions, payer: str, space: int) -> None:
    """``payer`` stops on ``space`` (owned): an open claim (C5)."""
    sent(actions, cmd="land", player=payer, space=space)


def test_h21_1_the_estimate_notice_goes_with_its_claim_and_covers_no_space(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Ola", "Åse")
    for space in (KIRKEVEIEN, OVRE_SLOTTSGATE, PARKVEIEN):
        sent(web_actions, cmd="buy", player="Kari", space=space)
    console = console_at(browser, live_server, web_actions, TABLET)
    notice = console.locator("#estimate")
    expect(notice).to_be_hidden()

    rent_claim(web_actions, "Ola", KIRKEVEIEN)  # 80 kr, the standard 4 × 20
    expect(notice).to_be_visible(timeout=TIMEOUT)
    expect(console.locator("#estimate-text")).to_contain_text("The rents of Kirkeveien (80 kr")
    console.wait_for_timeout(300)
    SHOTS.mkdir(parents=True, exist_ok=True)
    console.screenshot(path=str(SHOTS / "estimate-tablet.png"))
    assert console.evaluate(UNDER) == []
    console.locator("#claims").get_by_role("button", name="Claim").click()  # C5
    expect(notice).to_be_hidden(timeout=TIMEOUT)  # unanswered: it went with its claim
    assert web_actions.cash("Kari") == 30_000 - 1_200 - 2_400 - 8_000 + 80

    rent_claim(web_actions, "Åse", KIRKEVEIEN)  # asked once: not again
    expect(console.locator("#claims .estimate-mark")).to_have_count(1, timeout=TIMEOUT)
    expect(notice).to_be_hidden()
    rent_claim(web_actions, "Ola", OVRE_SLOTTSGATE)  # another street's first use: asked
    expect(console.locator("#estimate-text")).to_contain_text("Øvre Slottsgate",
                                                              timeout=TIMEOUT)
    console.get_by_role("button", name="Not now").click()  # one tap
    expect(notice).to_be_hidden()
    rent_claim(web_actions, "Åse", PARKVEIEN)  # set aside: marked, not asked
    expect(console.locator("#claims .estimate-mark")).to_have_count(3, timeout=TIMEOUT)
    console.reload()
    expect(console.locator("#claims .estimate-mark")).to_have_count(3, timeout=TIMEOUT)
    expect(notice).to_be_hidden()
    assert web_actions.cash("Kari") == 30_000 - 1_200 - 2_400 - 8_000 + 80


def looks(page: Page, selector: str) -> dict[str, Any]:
    return page.locator(selector).evaluate("""(n) => { const s = getComputedStyle(n);
      const r = n.getBoundingClientRect(), p = n.closest('.space').getBoundingClientRect();
      return {text: n.textContent, radius: s.borderTopLeftRadius, position: s.position,
              bottom: Math.round(p.bottom - r.bottom), width: r.width / p.width}; }""")


def test_h21_2_an_owner_is_a_stripe_on_the_edge_a_token_a_round_letter(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Ola", "Åse")
    sent(web_actions, cmd="buy", player="Kari", space=KIRKEVEIEN)
    sent(web_actions, cmd="roll", player="Kari", dice=[1, 2])  # Kari stands on her own
    console = console_at(browser, live_server, web_actions, TABLET)
    screen = board_page(browser, live_server, viewer(web_actions), TABLE)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, page, board in (("console-tablet", console, "#console-board"),
                              ("board-1920", screen, "#board")):
        space = f'{board} .space[data-index="{KIRKEVEIEN}"]'
        expect(page.locator(f'{space} .token[data-token="Kari"]')).to_have_text("K",
                                                                                 timeout=TIMEOUT)
        owner, token = looks(page, f"{space} .owner"), looks(page, f"{space} .token")
        assert owner["text"] == token["text"] == "K"  # the letter for colour-blind eyes
        assert owner["radius"] == "0px" and token["radius"] == "50%"  # the shape differs
        assert owner["bottom"] == 0 and owner["width"] == 1  # the space's whole outer edge
        assert token["bottom"] > 0
        expect(page.locator(space)).to_have_attribute("aria-label",
                                                      "Kirkeveien, Owner: Kari, Kari")
        page.screenshot(path=str(SHOTS / f"owner-and-token-{name}.png"))

"""The family play-test (h23), in Chromium: three findings on the banker's console
(1024x768, Norwegian: the family's language) with the real server.

1. M4 (Multimillionær's prices and mortgage values are asked once, h21): a Kjøp refused
   for a missing figure opens the ask dialog and shows no red refusal line (a normal
   step); a real refusal (a rent table that does not rise, the core's check) keeps it.
2. The ask dialog for six rents asked from a phone (M5: rents by houses, the longest
   prompt) shows its heading and fits the 768 px screen.
3. C24 (the banker ends the game; the richest by the count wins): "Nytt spill" beside
   "Vis opptellingen" opens the new-game form in one tap (before: Mer, Nytt spill: two).

Multimillionær (M1): 150 000 kr each; Frognerveien is board space 3, Kongens gate 6.
Screenshots go to shots/ of the worktree (not committed)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser import joined, shoot
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_dice import TABLET

FROGNERVEIEN = 3
KONGENS_GATE = 6


def sent(actions: WebActions, token: str | None = None, **command: Any) -> Any:
    answer = actions.send(token, **command)
    assert answer.status_code == 200, answer.json
    return answer


def console(browser: Any, server: LiveServer, token: str) -> Page:
    """The banker's console at 1024x768 in Norwegian, live."""
    page: Page = joined(browser, server.url, token, TABLET, "nb", r"/(\?.*)?$")
    return page


def test_m4_a_missing_figure_asks_without_a_red_line(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Alice's car stops on Frognerveien (Ola 4 + 6, then 1 + 2); Kjøp on the console asks
    its price, then its mortgage value (h21): the dialog, never the red line.  The buy
    counts at 4 000 kr (146 000 kr left, M1).  A rent row that falls is refused: red."""
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    bank = console(browser, live_server, web_actions.banker)
    sent(web_actions, cmd="ola_roll", player="Alice", dice=[4, 6])
    sent(web_actions, cmd="roll", player="Alice", dice=[1, 2])
    ask, status = bank.locator("#ask-once"), bank.locator("#status")
    field = ask.locator("input[name=value]")
    record = ask.get_by_role("button", name="Registrer og fortsett")

    bank.get_by_role("button", name="Kjøp", exact=True).click()  # 1 tap: the price is asked
    expect(ask).to_be_visible(timeout=TIMEOUT)
    expect(bank.locator("#ask-title")).to_have_text("Et tall mangler: skriv beløpene")
    expect(status).to_be_hidden()
    field.fill("4000")
    record.click()  # the mortgage value is asked next: still no red line
    expect(bank.locator("#ask-prompt")).to_contain_text("pantverdien", timeout=TIMEOUT)
    expect(status).to_be_hidden()
    shoot(bank, "h23c-1-ask-mortgage-no-red-1024x768")
    field.fill("2000")
    record.click()
    expect(ask).to_be_hidden(timeout=TIMEOUT)
    assert web_actions.cash("Alice") == 146_000
    expect(bank.locator("#status.bad")).to_have_count(0)

    # a real refusal keeps its red line: Bob lands on Frognerveien, its rents fall
    bank.locator("#more-toggle").click()
    land = bank.locator('form[data-cmd="land"]')
    land.locator("select[name=player]").select_option("Bob")
    land.locator("select[name=space]").select_option(str(FROGNERVEIEN))
    land.locator("button:not([type=button])").click()
    expect(ask).to_be_visible(timeout=TIMEOUT)
    expect(status).to_be_hidden()
    field.fill("1.000 500 2.000 3.000 4.000 5.000")
    record.click()
    expect(status).to_be_visible(timeout=TIMEOUT)
    expect(status).to_have_class(re.compile(r"\bbad\b"))
    shoot(bank, "h23c-1-real-refusal-red-1024x768")


def test_m5_six_rents_asked_from_a_phone_show_the_heading_and_fit(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Bob owns Kongens gate (price 4 000 kr, mortgage 2 000 kr entered); Alice's phone
    rolls 2 + 4 onto it: its six rents are asked on the console, naming Alice (the
    longest prompt, shot 101).  The heading is in sight, the dialog inside 768 px; the
    rents entered, Bob claims 1 000 kr (no houses)."""
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    for field, value in (("price", 4000), ("mortgage", 2000)):
        sent(web_actions, cmd="edition_value", space=KONGENS_GATE, field=field, value=value)
    sent(web_actions, cmd="buy", player="Bob", space=KONGENS_GATE)
    bank = console(browser, live_server, web_actions.banker)
    alice = web_actions.players["Alice"]
    sent(web_actions, alice, cmd="ola_roll", player="Alice", dice=[4, 6])
    refused = web_actions.send(alice, cmd="roll", player="Alice", dice=[2, 4])
    assert refused.status_code != 200 and (refused.json or {}).get("missing")
    ask = bank.locator("#ask-once")
    expect(ask).to_be_visible(timeout=TIMEOUT)
    expect(bank.locator("#ask-prompt")).to_contain_text("Alice spør fra telefonen")
    expect(ask.locator(".ask-preview li")).to_have_count(6)
    shoot(bank, "h23c-2-six-rents-1024x768")
    fit = bank.evaluate("""() => {
        const box = document.getElementById('ask-once').getBoundingClientRect();
        const title = document.getElementById('ask-title').getBoundingClientRect();
        const buttons = document.querySelector('#ask-form .row').getBoundingClientRect();
        return {box: [box.top, box.bottom], title: [title.top, title.bottom],
                buttons: buttons.bottom, height: innerHeight,
                scrolled: document.getElementById('ask-once').scrollTop};
    }""")
    assert fit["scrolled"] == 0, fit
    assert fit["box"][0] >= 0 and fit["box"][1] <= fit["height"], fit
    assert fit["title"][0] >= fit["box"][0], fit  # the heading in sight, inside the box
    assert fit["buttons"] <= fit["box"][1], fit  # and "Registrer og fortsett" too
    ask.locator("input[name=value]").fill("1.000 5.000 15.000 45.000 60.000 80.000")
    ask.get_by_role("button", name="Registrer og fortsett").click()
    expect(ask).to_be_hidden(timeout=TIMEOUT)
    expect(bank.locator("#claims")).to_contain_text(re.compile(r"Bob.*1\D?000"),
                                                     timeout=TIMEOUT)


def test_c25_new_game_beside_the_tally_once_the_game_is_over(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Ola pays the bank 5 000 kr, the banker ends the game: Kari (30 000 kr, C1) is the
    richest (C24 count).  "Vis opptellingen" and, beside it, "Nytt spill":
    one tap opens the new-game form in sight (before: Mer, Nytt spill = 2 taps)."""
    web_actions.new_game("Kari", "Ola")
    sent(web_actions, cmd="pay", from_="Ola", to="bank", amount=5_000)
    bank = console(browser, live_server, web_actions.banker)
    new = bank.locator("#over-new-game")
    expect(new).to_be_hidden()  # while playing: under Mer only
    sent(web_actions, cmd="end_game")
    expect(bank.locator("#winner")).to_have_text("Spillet er over. Vinneren er Kari.",
                                                 timeout=TIMEOUT)
    tally = bank.get_by_role("link", name="Vis opptellingen")
    expect(tally).to_be_visible()
    expect(new).to_be_visible()
    expect(new).to_have_text("Nytt spill")
    where = [tally.bounding_box(), new.bounding_box()]
    assert where[0] and where[1] and abs(where[0]["y"] - where[1]["y"]) < where[0]["height"]
    assert where[1]["x"] > where[0]["x"]  # beside it, on its right
    shoot(bank, "h23c-3-over-new-game-1024x768")
    form = bank.locator("#new-game-box")
    expect(form).not_to_have_attribute("open", "")
    new.click()  # 1 tap
    expect(form).to_have_attribute("open", "")
    expect(bank.locator("#new-game")).to_be_in_viewport()
    expect(bank.locator("#more-toggle")).to_have_attribute("aria-expanded", "true")
    shoot(bank, "h23c-3-new-game-open-1024x768")

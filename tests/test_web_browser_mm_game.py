"""Issue 15 (points 1, 3, 5, 6, 7): a short Multimillionær game through the screens only, in
the machine's Chromium — the tablet console (1024×768) and two phones (390×844), each its
own context.  Alice buys series 1 (prices asked once), builds (the house price asked once),
mortgages the unbuilt lot (its value asked once), takes a debt note on her phone; Bob lands
on the built lot, its rents entered as one row, the 25 000 rent moves series 1 up (M6) and
every screen tells it; Alice's claim is the first thing on her phone.  Then the banker ends
the game on the console (point 2): the phones show the end, and on the tally page every
row's columns add up to its worth (the cells as shown).  Screenshots go to
/tmp/shots/h15-mm/ (the end: /tmp/shots/h15-last/)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from companion.editions import load_edition
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits
from tests.test_web_browser_deals import console_for, not_reloaded, wallet_for

SHOTS = Path("/tmp/shots/h15-mm")
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
SUBMIT = "button:not([type=button])"
MM = load_edition("multimillionaer")
INDEX = {s.name: s.index for s in MM.spaces if s.name}


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def answer(console: Page, value: str) -> None:
    """The console asked once: type the figure as printed, one confirmation."""
    ask = console.locator("#ask-once")
    expect(ask).to_be_visible(timeout=TIMEOUT)
    ask.locator("input[name=value]").fill(value)
    ask.get_by_role("button", name="Record and continue").click()
    expect(ask).to_be_hidden(timeout=TIMEOUT)


def shown_amount(cell: Locator) -> int:
    """The whole number a tally cell shows ("−12 000 kr", "158,000 kr")."""
    text = cell.inner_text()
    number = int(re.sub(r"\D", "", text) or 0)
    return -number if re.match(r"^\s*[−-]", text) else number


def check_tally_rows(tally: Page, players: tuple[str, ...]) -> dict[str, int]:
    """Every row of the tally table: its parts (a heading marked "− " subtracted) add up
    to the worth shown in the row, and each cell shows its value; ``{player: worth}``."""
    heads = tally.locator("#tally thead th").all_inner_texts()[1:]
    worths = {}
    for name in players:
        cells = tally.locator(f'#tally tr[data-player="{name}"] td')
        keys = [cells.nth(i).get_attribute("data-key") for i in range(cells.count())]
        shown = {key: shown_amount(cells.nth(i)) for i, key in enumerate(keys)}
        for i, key in enumerate(keys):
            assert shown[key] == int(cells.nth(i).get_attribute("data-value") or "x"), key
        parts = [(key, head) for key, head in zip(keys, heads, strict=True)
                 if key not in ("total", "money")]
        total = sum(-shown[key] if head.startswith("−") else shown[key] for key, head in parts)
        assert total == shown["total"], (name, shown)
        worths[name] = shown["total"]
    return worths


def send_form(console: Page, cmd: str, **fields: str) -> None:
    form = console.locator(f'form[data-cmd="{cmd}"]').first
    for name, value in fields.items():
        form.locator(f"select[name={name}]").select_option(value)
    form.locator(SUBMIT).first.click()


def test_issue15_mm_a_short_game_through_the_screens(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    console = console_for(browser, live_server, web_actions)
    console.set_viewport_size(TABLET)
    alice = wallet_for(browser, live_server, web_actions, "Alice")
    bob = wallet_for(browser, live_server, web_actions, "Bob")
    for phone in (alice, bob):
        phone.set_viewport_size(PHONE)

    send_form(console, "ola_land", space=str(INDEX["Prøv lykken"]))  # M4: Ola first
    expect(console.locator("#mm-phase")).to_contain_text("build and pay", timeout=TIMEOUT)
    for lot, price, mortgage in (("Kirkeveien", "20000", "10000"),
                                 ("Frognerveien", "24000", "12000")):
        send_form(console, "buy", player="Alice", space=str(INDEX[lot]))
        ask = console.locator("#ask-once")
        expect(console.locator("#ask-prompt")).to_contain_text("price", timeout=TIMEOUT)
        ask.locator("input[name=value]").fill(price)
        ask.get_by_role("button", name="Record and continue").click()
        # h21: the mortgage value next, before the lot changes hands (M17, M22)
        expect(console.locator("#ask-prompt")).to_contain_text("mortgage value",
                                                               timeout=TIMEOUT)
        answer(console, mortgage)
        expect(console.locator('[data-player="Alice"] .deeds')).to_contain_text(lot)

    # point 1: Bygg offers the lot whose house price is unknown; picking it asks once
    build = console.locator('form[data-cmd="build"]')
    build.locator("select[name=player]").select_option("Alice")
    expect(build.locator("select[name=space] option")).to_have_count(2, timeout=TIMEOUT)
    send_form(console, "build", player="Alice", space=str(INDEX["Kirkeveien"]))
    expect(console.locator("#ask-prompt")).to_have_text(
        "Enter the house price printed on the deed of Kirkeveien.", timeout=TIMEOUT)
    answer(console, "10000")
    expect(console.locator('[data-player="Alice"] .deeds')).to_contain_text("1 house",
                                                                            timeout=TIMEOUT)
    # point 1: Pantsett offers Frognerveien (M17: unbuilt, in a built series); its value
    # was asked at the purchase (h21)
    send_form(console, "mortgage", player="Alice", space=str(INDEX["Frognerveien"]))
    expect(console.locator('[data-player="Alice"] .deeds')).to_contain_text("mortgaged",
                                                                            timeout=TIMEOUT)
    assert web_actions.cash("Alice") == 150_000 - 20_000 - 24_000 - 10_000 + 12_000

    # a gjeldsbrev from the phone (M18); "no debts" says the note (point 6)
    alice.get_by_role("button", name="Issue a debt note").click()
    expect(alice.locator("#cash")).to_have_text(digits(158_000), timeout=TIMEOUT)
    expect(alice.locator("#debts")).to_have_text("No other debts; you hold 1 debt note.")

    # point 7 and 3: Bob lands on Kirkeveien (1 house: 25 000, M5); the rents are one row
    send_form(console, "land", player="Bob", space=str(INDEX["Kirkeveien"]))
    expect(console.locator("#ask-prompt")).to_have_text(
        "Enter the rents printed on the deed of Kirkeveien.", timeout=TIMEOUT)
    expect(console.locator("#ask-once input[name=value]")).to_have_count(1)
    console.locator("#ask-once input[name=value]").fill("1.000 25.000 45.000 60.000 80.000 "
                                                       "125.000")
    expect(console.locator(".ask-preview li").nth(1)).to_have_text("1 house: 25,000 kr")
    shot(console, "console-ask-rents-1024")
    console.get_by_role("button", name="Record and continue").click()
    told = re.compile(r"Series 1: 4\D?000\W+kr → 5\D?000\W+kr\W+move the marker\.")
    for page in (console, alice, bob):
        expect(page.locator("#stock-told")).to_contain_text(told, timeout=TIMEOUT)
        expect(page.locator('.stock-board .series-col[data-series="1"]').first).to_have_class(
            re.compile(r"\bmoved\b"))
    expect(console.locator("#history")).to_contain_text(told, timeout=TIMEOUT)

    # point 5: the claim comes before anything of the stock board on Alice's phone: it is
    # in the wallet's dock (h16-fixes), on screen at once, over the page
    claim = alice.locator("#claim-box")
    expect(claim).to_be_visible(timeout=TIMEOUT)
    above = alice.evaluate("""() => {
        const c = document.getElementById('claim-box').getBoundingClientRect();
        const dock = document.getElementById('claim-box').closest('#turn-dock');
        return Boolean(dock) && getComputedStyle(dock).position === 'fixed'
          && c.top >= 0 && c.bottom <= innerHeight; }""")
    assert above
    expect(alice.locator("#worth-goal")).to_contain_text(re.compile(r"of 2[,.\s\u00a0\u202f]?000"
                                                                    r"[,.\s\u00a0\u202f]?000"))
    expect(console.locator('[data-player="Alice"] .worth-goal')).to_be_visible()
    shot(alice, "phone-alice-claim-390")
    shot(bob, "phone-bob-390")
    shot(console, "console-after-move-1024")
    alice.locator("#claim").click()
    expect(alice.locator("#claim-box")).to_be_hidden(timeout=TIMEOUT)
    assert web_actions.cash("Alice") == 158_000 + 25_000
    not_reloaded(console, alice, bob)

    # point 2: the banker ends the game on the console; the tally's rows add up
    console.get_by_role("button", name="End the game").click()  # 2 taps with the confirm
    console.get_by_role("alertdialog").get_by_role("button", name="End the game").click()
    expect(console.locator("#winner")).to_be_visible(timeout=TIMEOUT)
    for phone in (alice, bob):
        expect(phone.locator("#winner")).to_contain_text("The game is over", timeout=TIMEOUT)
    console.get_by_role("link", name="Show the tally").click()
    console.wait_for_url(re.compile(r"/tally/"), timeout=TIMEOUT)
    expect(console.locator("#tally")).to_be_visible(timeout=TIMEOUT)
    expect(console.locator("form.tally-ask")).to_have_count(0)  # every figure was asked
    worths = check_tally_rows(console, ("Alice", "Bob"))
    state = web_actions.table.snapshot(web_actions.game, with_tally=True)
    assert worths == {n: state["tally"]["players"][n]["total"] for n in ("Alice", "Bob")}
    winner = max(worths, key=lambda n: worths[n])
    expect(console.locator("#tally-winner")).to_have_attribute("data-winner", winner)
    Path("/tmp/shots/h15-last").mkdir(parents=True, exist_ok=True)
    console.screenshot(path="/tmp/shots/h15-last/mm-tally-1024.png", full_page=True)
    alice.goto(f"{live_server.url}/tally/{web_actions.game}")
    alice.set_viewport_size(PHONE)
    assert check_tally_rows(alice, ("Alice", "Bob")) == worths
    alice.screenshot(path="/tmp/shots/h15-last/mm-tally-390.png", full_page=True)

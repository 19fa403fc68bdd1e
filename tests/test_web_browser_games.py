"""Issue 16 points 9 and 10 in Chromium: the family's games page; readable in dim light and
steady under the finger.  axe-core (WCAG 2.1 AA, the copy bundled by the dev dependency
``axe-playwright-python``: no browser download) finds nothing on any page in the light and
the dark theme; every visible control on the console (1024×768) and a wallet (390×844) is
at least 44 × 44 px; the dark switch is remembered; focus is never under the sticky header.
Screenshots under /tmp/shots/h16-games/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from companion.table import Table
from hardware import start_hardware
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT

SHOTS = Path("/tmp/shots/h16-games")
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
TABLE = {"width": 1920, "height": 1080}
WCAG = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
        "resultTypes": ["violations"]}


@pytest.fixture
def hardware(table: Table) -> Iterator[Any]:
    """The simulated table (its seat buttons on /table), driven by the real code."""
    sim = start_hardware(table, "sim")
    yield sim
    sim.close()


def open_as(browser: Any, server: LiveServer, token: str | None, size: dict[str, int],
            scheme: str = "light", lang: str = "en") -> Page:
    """A new page of ``size`` in ``scheme`` (prefers-color-scheme), signed in with ``token``."""
    context = browser.new_context(viewport=size, color_scheme=scheme)
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    if token is not None:
        page.goto(f"{server.url}/join/{token}")
        page.wait_for_url(re.compile(r"/(wallet|\?.*)?$|/$"), timeout=TIMEOUT)
    return page


def played(actions: WebActions) -> tuple[str, str]:
    """(a classic game played to the end: the bank pays Kari 2 000 kr, so she is the
    richest and wins (C23); a live one: Kari, Ola and Åse, Ola owns Rådhusplassen)."""
    actions.new_game("Kari", "Ola", edition="monopol-no-1996")
    actions.send(cmd="buy", player="Kari", space="Parkveien")
    actions.send(cmd="pay", from_="bank", to="Kari", amount=2_000)
    actions.send(cmd="end_game")
    done = actions.game
    actions.new_game("Kari", "Ola", "Åse", edition="monopol-no-1996")
    actions.send(cmd="buy", player="Ola", space="Rådhusplassen")
    return done, actions.game


def violations(page: Page) -> list[str]:
    """axe-core's WCAG 2.1 A/AA violations of ``page``, one line each."""
    results = Axe().run(page, options=WCAG)
    return [f"{v['id']}: {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:4])
            for v in results.response["violations"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_issue16_10_axe_finds_nothing_on_any_page(
        browser: Any, live_server: LiveServer, web_actions: WebActions, scheme: str) -> None:
    done, live = played(web_actions)
    url = live_server.url
    found: dict[str, list[str]] = {}
    console = open_as(browser, live_server, web_actions.banker, TABLET, scheme)
    expect(console.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    pages = [("console", console, None), ("table", console, f"{url}/table"),
             ("tally", console, f"{url}/tally/{done}"), ("editions", console, f"{url}/editions"),
             ("games", console, f"{url}/games")]
    for name, page, target in pages:
        if target:
            page.goto(target)
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"{name}-{scheme}.png"), full_page=False)
        found[name] = violations(page)
    wallet = open_as(browser, live_server, web_actions.players["Åse"], PHONE, scheme)
    expect(wallet.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    wallet.screenshot(path=str(SHOTS / f"wallet-{scheme}.png"), full_page=True)
    found["wallet"] = violations(wallet)
    stranger = open_as(browser, live_server, None, PHONE, scheme)
    stranger.goto(f"{url}/")
    found["login"] = violations(stranger)
    stranger.goto(f"{url}/join/not-a-token")
    found["join"] = violations(stranger)
    stranger.screenshot(path=str(SHOTS / f"join-{scheme}.png"))
    assert {k: v for k, v in found.items() if v} == {}


#: What a finger taps: every control, and a checkbox's label (the label is its target).
CONTROLS = """() => [...document.querySelectorAll(
    'a[href], button, select, summary, input:not([type=hidden]):not([type=checkbox]), label.check')]
  .filter(e => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect();
    return {what: e.outerHTML.slice(0, 90), w: Math.round(r.width), h: Math.round(r.height)}; })
  .filter(c => c.w < 44 || c.h < 44)"""


def test_issue16_10_every_control_is_at_least_44_px_on_the_console_and_a_wallet(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    played(web_actions)
    console = open_as(browser, live_server, web_actions.banker, TABLET)
    expect(console.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    console.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert console.evaluate(CONTROLS) == []
    console.screenshot(path=str(SHOTS / "console-open-tablet.png"), full_page=True)
    wallet = open_as(browser, live_server, web_actions.players["Ola"], PHONE)
    expect(wallet.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    wallet.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert wallet.evaluate(CONTROLS) == []
    wallet.screenshot(path=str(SHOTS / "wallet-open-phone.png"), full_page=True)


def test_issue16_10_the_dark_switch_is_remembered_over_every_page(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    played(web_actions)
    console = open_as(browser, live_server, web_actions.banker, TABLET)
    root = console.locator("html")
    expect(root).to_have_attribute("data-theme", "light")
    switch = console.locator("#theme-switch")
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()  # one tap
    expect(root).to_have_attribute("data-theme", "dark")
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert console.evaluate("getComputedStyle(document.documentElement).backgroundColor") \
        == "rgb(18, 20, 18)"
    for path in ("/games", "/editions", "/table", "/"):
        console.goto(f"{live_server.url}{path}")
        expect(console.locator("html")).to_have_attribute("data-theme", "dark")
    console.screenshot(path=str(SHOTS / "console-switched-dark.png"))
    console.locator("#theme-switch").click()
    console.reload()
    expect(console.locator("html")).to_have_attribute("data-theme", "light")


def test_issue16_10_the_amount_preview_is_16_px_and_readable(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    played(web_actions)
    for scheme in ("light", "dark"):
        wallet = open_as(browser, live_server, web_actions.players["Ola"], PHONE, scheme)
        expect(wallet.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
        field = wallet.locator("form input[data-money]:visible").first
        field.fill("2")
        wallet.locator("form .money-keys button:visible").first.click()  # "000"
        preview = wallet.locator("form .money-preview:visible").first
        expect(preview).to_contain_text("2,000")
        style = preview.evaluate("""e => { const s = getComputedStyle(e);
            return {size: parseFloat(s.fontSize), opacity: s.opacity}; }""")
        assert style["size"] >= 16 and style["opacity"] == "1"
        results = Axe().run(wallet, context=".money-preview",
                            options={"runOnly": ["color-contrast"]})
        assert results.response["violations"] == [], scheme  # 4.5:1 (WCAG 1.4.3)
        wallet.screenshot(path=str(SHOTS / f"wallet-preview-{scheme}.png"))


def test_issue16_10_focus_has_a_ring_and_is_never_under_the_sticky_header(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    played(web_actions)
    console = open_as(browser, live_server, web_actions.banker, TABLET)
    expect(console.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
    console.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    bar = console.locator("header.bar").bounding_box()
    assert bar is not None
    for _ in range(12):  # walk backwards up the page, as a keyboard user would
        console.keyboard.press("Shift+Tab")
        where = console.evaluate("""() => { const e = document.activeElement;
            const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
            return {top: r.top, inBar: !!e.closest('header.bar'),
                    ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2}; }""")
        assert where["ring"]
        if not where["inBar"]:
            assert where["top"] >= bar["height"]


def test_issue16_10_the_game_picker_names_the_edition_and_players(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    done, live = played(web_actions)
    console = open_as(browser, live_server, web_actions.banker, TABLET, lang="nb")
    options = console.locator("#game-picker option")
    expect(options).to_have_text([
        "Monopol (norsk utgave, 1996): Kari, Ola, Åse",
        "Monopol (norsk utgave, 1996): Kari, Ola (ferdig)"])
    expect(options.first).to_have_attribute("value", live)
    console.screenshot(path=str(SHOTS / "console-picker-nb.png"))


def test_issue16_10_table_buttons_name_their_seat_and_lights_say_their_state(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    played(web_actions)
    page = open_as(browser, live_server, web_actions.banker, TABLE)
    page.goto(f"{live_server.url}/table")
    seat = page.locator('.seat[data-seat="1"]')
    expect(seat.locator("button")).to_have_text("Press Ola's seat", timeout=TIMEOUT)
    expect(seat.locator(".claim-words")).to_have_text("Claim light: off")
    expect(page.locator('.seat[data-seat="0"] .turn-words')).to_have_text("Turn light: lit")
    page.screenshot(path=str(SHOTS / "table-1920.png"))


def test_issue16_9_the_games_page_at_table_and_phone_sizes(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    done, _live = played(web_actions)
    for size, name in ((TABLET, "tablet"), (PHONE, "phone")):
        page = open_as(browser, live_server, web_actions.banker, size, lang="nb")
        page.locator("#more-toggle").click()  # "Mer" (issue 16 point 4), then the link
        page.locator("#more a", has_text="Våre spill").click()
        expect(page.locator(f'tr[data-game="{done}"]')).to_contain_text("Kari, Ola")
        expect(page.locator('tr[data-player="Kari"]')).to_have_attribute("data-won", "1")
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        page.screenshot(path=str(SHOTS / f"games-{name}-nb.png"), full_page=True)
        page.locator(f'tr[data-game="{done}"] a').click()
        expect(page.locator("#tally-winner")).to_have_attribute("data-winner", "Kari")


@pytest.mark.parametrize("edition", ["multimillionaer", "verdens-underverker-2003", "kortstokk",
                                     "monopol-se-2008"])
def test_issue16_10_every_editions_console_and_wallet_pass_axe_and_44_px(
        browser: Any, live_server: LiveServer, web_actions: WebActions, edition: str) -> None:
    web_actions.new_game("Kari", "Ola", edition=edition)
    found: dict[str, Any] = {}
    for scheme in ("light", "dark"):
        for who, token, size in (("console", web_actions.banker, TABLET),
                                 ("wallet", web_actions.players["Ola"], PHONE)):
            page = open_as(browser, live_server, token, size, scheme)
            expect(page.locator("#conn")).to_have_text(re.compile("."), timeout=TIMEOUT)
            page.wait_for_timeout(300)
            found[f"{who}-{scheme}"] = violations(page)
            page.screenshot(path=str(SHOTS / f"{edition}-{who}-{scheme}.png"), full_page=True)
            page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            found[f"{who}-{scheme}-small"] = page.evaluate(CONTROLS) if scheme == "light" else []
            page.context.close()
    assert {k: v for k, v in found.items() if v} == {}

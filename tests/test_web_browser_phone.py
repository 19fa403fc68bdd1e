"""Phones at the table (issue 16 points 5, 6, 8), in Chromium at 390×844: the phone says
why its money moved (a notice, then its history), a mortgage from the phone asks once,
the web manifest and its icons, and a phone that lost the network says "reconnecting…"
and is current at once when it is back.  Classic NO 1996 amounts (docs/rules.md "Edition
values": the standard deeds ×20): one station's rent 25 × 20 = 500 kr, Parkveien's
mortgage value 30 × 20 = 600 kr.  Screenshots under /tmp/shots/h16-phone/."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
SHOTS = Path("/tmp/shots/h16-phone")
NBSP = re.compile(r"[\u00a0\u202f]")

#: Sums the page's layout shifts (CLS entries without recent input) from the start.
SHIFTS = """
window.shiftSum = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shiftSum += entry.value;
}).observe({type: "layout-shift", buffered: true});
"""


def phone_for(browser: Any, server: LiveServer, token: str, lang: str = "en",
              size: dict[str, int] = PHONE) -> Page:
    """A phone signed in with ``token`` in ``lang``, following the game live."""
    context = browser.new_context(viewport=size)
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.add_init_script(SHIFTS)
    page.goto(f"{server.url}/join/{token}")
    page.wait_for_url(re.compile(r"/wallet|/(\?.*)?$"), timeout=TIMEOUT)
    expect(page.locator("#conn")).to_have_attribute("data-mode", "live", timeout=TIMEOUT)
    return page


def shot(page: Page, name: str, full: bool = False) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full)


def test_c5_a_rent_paid_shows_the_notice_in_each_phones_words_without_moving_anything(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Åse", "Ola")
    web_actions.send(cmd="buy", player="Kari", space="Oslo S")
    web_actions.send(cmd="land", player="Åse", space="Oslo S")
    ase = phone_for(browser, live_server, web_actions.players["Åse"])
    kari = phone_for(browser, live_server, web_actions.players["Kari"], lang="nb")
    ase.wait_for_timeout(300)  # the first history read: where news starts
    pay = ase.get_by_role("button", name="Pay").last
    before = pay.bounding_box()
    ase.evaluate("window.shiftSum = 0")  # from here: while the state changes

    answer = web_actions.send(web_actions.players["Kari"], cmd="claim", player="Kari")
    assert answer.status_code == 200, answer.json
    notice = ase.locator("#money-notice")
    expect(notice).to_be_visible(timeout=TIMEOUT)
    assert NBSP.sub(" ", notice.inner_text()) == "You paid Kari 500 kr in rent for Oslo S."
    expect(ase.locator("#cash")).to_have_text(digits(30_000 - 500))
    told = kari.locator("#money-notice")
    expect(told).to_be_visible(timeout=TIMEOUT)
    assert NBSP.sub(" ", told.inner_text()) == "Åse betalte deg 500 kr i leie for Oslo S."
    shot(ase, "phone-rent-notice-390x844")
    shot(kari, "phone-rent-notice-owner-nb-390x844")
    assert pay.bounding_box() == before  # an overlay: nothing under a finger moved
    assert ase.evaluate("window.shiftSum") <= 0.05

    expect(notice).to_be_hidden(timeout=6000)  # stays ~4 s, then goes
    history = ase.locator("#history li").first
    expect(history).to_contain_text("You paid Kari")
    shot(ase, "phone-history-390x844", full=True)
    assert ase.evaluate("window.shiftSum") <= 0.05


def test_c19_a_mortgage_from_the_phone_asks_once(browser: Any, live_server: LiveServer,
                                                 web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Åse")
    web_actions.send(cmd="buy", player="Kari", space="Parkveien")
    kari = phone_for(browser, live_server, web_actions.players["Kari"])
    deed = kari.locator('li[data-deed="Parkveien"]')
    mortgage = deed.get_by_role("button", name=re.compile("Mortgage for 600"))
    mortgage.click()
    step = kari.get_by_role("alertdialog")
    expect(step).to_be_visible(timeout=TIMEOUT)
    expect(step).to_contain_text("Mortgage Parkveien for 600")
    shot(kari, "phone-confirm-mortgage-390x844")
    kari.wait_for_timeout(300)
    assert web_actions.cash("Kari") == 30_000 - 1200  # asked, nothing sent
    step.get_by_role("button", name="Cancel").click()
    expect(step).to_be_hidden()
    kari.wait_for_timeout(300)
    assert web_actions.cash("Kari") == 30_000 - 1200

    mortgage.click()
    step.get_by_role("button", name="Mortgage", exact=True).click()
    expect(deed).to_contain_text("mortgaged", timeout=TIMEOUT)
    assert web_actions.cash("Kari") == 30_000 - 1200 + 600
    expect(kari.locator("#money-notice")).to_contain_text("The bank paid you 600")


def test_c22_ending_the_game_on_the_console_asks_in_the_page(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Åse")
    console = phone_for(browser, live_server, web_actions.banker, size=TABLET)
    console.on("dialog", lambda d: (_ for _ in ()).throw(AssertionError(d.message)))
    console.get_by_role("button", name="End the game").click()
    step = console.get_by_role("alertdialog")
    expect(step).to_contain_text("Really end the game?", timeout=TIMEOUT)
    shot(console, "console-confirm-end-1024x768")
    step.get_by_role("button", name="Cancel").click()
    console.wait_for_timeout(300)
    assert web_actions.state()["game"]["over"] is False
    console.get_by_role("button", name="End the game").click()
    step.get_by_role("button", name="End the game").click()
    expect(console.locator("#winner")).to_be_visible(timeout=TIMEOUT)
    assert web_actions.state()["game"]["over"] is True


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def test_the_manifest_is_linked_from_every_page_with_icons_that_exist(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Åse")
    kari = phone_for(browser, live_server, web_actions.players["Kari"])
    href = kari.locator('link[rel="manifest"]').get_attribute("href")
    answer = kari.request.get(f"{live_server.url}{href}")
    assert answer.status == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(answer.text())
    assert manifest["display"] == "standalone"
    assert manifest["name"] and re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = {}
    for icon in manifest["icons"]:
        got = kari.request.get(f"{live_server.url}{icon['src']}")
        assert got.status == 200, icon
        if icon["type"] == "image/png":
            sizes[icon["sizes"]] = _png_size(got.body())
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}
    for path in ("/", "/wallet", "/table", "/editions"):
        page = kari.context.new_page()
        page.goto(f"{live_server.url}{path}")
        assert page.locator('link[rel="manifest"]').count() == 1, path
        page.close()


def test_a_phone_offline_says_reconnecting_and_is_current_at_once_when_back(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Åse")
    kari = phone_for(browser, live_server, web_actions.players["Kari"], lang="nb")
    conn = kari.locator("#conn")
    kari.context.set_offline(True)
    expect(conn).to_have_text("kobler til igjen…", timeout=1500)
    shot(kari, "phone-reconnecting-nb-390x844")
    web_actions.send(cmd="pay", from_="bank", to="Kari", amount=2000)  # while it slept
    kari.wait_for_timeout(500)
    expect(kari.locator("#cash")).to_have_text(digits(30_000))
    kari.context.set_offline(False)
    expect(kari.locator("#cash")).to_have_text(digits(32_000), timeout=1000)
    expect(conn).to_have_attribute("data-mode", "live", timeout=TIMEOUT)


def test_the_wallet_keeps_the_screen_on_with_a_switch(browser: Any, live_server: LiveServer,
                                                      web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Åse")
    kari = phone_for(browser, live_server, web_actions.players["Kari"])
    switch = kari.get_by_label("Keep the screen on during the game")
    expect(switch).to_be_checked()
    expect(kari.locator("body")).to_have_attribute("data-awake", "on", timeout=TIMEOUT)
    switch.uncheck()
    expect(kari.locator("body")).to_have_attribute("data-awake", "off", timeout=TIMEOUT)
    kari.reload()
    expect(kari.get_by_label("Keep the screen on during the game")).not_to_be_checked()
    shot(kari, "phone-wallet-390x844")

"""Screens go back to live after the table server restarts (h21, a fresh family's
play-test): `companion serve` in a subprocess on a real data folder, killed with SIGKILL
(a power cut on the Pi) while a phone's wallet (390×844) and the banker's console
(1024×768) are open in Chromium, then started again on the same folder and port.  Both
pages gave their stream up and poll; a poll that reaches the bank again opens a fresh
stream, and the money the banker moves afterwards shows on the phone with the badge saying
"live" — without a reload.  Classic NO 1996 (C1): Kari starts with 30 000 kr, the bank pays
her 2 000 kr by hand: 32 000 kr.  And a server that refuses streams (503) is not asked
for one at every poll: the page says "polling" and tries again only after a pause.
Screenshots under /tmp/shots/h21-reconnect/.
"""

from __future__ import annotations

import json
import re
import signal
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, expect

from benchmarks.serve import Served
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
SHOTS = Path("/tmp/shots/h21-reconnect")
#: A poll (`Companion.live`'s read of the state newer than its own), not the token probe
#: a failed stream makes (``?after=0``): the page gave its stream up.
POLL = re.compile(r"/api/games/[^/?]+\?after=[1-9]")


def call(server: Served, path: str, body: dict[str, Any]) -> Any:
    """POST ``body`` to ``path`` as the banker; the answer's JSON."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{server.port}{path}", data=json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {server.token}",
                 "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def screen(browser: Any, server: Served, token: str, size: dict[str, int],
           polls: list[str]) -> Page:
    """A page of ``size`` signed in by ``token``'s link, in English, live; the URLs of
    its polls go to ``polls``."""
    url = f"http://127.0.0.1:{server.port}"
    context = browser.new_context(viewport=size)
    context.add_cookies([{"name": "companion_lang", "value": "en", "url": url}])
    page = context.new_page()
    page.on("request", lambda request: POLL.search(request.url) and polls.append(request.url))
    page.goto(f"{url}/join/{token}")
    expect(page.locator("#conn")).to_have_attribute("data-mode", "live", timeout=TIMEOUT)
    return page


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_a_wallet_and_the_console_are_live_again_after_the_server_was_killed(
        browser: Any, tmp_path: Path) -> None:
    server = Served(tmp_path)
    try:
        game = call(server, "/api/games", {"players": ["Kari", "Åse"], "id": "h21"})
        commands = f"/api/games/{game['game']}/commands"
        kari_token = next(p["token"] for p in game["players"] if p["name"] == "Kari")
        polls: dict[str, list[str]] = {"phone": [], "console": []}
        kari = screen(browser, server, kari_token, PHONE, polls["phone"])
        console = screen(browser, server, server.token, TABLET, polls["console"])
        expect(kari.locator("#cash")).to_have_text(digits(30_000))  # C1
        assert server.stop(signal.SIGKILL) == -signal.SIGKILL
        # Down long enough for both streams to give up (three failures, 2 s apart: the
        # hub's `retry: 2000`) and poll in vain; a poll before that would mean a stream
        # that reconnected by itself, which is not what this test is about.
        for _ in range(200):  # ≤ 20 s
            if polls["phone"] and polls["console"]:
                break
            kari.wait_for_timeout(100)
        assert polls["phone"] and polls["console"], "a page kept its dead stream"
        for page in (kari, console):
            expect(page.locator("#conn")).to_have_attribute("data-mode", "reconnecting")
        shot(kari, "phone-server-down-390x844")
        shot(console, "console-server-down-1024x768")
        server = Served(tmp_path, server.port)
        answer = call(server, commands,
                      {"cmd": "pay", "from": "bank", "to": "Kari", "amount": 2000,
                       "id": "h21-back"})
        assert answer["ok"] is True, answer
        # The next poll (≤ 3 s) reaches the bank and opens a stream, which brings the
        # whole state: the payment made before it opened is there.
        for page in (kari, console):
            expect(page.locator("#conn")).to_have_attribute("data-mode", "live", timeout=TIMEOUT)
        expect(kari.locator("#conn")).to_have_text("live")
        expect(kari.locator("#cash")).to_have_text(digits(32_000))
        notice = kari.locator("#money-notice")
        expect(notice).to_have_text(re.compile(r"The bank paid you 2.000\skr"))
        notice.click()  # read: out of the way of the badge in the picture
        polled = len(polls["phone"])
        shot(kari, "phone-live-again-390x844")
        shot(console, "console-live-again-1024x768")
        # And the stream carries what comes next at once (no polling left behind).
        answer = call(server, commands,
                      {"cmd": "pay", "from": "Kari", "to": "bank", "amount": 500,
                       "id": "h21-live"})
        assert answer["ok"] is True, answer
        expect(kari.locator("#cash")).to_have_text(digits(31_500), timeout=1000)
        assert len(polls["phone"]) == polled
    finally:
        server.stop(signal.SIGKILL)


def refuse(times: list[float]) -> Any:
    """A route handler answering 503 to each stream, noting when it was asked."""
    def handle(route: Route) -> None:
        times.append(time.monotonic())
        route.fulfill(status=503, body="busy")
    return handle


def test_a_page_whose_streams_are_refused_polls_and_tries_again_only_after_a_pause(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Every stream answered 503 (in Chromium's network layer, in front of the real
    server): the page polls ("polling": the bank answers), tries one fresh stream at once,
    then none for 5 s (``RETRY_MS``) — not one per 3 s poll — and then tries again."""
    web_actions.new_game("Kari", "Åse")
    tried: dict[str, list[float]] = {}
    pages = {}
    for name, token, size in (("phone", web_actions.players["Kari"], PHONE),
                              ("console", web_actions.banker, TABLET)):
        context = browser.new_context(viewport=size)
        context.add_cookies([{"name": "companion_lang", "value": "en",
                              "url": live_server.url}])
        context.route(re.compile(r"/events$"), refuse(tried.setdefault(name, [])))
        pages[name] = page = context.new_page()
        page.goto(f"{live_server.url}/join/{token}")
    for page in pages.values():
        expect(page.locator("#conn")).to_have_text("polling", timeout=TIMEOUT)
    expect(pages["phone"].locator("#cash")).to_have_text(digits(30_000))  # C1, polled
    shot(pages["phone"], "phone-polling-390x844")
    shot(pages["console"], "console-polling-1024x768")
    for times in tried.values():  # the page's own stream, then the first try at once
        assert len(times) == 2, times
    for _ in range(100):  # the next try: at the first poll >= 5 s after the last (~6 s)
        if all(len(times) > 2 for times in tried.values()):
            break
        pages["phone"].wait_for_timeout(100)
    for name, times in tried.items():
        assert len(times) == 3, (name, times)
        assert times[2] - times[1] >= 5, (name, times)

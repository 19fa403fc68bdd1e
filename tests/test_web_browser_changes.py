"""Each screen gets what changed (issue 19 point 1), in Chromium: ``Companion.applyChange``
(web/static/companion.js) rebuilds every state of a sample of replays from the changes the
streams send, exactly as the whole state parses; and a phone that misses messages (its
stream closed for a few commands) shows the right state after, and follows the changes
again.  Classic NO 1996 amounts: a start capital of 30 000 kr."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.conftest import LiveServer, WebActions
from tests.test_changes import replay_steps
from tests.test_web_browser import TIMEOUT, digits
from tests.test_web_browser_phone import phone_for, shot

SCRIPT = Path(__file__).parent.parent / "web" / "static" / "companion.js"
REPLAYS = Path(__file__).parent / "replays"

#: Every (previous state, change, state): true when applyChange gives the state, as parsed.
CHECK = """(triples) => triples.map(([before, change, after]) =>
  JSON.stringify(Companion.applyChange(JSON.parse(before), JSON.parse(change)))
    === JSON.stringify(JSON.parse(after)))"""

#: Counts the change events the page's streams deliver (``window.changesSeen``).
COUNT_CHANGES = """
window.changesSeen = 0;
const add = EventSource.prototype.addEventListener;
EventSource.prototype.addEventListener = function (type, fn, options) {
  const counted = type === "change" ? (e) => { window.changesSeen += 1; fn(e); } : fn;
  return add.call(this, type, counted, options);
};
"""


@pytest.mark.parametrize("name", ["classic_full_game", "multimillionaer_game",
                                  "wonders_full_passport"])
def test_apply_change_in_chromium_gives_every_state_of_a_replay(
        browser: Any, tmp_path: Path, name: str) -> None:
    steps = replay_steps(tmp_path, REPLAYS / f"{name}.jsonl")
    triples = [(before[0], change.decode(), after[0])
               for before, after in zip(steps, steps[1:], strict=False)
               if (change := after[1]) is not None]
    assert len(triples) > 50
    page = browser.new_page()
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(path=str(SCRIPT))
    results = page.evaluate(CHECK, triples)
    page.close()
    assert results == [True] * len(triples)


def test_a_phone_that_misses_changes_shows_the_right_state_after(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Åse")
    kari = phone_for(browser, live_server, web_actions.players["Kari"], lang="nb")
    kari.reload()  # with the counter from the page's start
    kari.add_init_script(COUNT_CHANGES)
    kari.reload()
    expect(kari.locator("#conn")).to_have_attribute("data-mode", "live", timeout=TIMEOUT)
    cash = kari.locator("#cash")
    for amount in (100, 200, 300):  # C1: paid by the bank, 30 000 kr each at the start
        web_actions.send(cmd="pay", from_="bank", to="Kari", amount=amount)
    expect(cash).to_have_text(digits(30_600), timeout=TIMEOUT)
    assert kari.evaluate("window.changesSeen") == 3  # changes, not whole states
    kari.context.set_offline(True)  # the stream is closed: three commands go unseen
    for amount in (1000, 2000, 4000):
        web_actions.send(cmd="pay", from_="Kari", to="Åse", amount=amount)
    kari.wait_for_timeout(300)
    expect(cash).to_have_text(digits(30_600))
    kari.context.set_offline(False)
    expect(cash).to_have_text(digits(23_600), timeout=TIMEOUT)
    expect(kari.locator("#conn")).to_have_attribute("data-mode", "live", timeout=TIMEOUT)
    web_actions.send(cmd="pay", from_="Åse", to="Kari", amount=50)  # a change again
    expect(cash).to_have_text(digits(23_650), timeout=TIMEOUT)
    shown = kari.evaluate("JSON.stringify(Companion.state())")
    server = web_actions.state()
    assert json.loads(shown)["players"] == server["players"]
    assert json.loads(shown)["game"] == server["game"]
    assert kari.evaluate("window.changesSeen") >= 4
    shot(kari, "h19-delta-phone-after-missed-changes-390x844")

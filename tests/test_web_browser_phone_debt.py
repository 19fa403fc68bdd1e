"""Family play-test 4 on the debtor's phone (390x844, Norwegian), in Chromium with the
real server: Per rolls 1 + 2 from his phone onto Ola's deed with too little cash.

His phone said "Registrert: Per kastet 1 og 2 … Ola kan kreve 80 kr i leie fra Per." and
that line stayed after Ola claimed (C5: the claim is closed), next to the black notice
"Du betalte 60 kr … skylder Ola 20 kr." (C21) that covered his debt card.  Now the stale
line goes with the claim, and the notice covers neither the cash nor the debt card.  The
tally of that game draws Per's -20 kr as a hair below 0 kr, not a -10 000 kr band (C23).

NO 1996 (seed 002): 30 000 kr each (C1); Kirkeveien (3) costs 1 200 kr, its rent is
80 kr (4 × 20, docs/rules.md "Edition values").  Screenshots go to shots/ (not committed)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.browser import shoot
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT, digits
from tests.test_web_browser_h23_phone import phone, sent

NBSP = re.compile(r"[\u00a0\u202f]")


def box(locator: Locator) -> tuple[float, float]:
    """(top, bottom) of ``locator`` on screen, in CSS px."""
    rect = locator.bounding_box()
    assert rect is not None
    return rect["y"], rect["y"] + rect["height"]


def apart(one: Locator, other: Locator) -> bool:
    """Whether the two do not overlap on screen (one above the other)."""
    (top1, bottom1), (top2, bottom2) = box(one), box(other)
    return bottom1 <= top2 or bottom2 <= top1


def per_in_debt(browser: Any, server: LiveServer, actions: WebActions) -> Page:
    """Per (first to roll) with 60 kr; Ola owns Kirkeveien; Per's phone rolls 1 + 2 (the
    phone's own command, as its dice pad sends it) and says what Ola may claim (C5)."""
    actions.new_game("Per", "Ola", "Kari")
    sent(actions, cmd="buy", player="Ola", space="Kirkeveien")
    sent(actions, cmd="pay", from_="Per", to="bank", amount=30_000 - 60)
    per = phone(browser, server, actions.players["Per"])
    expect(per.locator("#cash")).to_have_text(digits(60), timeout=TIMEOUT)
    per.evaluate("Companion.act({cmd: 'roll', player: 'Per', dice: [1, 2]})")
    status = per.locator("main > #status")
    expect(status).to_contain_text("Ola kan kreve 80 kr i leie fra Per", timeout=TIMEOUT)
    return per


def test_c5_the_can_claim_line_goes_when_the_claim_is_closed(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Ola claims (C5) within the line's 4 s: the claim is closed, so "kan kreve" goes at
    once; the notice says what Per paid and owes (C21: 60 kr paid, 20 kr owed)."""
    per = per_in_debt(browser, live_server, web_actions)
    shoot(per, "p4-1-per-rolled-390x844")
    answer = web_actions.send(web_actions.players["Ola"], cmd="claim", player="Ola")
    assert answer.status_code == 200, answer.json
    notice = per.locator("#money-notice")
    expect(notice).to_be_visible(timeout=TIMEOUT)
    assert NBSP.sub(" ", notice.inner_text()).split() == (
        "Du betalte 60 kr i leie til Ola for Kirkeveien. "
        "Du kunne ikke betale og skylder Ola 20 kr.").split()
    assert per.locator("main > #status").is_hidden()  # at once, not after its 4 s
    expect(per.locator("#cash")).to_have_text(digits(0))
    shoot(per, "p4-2-per-claimed-top-390x844")
    assert apart(notice, per.locator("#cash"))
    debts = per.locator("section.card", has=per.locator("#debts"))
    expect(debts).to_contain_text("Du skylder Ola 20 kr")
    assert apart(notice, debts)


def test_c21_scrolled_to_the_debts_the_notice_leaves_the_debt_card_readable(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """Shot 32 of the play-test: Per's page scrolled to his debts when Ola claims; the
    notice (C21: 20 kr owed) sits clear of the debt card and of the dock at the bottom."""
    per = per_in_debt(browser, live_server, web_actions)
    debts = per.locator("section.card", has=per.locator("#debts"))
    debts.evaluate("card => window.scrollTo(0, card.getBoundingClientRect().top + scrollY - 70)")
    answer = web_actions.send(web_actions.players["Ola"], cmd="claim", player="Ola")
    assert answer.status_code == 200, answer.json
    notice = per.locator("#money-notice")
    expect(notice).to_be_visible(timeout=TIMEOUT)
    expect(debts).to_contain_text("Du skylder Ola 20 kr")
    shoot(per, "p4-3-per-claimed-scrolled-390x844")
    assert box(debts)[0] < 100  # the debt card is at the top of the screen
    assert apart(notice, debts)
    dock = per.locator("#turn-dock > :not([hidden])").first
    assert box(notice)[1] <= box(dock)[0]


def test_c23_the_tally_draws_the_20_kr_dip_a_hair_below_0(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """The same game ended (C22) on the tablet (1024x768): Per's worth was -20 kr for a
    command (0 kr cash, 20 kr owed: C21, C23), so the chart's axis reaches just below 0 kr
    (a tenth of its 10 000 kr step) and labels 0 kr to 40 000 kr, no -10 000 kr band."""
    per = per_in_debt(browser, live_server, web_actions)
    per.context.close()
    claim = web_actions.send(web_actions.players["Ola"], cmd="claim", player="Ola")
    assert claim.status_code == 200, claim.json
    sent(web_actions, cmd="pay", from_="bank", to="Per", amount=500)  # pays the 20 kr (C21)
    sent(web_actions, cmd="end_game")
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.add_cookies([{"name": "companion_lang", "value": "nb", "url": live_server.url}])
    tally = context.new_page()
    tally.goto(f"{live_server.url}/join/{web_actions.banker}")
    tally.goto(f"{live_server.url}/tally/{web_actions.game}")
    chart = tally.locator("svg.chart")
    expect(chart).to_be_visible(timeout=TIMEOUT)
    labels = [NBSP.sub(" ", text)
              for text in chart.locator("text[text-anchor=end]").all_text_contents()]
    assert labels == ["0 kr", "10 000 kr", "20 000 kr", "30 000 kr", "40 000 kr"]
    zero = float(chart.locator("line").first.get_attribute("y1") or "0")  # the 0 kr line
    points = chart.locator('polyline[data-player="Per"]').get_attribute("points") or ""
    lowest = max(float(pair.split(",")[1]) for pair in points.split())
    assert 0 < lowest - zero < 1  # -20 kr: under a pixel below the 0 kr line
    chart.scroll_into_view_if_needed()
    shoot(tally, "p4-4-tally-chart-1024x768")

"""Family play-test 5 (h23 debt), in Chromium with the real server, in Norwegian: Per has
0 kr and no deeds and owes Ola 100 kr, more than he can raise (C21: bankrupt and out).

Before, the console showed "Per skylder Ola 100 kr." and its green "Neste tur" passed the
turn without a word, and Per's phone said "Du kan fortsatt skaffe 0 kr…".  Now the console
(1024x768) names it — "Per kan ikke betale 100 kr til Ola: Per er konkurs (C21)" — with
the primary button "Erklær Per konkurs" (one tap + the ask: before, Mer, then the
Bankruptcy form's button, then the ask, with a scroll), "Neste tur" asks once while a debt
is open, and Per's phone (390x844) says plainly what comes next.

NO 1996 (seed 002): 30 000 kr each (C1).  Screenshots go to shots/ (not committed)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from tests.browser import shoot
from tests.conftest import LiveServer, WebActions
from tests.test_web_browser import TIMEOUT
from tests.test_web_browser_h23_console import console
from tests.test_web_browser_h23_phone import phone, sent

NBSP = re.compile(r"[\u00a0\u202f]")


def spaced(text: str) -> str:
    """``text`` with the money's no-break spaces as plain spaces."""
    return NBSP.sub(" ", text)


def player(actions: WebActions, name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in actions.state()["players"] if p["name"] == name)
    return found


def per_owes_ola(actions: WebActions) -> None:
    """Per (first to roll) rolls 4 + 6 (just visiting), pays the bank 29 900 kr, then owes
    Ola 200 kr with 100 kr: 100 kr paid, 100 kr owed, nothing to raise (C21)."""
    actions.new_game("Per", "Ola", "Kari")
    sent(actions, cmd="roll", player="Per", dice=[4, 6])
    sent(actions, cmd="pay", from_="Per", to="bank", amount=29_900)
    sent(actions, cmd="pay", from_="Per", to="Ola", amount=200)
    per = player(actions, "Per")
    assert (per["cash"], per["spaces"], per["raisable"]) == (0, [], 0)
    assert [(d["to"], d["amount"]) for d in per["debts"]] == [("Ola", 100)]


def test_c21_a_debt_that_cannot_be_paid_says_what_happens_next(
        browser: Any, live_server: LiveServer, web_actions: WebActions) -> None:
    """The console names the bankruptcy (C21) and offers it as the primary button; "Neste
    tur" asks once ("Avbryt" passes nothing); Per's phone says the banker declares him
    bankrupt.  "Erklær Per konkurs" + "yes": Per is bankrupt, his debt is gone, and Ola has
    what C21 gives him — Per's cash (0 kr), deeds (none): 30 100 kr, as before."""
    per_owes_ola(web_actions)
    assert player(web_actions, "Ola")["cash"] == 30_100
    bank = console(browser, live_server, web_actions.banker)
    per = phone(browser, live_server, web_actions.players["Per"])

    line = bank.locator("#turn-bankrupt-line")
    expect(line).to_be_visible(timeout=TIMEOUT)
    assert spaced(line.inner_text()) == "Per kan ikke betale 100 kr til Ola: Per er konkurs (C21)"
    declare = bank.locator("#turn-bankrupt-declare")
    expect(declare).to_have_text("Erklær Per konkurs")
    expect(declare).to_have_class(re.compile(r"\bprimary\b"))
    next_turn = bank.locator('#turn-panel button[data-cmd="next_turn"]')
    expect(next_turn).not_to_have_class(re.compile(r"\bprimary\b"))
    shoot(bank, "h23-debt-1-console-1024x768")

    raisable = per.locator("#raisable")
    expect(raisable).to_be_visible(timeout=TIMEOUT)
    assert spaced(raisable.inner_text()) == (
        "Du kan ikke skaffe nok til å betale 100 kr: bankieren erklærer deg konkurs (C21).")
    per.locator("#debts").scroll_into_view_if_needed()
    shoot(per, "h23-debt-2-per-390x844")

    turn = web_actions.state()["turn"]["number"]
    next_turn.click()
    ask = bank.locator("#confirm-text")
    expect(ask).to_be_visible()
    assert spaced(ask.inner_text()) == "Per skylder Ola 100 kr — neste tur likevel?"
    shoot(bank, "h23-debt-3-console-next-turn-asks-1024x768")
    bank.locator(".confirm-no").click()
    expect(ask).to_be_hidden()
    assert web_actions.state()["turn"]["number"] == turn  # nothing sent

    declare.click()  # tap 1
    expect(ask).to_have_text("Vil du virkelig erklære denne spilleren konkurs?")
    expect(bank.locator(".confirm-yes")).to_have_text("Erklær Per konkurs")
    bank.locator(".confirm-yes").click()  # tap 2
    expect(bank.locator("#turn-bankrupt")).to_be_hidden(timeout=TIMEOUT)
    per_now, ola = player(web_actions, "Per"), player(web_actions, "Ola")
    assert per_now["bankrupt"] and per_now["debts"] == [] and per_now["cash"] == 0
    assert ola["cash"] == 30_100 and ola["spaces"] == []  # C21: 0 kr and no deeds to take
    expect(next_turn).to_have_class(re.compile(r"\bprimary\b"))
    shoot(bank, "h23-debt-4-console-after-1024x768")

"""Issue 16 points 3, 6 and 8 "for every edition", in Chromium with the real server (the
classic-only tests are tests/test_web_browser_dice.py and tests/test_web_browser_phone.py).

- Point 3, rent in one tap by the owner: the lander rolls on their own phone's pad onto the
  owner's deed (Start -> index 3; Multimillionær rolls for Ola Nordmann first, M4); the
  owner's phone at once says "Claim <rent> for <deed>"; one tap pays it (C5/C6, M5, K5).
- Point 6, no accidental loss: a sale of a building and a mortgage from the phone, a
  bankruptcy and the end of the game on the console ask once in the page; "Cancel" sends
  nothing, the confirm sends it once (C17/C19/C21/C22, M17/M19/M21, K8/K10).
- Point 8, a phone like an app: the web manifest is linked, the wake-lock switch keeps the
  screen on and is remembered, and a phone that lost the network says "reconnecting…" and
  shows what the bank paid meanwhile within a second of coming back.

Figures: docs/rules.md "Edition values".  Classic NO 1996 (seed 002) and Wonders 2003
(seed 000): the standard deed table x 20; Swedish 2008 (seed 001): x 10 000.  Names the
edition does not know (Swedish towns, wonders) and Multimillionær's deed values (seed 003:
not public) are entered as the banker does the first time (``edition_value``, ask once):
Multimillionær's are the TEST values of tests/kit.py (``DEEDS``), never a claim about the box.
Kortstokk (seed 004) counts in coins and its price table is lost (K4): 2 coins a card here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser import open_more
from tests.conftest import LiveServer, WebActions
from tests.kit import DEEDS
from tests.test_web_browser import TIMEOUT, digits
from tests.test_web_browser_dice import PHONE, TABLET, Taps, page_at
from tests.test_web_browser_every_edition import roll

SUBMIT = "button:not([type=button])"
EDITIONS = ["monopol-no-1996", "monopol-se-2008", "verdens-underverker-2003",
            "multimillionaer", "kortstokk"]
#: Names the table gives the deeds at 1 and 3 where the edition does not know them.
NAMES = {"monopol-se-2008": ("Ystad", "Kiruna"),
         "verdens-underverker-2003": ("Pyramidene", "Sfinksen")}
MM_LOTS = ("Kirkeveien", "Frognerveien")  # series 1, at 1 and 3 (seed 003's order)


@dataclass(frozen=True)
class Figures:
    """One edition's amounts: ``start`` the start capital, ``price`` the deed at 3,
    ``rent`` its bare rent (one of the pair owned, K5: the pair), ``two`` the price of the
    two lots of point 6 (the deeds at 1 and 3; Kortstokk at 3 and 4), ``house`` a
    building, ``sale`` what selling it back pays, ``mortgage`` the deed at 3's mortgage
    value (None: the edition has no mortgage), ``paid`` what the bank pays a sleeping
    phone."""

    start: int
    price: int
    rent: int
    two: int
    house: int
    sale: int
    mortgage: int | None
    paid: int


FIGURES = {
    # C1/C2, C6 (Kirkeveien 4 x 20), C17 (half of 1 000), C19 (30 x 20)
    "monopol-no-1996": Figures(30_000, 1_200, 80, 2_400, 1_000, 500, 600, 4_000),
    # C1/C2 Swedish, the standard table x 10 000
    "monopol-se-2008": Figures(15_000_000, 600_000, 40_000, 1_200_000, 500_000, 250_000,
                               300_000, 2_000_000),
    # W4: 30 000 kr, Start 4 000; the standard table x 20
    "verdens-underverker-2003": Figures(30_000, 1_200, 80, 2_400, 1_000, 500, 600, 4_000),
    # M1: 150 000 kr, no Start bonus: the bank pays a debt note (M18, 50 000 kr); the test
    # values of Frognerveien (rent 19 900: below M6's 20 000, the stock board stays)
    "multimillionaer": Figures(150_000, DEEDS["Frognerveien"][0], DEEDS["Frognerveien"][1][0],
                               DEEDS["Kirkeveien"][0] + DEEDS["Frognerveien"][0],
                               DEEDS["Kirkeveien"][2], DEEDS["Kirkeveien"][2] // 2,
                               DEEDS["Frognerveien"][3], 50_000),
    # K1: 8 coins; K5: 1 coin; K7: two houses for 2 coins; K8: two houses back for 1
    # coin; no mortgage (K8: an unbuilt card sells for 1 coin); K6: passing a joker, 1 coin
    "kortstokk": Figures(8, 2, 1, 4, 2, 1, None, 1),
}


def amount(value: int) -> str:
    """A pattern for ``value`` as a page writes it inside a sentence."""
    return digits(value).pattern.lstrip("^").rstrip("$")


def known(actions: WebActions, edition: str, *indices: int) -> None:
    """The banker enters what the edition does not know of the deeds at ``indices`` (ask
    once, ``edition_value``): a name, Multimillionær's values, Kortstokk's price (K4)."""
    for index in indices:
        fields: list[tuple[str, Any]] = []
        if edition in NAMES:
            fields = [("name", NAMES[edition][(index - 1) // 2])]
        elif edition == "multimillionaer":
            price, rents, house, mortgage = DEEDS[MM_LOTS[(index - 1) // 2]]
            fields = [("price", price), ("rents", rents), ("house_cost", house),
                      ("mortgage", mortgage)]
        elif edition == "kortstokk":
            fields = [("price", 2)]
        for field, value in fields:
            answer = actions.send(cmd="edition_value", space=index, field=field, value=value)
            assert answer.status_code == 200, answer.json


def owns(actions: WebActions, edition: str, player: str, *indices: int) -> list[str]:
    """``player`` buys the deeds at ``indices`` at their price; returns their names."""
    known(actions, edition, *indices)
    for index in indices:
        answer = actions.send(cmd="buy", player=player, space=index)
        assert answer.status_code == 200, answer.json
    state = actions.state()
    mine = {s["index"]: s["name"] for p in state["players"] if p["name"] == player
            for s in p["spaces"]}
    return [mine[index] for index in indices]


def cash(page: Page, value: int) -> None:
    expect(page.locator("#cash")).to_have_text(digits(value), timeout=TIMEOUT)


@pytest.mark.parametrize("edition", EDITIONS)
def test_point3_the_owner_claims_the_rent_in_one_tap_in_every_edition(
        browser: Any, live_server: LiveServer, web_actions: WebActions, edition: str) -> None:
    """Bob owns the deed at 3 (Kortstokk: the pair of 2s, K5: rent only on a whole pair);
    Alice's pad moves her there (Multimillionær: Ola Nordmann 4 + 6 to Ferieparadiset
    first, where nothing happens, M4/M14); Bob's phone names the rent and the deed, and
    one tap moves the rent: C6 bare rent, M5 the deed's rent as entered, K5 1 coin."""
    figures = FIGURES[edition]
    web_actions.new_game("Alice", "Bob", edition=edition)
    pair = (3, 4) if edition == "kortstokk" else (3,)
    deed = owns(web_actions, edition, "Bob", *pair)[0]
    bob_cash = figures.start - len(pair) * figures.price
    alice, bob = (page_at(browser, live_server, web_actions.players[n], "/wallet", PHONE)
                  for n in ("Alice", "Bob"))
    cash(bob, bob_cash)
    expect(bob.locator("#claim-box")).to_be_hidden()
    if edition == "multimillionaer":
        expect(alice.locator("#turn-pad-title")).to_have_text(
            "Your turn: roll for Ola Nordmann first", timeout=TIMEOUT)
        roll(alice, (4, 6))
    expect(alice.locator("#turn-pad-title")).to_have_text("Your turn: tap the two dice",
                                                          timeout=TIMEOUT)
    roll(alice, (1, 2))  # Start -> 3, not a double (K3: the sum)

    unit = r"\W+coins?" if edition == "kortstokk" else r"\W+kr"
    claim = bob.get_by_role("button", name=re.compile(
        rf"^Claim {amount(figures.rent)}{unit} for {re.escape(deed)}$"))
    expect(claim).to_be_visible(timeout=TIMEOUT)
    taps = Taps()
    taps.tap(claim)
    cash(bob, bob_cash + figures.rent)
    cash(alice, figures.start - figures.rent)
    expect(bob.locator("#claim-box")).to_be_hidden(timeout=TIMEOUT)
    assert taps.count == 1
    assert web_actions.cash("Bob") == bob_cash + figures.rent
    assert web_actions.state()["claims"] == []


def confirm(page: Page, question: str, yes: str) -> None:
    """The step in the page asks ``question``: Cancel first (nothing may be sent), the
    caller taps again, and ``yes`` is tapped by :func:`agree`."""
    step = page.get_by_role("alertdialog")
    expect(step).to_be_visible(timeout=TIMEOUT)
    expect(step).to_contain_text(re.compile(question))
    expect(step.get_by_role("button", name=yes, exact=True)).to_be_visible()
    step.get_by_role("button", name="Cancel").click()
    expect(step).to_be_hidden()


def agree(page: Page, yes: str) -> None:
    page.get_by_role("alertdialog").get_by_role("button", name=yes, exact=True).click()


def unchanged(page: Page, actions: WebActions, before: dict[str, Any]) -> None:
    """After a Cancel nothing was sent: the state's seq is where it was."""
    page.wait_for_timeout(300)
    assert actions.state()["game"]["seq"] == before["game"]["seq"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_point6_losses_ask_once_in_every_edition(
        browser: Any, live_server: LiveServer, web_actions: WebActions, edition: str) -> None:
    """Alice owns the deeds at 1 and 3 (a whole brown group; Multimillionær's series 1;
    Kortstokk: the pair of 2s at 3 and 4) with a building on one.  On her phone the sale of
    the building asks once (C17/M19: half the house price back; K8: two houses for 1
    coin), then the mortgage of the other deed (C19/M17: its mortgage value).  Kortstokk
    has no mortgage (K8): the row offers no "Mortgage", and "Sell to the bank" (1 coin)
    asks once instead.  On the console the bankruptcy of Carol (C21/M21/K10: to Alice) and
    the end of the game (C22/M22/K11) ask once too."""
    figures = FIGURES[edition]
    web_actions.new_game("Alice", "Bob", "Carol", edition=edition)
    lots = (3, 4) if edition == "kortstokk" else (1, 3)
    built, other = owns(web_actions, edition, "Alice", *lots)
    if edition == "multimillionaer":  # M19/X4: on her own turn, after Ola has moved
        web_actions.send(cmd="ola_land", space=2)
    if edition == "kortstokk":  # K7: after rolling and moving this turn; a pair at once
        web_actions.send(web_actions.players["Alice"], cmd="roll", player="Alice", dice=[1, 2])
        built_answer = web_actions.send(cmd="build_pair", player="Alice", space=lots[0])
    else:
        built_answer = web_actions.send(cmd="build", player="Alice", space=lots[0])
    assert built_answer.status_code == 200, built_answer.json
    alice_cash = figures.start - figures.two - figures.house
    assert web_actions.cash("Alice") == alice_cash
    alice = page_at(browser, live_server, web_actions.players["Alice"], "/wallet", PHONE)
    cash(alice, alice_cash)

    # the sale of a building
    row = alice.locator(f'#deeds li[data-deed="{built}"]')
    sell_name = "Sell two houses" if edition == "kortstokk" else "Sell a building"
    sell = row.get_by_role("button", name=sell_name)
    before = web_actions.state()
    sell.click()
    confirm(alice, re.escape(built), "Sell")
    unchanged(alice, web_actions, before)
    sell.click()
    agree(alice, "Sell")
    alice_cash += figures.sale
    cash(alice, alice_cash)

    # the mortgage (Kortstokk: the sale of an unbuilt card, K8)
    row = alice.locator(f'#deeds li[data-deed="{other}"]')
    if figures.mortgage is None:
        expect(row.get_by_role("button", name="Sell to the bank")).to_be_visible()
        expect(row.get_by_role("button", name=re.compile("^Mortgage"))).to_have_count(0)
        button, question, yes, gain = (row.get_by_role("button", name="Sell to the bank"),
                                       f"Sell {re.escape(other)} to the bank", "Sell", 1)
    else:
        button = row.get_by_role("button", name=re.compile(
            rf"^Mortgage for {amount(figures.mortgage)}"))
        question, yes, gain = (rf"Mortgage {re.escape(other)} for {amount(figures.mortgage)}",
                               "Mortgage", figures.mortgage)
    before = web_actions.state()
    button.click()
    confirm(alice, question, yes)
    unchanged(alice, web_actions, before)
    button.click()
    agree(alice, yes)
    alice_cash += gain
    cash(alice, alice_cash)

    # the console: Carol cannot pay Alice (a debt), bankruptcy asks once
    web_actions.send(cmd="pay", from_="Carol", to="Alice", amount=figures.start * 20)
    alice_cash += figures.start
    state = web_actions.state()
    carol = next(p for p in state["players"] if p["name"] == "Carol")
    raised = carol["raisable"]  # M21: what she can still raise goes to Alice; else nothing
    if edition == "multimillionaer":  # M21: her shares at the board's price and the
        shares = sum(n * state["stocks"][s]["price"] for s, n in carol["shares"].items())
        assert raised == shares + 3 * 50_000  # three debt notes still allowed (M18)
    else:
        assert raised == 0
    console = page_at(browser, live_server, web_actions.banker, r"/(\?.*)?$", TABLET)
    console.on("dialog", lambda d: (_ for _ in ()).throw(AssertionError(d.message)))
    open_more(console)
    form = console.locator('form[data-cmd="bankrupt"]')
    form.locator("select[name=player]").select_option("Carol")
    form.locator("select[name=creditor]").select_option("Alice")
    before = web_actions.state()
    form.locator(SUBMIT).click()
    confirm(console, "Really declare this player bankrupt?", "Declare bankrupt")
    unchanged(console, web_actions, before)
    form.locator(SUBMIT).click()
    agree(console, "Declare bankrupt")
    expect(console.locator('#players [data-player="Carol"]')).to_have_class(
        re.compile(r"\bout\b"), timeout=TIMEOUT)
    cash(alice, alice_cash + raised)
    assert web_actions.state()["game"]["over"] is False  # Alice and Bob play on

    # the end of the game asks once
    end = console.get_by_role("button", name="End the game")
    before = web_actions.state()
    end.click()
    confirm(console, "Really end the game?", "End the game")
    unchanged(console, web_actions, before)
    end.click()
    agree(console, "End the game")
    expect(console.locator("#winner")).to_be_visible(timeout=TIMEOUT)
    expect(alice.locator("#winner")).to_be_visible(timeout=TIMEOUT)
    assert web_actions.state()["game"]["over"] is True


def paid_while_asleep(actions: WebActions, edition: str, figures: Figures) -> None:
    """The bank pays Alice while her phone sleeps: a debt note in Multimillionær (M18),
    else what passing Start (C2) or a joker (K6) pays."""
    if edition == "multimillionaer":
        answer = actions.send(cmd="debt_note", player="Alice")
    else:
        answer = actions.send(cmd="pay", from_="bank", to="Alice", amount=figures.paid)
    assert answer.status_code == 200, answer.json


@pytest.mark.parametrize("edition", EDITIONS)
def test_point8_a_phone_at_the_table_in_every_edition(
        browser: Any, live_server: LiveServer, web_actions: WebActions, edition: str) -> None:
    """The wallet links the manifest, keeps the screen on (a switch, remembered over a
    reload), and after the network was gone shows "reconnecting…", then the money the bank
    paid meanwhile within a second of being back, in the edition's unit."""
    figures = FIGURES[edition]
    web_actions.new_game("Alice", "Bob", edition=edition)
    alice = page_at(browser, live_server, web_actions.players["Alice"], "/wallet", PHONE)
    assert alice.locator('link[rel="manifest"]').count() == 1
    cash(alice, figures.start)
    switch = alice.get_by_label("Keep the screen on during the game")
    expect(switch).to_be_checked()
    expect(alice.locator("body")).to_have_attribute("data-awake", "on", timeout=TIMEOUT)

    conn = alice.locator("#conn")
    expect(conn).to_have_attribute("data-mode", "live", timeout=TIMEOUT)
    alice.context.set_offline(True)
    expect(conn).to_have_text("reconnecting…", timeout=1500)
    paid_while_asleep(web_actions, edition, figures)
    alice.wait_for_timeout(500)
    cash(alice, figures.start)  # asleep: the old figure
    alice.context.set_offline(False)
    expect(alice.locator("#cash")).to_have_text(digits(figures.start + figures.paid),
                                                timeout=1000)
    expect(conn).to_have_attribute("data-mode", "live", timeout=TIMEOUT)

    switch.uncheck()
    expect(alice.locator("body")).to_have_attribute("data-awake", "off", timeout=TIMEOUT)
    alice.reload()
    expect(alice.get_by_label("Keep the screen on during the game")).not_to_be_checked()
    cash(alice, figures.start + figures.paid)

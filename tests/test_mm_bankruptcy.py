"""Multimillionær bankruptcies: Ola Nordmann's rent owed to the bankrupt, the money raised
(docs/rules.md M4, M21, C25; seed 003 "Konkurs", "Ola Nordmann betaler leie med BANKENS
PENGER").  Deed values are tests/kit.py's test values (Kirkeveien: mortgage 10 000 kr)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import events as ev
from companion.errors import RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import open_debt
from tests.kit import MMGame

#: In a game of three each player starts with three shares of each series (4 000 …
#: 12 000, 14 000 kr, M3): the bank buys them for 3 × 86 000 kr.
SHARES = 258_000


@pytest.fixture
def g3(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path, ("Alice", "Bob", "Carol"))
    yield game
    game.table.close()


def test_m4_c25_olas_rent_owed_to_a_bankrupt_is_paid_by_the_bank_to_the_creditor(
        g3: MMGame) -> None:
    """M4 "Ola Nordmann betaler leie med BANKENS PENGER", C25: Ola stops on Bob's
    Kirkeveien (rent 1 000 kr, a claim of Bob's on the bank); Bob goes bankrupt to Carol
    before claiming it.  The bank pays the 1 000 kr to Carol at once; no debt of the
    bank's is left, not after the bankruptcy, not after the end."""
    g3.own("Bob", "Kirkeveien")
    g3.do("ola_land", space="Kirkeveien")
    assert [(c["from"], c["owner"], c["amount"]) for c in g3.snap()["claims"]] == [
        ("bank", "Bob", 1_000)]
    g3.do("pay", **{"from": "Bob", "to": "Carol", "amount": 1_000_000})
    carol = g3.cash("Carol")
    g3.do("bankrupt", player="Bob", creditor="Carol")
    state = g3.table.state(g3.id)
    assert state.debts == [] and state.claims == {}
    assert g3.cash("Carol") == carol + BOB_RAISES - 1_000 + 1_000  # 10 % on Kirkeveien
    g3.do("end_game")
    assert g3.table.state(g3.id).debts == []


#: What Bob's bankruptcy raises for Carol (M21): his shares, Kirkeveien mortgaged
#: (10 000 kr) and three debt notes (150 000 kr).
BOB_RAISES = SHARES + 10_000 + 150_000


def test_c25_a_debt_of_the_banks_is_paid_at_once(g3: MMGame) -> None:
    """C25 (the bank always pays, never goes bankrupt): opening a debt of the bank's pays
    the creditor at once instead; no Debt with the bank as debtor exists."""
    state = g3.table.state(g3.id)
    draft = Draft(state, state.seq + 1, private=True)
    open_debt(draft, ev.BANK, "Carol", 700, "rent")
    assert draft.state.debts == []
    assert draft.state.players["Carol"].cash == g3.cash("Carol") + 700
    assert draft.events == [ev.MoneyMoved(ev.BANK, "Carol", 700, "rent")]


@pytest.fixture
def g(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path)
    yield game
    game.table.close()


def alice_owes_bob_then_carol(g: MMGame) -> None:
    """Alice owns Kirkeveien and Frognerveien (mortgage values 10 000 + 12 000 kr), cash
    106 000 kr; she owes Bob 322 000 kr, then Carol 30 000 kr."""
    g.own("Alice", "Kirkeveien", "Frognerveien")
    g.do("pay", **{"from": "Alice", "to": "Bob", "amount": 428_000})
    g.do("pay", **{"from": "Alice", "to": "Carol", "amount": 30_000})
    assert [(d["to"], d["amount"]) for d in g.debts("Alice")] == [("Bob", 322_000),
                                                                    ("Carol", 30_000)]


def test_m21_the_money_raised_counts_the_mortgages_and_notes_so_carol_takes_the_deeds(
        g: MMGame) -> None:
    """M21 "skaffe seg penger ved å selge aksjer, låne (pantsettelse eller gjeldsbrev)":
    Alice's shares (172 000 kr) and three notes (150 000 kr) pay Bob's 322 000 kr in
    full; her two lots are mortgaged (22 000 kr), which pay Carol 22 000 of her 30 000.
    Carol, the first not covered, is named and takes the lots mortgaged (M9), paying the
    10 % (1 000 + 1 200 kr, C19); naming Bob is refused and changes nothing."""
    alice_owes_bob_then_carol(g)
    assert g.player("Alice")["raisable"] == 172_000 + 150_000 + 22_000
    g.refused(RuleBroken, "Alice's money pays the debts in the order they arose, and Carol is "
              "the first it does not cover: name Carol as the creditor.", "bankrupt",
              player="Alice", creditor="Bob")
    paid_out = g.snap()["bank"]["paid_out"]
    g.do("bankrupt", player="Alice", creditor="Carol")
    assert (g.cash("Alice"), g.cash("Bob"), g.cash("Carol")) == (
        0, 150_000 + 428_000 - 322_000 + 322_000, 150_000 + 30_000 - 30_000 + 22_000 - 2_200)
    carol = g.player("Carol")
    assert sorted((s["name"], s["mortgaged"]) for s in carol["spaces"]) == [
        ("Frognerveien", True), ("Kirkeveien", True)]
    state = g.table.state(g.id)
    assert state.debts == [] and g.player("Alice")["debt_notes"] == 0
    assert min(p.cash for p in state.players.values()) >= 0
    assert g.snap()["bank"]["paid_out"] == paid_out + SHARES_4 + 150_000 + 22_000


#: In a game of four each player starts with two shares of each series: 2 × 86 000 kr.
SHARES_4 = 172_000

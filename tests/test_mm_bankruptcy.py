"""Multimillionær bankruptcies: Ola Nordmann's rent owed to the bankrupt, the money raised
(docs/rules.md M4, M21, C25; seed 003 "Konkurs", "Ola Nordmann betaler leie med BANKENS
PENGER").  Deed values are mm_kit's test values (Kirkeveien: mortgage 10 000 kr)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import events as ev
from companion.ledger.draft import Draft
from companion.ledger.payments import open_debt
from tests.mm_kit import MMGame

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
    assert g3.cash("Carol") == carol + BOB_RAISES + 1_000
    g3.do("end_game")
    assert g3.table.state(g3.id).debts == []


#: What Bob's bankruptcy raises for Carol: his shares.
BOB_RAISES = SHARES


def test_c25_a_debt_of_the_banks_is_paid_at_once(g3: MMGame) -> None:
    """C25 (the bank always pays, never goes bankrupt): opening a debt of the bank's pays
    the creditor at once instead; no Debt with the bank as debtor exists."""
    state = g3.table.state(g3.id)
    draft = Draft(state, state.seq + 1, private=True)
    open_debt(draft, ev.BANK, "Carol", 700, "rent")
    assert draft.state.debts == []
    assert draft.state.players["Carol"].cash == g3.cash("Carol") + 700
    assert draft.events == [ev.MoneyMoved(ev.BANK, "Carol", 700, "rent")]

"""Trades between players in Multimillionær: shares at any agreed price, a built series
sold only whole (docs/rules.md M9; seed 003 "Innbyrdes handel": "Innbyrdes handel med aksjer
behøver altså IKKE følge aksjekursen. Bebygde tomteserier kan bare selges i sin
helhet.").  The classic contrast (C18: no lot of a built group at all) is in
tests/test_rules_trades.py.  Deed values are test values entered once (tests/kit.py).
"""

from __future__ import annotations

import pytest

from companion.errors import BadCommand, NotEnoughCash, RuleBroken
from companion.table import Actor, Table
from tests.kit import MMGame

SUSPENDED = ("Series 1 is suspended (price 0): its shares cannot be traded until the price "
             "rises again.")


@pytest.fixture
def g(table: Table) -> MMGame:
    return MMGame(table)  # 4 players, 2 shares of every series each, 2 left in the bank (M2)


def test_m9_trade_carries_shares_at_any_agreed_price(g: MMGame) -> None:
    g.own("Alice", "Kirkeveien")
    g.do("trade", parties={"Bob": {"shares": {"3": 2, "10": 1}},
                           "Alice": {"cash": 1, "spaces": ["Kirkeveien"]}})
    alice, bob = g.player("Alice"), g.player("Bob")
    assert (alice["shares"]["3"], alice["shares"]["10"]) == (4, 3)
    assert "3" not in bob["shares"] and bob["shares"]["10"] == 1
    # 1 kr for shares worth 2 x 6 000 + 14 000 on the board: the board does not bind (M9)
    assert (g.cash("Alice"), g.cash("Bob")) == (150_000 - 20_000 - 1, 150_000 + 1)
    assert [s["name"] for s in bob["spaces"]] == ["Kirkeveien"]
    assert (g.level("3"), g.level("10")) == (6, 13)  # a deal between players moves no marker


def test_m9_shares_proposed_on_one_phone_and_accepted_on_the_other(g: MMGame) -> None:
    deal = {"Alice": {"shares": {"10": 2}}, "Bob": {"cash": 50_000}}
    g.phone("Alice", "trade_propose", from_="Alice", parties=deal)
    assert g.snap()["trades"] == [{"id": 1, "proposer": "Alice", "lift": [], "parties": {
        "Alice": {"cash": 0, "jail_cards": 0, "spaces": [], "shares": {"10": 2}},
        "Bob": {"cash": 50_000, "jail_cards": 0, "spaces": []}}}]
    assert g.player("Alice")["shares"]["10"] == 2  # nothing moves before the yes
    g.phone("Bob", "trade_accept", player="Bob")
    assert "10" not in g.player("Alice")["shares"] and g.player("Bob")["shares"]["10"] == 4
    assert (g.cash("Alice"), g.cash("Bob")) == (200_000, 100_000)
    assert g.snap()["trades"] == []


def test_m9_a_pending_share_deal_is_checked_again_when_accepted(g: MMGame) -> None:
    g.phone("Alice", "trade_propose", from_="Alice",
            parties={"Alice": {"shares": {"10": 2}}, "Bob": {"cash": 50_000}})
    g.do("sell_shares", player="Alice", series="10", count=2)
    g.refused(RuleBroken, "Alice holds only 0 shares of series 10.", "trade_accept",
              actor=Actor("player", "Bob"), player="Bob")


def test_m9_share_refusals_change_nothing(g: MMGame) -> None:
    g.refused(RuleBroken, "Bob holds only 2 shares of series 3.", "trade",
              parties={"Bob": {"shares": {"3": 3}}, "Alice": {"cash": 100}})
    g.refused(NotEnoughCash, "Alice has only 150 000 kr and cannot give 150 001 kr.", "trade",
              parties={"Bob": {"shares": {"3": 1}}, "Alice": {"cash": 150_001}})
    g.refused(BadCommand, "There is no series '11': the series are 1, 2, 3, 4, 5, 6, 7, 8, "
              "9, 10.", "trade", parties={"Bob": {"shares": {"11": 1}}, "Alice": {"cash": 1}})
    g.refused(BadCommand, "The count must be a whole number from 1 to 10.", "trade",
              parties={"Bob": {"shares": {"3": 0}}, "Alice": {"cash": 1}})
    g.do("stock_level", series="1", level=0)
    g.refused(RuleBroken, SUSPENDED, "trade",
              parties={"Bob": {"shares": {"1": 1}}, "Alice": {"cash": 1}})
    g.refused(RuleBroken, SUSPENDED, "trade_propose", actor=Actor("player", "Bob"),
              from_="Bob", parties={"Bob": {"shares": {"1": 1}}, "Alice": {"cash": 1}})


def test_m9_trade_shares_is_an_alias_of_trade(g: MMGame) -> None:
    g.do("trade_shares", from_="Bob", to="Alice", series="3", count=2, price=0)
    assert g.player("Alice")["shares"]["3"] == 4 and "3" not in g.player("Bob")["shares"]
    assert (g.cash("Alice"), g.cash("Bob")) == (150_000, 150_000)
    g.refused(RuleBroken, "A share deal is between two different players still in the game.",
              "trade_shares", from_="Bob", to="Bob", series="4", count=1, price=1)


def test_m9_a_built_series_changes_hands_only_whole_with_its_buildings(g: MMGame) -> None:
    g.own("Bob", "Kirkeveien", "Frognerveien")  # series 1, whole
    g.turn_of("Bob")  # M19: Bob builds on his turn, after Ola
    g.do("build", player="Bob", space="Kirkeveien")
    g.refused(RuleBroken, "Series 1 has buildings, so it changes hands only whole: "
              "Frognerveien must go with Kirkeveien in the same trade.", "trade",
              parties={"Bob": {"spaces": ["Kirkeveien"]}, "Alice": {"cash": 100_000}})
    g.refused(RuleBroken, "Series 1 has buildings, so it changes hands only whole: "
              "Kirkeveien must go with Frognerveien in the same trade.", "trade",
              parties={"Bob": {"spaces": ["Frognerveien"]}, "Alice": {"cash": 100_000}})
    g.do("trade", parties={"Bob": {"spaces": ["Kirkeveien", "Frognerveien"],
                                   "shares": {"1": 2}},
                           "Alice": {"cash": 100_000}})
    spaces = {s["name"]: s for s in g.player("Alice")["spaces"]}
    assert (spaces["Kirkeveien"]["houses"], spaces["Frognerveien"]["houses"]) == (1, 0)
    assert g.player("Bob")["spaces"] == [] and g.player("Alice")["shares"]["1"] == 4
    assert g.snap()["bank"]["houses"] == 39  # the house went with the lot, not to the bank
    assert g.cash("Bob") == 150_000 - 20_000 - 24_000 - 10_000 + 100_000


def test_m9_an_unbuilt_series_may_still_be_split(g: MMGame) -> None:
    g.own("Bob", "Kirkeveien", "Frognerveien")
    g.do("trade", parties={"Bob": {"spaces": ["Kirkeveien"]}, "Alice": {"cash": 1}})
    assert [s["name"] for s in g.player("Alice")["spaces"]] == ["Kirkeveien"]

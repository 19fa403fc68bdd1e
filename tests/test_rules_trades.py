"""Trades: docs/rules.md C18 (what may change hands) and C19 (mortgaged deeds received).

NO 1996: Parkveien mortgage 600: the receiver pays 60 at once, or 660 to lift it at once;
lifting later costs 660 again.
"""

from __future__ import annotations

import pytest

from companion.commands.trades import MAX_PROPOSALS
from companion.errors import BadCommand, NotAllowed, NotEnoughCash, RuleBroken
from companion.table import Actor
from tests.kit import Game


@pytest.fixture
def game(game: Game) -> Game:
    """conftest's game, where Alice bought the brown group and Bob Oslo S."""
    game.buy("Alice", "Parkveien", "Kirkeveien")
    game.buy("Bob", "Oslo S")
    return game


def test_c18_deeds_cash_and_cards_change_hands(game: Game) -> None:
    game.do("jail_card", player="Alice")
    game.do("trade", parties={"Alice": {"spaces": ["Parkveien"], "jail_cards": 1},
                              "Bob": {"cash": 1500, "spaces": ["Oslo S"]}})
    alice, bob = game.player("Alice"), game.player("Bob")
    assert [s["name"] for s in alice["spaces"]] == ["Kirkeveien", "Oslo S"]
    assert [s["name"] for s in bob["spaces"]] == ["Parkveien"]
    assert (alice["cash"], bob["cash"], bob["jail_cards"]) == (29_100, 24_500, 1)


def test_c18_no_deed_of_a_group_with_buildings(game: Game) -> None:
    game.do("build", player="Alice", space="Kirkeveien")
    game.refused(RuleBroken, "Sell the buildings on the brown group first — no lot of a group "
                 "with buildings changes hands.", "trade",
                 parties={"Alice": {"spaces": ["Parkveien"]}, "Bob": {"cash": 2000}})
    # C18, unlike M9 (tests/test_mm_trades.py): not even the whole built group
    game.refused(RuleBroken, "Sell the buildings on the brown group first — no lot of a group "
                 "with buildings changes hands.", "trade",
                 parties={"Alice": {"spaces": ["Parkveien", "Kirkeveien"]},
                          "Bob": {"cash": 2000}})


def test_c18_refusals_leave_everything_unchanged(game: Game) -> None:
    game.refused(RuleBroken, "Parkveien does not belong to Bob.", "trade",
                 parties={"Alice": {"cash": 10}, "Bob": {"spaces": ["Parkveien"]}})
    game.refused(NotEnoughCash, "Bob has only 26 000 kr and cannot give 26 001 kr.", "trade",
                 parties={"Alice": {"spaces": ["Parkveien"]}, "Bob": {"cash": 26_001}})
    game.refused(RuleBroken, "The trade is empty: nobody gives anything.", "trade",
                 parties={"Alice": {}, "Bob": {"cash": 0}})
    game.refused(RuleBroken, "Alice has only 0 get-out-of-jail cards.", "trade",
                 parties={"Alice": {"jail_cards": 1}, "Bob": {"cash": 100}})
    game.refused(BadCommand, "A trade needs 'parties': exactly two players and what each gives.",
                 "trade", parties={"Alice": {"cash": 1}})
    game.refused(BadCommand, "There are no shares to trade in this game.", "trade",
                 parties={"Alice": {"shares": {"3": 1}}, "Bob": {"cash": 100}})


def test_c19_mortgaged_deed_received_costs_ten_percent_now_and_again(game: Game) -> None:
    game.do("mortgage", player="Alice", space="Parkveien")
    game.do("trade", parties={"Alice": {"spaces": ["Parkveien"]}, "Bob": {"cash": 1000}})
    assert game.cash("Bob") == 26_000 - 1000 - 60
    deed = game.deed(1)
    assert deed is not None and deed.owner == "Bob" and deed.mortgaged
    game.do("unmortgage", player="Bob", space="Parkveien")  # later: 600 + 10 % again
    assert game.cash("Bob") == 24_940 - 660


def test_c19_mortgaged_deed_lifted_at_once(game: Game) -> None:
    game.do("mortgage", player="Alice", space="Parkveien")
    game.do("trade", parties={"Alice": {"spaces": ["Parkveien"]}, "Bob": {"cash": 1000}},
            lift=["Parkveien"])
    deed = game.deed(1)
    assert deed is not None and not deed.mortgaged
    assert game.cash("Bob") == 26_000 - 1000 - 660
    game.refused(RuleBroken, "Kirkeveien is not mortgaged, so there is nothing to lift.",
                 "trade", parties={"Alice": {"spaces": ["Kirkeveien"]}, "Bob": {"cash": 1}},
                 lift=["Kirkeveien"])


def test_c19_receiver_must_afford_the_interest(game: Game) -> None:
    game.do("mortgage", player="Alice", space="Parkveien")
    game.take("Bob", 26_000)
    game.refused(NotEnoughCash, "Bob must pay the bank 60 kr at once for the mortgaged deeds "
                 "received but would have only 0 kr.", "trade",
                 parties={"Alice": {"spaces": ["Parkveien"]}, "Bob": {"spaces": ["Oslo S"]}})


def test_c18_two_step_trade_confirmed_on_both_phones(game: Game) -> None:
    game.do("mortgage", player="Alice", space="Parkveien")
    deal = {"Alice": {"spaces": ["Parkveien"]}, "Bob": {"cash": 800}}
    game.phone("Alice", "trade_propose", parties=deal, **{"from": "Alice"})
    pending = game.snap()["trades"]
    assert pending == [{"id": 1, "proposer": "Alice", "lift": [], "parties": {
        "Alice": {"cash": 0, "jail_cards": 0, "spaces": ["Parkveien"]},
        "Bob": {"cash": 800, "jail_cards": 0, "spaces": []}}}]
    deed = game.deed(1)
    assert deed is not None and deed.owner == "Alice"  # nothing moves before the yes
    game.refused(RuleBroken, "Only Bob can accept this trade.", "trade_accept",
                 actor=Actor("player", "Alice"), player="Alice", trade=1)
    game.refused(NotAllowed, "Carol can only act for themself.", "trade_accept",
                 actor=Actor("player", "Carol"), player="Bob", trade=1)
    game.phone("Bob", "trade_accept", player="Bob", trade=1, lift=["Parkveien"])
    assert game.snap()["trades"] == []
    assert game.cash("Bob") == 26_000 - 800 - 660
    assert game.cash("Alice") == 27_600 + 600 + 800


def test_c18_pending_trade_is_rechecked_and_can_be_cancelled(game: Game) -> None:
    game.phone("Bob", "trade_propose", parties={"Bob": {"cash": 3000},
                                                "Alice": {"spaces": ["Kirkeveien"]}},
               **{"from": "Bob"})
    game.take("Bob", 24_000)
    game.refused(NotEnoughCash, "Bob has only 2 000 kr and cannot give 3 000 kr.",
                 "trade_accept", player="Alice")
    game.phone("Alice", "trade_cancel", player="Alice", trade=1)
    assert game.snap()["trades"] == []
    game.refused(RuleBroken, "There is no such trade waiting (give its number as 'trade').",
                 "trade_accept", player="Alice", trade=1)


def test_c18_a_deed_changed_after_the_offer_cancels_it(game: Game) -> None:
    """Alice offers 3 000 kr for Oslo S; Bob's phone mortgages it (the bank pays him) and
    then tries to accept: the offer was for Oslo S unmortgaged, so it was cancelled when
    the deed changed — Alice keeps her money (C18, C19).  Also the other way round."""
    alice_cash = game.cash("Alice")
    game.phone("Alice", "trade_propose", parties={"Alice": {"cash": 3000},
                                                  "Bob": {"spaces": ["Oslo S"]}},
               **{"from": "Alice"})
    game.phone("Bob", "mortgage", player="Bob", space="Oslo S")
    assert game.snap()["trades"] == []
    game.refused(RuleBroken, "There is no such trade waiting (give its number as 'trade').",
                 "trade_accept", Actor("player", "Bob"), player="Bob", trade=1)
    assert game.cash("Alice") == alice_cash and game.player("Bob")["spaces"][0]["mortgaged"]
    game.phone("Alice", "trade_propose", parties={"Alice": {"spaces": ["Kirkeveien"]},
                                                  "Bob": {"cash": 2000}},
               **{"from": "Alice"})
    game.phone("Alice", "mortgage", player="Alice", space="Kirkeveien")
    assert game.snap()["trades"] == []


def test_c18_a_player_has_at_most_three_offers_waiting(game: Game) -> None:
    """C18 (``MAX_PROPOSALS``): a phone cannot pile up offers (a break-test sent 8 538, and
    every snapshot carried them all): the fourth is refused and changes nothing.  Only the
    proposer's own waiting offers count; withdrawing one makes room; the banker's ``trade``
    is applied at once and is no offer."""
    alice = Actor("player", "Alice")
    deal = {"Alice": {"cash": 100}, "Bob": {"spaces": ["Oslo S"]}}
    for _ in range(MAX_PROPOSALS):
        game.phone("Alice", "trade_propose", parties=deal, from_="Alice")
    game.phone("Bob", "trade_propose", parties=deal, from_="Bob")  # Bob's own count
    game.refused(RuleBroken, "Alice already has 3 trade offers waiting for an answer: at "
                 "most 3 at once (C18). Wait for an answer, or withdraw one first.",
                 "trade_propose", alice, parties=deal, from_="Alice")
    game.do("trade", parties={"Alice": {"spaces": ["Kirkeveien"]}, "Carol": {"cash": 1000}})
    assert [t["proposer"] for t in game.snap()["trades"]] == ["Alice"] * 3 + ["Bob"]
    game.phone("Alice", "trade_cancel", player="Alice", trade=2)
    game.phone("Alice", "trade_propose", parties=deal, from_="Alice")
    assert [t["id"] for t in game.snap()["trades"]] == [1, 3, 4, 5]

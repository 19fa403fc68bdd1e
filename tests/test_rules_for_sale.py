"""C4 with the dice (seed 002, Monopol 1996: "Vil du ikke kjøpe, går den rett på
auksjon"): a token that stopped on an unowned deed finishes that space first — no further
roll (the doubles' extra roll, C3, nor the next player's roll that passes the turn, C5)
until the deed is bought or on the block; the banker's "Neste tur" lets it stay with the
bank (docs/rules.md C4 "Our reading").  NO 1996: Prinsens gate (8) costs 2 000 kr;
Alice, Bob and Carol sit in that order, 30 000 kr each.
"""

from __future__ import annotations

from companion.errors import RuleBroken
from companion.table import Actor
from tests.kit import Game


def test_c4_a_double_onto_an_unowned_deed_rolls_again_only_after_the_buy(
        game: Game) -> None:
    game.phone("Alice", "roll", player="Alice", dice=[4, 4])  # Start -> Prinsens gate
    assert game.state()["turn"]["for_sale"] == 8
    game.refused(RuleBroken, "Prinsens gate is for sale: buy it or put it up for auction "
                 "before Alice rolls (C4).", "roll", Actor("player", "Alice"),
                 player="Alice", dice=[1, 2])
    game.phone("Alice", "buy", player="Alice", space=8)
    assert game.state()["turn"]["for_sale"] is None
    game.phone("Alice", "roll", player="Alice", dice=[1, 2])  # the extra roll (C3)
    assert game.player("Alice")["position"] == 11 and game.cash("Alice") == 28_000


def test_c4_the_next_player_rolls_only_after_the_declined_deed_was_auctioned(
        game: Game) -> None:
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])  # Start -> Prinsens gate
    game.refused(RuleBroken, "Prinsens gate is for sale: buy it or put it up for auction "
                 "before Bob rolls (C4).", "roll", Actor("player", "Bob"),
                 player="Bob", dice=[1, 2])
    game.phone("Alice", "auction_open", space=8, decliner="Alice")
    game.phone("Bob", "bid", player="Bob", amount=1_500)
    game.do("auction_close")
    game.phone("Bob", "roll", player="Bob", dice=[1, 2])  # the next turn (C5)
    assert game.state()["turn"]["player"] == "Bob" and game.deed(8).owner == "Bob"
    assert game.cashes() == {"Alice": 30_000, "Bob": 28_500, "Carol": 30_000}


def test_c4_an_auction_with_no_bids_leaves_the_deed_with_the_bank_and_play_goes_on(
        game: Game) -> None:
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])
    game.phone("Alice", "auction_open", space=8, decliner="Alice")
    game.do("auction_close")
    game.phone("Bob", "roll", player="Bob", dice=[1, 2])
    assert game.deed(8) is None and game.state()["turn"]["player"] == "Bob"


def test_c4_the_bankers_next_turn_lets_the_deed_stay_with_the_bank(game: Game) -> None:
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])
    game.do("next_turn")  # our reading: the banker decided otherwise
    assert game.state()["turn"]["for_sale"] is None
    game.phone("Bob", "roll", player="Bob", dice=[1, 2])
    assert game.deed(8) is None and game.player("Bob")["position"] == 3

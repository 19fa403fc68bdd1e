"""A turn from the player's own phone (issue 16 point 1): the last roll in the state for
every screen, and "Til auksjon" for the deed the player landed on (C4).  NO 1996 (seed
002): Prinsens gate (8) costs 2 000 kr.
"""

from __future__ import annotations

from companion.errors import NotAllowed, RuleBroken
from tests.kit import Game


def test_c3_the_last_roll_is_in_the_state_and_stays_after_the_turn_passed(game: Game) -> None:
    assert game.snap()["turn"]["last_roll"] is None
    game.phone("Alice", "roll", player="Alice", dice=[4, 3])
    last = {"player": "Alice", "dice": [4, 3], "turn": 0}
    assert game.snap()["turn"]["last_roll"] == last
    game.do("next_turn")
    assert game.snap()["turn"]["last_roll"] == last


def test_c4_the_player_who_landed_sends_the_deed_to_auction_from_the_phone(
        game: Game) -> None:
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])  # Start -> Prinsens gate
    game.phone("Alice", "auction_open", space="Prinsens gate", decliner="Alice")
    auction = game.snap()["auction"]
    assert (auction["space"], auction["start"]) == ("Prinsens gate", 1)


def test_c4_a_phone_may_not_auction_a_deed_it_did_not_land_on(game: Game) -> None:
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])
    with game.refused(RuleBroken, "Alice can send Øvre Slottsgate to auction only after "
                      "landing on it on their turn (C4); ask the banker."):
        game.phone("Alice", "auction_open", space="Øvre Slottsgate", decliner="Alice")
    with game.refused(RuleBroken, "Bob can send Prinsens gate to auction only after "
                      "landing on it on their turn (C4); ask the banker."):
        game.phone("Bob", "auction_open", space="Prinsens gate", decliner="Bob")
    with game.refused(NotAllowed, "Only the banker can do that."):
        game.phone("Alice", "auction_open", building="house", decliner="Alice")

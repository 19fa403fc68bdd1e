"""Kortstokk-Monopol's dice (seed 004) in the dice twin ``roll``: K6 passing a joker pays
1 coin, K3 doubles move to the nearest property the roller does not own, with no extra
roll.  Board (K2): 0 joker (start), 1–10 ace to five, 11 joker, 12–21 six to ten.
"""

from __future__ import annotations

import pytest

from companion.errors import RuleBroken
from tests.kit import Game

KS = "kortstokk"


pytestmark = pytest.mark.game(edition=KS, players=["Alice", "Bob", "Carol"])


def own(game: Game, player: str, *cards: str) -> None:
    """The banker sells ``player`` each card for 1 coin (K4's price table was lost)."""
    for card in cards:
        game.do("buy", player=player, space=card, price=1)


def round_to(game: Game, player: str) -> None:
    """``next_turn`` until ``player`` is to roll again (a round)."""
    game.do("next_turn")
    while game.state()["turn"]["player"] != player:
        game.do("next_turn")


def test_k6_a_roll_passing_a_joker_pays_one_coin(game: Game) -> None:
    game.do("roll", player="Alice", dice=[4, 5])  # 0 -> 9: the start joker is not passed
    assert (game.player("Alice")["position"], game.cash("Alice")) == (9, 8)
    round_to(game, "Alice")
    game.do("roll", player="Alice", dice=[1, 2])  # 9 -> 12, past the joker at 11
    assert (game.player("Alice")["position"], game.cash("Alice")) == (12, 9)
    round_to(game, "Alice")
    game.do("roll", player="Alice", dice=[5, 6])  # 12 -> 1, past the start joker (0)
    assert (game.player("Alice")["position"], game.cash("Alice")) == (1, 10)


def test_k6_stopping_on_a_joker_pays_nothing(game: Game) -> None:
    game.do("roll", player="Alice", dice=[5, 6])  # 0 -> 11: stops on the joker
    assert (game.player("Alice")["position"], game.cash("Alice")) == (11, 8)


def test_k3_doubles_move_to_the_nearest_property_not_owned_and_end_the_rolling(
        game: Game) -> None:
    own(game, "Alice", "Spar ess", "Hjerter ess")
    own(game, "Bob", "Spar 2")
    game.do("roll", player="Alice", dice=[2, 2])  # not 0 + 4 = Hjerter 2: Bob's Spar 2
    assert game.player("Alice")["position"] == 3
    assert game.state()["turn"]["rolled"]
    with game.refused(RuleBroken, "Alice has finished rolling this turn — pass the dice on."):
        game.do("roll", player="Alice", dice=[1, 2])


def test_k3_doubles_past_a_joker_pay_its_coin(game: Game) -> None:
    own(game, "Alice", "Spar 6")
    game.do("roll", player="Alice", dice=[4, 6])  # 0 -> 10 (Hjerter 5)
    round_to(game, "Alice")
    game.do("roll", player="Alice", dice=[6, 6])  # past the joker (11) and her Spar 6 (12)
    assert game.player("Alice")["position"] == 13  # Hjerter 6, unsold
    assert game.cash("Alice") == 8 - 1 + 1


def test_k3_owning_every_property_doubles_move_the_sum_with_no_extra_roll(
        game: Game) -> None:
    cards = [s.name for s in game.table.state(game.id).ed.spaces if s.is_deed]
    for card in cards:
        game.do("buy", player="Alice", space=card, price=0)
    game.do("roll", player="Alice", dice=[3, 3])
    assert game.player("Alice")["position"] == 6 and game.state()["turn"]["rolled"]

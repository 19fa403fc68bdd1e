"""C4: two equal bids at once (family play-test 3, finding 12): the second to reach the
bank is told who was first, in a sentence a player understands, and nothing changes.
NO 1996 (seed 002): Prinsens gate (8); Alice, Bob and Carol, 30 000 kr each.
"""

from __future__ import annotations

from companion.errors import RuleBroken
from companion.table import Actor
from tests.kit import Game


def test_c4_an_equal_bid_after_anothers_is_refused_naming_who_bid_first(game: Game) -> None:
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])  # Start -> Prinsens gate
    game.phone("Alice", "auction_open", space=8, decliner="Alice")
    game.phone("Carol", "bid", player="Carol", amount=1_500)
    game.refused(RuleBroken, "Carol bid 1 500 kr first: bid more to stay in.", "bid",
                 Actor("player", "Bob"), player="Bob", amount=1_500)
    game.refused(RuleBroken, "The highest bid is 1 500 kr (Carol) — bid more.", "bid",
                 Actor("player", "Bob"), player="Bob", amount=1_400)
    game.phone("Bob", "bid", player="Bob", amount=1_600)
    game.do("auction_close")
    assert game.deed(8).owner == "Bob" and game.cash("Bob") == 28_400

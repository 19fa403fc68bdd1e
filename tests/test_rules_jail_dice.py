"""Cards, jail and the dice twin: docs/rules.md C10, C13, C3, C2 (NO 1996: fine 1 000,
bonus 4 000)."""

from __future__ import annotations

from companion.errors import BadCommand, NotAllowed, RuleBroken
from companion.table import Actor
from tests.kit import Game


def test_c10_cards_pay_collect_and_get_out_of_jail(game: Game) -> None:
    game.take("Alice", 1000)  # "pay 1 000 kr"
    game.take("Carol", 29_700)
    game.do("collect_each", to="Bob", amount=500)  # "your birthday": Carol is short
    assert game.cash("Bob") == 30_800
    assert game.debts("Carol") == [{"to": "Bob", "amount": 200, "memo": "card"}]
    game.do("jail_card", player="Alice")
    game.do("jail", player="Alice")  # "go to jail": no Start bonus
    assert game.cash("Alice") == 28_500
    game.do("leave_jail", player="Alice", by="card")
    assert (game.player("Alice")["jail_cards"], game.player("Alice")["in_jail"]) == (0, False)
    game.do("jail", player="Alice")
    game.refused(RuleBroken, "Alice has no get-out-of-jail card.",
                 "leave_jail", player="Alice", by="card")


def test_c10_a_card_is_sold_to_another_player(game: Game) -> None:
    game.do("jail_card", player="Bob")
    game.do("jail", player="Alice")
    game.do("trade", parties={"Bob": {"jail_cards": 1}, "Alice": {"cash": 700}})
    game.do("leave_jail", player="Alice", by="card")
    assert (game.cash("Alice"), game.cash("Bob")) == (29_300, 30_700)
    assert game.player("Bob")["jail_cards"] == 0


def test_c13_fine_doubles_and_just_visiting(game: Game) -> None:
    game.do("land", player="Bob", space="Fengsel / På besøk")
    assert not game.player("Bob")["in_jail"]  # just visiting
    game.do("jail", player="Alice")
    game.refused(RuleBroken, "Alice is already in jail.", "jail", player="Alice")
    game.do("leave_jail", player="Alice", by="fine")
    assert game.cash("Alice") == 29_000
    game.refused(RuleBroken, "Alice is not in jail.", "leave_jail", player="Alice")
    game.do("jail", player="Alice")
    game.do("roll", player="Alice", dice=[3, 3])  # doubles: out, moves 6, no extra roll
    assert game.player("Alice")["position"] == 16 and not game.player("Alice")["in_jail"]
    game.refused(RuleBroken, "Alice has finished rolling this turn — pass the dice on.",
                 "roll", player="Alice", dice=[1, 2])


def test_c13_third_failed_try_makes_the_fine_due(game: Game) -> None:
    game.buy("Alice", "Parkveien")
    game.do("jail", player="Bob")
    game.do("jail_try", player="Bob")
    game.do("jail_try", player="Bob")
    assert game.player("Bob")["jail_tries"] == 2 and game.player("Bob")["in_jail"]
    game.do("land", player="Carol", space="Parkveien")
    game.do("claim", player="Alice")  # a jailed player still collects rent (and buys)
    game.take("Bob", 29_500)
    game.do("jail_try", player="Bob")
    bob = game.player("Bob")
    assert (bob["in_jail"], bob["cash"], bob["debts"][0]["amount"]) == (False, 0, 500)


def test_c13_third_failed_roll_pays_and_moves(game: Game) -> None:
    game.do("jail", player="Alice")
    for _ in range(3):
        game.do("roll", player="Alice", dice=[1, 2])
        assert game.player("Alice")["position"] in (10, 13)
        for _ in range(3):
            game.do("next_turn")  # Bob, Carol, Alice again
    alice = game.player("Alice")
    assert (alice["in_jail"], alice["cash"], alice["position"]) == (False, 29_000, 13)


def test_c3_doubles_roll_again_third_double_jails(game: Game) -> None:
    game.refused(RuleBroken, "It is Alice's turn to roll, not Bob's.",
                 "roll", player="Bob", dice=[1, 2])
    game.refused(BadCommand, "Give the dice as two whole numbers from 1 to 6, like [3, 5].",
                 "roll", player="Alice", dice=[0, 7])
    game.refused(NotAllowed, "Bob can only act for themself.", "roll",
                 actor=Actor("player", "Bob"),
                 player="Alice", dice=[1, 2])
    game.do("roll", player="Alice", dice=[1, 1])
    game.do("roll", player="Alice", dice=[3, 3])
    assert game.snap()["turn"]["doubles"] == 2 and game.player("Alice")["position"] == 8
    game.do("auction_open", space=8)  # C4: Prinsens gate declined, no bid: the bank's
    game.do("auction_close")
    game.do("roll", player="Alice", dice=[1, 1])
    alice = game.player("Alice")
    assert (alice["in_jail"], alice["position"], alice["cash"]) == (True, 10, 30_000)
    assert game.snap()["turn"]["rolled"]


def test_c2_roll_pays_start_when_passing_and_once_when_landing(game: Game) -> None:
    game.do("land", player="Alice", space="Luksusskatt")
    game.do("roll", player="Alice", dice=[1, 1])  # 38 + 2 = Start
    assert game.cash("Alice") == 28_000 + 4000
    game.do("roll", player="Alice", dice=[2, 3])  # from Start: no bonus
    assert game.cash("Alice") == 32_000 and game.player("Alice")["position"] == 5
    game.do("next_turn")
    game.do("land", player="Bob", space="Rådhusplassen")
    game.do("roll", player="Bob", dice=[2, 1])  # 39 + 3 -> 2, passing Start
    assert game.cash("Bob") == 34_000 and game.player("Bob")["position"] == 2

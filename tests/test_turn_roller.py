"""The state's ``turn.roller`` (issue 16 points 1-2): who rolls next on the dice pads, what
for and with how many dice — decided by the core's own checks (companion/rules/turn_order.py,
the ones ``roll`` and ``ola_roll`` make), so the console's and the phones' pads only read it.
Every edition: C3 doubles, C4 a deed for sale, C5 the next player's roll passes the turn,
C21 a debt holds it, M4 Ola Nordmann first, M14 one die off Ferieparadiset, K3 doubles end
the rolling, K6 a joker holds the turn.  Each roll the roller names is then accepted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.kit import Game, MMGame

CLASSIC = ["monopol-no-1996", "monopol-se-2008", "verdens-underverker-2003"]


def roller(game: Game) -> dict[str, Any] | None:
    value = game.state()["turn"]["roller"]
    assert value is None or isinstance(value, dict)
    return value


def pad(player: str, what: str = "token", dice: int = 2, nxt: bool = False) -> dict[str, Any]:
    """A roller as the state writes it."""
    return {"player": player, "for": what, "cmd": "ola_roll" if what == "ola" else "roll",
            "dice": dice, "next": nxt}


def rolls(game: Game, dice: list[int]) -> None:
    """The roll the roller names, from that player's phone (accepted, or the test fails)."""
    named = roller(game)
    assert named is not None
    game.phone(named["player"], named["cmd"], player=named["player"], dice=dice)


@pytest.mark.parametrize("edition", CLASSIC)
def test_c3_c4_c5_the_classic_roller_in_every_classic_edition(tmp_path: Path,
                                                              edition: str) -> None:
    with Game(tmp_path, players=("Alice", "Bob", "Carol"), edition=edition) as game:
        assert roller(game) == pad("Alice")
        rolls(game, [1, 2])  # Start -> 3, an unowned street: for sale (C4)
        assert game.state()["turn"]["for_sale"] == 3
        assert roller(game) is None
        game.do("buy", player="Alice", space=3)
        assert roller(game) == pad("Bob", nxt=True)  # C5: Bob's roll passes the turn
        rolls(game, [3, 3])  # Start -> 6 (light blue), doubles (C3)
        game.do("buy", player="Bob", space=6)
        assert roller(game) == pad("Bob")  # C3: the extra roll, no hand-over
        rolls(game, [1, 2])  # 6 -> 9, light blue again
        game.do("buy", player="Bob", space=9)
        assert roller(game) == pad("Carol", nxt=True)


def test_c21_a_debt_and_c4_an_auction_hold_the_next_roll(tmp_path: Path) -> None:
    with Game(tmp_path, players=("Alice", "Bob")) as game:
        rolls(game, [1, 3])  # Start -> 4 Inntektsskatt (C11: 4 000 kr)
        assert roller(game) == pad("Bob", nxt=True)
        game.do("pay", from_="Alice", to="Bob", amount=26_000 + 1)  # short by 1: a debt
        assert game.debts("Alice")
        assert roller(game) is None
        game.give("Alice", 1)  # the bank's 1 kr goes to the debt at once
        assert not game.debts("Alice")
        game.do("auction_open", space="Oslo S")
        assert roller(game) is None
        game.do("auction_close")
        assert roller(game) == pad("Bob", nxt=True)
        game.do("end_game")
        assert roller(game) is None


def test_m4_m14_ola_nordmann_first_then_the_car_then_one_die_off_ferieparadiset(
        tmp_path: Path) -> None:
    with MMGame(tmp_path, players=("Alice", "Bob")) as game:
        assert roller(game) == pad("Alice", "ola")  # M4: Ola first
        rolls(game, [4, 6])  # Ola: Start -> 10 Ferieparadiset, nothing (M14)
        assert roller(game) == pad("Alice")  # then the car
        rolls(game, [3, 4])  # the car: Start -> 7 Prøv lykken
        # C5/M4: Bob's roll for Ola passes the turn; Ola leaves Ferieparadiset by ONE die
        assert roller(game) == pad("Bob", "ola", dice=1, nxt=True)
        rolls(game, [3])  # Ola -> 13, an unowned lot: the bank auctions it at once (M4)
        assert game.state()["auction"] is not None
        assert roller(game) is None  # C4/M4: the car waits for the auction (h21)
        game.do("auction_close")  # no bids: the lot stays with the bank
        assert roller(game) == pad("Bob")


def test_m4_olas_doubles_roll_for_him_again(tmp_path: Path) -> None:
    with MMGame(tmp_path, players=("Alice", "Bob")) as game:
        rolls(game, [1, 1])  # Ola: Start -> 2 Prøv lykken, doubles
        assert roller(game) == pad("Alice", "ola")
        rolls(game, [3, 4])  # Ola -> 9, an unowned lot: the bank auctions it at once (M4)
        assert game.state()["auction"] is not None and roller(game) is None  # (h21)
        game.do("auction_close")  # no bids: the lot stays with the bank
        assert roller(game) == pad("Alice")


def test_k3_doubles_end_the_rolling_and_k6_a_joker_holds_the_turn(tmp_path: Path) -> None:
    with Game(tmp_path, players=("Alice", "Bob"), edition="kortstokk") as game:
        game.do("edition_value", space=1, field="price", value=2)
        rolls(game, [2, 2])  # K3: to the nearest property not owned (1), no extra roll
        assert game.player("Alice")["position"] == 1
        game.do("buy", player="Alice", space=1)
        assert roller(game) == pad("Bob", nxt=True)
        rolls(game, [5, 6])  # Start (joker) -> 11, the other joker: its roll first (K6)
        assert game.state()["turn"]["phase"] == "joker"
        assert roller(game) is None
        game.do("edition_value", field="chance_effects.7", value="+2")  # asked once
        game.do("joker", player="Bob", dice=7)
        assert roller(game) == pad("Alice", nxt=True)

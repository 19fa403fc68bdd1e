"""The next player's roll is the next turn (docs/rules.md C3, C5, M4, M11, K3; issue 16
point 2; :mod:`companion.commands.handover`).  NO 1996 (seed 002): Prinsens gate (8) rents
120 kr bare; Alice, Bob and Carol sit in that order.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import RuleBroken
from tests.kit import Game, MMGame


def no_sale(game: Game, space: str, **fields: str) -> None:
    """C4: the deed a roll stopped on is declined and auctioned with no bid: the bank
    keeps it and the dice go on (tests/test_rules_for_sale.py)."""
    game.do("auction_open", space=space, **fields)
    game.do("auction_close")


def test_c5_rent_claim_lapses_at_the_next_players_roll(game: Game) -> None:
    game.buy("Carol", "Prinsens gate")
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])  # Start -> Prinsens gate
    assert [(c["owner"], c["amount"]) for c in game.snap()["claims"]] == [("Carol", 120)]
    game.phone("Bob", "roll", player="Bob", dice=[1, 2])  # Bob's roll: the next turn
    state = game.snap()
    assert state["turn"]["player"] == "Bob" and state["claims"] == []
    assert game.player("Bob")["position"] == 3  # Kirkeveien, unowned
    assert game.cashes() == {"Alice": 30_000, "Bob": 30_000, "Carol": 28_000}
    game.refused(RuleBroken, "Carol has no rent to claim right now.", "claim", player="Carol")


def test_c5_a_claim_made_before_the_next_roll_is_paid(game: Game) -> None:
    game.buy("Carol", "Prinsens gate")
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])
    game.phone("Carol", "claim", player="Carol")
    game.phone("Bob", "roll", player="Bob", dice=[1, 2])
    assert game.cashes() == {"Alice": 29_880, "Bob": 30_000, "Carol": 28_120}


def test_c5_a_roll_by_the_player_after_the_next_is_refused_and_changes_nothing(
        game: Game) -> None:
    game.buy("Carol", "Prinsens gate")
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])
    game.refused(RuleBroken, "Bob rolls next, not Carol.", "roll", player="Carol",
                 dice=[1, 2])
    game.refused(RuleBroken, "Alice has finished rolling this turn — pass the dice on.",
                 "roll", player="Alice", dice=[1, 2])


def test_c5_the_next_player_may_not_roll_before_the_current_one_has(game: Game) -> None:
    game.refused(RuleBroken, "It is Alice's turn to roll, not Bob's.", "roll",
                 player="Bob", dice=[1, 2])


def test_c3_doubles_still_roll_again_and_the_next_player_waits(game: Game) -> None:
    game.phone("Alice", "roll", player="Alice", dice=[1, 1])  # Start -> Prøv lykken: again
    game.refused(RuleBroken, "Alice rolled doubles and rolls again (C3): Bob rolls after "
                 "Alice.", "roll", player="Bob", dice=[1, 2])
    game.phone("Alice", "roll", player="Alice", dice=[2, 4])  # -> Prinsens gate: done
    no_sale(game, "Prinsens gate")
    game.phone("Bob", "roll", player="Bob", dice=[2, 3])
    assert game.snap()["turn"]["player"] == "Bob" and game.player("Bob")["position"] == 5


def test_c3_a_third_double_jails_and_the_next_player_rolls_on(game: Game) -> None:
    for dice in ([1, 1], [2, 2], [3, 3]):
        game.phone("Alice", "roll", player="Alice", dice=dice)
        if dice == [2, 2]:
            no_sale(game, "Kongens gate")
    assert game.player("Alice")["in_jail"]
    game.phone("Bob", "roll", player="Bob", dice=[1, 2])
    assert game.snap()["turn"]["player"] == "Bob"


def test_c21_an_open_debt_of_the_current_player_holds_the_next_roll(game: Game) -> None:
    game.buy("Carol", "Prinsens gate")
    game.take("Alice", 29_950)  # 50 kr left
    game.phone("Alice", "roll", player="Alice", dice=[1, 3])  # Inntektsskatt: short
    assert game.debts("Alice")
    game.refused(RuleBroken, "Alice still owes a debt: it is paid (or Alice goes bankrupt) "
                 "before Bob rolls.", "roll", player="Bob", dice=[1, 2])


def test_c4_an_open_auction_holds_the_next_roll(game: Game) -> None:
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])  # Prinsens gate, unowned
    game.do("auction_open", space="Prinsens gate")
    game.refused(RuleBroken, "The auction is still open: close it before Bob rolls.",
                 "roll", player="Bob", dice=[1, 2])


@pytest.mark.game(edition="kortstokk", players=["Alice", "Bob", "Carol"])
def test_k3_doubles_end_the_rolling_so_the_next_player_may_roll(game: Game) -> None:
    game.phone("Alice", "roll", player="Alice", dice=[2, 2])  # K3: nearest not owned
    game.do("buy", player="Alice", space="Spar ess", price=4)  # C4/K4: bought, price as dealt
    game.phone("Bob", "roll", player="Bob", dice=[1, 2])
    assert game.snap()["turn"]["player"] == "Bob"


@pytest.fixture
def mm(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path)
    yield game
    game.table.close()


def test_m11_the_next_players_ola_roll_passes_the_turn_and_the_claim_lapses_one_later(
        mm: MMGame) -> None:
    mm.own("Bob", "Frognerveien")  # test rent 19 900 kr bare
    mm.phone("Alice", "ola_roll", player="Alice", dice=[1, 3])  # Ola -> Skatt: nothing
    mm.refused(RuleBroken, "It is Alice's turn to roll, not Bob's.", "ola_roll",
               player="Bob", dice=[1, 2])  # Alice's car has not moved yet (M4)
    mm.phone("Alice", "roll", player="Alice", dice=[1, 2])  # car -> Frognerveien
    assert [(c["owner"], c["amount"]) for c in mm.snap()["claims"]] == [("Bob", 19_900)]
    mm.phone("Bob", "ola_roll", player="Bob", dice=[1, 2])  # the next turn: Ola -> 7
    state = mm.snap()
    assert (state["turn"]["player"], state["turn"]["phase"]) == ("Bob", "build")
    assert len(state["claims"]) == 1  # M11: it stands until the 2nd player after rolls
    mm.phone("Bob", "roll", player="Bob", dice=[2, 4])  # car -> Kongens gate
    no_sale(mm, "Kongens gate")
    mm.phone("Carol", "ola_roll", player="Carol", dice=[1, 2])  # Ola -> Ferieparadiset
    assert mm.snap()["turn"]["player"] == "Carol" and mm.snap()["claims"] == []


def test_m4_the_next_players_car_roll_passes_the_turn_too(mm: MMGame) -> None:
    mm.phone("Alice", "ola_roll", player="Alice", dice=[1, 3])
    mm.phone("Alice", "roll", player="Alice", dice=[1, 2])
    no_sale(mm, "Frognerveien")
    mm.phone("Bob", "roll", player="Bob", dice=[2, 4])  # no Ola roll entered for Bob
    assert mm.snap()["turn"]["player"] == "Bob" and mm.player("Bob")["position"] == 6

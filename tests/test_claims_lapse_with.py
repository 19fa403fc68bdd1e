"""Who must roll for an open rent claim to lapse (docs/rules.md C5, M11; issue 16 point 4;
:func:`companion.rules.lapse.lapses_with`): the state's claims name the player whose roll
closes them.  NO 1996 (seed 002 "Men eieren må kreve leien før neste spiller har slått"):
Prinsens gate rents 120 kr bare.  Multimillionær (seed 003 "Foreldelse": "spiller nr. 2
etter ham", at that player's roll for Ola Nordmann): test deed values (tests/kit.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.kit import Game, MMGame


def _lapse(g: Game) -> list[tuple[str, str, int, str, bool]]:
    return [(c["owner"], c["from"], c["amount"], c["lapses_with"], c["at_ola_roll"])
            for c in g.snap()["claims"]]


def test_c5_a_rent_claim_lapses_when_the_next_player_rolls(game: Game) -> None:
    game.buy("Carol", "Prinsens gate")
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])  # Start -> Prinsens gate
    assert _lapse(game) == [("Carol", "Alice", 120, "Bob", False)]


def test_c5_the_next_player_skips_a_bankrupt_seat(tmp_path: Path) -> None:
    with Game(tmp_path, players=("Alice", "Bob", "Carol", "Dave")) as g:
        g.buy("Carol", "Prinsens gate")
        g.take("Bob", 29_900)
        g.do("land", player="Bob", space="Inntektsskatt")  # 4 000 kr owed, 100 kr held
        g.do("bankrupt", player="Bob", creditor="bank")
        g.phone("Alice", "roll", player="Alice", dice=[3, 5])
        assert _lapse(g) == [("Carol", "Alice", 120, "Carol", False)]


@pytest.fixture
def mm(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path)
    yield game
    game.table.close()


def test_m11_a_claim_lapses_at_the_ola_roll_of_the_second_player_after(mm: MMGame) -> None:
    mm.own("Bob", "Kirkeveien")  # test rent 1 000 kr bare
    mm.do("land", player="Alice", space="Kirkeveien")  # Alice's turn
    assert _lapse(mm) == [("Bob", "Alice", 1_000, "Carol", True)]
    mm.do("next_turn")  # Bob's turn: still Carol's Ola roll
    assert _lapse(mm) == [("Bob", "Alice", 1_000, "Carol", True)]
    mm.do("next_turn")  # Carol's turn, before her Ola roll
    assert _lapse(mm) == [("Bob", "Alice", 1_000, "Carol", True)]
    mm.do("ola_land", space="Prøv lykken")
    assert _lapse(mm) == []


def test_m11_with_two_players_the_payers_own_ola_roll_ends_it(tmp_path: Path) -> None:
    g = MMGame(tmp_path, players=("Alice", "Bob"))
    g.own("Bob", "Kirkeveien")
    g.do("land", player="Alice", space="Kirkeveien")
    assert _lapse(g) == [("Bob", "Alice", 1_000, "Alice", True)]
    g.table.close()

"""M4 (seed 003 "Flytting": Ola Nordmann moves first; doubles for Ola roll for him again):
the state says whether the player to roll still rolls for Ola this turn and what Ola's
last roll was (``market.ola.rolling`` and ``last_roll``; issue 16; the phone's pad and the
roll line read them).  Board: Start 0, Prøv lykken 2 and 7 (nothing for Ola, M12).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.kit import MMGame


@pytest.fixture
def mm(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path)
    yield game
    game.table.close()


def _ola(g: MMGame) -> tuple[int, bool, object]:
    ola = g.snap()["market"]["ola"]
    return ola["index"], ola["rolling"], ola["last_roll"]


def test_m4_after_olas_doubles_the_player_rolls_for_ola_again(mm: MMGame) -> None:
    assert _ola(mm) == (0, True, None)  # the turn starts with Ola
    mm.phone("Alice", "ola_roll", player="Alice", dice=[1, 1])  # doubles -> Prøv lykken
    assert _ola(mm) == (2, True, {"player": "Alice", "dice": [1, 1], "turn": 0,
                                  "done": False})
    assert mm.snap()["turn"]["phase"] == "build"
    mm.phone("Alice", "ola_roll", player="Alice", dice=[2, 3])  # -> Prøv lykken (7)
    assert _ola(mm) == (7, False, {"player": "Alice", "dice": [2, 3], "turn": 0,
                                   "done": True})


def test_m4_olas_rolling_is_done_once_the_car_moves(mm: MMGame) -> None:
    mm.phone("Alice", "ola_roll", player="Alice", dice=[1, 1])
    mm.phone("Alice", "roll", player="Alice", dice=[1, 2])  # the car -> Frognerveien
    assert _ola(mm)[1] is False


def test_m4_ola_moved_by_space_counts_as_his_rolling_done(mm: MMGame) -> None:
    mm.do("ola_land", space="Prøv lykken")
    assert _ola(mm) == (2, False, None)

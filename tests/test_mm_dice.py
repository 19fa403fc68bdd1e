"""Multimillionær's dice twin (seed 003): ONE die out of Ferieparadiset and Børsen, for
the cars and for Ola Nordmann (M14: "Det er gratis å gå ut av Ferieparadiset, og man skal
da kaste med én terning (gjelder også Ola Nordmann)"; M8: "Når spillerne og Ola Nordmann i
neste omgang skal ut av børsfeltet, skal det kastes med ÉN TERNING"), and ``ola_roll``,
the dice twin for Ola (M4).  Board (placeholder order): 10 Ferieparadiset, 13 Grensen,
30 Børsen, 32 Sinsen, 34 Vålerenga.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import BadCommand, RuleBroken
from tests.kit import MMGame


@pytest.fixture
def g(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path)
    yield game
    game.table.close()


def round_to_alice(g: MMGame) -> None:
    for _ in range(4):
        g.do("next_turn")


def test_m14_a_car_leaves_ferieparadiset_with_one_die(g: MMGame) -> None:
    g.refused(RuleBroken, "Alice rolls two dice from Start, not one: give both, like [3, 5].",
              "roll", player="Alice", dice=[4])
    g.phone("Alice", "roll", player="Alice", dice=[4, 6])  # Start -> Ferieparadiset
    round_to_alice(g)
    g.refused(RuleBroken, "Alice leaves Ferieparadiset with one die, not two (M8, M14): "
              "give just that die, like [4].", "roll", player="Alice", dice=[3, 5])
    g.refused(BadCommand, "Give the die as one whole number from 1 to 6, like [4].",
              "roll", player="Alice", dice=[7])
    g.phone("Alice", "roll", player="Alice", dice=[3])
    assert g.player("Alice")["position"] == 13 and g.snap()["turn"]["rolled"]


def test_m8_a_car_leaves_borsen_with_one_die_even_on_the_extra_roll(g: MMGame) -> None:
    for dice in ([6, 6], [6, 6], [3, 3]):  # 12, 24, 30: Børsen, doubles roll again
        g.phone("Alice", "roll", player="Alice", dice=dice)
        if g.snap()["turn"]["for_sale"] is not None:  # C4: declined, no bid: the bank's
            g.do("auction_open", space=g.snap()["turn"]["for_sale"])
            g.do("auction_close")
    assert g.player("Alice")["position"] == 30 and not g.snap()["turn"]["rolled"]
    g.refused(RuleBroken, "Alice leaves Børsen with one die, not two (M8, M14): give just "
              "that die, like [4].", "roll", player="Alice", dice=[1, 1])
    g.phone("Alice", "roll", player="Alice", dice=[2])
    assert g.player("Alice")["position"] == 32 and g.snap()["turn"]["rolled"]


def test_m14_ola_leaves_ferieparadiset_with_one_die(g: MMGame) -> None:
    g.phone("Alice", "ola_roll", player="Alice", dice=[4, 6])  # Ola: Start -> Ferieparadiset
    assert g.snap()["market"]["ola"]["index"] == 10 and g.snap()["turn"]["phase"] == "build"
    g.refused(RuleBroken, "Ola Nordmann has finished rolling this turn (no doubles): move "
              "the car.", "ola_roll", player="Alice", dice=[1, 2])
    g.phone("Alice", "roll", player="Alice", dice=[1, 2])
    g.do("next_turn")
    g.refused(RuleBroken, "It is Bob's turn to roll, not Alice's.", "ola_roll",
              player="Alice", dice=[3])
    g.refused(RuleBroken, "Ola Nordmann leaves Ferieparadiset with one die, not two (M8, "
              "M14): give just that die, like [4].", "ola_roll", player="Bob", dice=[1, 2])
    g.phone("Bob", "ola_roll", player="Bob", dice=[3])
    assert g.snap()["market"]["ola"]["index"] == 13
    assert g.snap()["auction"]["space"] == "Grensen"  # M4: Ola's unowned lot, at once


def test_m8_ola_leaves_borsen_with_one_die(g: MMGame) -> None:
    g.do("ola_land", space="Børsen")
    g.do("next_turn")
    g.refused(RuleBroken, "Ola Nordmann leaves Børsen with one die, not two (M8, M14): give "
              "just that die, like [4].", "ola_roll", player="Bob", dice=[2, 2])
    g.phone("Bob", "ola_roll", player="Bob", dice=[4])
    assert g.snap()["market"]["ola"]["index"] == 34


def test_m4_ola_doubles_roll_for_ola_again(g: MMGame) -> None:
    g.refused(RuleBroken, "Ola Nordmann rolls two dice from Start, not one: give both, like "
              "[3, 5].", "ola_roll", player="Alice", dice=[5])
    g.phone("Alice", "ola_roll", player="Alice", dice=[2, 2])  # Ola -> Skatt (4): nothing
    g.phone("Alice", "ola_roll", player="Alice", dice=[3, 3])  # -> Ferieparadiset
    g.phone("Alice", "ola_roll", player="Alice", dice=[1])  # one die out: Tordenskiolds gate
    assert g.snap()["market"]["ola"]["index"] == 11

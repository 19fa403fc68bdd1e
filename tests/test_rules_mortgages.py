"""Mortgages: docs/rules.md C19 and X3 (the one rounding function), C7 (no rent while mortgaged).

NO 1996: Parkveien mortgage 600, lifting 600 + 60 = 660; Rådhusplassen 4 000 -> 4 400.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.errors import NotEnoughCash, RuleBroken
from companion.money import half, percent_of, round_to
from tests.kit import Game


def test_x3_round_to_half_up_on_the_edition_step() -> None:
    assert round_to(Fraction(5, 2)) == 3
    assert round_to(Fraction(-5, 2)) == -2
    assert round_to(125_000, 10_000) == 130_000  # SE 2008: 10 % of 1 250 000
    assert round_to(124_999, 10_000) == 120_000
    assert percent_of(600, 10) == 60
    assert percent_of(35, 10) == 4  # 3.5 -> 4
    assert percent_of(1_250_000, 10, 10_000) == 130_000
    assert half(1200) == 600 and half(25) == 13
    with pytest.raises(ValueError):
        round_to(5, 0)


def test_c19_mortgage_and_lift_with_ten_percent(game: Game) -> None:
    game.buy("Alice", "Parkveien", "Kirkeveien")
    cash = game.cash("Alice")
    game.do("mortgage", player="Alice", space="Parkveien")
    assert game.cash("Alice") == cash + 600
    row = game.player("Alice")["spaces"][0]
    assert (row["mortgaged"], row["lift_cost"]) == (True, 660)
    assert game.player("Alice")["net_worth"] == cash + 600 + 600 + 1200  # C23: half price
    game.refused(RuleBroken, "Parkveien is already mortgaged.",
                 "mortgage", player="Alice", space="Parkveien")
    game.refused(RuleBroken, "Parkveien does not belong to Bob.",
                 "unmortgage", player="Bob", space="Parkveien")
    game.do("unmortgage", player="Alice", space="Parkveien")
    assert game.cash("Alice") == cash - 60
    game.refused(RuleBroken, "Parkveien is not mortgaged.",
                 "unmortgage", player="Alice", space="Parkveien")


def test_c19_no_mortgage_with_buildings_in_the_group(game: Game) -> None:
    game.buy("Alice", "Parkveien", "Kirkeveien")
    game.do("build", player="Alice", space="Kirkeveien")
    game.refused(RuleBroken, "Sell the buildings on the brown group first — a lot is "
                 "mortgaged only when its group has no buildings.",
                 "mortgage", player="Alice", space="Parkveien")
    game.do("sell_building", player="Alice", space="Kirkeveien")
    game.do("mortgage", player="Alice", space="Parkveien")


def test_c19_lifting_needs_the_cash(game: Game) -> None:
    game.buy("Alice", "Rådhusplassen")
    game.do("mortgage", player="Alice", space="Rådhusplassen")
    game.take("Alice", game.cash("Alice") - 4399)
    game.refused(NotEnoughCash, "Alice has 4 399 kr; lifting Rådhusplassen costs 4 400 kr.",
                 "unmortgage", player="Alice", space="Rådhusplassen")
    game.give("Alice", 1)
    game.do("unmortgage", player="Alice", space="Rådhusplassen")
    assert game.cash("Alice") == 0


def test_c7_mortgaged_property_earns_no_rent(game: Game) -> None:
    game.buy("Alice", "Oslo S")
    game.do("mortgage", player="Alice", space="Oslo S")
    game.do("land", player="Bob", space="Oslo S")
    assert game.snap()["claims"] == []

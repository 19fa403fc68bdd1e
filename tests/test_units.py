"""Amounts in refusals are in the edition's unit (kroner "kr", Kortstokk's "coins"),
thousands grouped by a space (:func:`companion.money.amount_text`); and the edition
errors live in the one exception tree (STYLE 3)."""

from __future__ import annotations

import pytest

from companion.editions import load_edition
from companion.errors import NotEnoughCash, RuleBroken
from companion.money import amount_text
from companion.table import Table
from tests.kit import Game


@pytest.mark.parametrize("edition, amount, text", [
    ("monopol-no-1996", 1200, "1 200 kr"),
    ("monopol-no-1996", 30_000, "30 000 kr"),
    ("monopol-no-1996", 999, "999 kr"),
    ("monopol-no-1996", -4_400, "-4 400 kr"),
    ("monopol-se-2008", 15_000_000, "15 000 000 kr"),
    ("kortstokk", 3, "3 coins"),
    ("kortstokk", 1, "1 coin"),
    ("kortstokk", 0, "0 coins"),
])
def test_amount_text(edition: str, amount: int, text: str) -> None:
    assert amount_text(load_edition(edition), amount) == text


def test_kortstokk_refusals_say_coins(table: Table) -> None:
    """K1: 8 coins each; a bid or a trade above that is refused in coins, not kr."""
    game = Game(table, ["Alice", "Bob", "Carol"], edition="kortstokk")
    game.do("edition_value", space="Spar 5", field="price", value=1)
    game.do("auction_open", space="Spar 5", decliner="Alice")
    with game.refused(NotEnoughCash, "Bob has only 8 coins and cannot bid 9 coins."):
        game.do("bid", player="Bob", amount=9)
    game.do("auction_cancel")
    game.do("buy", player="Alice", space="Spar 5")
    with game.refused(NotEnoughCash, "Bob has only 8 coins and cannot give 9 coins."):
        game.do("trade", parties={"Alice": {"spaces": ["Spar 5"]}, "Bob": {"cash": 9}})


def test_swedish_refusals_group_the_millions(table: Table) -> None:
    game = Game(table, ["Alice", "Bob"], edition="monopol-se-2008")
    game.do("auction_open", space=1)
    with game.refused(NotEnoughCash, "Alice has only 15 000 000 kr and cannot bid 15 000 001 kr."):
        game.do("bid", player="Alice", amount=15_000_001)
    game.do("bid", player="Alice", amount=1_200_000)
    with game.refused(RuleBroken, "Alice bid 1 200 000 kr first: bid more to stay in."):
        game.do("bid", player="Bob", amount=1_200_000)


def test_edition_problems_is_in_the_one_exception_tree() -> None:
    """STYLE 3: companion.errors holds every error; the old import path still works."""
    from companion import errors
    from companion.editions import EditionProblems as from_package
    from companion.editions.problems import EditionProblems, Problem

    assert EditionProblems is errors.EditionProblems is from_package
    assert issubclass(EditionProblems, errors.EditionError)
    assert issubclass(EditionProblems, ValueError)
    error = EditionProblems("our-box.toml", [Problem("start_capital", "must be more than "
                                                     "zero", 3)])
    assert str(error) == "our-box.toml: 1 problem(s):\n  line 3: start_capital: must be " \
                         "more than zero"
    assert error.problems[0].line == 3 and error.source == "our-box.toml"

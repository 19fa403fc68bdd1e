"""The test kit itself (tests/kit.py): ``refused`` checks the type AND the exact message and
that nothing changed; a pattern only when asked for; one ``cash`` shape and ``cashes``."""

from __future__ import annotations

import re

import pytest

from companion.errors import NotEnoughCash, RuleBroken, UnknownSpace
from tests.kit import Game, MMGame

C4_SHORT = "Alice has 30000 kr; Rådhusplassen costs 40000 kr."


def test_c1_cash_is_an_int_and_cashes_the_dict(game: Game) -> None:
    """C1: 30 000 kr each in monopol-no-1996."""
    assert game.cash("Alice") == 30_000
    assert game.cashes() == {"Alice": 30_000, "Bob": 30_000, "Carol": 30_000}


def test_c4_refused_takes_the_exact_message_and_the_type(game: Game) -> None:
    """C4: a deed costs its price; the kit's refusal is exact, not a part of the text."""
    game.do("land", player="Alice", space="Rådhusplassen")
    game.refused(NotEnoughCash, C4_SHORT, "buy", player="Alice", space="Rådhusplassen",
                 price=40000)
    with pytest.raises(AssertionError, match=re.escape(C4_SHORT)):  # the text it got
        game.refused(NotEnoughCash, "Alice has 30000 kr", "buy", player="Alice",
                     space="Rådhusplassen", price=40000)
    with pytest.raises(NotEnoughCash):  # another type is not caught
        game.refused(UnknownSpace, C4_SHORT, "buy", player="Alice", space="Rådhusplassen",
                     price=40000)
    with game.refused(RuleBroken, re.compile(r"costs \d+ kr\.$")):  # a pattern, on purpose
        game.do("buy", player="Alice", space="Rådhusplassen", price=40000)
    assert game.cash("Alice") == 30_000


def test_refused_fails_when_something_changed(game: Game) -> None:
    """A block that changes the state before its refusal does not pass as refused."""
    with pytest.raises(AssertionError, match="the refusal changed the state"):
        with game.refused(UnknownSpace, "There is no space 'Narnia' on this board."):
            game.take("Alice", 100)
            game.do("buy", player="Alice", space="Narnia")


@pytest.mark.game(players=["Ada", "Bo"], edition="verdens-underverker-2003")
def test_the_game_mark_picks_edition_and_players(game: Game) -> None:
    assert game.table.state(game.id).ed.id == "verdens-underverker-2003"
    assert list(game.cashes()) == ["Ada", "Bo"]


def test_m2_a_multimillionaer_game_of_four(game: Game) -> None:
    """M2: four players; MMGame shares the kit (on the same table as ``game``)."""
    mm = MMGame(game.table)
    assert list(mm.cashes()) == ["Alice", "Bob", "Carol", "Dave"]
    assert mm.level("1") >= 0

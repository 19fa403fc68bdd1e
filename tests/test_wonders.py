"""Verdens underverker at the table (issue 7): passports (W1), free flights (W2), the end
of the race to 22 wonders with its bonus and winner (W3).  Real SQLite file, real Table.
"""

from typing import Any

import pytest

from companion.errors import NotAllowed, RuleBroken
from companion.table import Actor, Table
from tests.kit import Game

EDITION = "verdens-underverker-2003"
WONDERS = [1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39]


pytestmark = pytest.mark.game(edition=EDITION, players=["Ada", "Bo"])


def passport(game: Game, name: str) -> list[int]:
    return [w["index"] for w in game.player(name)["passport"]]


def flight(game: Game, name: str) -> Any:
    return game.player(name)["passport_progress"]["free_flight"]


def test_landing_on_a_wonder_marks_it_once(game: Game) -> None:
    """W1: marked on landing, once; unnamed wonders are shown by label."""
    game.do("land", player="Ada", space=1)
    game.do("land", player="Ada", space="brown #1")
    assert game.player("Ada")["passport"] == [{"index": 1, "name": "brown #1"}]
    progress = game.player("Ada")["passport_progress"]
    assert progress["visited"] == 1 and progress["of"] == 22
    assert [w["index"] for w in progress["unvisited"]] == WONDERS[1:]
    assert passport(game, "Bo") == []


@pytest.mark.parametrize("space, dice", [(5, None), (15, None), (12, 7), (28, 7), (4, None)])
def test_airports_and_public_institutions_are_never_marked(
        game: Game, space: int, dice: int | None) -> None:
    """W1: airports, public institutions (and other spaces) mark nothing themselves."""
    fields: dict[str, Any] = {"dice": dice} if dice else {}
    game.do("land", player="Ada", space=space, **fields)
    assert passport(game, "Ada") == []


def test_an_airport_offers_a_free_flight_and_its_rent_still_applies(game: Game) -> None:
    """W2: owned or not, landing on an airport gives a free flight; rent is still owed."""
    game.do("land", player="Ada", space=15)
    assert flight(game, "Ada") == {"index": 15, "name": "airport #15"}
    game.do("next_turn")
    game.do("land", player="Bo", space=5)
    game.do("buy", player="Bo", space=5)
    game.do("next_turn")
    game.do("land", player="Ada", space=5)
    assert game.state()["claims"][0] | {"id": 0, "lapses_with": "", "at_ola_roll": False} == {
        "id": 0, "owner": "Bo", "from": "Ada", "space": "airport #5", "amount": 500,
        "lapses_with": "", "at_ola_roll": False}
    assert flight(game, "Ada") == {"index": 5, "name": "airport #5"}
    assert flight(game, "Bo") is None


def test_a_free_flight_marks_one_unvisited_wonder_without_moving(game: Game) -> None:
    """W2: no move, no purchase, no rent at the wonder flown to."""
    game.do("land", player="Bo", space=39)
    game.do("buy", player="Bo", space=39)
    game.do("land", player="Ada", space=5)
    before = game.cashes()
    game.do("free_flight", player="Ada", wonder="dark blue #39")
    assert passport(game, "Ada") == [39]
    assert game.player("Ada")["position"] == 5 and game.cashes() == before
    assert game.state()["claims"] == [] and flight(game, "Ada") is None


def test_a_phone_may_use_only_its_own_free_flight(game: Game) -> None:
    game.do("land", player="Ada", space=25)
    with game.refused(NotAllowed, "Bo can only act for themself."):
        game.do("free_flight", Actor("player", "Bo"), player="Ada", wonder=1)
    game.do("free_flight", Actor("player", "Ada"), player="Ada", wonder=1)
    assert passport(game, "Ada") == [1]


def _no_landing(game: Game) -> None:
    pass


def _visited(game: Game) -> None:
    game.do("land", player="Ada", space=1)
    game.do("land", player="Ada", space=5)


def _airport(game: Game) -> None:
    game.do("land", player="Ada", space=5)


def _used(game: Game) -> None:
    game.do("land", player="Ada", space=5)
    game.do("free_flight", player="Ada", wonder=3)


def _landed_again(game: Game) -> None:
    game.do("land", player="Ada", space=5)
    game.do("land", player="Ada", space=7)


def _next_turn(game: Game) -> None:
    game.do("land", player="Ada", space=5)
    game.do("next_turn")
    game.do("next_turn")


def _to_jail(game: Game) -> None:
    game.do("land", player="Ada", space=35)
    game.do("jail", player="Ada")


NO_FLIGHT = ("Ada has no free flight to use: one comes with landing on an airport and must be "
             "used before the next landing or turn.")


@pytest.mark.parametrize("setup, wonder, message", [
    (_no_landing, 1, NO_FLIGHT),
    (_visited, "brown #1",
     "Ada has already visited brown #1: pick a wonder not yet marked in the passport."),
    (_airport, 15,
     "airport #15 is not a wonder: a free flight marks a wonder in the passport."),
    (_airport, "public institution #12",
     "public institution #12 is not a wonder: a free flight marks a wonder in the passport."),
    (_airport, 0,
     "start #0 is not a wonder: a free flight marks a wonder in the passport."),
    (_used, 1, NO_FLIGHT),
    (_landed_again, 1, NO_FLIGHT),
    (_next_turn, 1, NO_FLIGHT),
    (_to_jail, 1, NO_FLIGHT),
])
def test_refused_free_flights_change_nothing(game: Game, setup: Any, wonder: Any,
                                             message: str) -> None:
    """W2 refusals: no airport landing, already visited, not a wonder, twice, expired."""
    setup(game)
    with game.refused(RuleBroken, message):
        game.do("free_flight", player="Ada", wonder=wonder)


def test_another_players_airport_gives_no_flight(game: Game) -> None:
    game.do("land", player="Ada", space=5)
    with game.refused(RuleBroken, "Bo has no free flight to use: one comes with landing on an "
                      "airport and must be used before the next landing or turn."):
        game.do("free_flight", player="Bo", wonder=1)


def test_editions_without_passports_have_no_free_flights(table: Table) -> None:
    classic = Game(table, ["Ada", "Bo"])
    classic.do("land", player="Ada", space=5)
    assert classic.player("Ada")["passport"] == []
    assert classic.player("Ada")["passport_progress"] is None
    with classic.refused(RuleBroken, "This game has no passports, so there are no free flights."):
        classic.do("free_flight", player="Ada", wonder=1)


def test_a_wonder_won_at_auction_is_marked(game: Game) -> None:
    """W1: "eiendommer du vinner på auksjoner" — the winner marks it; an airport is not."""
    game.do("auction_open", space=3)
    game.do("bid", player="Bo", amount=500)
    game.do("auction_close")
    game.do("auction_sold", player="Ada", space=8, price=0)
    game.do("auction_sold", player="Ada", space=15, price=100)
    assert passport(game, "Bo") == [3] and passport(game, "Ada") == [8]
    assert [e["how"] for e in _events(game, "PassportMarked")] == ["auction", "auction"]


def test_wonders_dealt_in_quick_play_are_marked(table: Table) -> None:
    """W1 and C23(1): dealt wonders are marked; a dealt airport is not."""
    game = Game(table, ["Ada", "Bo"], edition=EDITION, variant="quick",
                deal={"Ada": [37, "dark blue #39"], "Bo": [5, 1]})
    assert passport(game, "Ada") == [37, 39] and passport(game, "Bo") == [1]
    assert game.cashes() == {"Ada": 15000, "Bo": 24800}


def test_rolled_dice_mark_and_a_flight_lapses_at_the_next_landing(game: Game) -> None:
    """W1 and W2 through the digital twin's ``roll`` (C3: doubles roll again)."""
    game.do("roll", player="Ada", dice=[1, 2])
    game.do("next_turn")
    game.do("next_turn")
    game.do("roll", player="Ada", dice=[1, 1])  # 3 -> airport #5, doubles
    assert passport(game, "Ada") == [3] and flight(game, "Ada")["index"] == 5
    game.do("auction_open", space=5)  # C4: the airport declined, no bid: the bank's
    game.do("auction_close")
    game.do("roll", player="Ada", dice=[1, 2])  # 5 -> light blue #8
    assert passport(game, "Ada") == [3, 8] and flight(game, "Ada") is None


def _events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for h in game.table.history(game.id) for e in h["events"] if e["type"] == kind]

"""The end of a Verdens underverker game (issue 7; docs/rules.md W3, C23): the 22nd mark ends the
game at once and pays the bonus once; undo reopens it; the tally shows cash and the C23
worth side by side and names the winner by the game's setting.
"""


import pytest

from companion.errors import GameOver
from companion.table import Table
from tests.kit import Game

EDITION = "verdens-underverker-2003"
WONDERS = [1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39]


pytestmark = pytest.mark.game(edition=EDITION, players=["Ada", "Bo"])


def visit_all_but(game: Game, name: str, *left: int) -> None:
    """``name`` lands on every wonder not in ``left``."""
    for index in WONDERS:
        if index not in left:
            game.do("land", player=name, space=index)


def test_the_22nd_mark_ends_the_game_and_pays_the_bonus_once(game: Game) -> None:
    """W3: the first full passport ends the game at once, bonus 30 000, most money wins."""
    visit_all_but(game, "Ada", 37)
    assert not game.state()["game"]["over"]
    game.do("land", player="Ada", space=25)
    game.do("free_flight", player="Ada", wonder=37)
    state = game.state()
    # C2: 39 -> 25 passed Start (4 000, paid with the landing), then the W3 bonus.
    assert state["game"]["over"] and game.cashes() == {"Ada": 64000, "Bo": 30000}
    assert state["bank"]["paid_out"] == 2 * 30000 + 30000 + 4000
    assert state["tally"]["winner"] == "Ada" and state["tally"]["winner_by"] == "cash"
    with game.refused(GameOver, "The game is over; only undo can change it now."):
        game.do("land", player="Bo", space=1)
    with game.refused(GameOver, "The game is over; only undo can change it now."):
        game.do("end_game")


def test_undo_of_the_22nd_mark_reopens_the_game_and_takes_the_bonus_back(game: Game) -> None:
    visit_all_but(game, "Ada", 39)
    game.do("land", player="Ada", space=35)
    game.do("free_flight", player="Ada", wonder=39)
    game.do("undo")
    state = game.state()
    assert not state["game"]["over"] and state["tally"] is None
    assert game.cashes() == {"Ada": 34000, "Bo": 30000}  # C2: 39 -> 35 passed Start
    ada = game.player("Ada")
    assert len(ada["passport"]) == 21 and ada["passport_progress"]["free_flight"]["index"] == 35
    game.do("land", player="Ada", space=39)  # the flight lapses; landing marks the 22nd
    assert game.state()["game"]["over"] and game.cash("Ada") == 64000
    assert game.state()["bank"]["paid_out"] == 2 * 30000 + 30000 + 4000


def test_a_wonder_won_at_auction_can_be_the_22nd(game: Game) -> None:
    visit_all_but(game, "Ada", 24)
    game.do("auction_sold", player="Ada", space="red #24", price=2000)
    assert game.state()["game"]["over"] and game.cash("Ada") == 30000 - 2000 + 30000


def test_the_bonus_is_an_edition_setting_paid_once_with_debts_settled(game: Game) -> None:
    """W3 + C21: a player in debt at the end pays it from the bonus; money still adds up."""
    game.do("pay", from_="Ada", to="Bo", amount=31000, memo="rent")
    visit_all_but(game, "Ada", 1)
    game.do("land", player="Ada", space=1)
    state = game.state()
    # C2: 39 -> 1 passed Start (4 000, paying the 1 000 debt first), then the W3 bonus.
    assert game.cashes() == {"Ada": 33000, "Bo": 61000} and state["players"][0]["debts"] == []
    assert state["tally"]["winner"] == "Bo"
    assert sum(game.cashes().values()) == state["bank"]["paid_out"] - state["bank"]["paid_in"]


@pytest.mark.parametrize("variant, deal, winner, by", [
    ("standard", None, "Bo", "cash"),
    ("quick", {"Ada": [37, 39], "Bo": [5, 15]}, "Ada", "worth"),
])
def test_the_winner_is_the_most_money_and_quick_play_uses_the_worth(
        table: Table, variant: str, deal: dict[str, list[int]] | None, winner: str,
        by: str) -> None:
    """W3: the tally shows cash and the C23 worth side by side; the rule book's "most
    money" decides a standard game, the worth a quick one (C23(3))."""
    fields = {"variant": variant} | ({"deal": deal} if deal else {})
    game = Game(table, ["Ada", "Bo"], edition=EDITION, **fields)
    game.do("pay", from_="bank", to="Bo", amount=23000, memo="cards")
    for index in (37, 39, 34):  # Ada turns 21 400 of cash into deeds: worth kept
        game.do("land", player="Ada", space=index)
        if not deal or index not in deal["Ada"]:
            game.do("buy", player="Ada", space=index)
    visit_all_but(game, "Ada", 37, 39, 34)
    tally = game.state()["tally"]
    sides = {n: (r["cash"], r["total"]) for n, r in tally["players"].items()}
    bo = (53000, 53000) if variant == "standard" else (45000, 53000)
    # C2: 39 -> 34 and 34 -> 1 each passed Start (2 x 4 000).
    assert sides == {"Ada": (46600, 68000), "Bo": bo}
    assert (tally["winner"], tally["winner_by"]) == (winner, by)

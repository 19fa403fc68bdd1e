"""C2 for landings entered by space (issue 15 point 10): the app knows where the token stood,
so a landing behind it passed Start and the bank pays the bonus with the landing, once,
before what the space does (the 22nd wonder ends the game, W3) — never on the way to jail
(C13), never for a card that moves the token back (C10, ``back``), never twice with
``pass_start``.
"""

import pytest

from companion.errors import GameOver, RuleBroken
from companion.table import Table
from tests.kit import Game

WONDERS = [1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39]
ALREADY = "Alice already has the Start bonus for this move: a landing behind where the token " \
          "stood pays it."

pytestmark = pytest.mark.game(edition="monopol-no-1996", players=["Alice", "Bob"])


def test_c2_a_landing_behind_where_the_token_stood_passed_start_and_pays_4000(game: Game) -> None:
    game.do("land", player="Alice", space=39)
    game.do("land", player="Alice", space=2)  # Rådhusplassen -> Prøv lykken: across Start
    assert game.cash("Alice") == 30_000 + 4_000
    game.do("land", player="Alice", space=7)  # forward: no Start
    assert game.cash("Alice") == 34_000


def test_c2_pass_start_after_the_landing_that_paid_it_is_refused_and_changes_nothing(
        game: Game) -> None:
    game.do("land", player="Alice", space=36)
    game.do("land", player="Alice", space=4)
    game.refused(RuleBroken, ALREADY, "pass_start", player="Alice")
    assert game.cash("Alice") == 30_000 + 4_000 - 4_000  # the bonus, then Inntektsskatt


def test_c2_a_new_turn_is_a_new_move_whose_start_bonus_is_not_yet_paid(game: Game) -> None:
    """The landing that paid Alice's bonus was last turn's move: on her next turn the banker
    may record passing Start again (it was refused for good once a landing had paid it)."""
    game.do("land", player="Alice", space=36)
    game.do("land", player="Alice", space=4)  # across Start: 4 000, then Inntektsskatt 4 000
    game.do("next_turn")
    game.do("next_turn")  # Bob, then Alice again
    game.do("pass_start", player="Alice")
    assert game.cash("Alice") == 30_000 + 4_000 - 4_000 + 4_000


def test_c2_pass_start_sent_before_the_landing_is_not_paid_again_by_it(game: Game) -> None:
    game.do("land", player="Alice", space=36)
    game.do("pass_start", player="Alice")
    game.do("land", player="Alice", space=7)
    assert game.cash("Alice") == 34_000
    game.refused(RuleBroken, ALREADY, "pass_start", player="Alice")


def test_c2_landing_on_start_pays_once_and_a_card_to_start_after_pays_again(game: Game) -> None:
    game.do("land", player="Alice", space=36)
    game.do("land", player="Alice", space=0)  # on Start: its own bonus, not a second one
    assert game.cash("Alice") == 34_000
    game.refused(RuleBroken, ALREADY, "pass_start", player="Alice")
    game.do("land", player="Alice", space=2)
    game.do("land", player="Alice", space=0)  # C2: "go to Start" right after Start
    assert game.cash("Alice") == 38_000


def test_c10_a_card_that_moves_the_token_back_pays_no_start(game: Game) -> None:
    game.do("land", player="Alice", space=7)
    game.do("land", player="Alice", space=4, back=True)  # "Gå tilbake tre felter"
    assert game.cash("Alice") == 30_000 - 4_000


def test_c13_the_way_to_jail_and_out_of_it_pays_no_start(game: Game) -> None:
    game.do("land", player="Alice", space=36)
    game.do("jail", player="Alice")  # a card: straight to jail, no Start
    game.do("leave_jail", player="Alice", by="fine")
    game.do("land", player="Alice", space=16)
    assert game.cash("Alice") == 30_000 - 1_000


def test_c2_a_roll_across_start_then_pass_start_pays_once(game: Game) -> None:
    game.do("land", player="Alice", space=36)
    game.do("roll", player="Alice", dice=[3, 5])  # 36 -> 4: passes Start, Inntektsskatt
    assert game.cash("Alice") == 30_000
    game.refused(RuleBroken, ALREADY, "pass_start", player="Alice")


def test_c2_the_swedish_bonus_is_paid_by_space_too(table: Table) -> None:
    game = Game(table, ["Alice", "Bob"], edition="monopol-se-2008")
    game.do("land", player="Alice", space=39)
    game.do("land", player="Alice", space=2)
    assert game.cash("Alice") == 15_000_000 + 2_000_000


@pytest.mark.parametrize("edition", ["multimillionaer", "kortstokk"])
def test_m1_k_editions_without_a_start_bonus_pay_nothing_by_space(table: Table,
                                                                  edition: str) -> None:
    game = Game(table, ["Alice", "Bob"], edition=edition)
    before = game.cash("Alice")
    quiet = [s.index for s in table.state(game.id).ed.spaces if s.index and s.kind != "tax"]
    high, low = max(quiet), min(quiet)
    game.do("land", player="Alice", space=high)
    game.do("land", player="Alice", space=low)
    assert game.cash("Alice") == before


def test_w3_c2_the_22nd_wonder_reached_across_start_pays_the_start_bonus_before_the_end(
        table: Table) -> None:
    """Issue 15 point 10: 39 -> 1 passed Start; the 4 000 is paid before the 22nd mark ends
    the game, so Ada ends with 30 000 + 4 000 + the 30 000 bonus."""
    game = Game(table, ["Ada", "Bo"], edition="verdens-underverker-2003")
    for index in WONDERS[1:]:
        game.do("land", player="Ada", space=index)
    game.do("land", player="Ada", space=1)
    state = game.state()
    assert state["game"]["over"] and game.cash("Ada") == 64_000
    assert state["tally"]["players"]["Ada"]["cash"] == 64_000
    with game.refused(GameOver, "The game is over; only undo can change it now."):
        game.do("pass_start", player="Ada")

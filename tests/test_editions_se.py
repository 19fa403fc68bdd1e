"""monopol-se-2008 (issue 5 part 4): amounts x 10 000, zoos and sights, X1–X3, quick play
ending at the first bankruptcy, and spaces without names shown by colour and position."""

from __future__ import annotations

import pytest

from companion.editions import load_edition
from companion.editions.validate import check_value
from companion.errors import BadCommand, RuleBroken
from companion.money import round_to
from companion.rules.mortgages import interest, lift_cost
from companion.table import Table
from tests.kit import Game

SE = "monopol-se-2008"


pytestmark = pytest.mark.game(edition=SE)


def test_the_swedish_amounts_are_the_standard_ones_times_10000() -> None:
    """C1 (15 000 000, scaled), C2 (2 000 000) and C13 (500 000) from the seed; every deed
    value the standard table x 10 000, marked so."""
    ed = load_edition(SE)
    assert (ed.start_capital, ed.start_bonus, ed.jail_fine) == (15_000_000, 2_000_000, 500_000)
    assert ed.provenance["start_capital"] == "scaled x10000"
    assert ed.provenance["jail_fine"] == ed.provenance["start_bonus"] == "verified"
    assert ed.space(39).rents == (500_000, 2_000_000, 6_000_000, 14_000_000, 17_000_000,
                                  20_000_000)
    assert ed.space(12).rents == (40_000, 100_000)  # zoos: 4x / 10x dice x 10 000 (C8)
    assert ed.space(12).provenance["rents"] == "verified"
    assert (ed.language, ed.settings.max_players, ed.houses, ed.hotels) == ("sv", 6, 32, 12)


def test_unknown_names_show_colour_and_position(game: Game) -> None:
    ed = load_edition(SE)
    assert [s.label for s in ed.spaces[:6]] == [
        "GÅ", "brown #1", "Allmänning", "brown #3", "tax #4", "station #5"]
    game.do("land", player="Alice", space="brown #1")
    game.do("buy", player="Alice", space="brown #1")
    assert game.player("Alice")["spaces"][0]["name"] == "brown #1"
    game.do("edition_value", space="brown #1", field="name", value="Luleå")
    assert game.player("Alice")["spaces"][0]["name"] == "Luleå"
    assert game.cash("Alice") == 15_000_000 - 600_000


@pytest.mark.parametrize("typed", ["1.500 7.000 20.000", "600 000", "12", "- / ."])
def test_a_name_of_figures_is_refused_and_never_kept(game: Game, typed: str) -> None:
    """Issue 16 point 1: rents typed into the name question ("1.500 7.000 20.000") are
    refused in a sentence; the game and the family's copy keep the placeholder."""
    with game.refused(RuleBroken, f"“{typed}” has no letters: a name is written in words, "
                      "not figures. Enter the name printed on the board."):
        game.do("edition_value", space="brown #1", field="name", value=typed)
    assert game.table.state(game.id).ed.space(1).label == "brown #1"
    assert not game.table.editions.get(SE).space(1).name
    assert check_value(load_edition(SE), 1, "name", typed) == [
        f"{typed!r} has no letters: a name is words, not figures."]
    assert check_value(load_edition(SE), 1, "name", "Västra Långgatan 2") == []


def test_start_jail_zoos_and_sights(game: Game) -> None:
    """C2, C13, C8 (4x / 10x dice x 10 000 kr), C9."""
    game.do("pass_start", player="Alice")
    game.do("buy", player="Bob", space=12)
    game.do("land", player="Alice", space=12, dice=7)
    game.do("claim", player="Bob")
    assert game.cash("Alice") == 15_000_000 + 2_000_000 - 280_000
    game.do("buy", player="Bob", space=28)
    game.do("land", player="Carol", space=28, dice=7)
    game.do("claim", player="Bob")
    assert game.cash("Carol") == 15_000_000 - 700_000
    game.do("buy", player="Carol", space=5)
    game.do("land", player="Alice", space="station #5")
    game.do("claim", player="Carol")
    game.do("jail", player="Alice")
    game.do("leave_jail", player="Alice", by="fine")
    # C2 twice: pass_start, then 12 -> station #5 by space passed Start again.
    assert game.cash("Alice") == 19_000_000 - 280_000 - 250_000 - 500_000


def test_x1_the_unmortgaged_lot_of_a_complete_group_gets_double_rent(game: Game) -> None:
    """X1 (SE): double rent on the unmortgaged lots even with a lot of the group mortgaged."""
    game.do("buy", player="Alice", space=1)
    game.do("buy", player="Alice", space=3)
    game.do("mortgage", player="Alice", space=3)
    game.do("land", player="Bob", space=1)
    assert game.state()["claims"][0]["amount"] == 2 * 20_000


def test_x1_differs_in_the_norwegian_edition(table: Table) -> None:
    game = Game(table, ["Alice", "Bob"])
    game.do("buy", player="Alice", space="Parkveien")
    game.do("buy", player="Alice", space="Kirkeveien")
    game.do("mortgage", player="Alice", space="Kirkeveien")
    game.do("land", player="Bob", space="Parkveien")
    assert game.state()["claims"][0]["amount"] == 40


def test_x2_a_hotel_sells_for_half_its_price_plus_half_the_four_houses(game: Game) -> None:
    """X2 (SE): the bank pays half the hotel price + half the four houses handed in."""
    game.do("buy", player="Alice", space=1)
    game.do("buy", player="Alice", space=3)
    for _ in range(5):
        game.do("build", player="Alice", space=1)
        game.do("build", player="Alice", space=3)
    assert game.cash("Alice") == 15_000_000 - 1_200_000 - 10 * 500_000
    before = game.state()["bank"]
    game.do("sell_building", player="Alice", space=3)
    assert game.cash("Alice") == 8_800_000 + 250_000 + 4 * 250_000
    lot = next(s for s in game.player("Alice")["spaces"] if s["index"] == 3)
    assert (lot["houses"], lot["hotel"]) == (0, False)
    after = game.state()["bank"]
    # The four houses went back to the bank when the hotel was bought (C15).
    assert (after["houses"], after["hotels"]) == (before["houses"], before["hotels"] + 1)


def test_x3_interest_is_rounded_to_the_nearest_10000() -> None:
    """X3: 10 % of the mortgage value, rounded (half up) to 10 000 kr."""
    ed = load_edition(SE)
    assert ed.settings.mortgage_interest_step == 10_000
    assert ed.space(37).mortgage == 1_750_000
    assert interest(ed, ed.space(37)) == round_to(175_000, 10_000) == 180_000
    assert interest(ed, ed.space(12)) == 80_000  # 75 000 -> 80 000
    assert interest(ed, ed.space(1)) == 30_000  # already a multiple
    assert lift_cost(ed, ed.space(37)) == 1_930_000


def test_x3_lifting_a_mortgage_costs_the_rounded_interest(game: Game) -> None:
    game.do("buy", player="Alice", space=37)
    game.do("mortgage", player="Alice", space=37)
    game.do("unmortgage", player="Alice", space=37)
    assert game.cash("Alice") == 15_000_000 - 3_500_000 + 1_750_000 - 1_930_000


def test_quick_play_ends_at_the_first_bankruptcy(table: Table) -> None:
    """C23(3) (snabbspel): the game ends at the first bankruptcy; the richest wins."""
    game = Game(table, ["Alice", "Bob", "Carol"], edition=SE, variant="quick",
                deal={"Alice": [1, 3], "Bob": [37, 39], "Carol": [6, 8]})
    assert game.cashes() == {"Alice": 13_800_000, "Bob": 7_500_000, "Carol": 13_000_000}
    game.do("pay", from_="Alice", to="bank", amount=20_000_000)
    game.do("bankrupt", player="Alice", creditor="bank")
    state = game.state()
    assert state["game"]["over"] is True
    worth = {n: row["total"] for n, row in state["tally"]["players"].items()}
    assert worth["Bob"] == 7_500_000 + 7_500_000 and worth["Carol"] == 13_000_000 + 2_000_000
    assert state["tally"]["winner"] is None  # 15 000 000 each: a tie names no winner


def hotels_on_brown(game: Game) -> None:
    """Alice: a hotel on both brown lots (index 1 and 3: hotel price = house price
    500 000, C15), paid 1 200 000 + 10 × 500 000."""
    game.do("buy", player="Alice", space=1)
    game.do("buy", player="Alice", space=3)
    for _ in range(5):
        game.do("build", player="Alice", space=1)
        game.do("build", player="Alice", space=3)
    assert game.cash("Alice") == 8_800_000


def test_x2_the_hotel_may_be_sold_at_half_price_and_exchanged_for_four_houses(
        game: Game) -> None:
    """X2 (SE), the other way: the hotel alone at half its price (500 000 / 2), exchanged
    for four houses from the bank (C16)."""
    hotels_on_brown(game)
    assert (game.state()["bank"]["houses"], game.state()["bank"]["hotels"]) == (32, 10)
    game.do("sell_building", player="Alice", space=1, exchange=True)
    assert game.cash("Alice") == 8_800_000 + 250_000
    lot = next(s for s in game.player("Alice")["spaces"] if s["index"] == 1)
    assert (lot["houses"], lot["hotel"]) == (4, False)
    assert (game.state()["bank"]["houses"], game.state()["bank"]["hotels"]) == (28, 11)
    with game.refused(RuleBroken, "brown #1 has no hotel to exchange for houses."):
        game.do("sell_building", player="Alice", space=1, exchange=True)
    with game.refused(BadCommand, "Sell either 'all' the buildings or 'exchange' the hotel for "
                      "houses, not both."):
        game.do("sell_building", player="Alice", space=3, exchange=True, all=True)
    game.do("sell_building", player="Alice", space=3)  # the usual way: hotel + 4 houses
    assert game.cash("Alice") == 9_050_000 + 250_000 + 4 * 250_000


def test_x2_no_exchange_when_the_bank_lacks_four_houses(game: Game) -> None:
    """C16: the exchange needs four houses from the bank; with two left it is refused and
    nothing changes; selling the hotel with its houses still works."""
    hotels_on_brown(game)
    game.do("pay", from_="bank", to="Bob", amount=25_000_000)
    for group, per_lot in (((6, 8, 9), 4), ((11, 13, 14), 4), ((16, 18, 19), 2)):
        for index in group:
            game.do("buy", player="Bob", space=index)
        for _ in range(per_lot):
            for index in group:
                game.do("build", player="Bob", space=index)
    assert game.state()["bank"]["houses"] == 32 - 12 - 12 - 6
    with game.refused(RuleBroken, "The bank has only 2 houses, so the hotel on brown #1 cannot "
                      "be broken back into 4 houses — sell the hotel with its houses instead."):
        game.do("sell_building", player="Alice", space=1, exchange=True)
    game.do("sell_building", player="Alice", space=1)
    assert game.cash("Alice") == 8_800_000 + 1_250_000
    assert game.state()["bank"]["houses"] == 2

"""Landing on spaces: docs/rules.md C2, C5, C6 + X1, C8, C9, C11, C12 (NO 1996 values)."""

from __future__ import annotations

from pathlib import Path

from companion.errors import BadCommand, RuleBroken
from tests.kit import Game


def claim_for(g: Game, space: str, dice: int | None = None) -> int:
    """Bob lands on ``space``; the amount of the claim opened (undone afterwards)."""
    fields = {"dice": dice} if dice else {}
    g.do("land", player="Bob", space=space, **fields)
    amount = int(g.snap()["claims"][-1]["amount"])
    g.do("undo")
    return amount


def test_c2_start_bonus_on_landing_and_passing_twice_a_round(game: Game) -> None:
    game.do("pass_start", player="Alice")
    assert game.cash("Alice") == 34_000
    game.do("land", player="Alice", space="Start")  # a card: "go to Start"
    assert game.cash("Alice") == 38_000
    game.do("land", player="Bob", space="Gå i fengsel")
    assert game.cash("Bob") == 30_000 and game.player("Bob")["in_jail"]


def test_c5_rent_must_be_claimed_before_the_next_roll(game: Game) -> None:
    game.buy("Alice", "Parkveien")
    game.do("land", player="Bob", space="Parkveien")
    assert game.snap()["claims"][0]["amount"] == 40
    game.do("claim", player="Alice")
    assert (game.cash("Alice"), game.cash("Bob")) == (28_800 + 40, 29_960)
    game.do("land", player="Bob", space="Parkveien")
    game.do("next_turn")
    assert game.snap()["claims"] == []
    game.refused(RuleBroken, "Alice has no rent to claim right now.", "claim", player="Alice")
    assert game.cash("Bob") == 29_960


def test_c6_x1_whole_group_doubles_unless_a_lot_is_mortgaged(game: Game) -> None:
    game.buy("Alice", "Parkveien")
    assert claim_for(game, "Parkveien") == 40
    game.buy("Alice", "Kirkeveien")
    assert claim_for(game, "Parkveien") == 80
    assert claim_for(game, "Kirkeveien") == 160
    game.do("mortgage", player="Alice", space="Kirkeveien")
    assert claim_for(game, "Parkveien") == 40  # NO (X1): no double with a mortgaged lot


def test_c8_utilities_by_the_dice(game: Game) -> None:
    game.buy("Alice", "Oslo Lysverker")
    assert claim_for(game, "Oslo Lysverker", dice=7) == 560
    game.refused(BadCommand, "The rent of Oslo Lysverker depends on the dice: give the dice "
                 "total.", "land", player="Bob", space="Oslo Lysverker")
    game.buy("Alice", "Vannverket")
    assert claim_for(game, "Vannverket", dice=7) == 1400


def test_c9_stations_by_how_many_the_owner_has(game: Game) -> None:
    expected = {"Oslo S": 500, "Skøyen stasjon": 1000, "Grorud stasjon": 2000,
                "Bryn stasjon": 4000}
    for station, rent in expected.items():
        game.buy("Alice", station)
        assert claim_for(game, "Oslo S") == rent


def test_c11_tax_spaces_pay_the_bank(game: Game) -> None:
    game.do("land", player="Bob", space="Inntektsskatt")
    game.do("land", player="Carol", space="Luksusskatt")
    assert (game.cash("Bob"), game.cash("Carol")) == (26_000, 28_000)
    assert game.snap()["bank"]["pot"] == 0


def test_c12_free_parking_does_nothing_by_default(game: Game) -> None:
    game.do("land", player="Bob", space="Inntektsskatt")
    game.do("land", player="Carol", space="Gratis parkering")
    assert game.cash("Carol") == 30_000


def test_c12_free_parking_pot_house_rule(tmp_path: Path) -> None:
    with Game(tmp_path, house_rules={"free_parking_pot": True}) as g:
        g.do("land", player="Bob", space="Inntektsskatt")
        g.do("jail", player="Alice")
        g.do("leave_jail", player="Alice", by="fine")
        assert g.snap()["bank"]["pot"] == 5000
        g.do("land", player="Carol", space="Gratis parkering")
        assert (g.cash("Carol"), g.snap()["bank"]["pot"]) == (35_000, 0)
        g.do("land", player="Bob", space="Gratis parkering")
        assert g.cash("Bob") == 26_000

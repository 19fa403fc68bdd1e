"""A Multimillionær turn: Ola Nordmann, rent, lapse and the special spaces (docs/rules.md M4, M5,
M11–M16; seed 003 "Flytting", "Leie", "Foreldelse", "Prøv lykken", "Casino",
"Ferieparadiset", "Trafikkfyr", "Skatt").  Deed values: test values (tests/kit.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import MissingValue, NotEnoughCash, RuleBroken
from tests.kit import DAY, MMGame


@pytest.fixture
def g(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path)
    yield game
    game.table.close()


def rounds(g: MMGame, turns: int) -> None:
    for _ in range(turns):
        g.do("next_turn")


def test_m4_the_phases_ola_then_build_and_interest_then_the_car(g: MMGame) -> None:
    assert g.snap()["turn"]["phase"] == "ola"
    g.do("ola_land", space="Prøv lykken")
    assert g.snap()["turn"]["phase"] == "build"
    g.do("ola_land", space="Casino")  # doubles: Ola rolls again (M4)
    g.do("land", player="Alice", space="Kirkeveien")
    assert g.snap()["turn"]["phase"] == "car"
    g.refused(RuleBroken, "Ola Nordmann moves before the car (M4), and Alice's car has "
              "already moved this turn.", "ola_land", space="Grensen")
    g.do("next_turn")
    turn = g.snap()["turn"]
    assert (turn["player"], turn["number"], turn["phase"]) == ("Bob", 1, "ola")


def test_m4_ola_on_an_unowned_lot_the_bank_auctions_it_at_once(g: MMGame) -> None:
    g.do("ola_land", space="Grensen")
    assert g.snap()["auction"]["space"] == "Grensen"
    g.phone("Bob", "bid", player="Bob", amount=30_000)
    g.refused(MissingValue, "The price of Grensen is not known yet: enter the price printed "
              "on the board.", "auction_close")  # asked before it changes hands (h21, M22)
    for field, value in (("price", 30_000), ("mortgage", 15_000)):  # TEST values
        g.do("edition_value", space="Grensen", field=field, value=value, date=DAY)
    g.do("auction_close")
    assert g.player("Bob")["spaces"][0]["name"] == "Grensen" and g.cash("Bob") == 120_000
    g.do("next_turn")
    g.do("auction_open", space="Kongens gate")
    g.refused(RuleBroken, "Another auction is still open — close it first: Ola's lot is "
              "auctioned at once (M4).", "ola_land", space="Mosseveien")


def test_m4_ola_on_an_owned_lot_pays_with_the_banks_money(g: MMGame) -> None:
    g.own("Bob", "Karl Johans gate")
    paid_out = g.snap()["bank"]["paid_out"]
    g.do("ola_land", space="Karl Johans gate")
    assert g.snap()["claims"] == [{"id": 1, "owner": "Bob", "from": "bank",
                                   "space": "Karl Johans gate", "amount": 45_000,
                                   "lapses_with": "Carol", "at_ola_roll": True}]  # M11
    g.phone("Bob", "claim", player="Bob")
    assert g.cash("Bob") == 135_000 and g.snap()["bank"]["paid_out"] == paid_out + 45_000


def test_m4_gyldenloves_gate_and_aker_brygge_are_sold_only_by_auction(g: MMGame) -> None:
    g.enter("Aker Brygge")
    g.refused(RuleBroken, "Aker Brygge is sold only by auction (M4).", "buy",
              player="Alice", space="Aker Brygge")
    g.do("auction_sold", space="Aker Brygge", player="Alice", price=70_000)
    assert g.cash("Alice") == 80_000


def test_m5_a_whole_series_doubles_the_rent_of_its_unbuilt_lots(g: MMGame) -> None:
    g.own("Bob", "Kirkeveien")
    g.do("land", player="Alice", space="Kirkeveien")
    g.own("Bob", "Frognerveien")
    g.do("land", player="Carol", space="Kirkeveien")
    assert [c["amount"] for c in g.snap()["claims"]] == [1_000, 2_000]


def test_m11_a_claim_lapses_when_the_second_player_after_rolls_for_ola(g: MMGame) -> None:
    g.own("Bob", "Kirkeveien")
    g.do("land", player="Alice", space="Kirkeveien")  # Alice's turn
    g.do("next_turn")  # Bob's turn: still owed
    assert len(g.snap()["claims"]) == 1
    g.do("next_turn")  # Carol, the second player after Alice: not rolled for Ola yet
    assert len(g.snap()["claims"]) == 1
    g.do("ola_land", space="Prøv lykken")  # Carol's roll for Ola: the claim lapses
    assert g.snap()["claims"] == []
    g.refused(RuleBroken, "Bob has no rent to claim right now.", "claim", player="Bob")
    assert g.cash("Alice") == 150_000 and g.cash("Bob") == 130_000


def test_m11_rent_claim_stands_after_the_turn_passed_until_the_ola_roll(g: MMGame) -> None:
    """Seed 003 "Foreldelse": A's car on B's lot in A's turn; the turn passes to B, then
    to C; B may still claim until C (the second player after the payer A) has rolled for
    Ola Nordmann — the 1 000 kr rent of Kirkeveien (test value) goes from A to B."""
    g.own("Bob", "Kirkeveien")
    g.do("ola_land", space="Start")
    g.do("land", player="Alice", space="Kirkeveien")
    rounds(g, 2)  # Carol's turn, before her Ola roll
    g.phone("Bob", "claim", player="Bob")
    assert (g.cash("Alice"), g.cash("Bob")) == (149_000, 131_000)


def test_m11_the_car_moving_without_a_recorded_ola_roll_lapses_the_claim(g: MMGame) -> None:
    """M4: Ola moves before the car, so a car landing shows that the Ola roll was made."""
    g.own("Bob", "Kirkeveien")
    g.do("land", player="Alice", space="Kirkeveien")
    rounds(g, 2)
    g.do("land", player="Carol", space="Casino")
    assert g.snap()["claims"] == []


def test_m11_a_claim_not_pointed_at_before_the_turn_after_lapses_anyway(g: MMGame) -> None:
    """Without any Ola roll or car move recorded in Carol's turn, Dave's turn ends it."""
    g.own("Bob", "Kirkeveien")
    g.do("land", player="Alice", space="Kirkeveien")
    rounds(g, 3)
    assert g.snap()["claims"] == []


def test_m11_with_two_players_the_second_player_after_is_the_payer_again(
        tmp_path: Path) -> None:
    """Two seats: the second player after Alice is Alice herself, so Bob's claim stands
    through Bob's turn and lapses at Alice's own next Ola roll."""
    g = MMGame(tmp_path, players=("Alice", "Bob"))
    g.own("Bob", "Kirkeveien")
    g.do("land", player="Alice", space="Kirkeveien")
    rounds(g, 1)
    g.do("ola_land", space="Start")  # Bob's Ola roll: still owed
    rounds(g, 1)
    assert len(g.snap()["claims"]) == 1
    g.do("ola_land", space="Start")  # Alice's own next Ola roll
    assert g.snap()["claims"] == []
    g.table.close()


def test_m11_ola_rent_lapses_at_the_second_roller_afters_ola_roll(g: MMGame) -> None:
    """Ola's rent (the bank pays) counts from the player who rolled for Ola."""
    g.own("Bob", "Kirkeveien")
    g.do("ola_land", space="Kirkeveien")  # Alice rolled: 1 000 kr from the bank to Bob
    rounds(g, 2)
    g.do("ola_land", space="Start")  # Carol's roll for Ola
    assert g.snap()["claims"] == []


def test_m12_ola_on_prov_lykken_does_nothing(g: MMGame) -> None:
    before = g.snap()
    g.do("ola_land", space="Prøv lykken")
    after = g.snap()
    assert after["players"] == before["players"] and after["claims"] == []
    assert after["market"]["ola"] == {"index": 2, "space": "Prøv lykken",
                                      "rolling": False, "last_roll": None}  # by space


def test_m13_casino_a_six_pays_ten_times_the_bet(g: MMGame) -> None:
    g.do("ola_land", space="Casino")  # Ola: nothing
    g.refused(RuleBroken, "Alice can bet at the Casino only when their car has just "
              "stopped there, on their own turn (M13).", "casino", player="Alice",
              bet=10_000, die=6)
    g.do("land", player="Alice", space="Casino")
    g.phone("Alice", "casino", player="Alice", bet=10_000, die=6)
    assert g.cash("Alice") == 150_000 - 10_000 + 100_000
    g.refused(RuleBroken, "Alice has already bet at the Casino this turn.", "casino",
              player="Alice", bet=10_000, die=2)
    rounds(g, 4)
    g.do("ola_land", space="Start")
    g.do("land", player="Alice", space="Casino")
    g.refused(NotEnoughCash, "Alice has 240000 kr and cannot bet 250000 kr.", "casino",
              player="Alice", bet=250_000, die=6)
    g.do("casino", player="Alice", bet=40_000, die=5)
    assert g.cash("Alice") == 200_000


def test_m14_ferieparadiset_first_extra_round_free_then_10000_20000(g: MMGame) -> None:
    g.do("ola_land", space="Ferieparadiset")  # Ola: nothing
    g.do("land", player="Alice", space="Ferieparadiset")
    paid = []
    for _ in range(3):
        rounds(g, 4)
        g.refused(RuleBroken, "Move Ola Nordmann first (M4): Alice can stay in "
                  "Ferieparadiset after Ola.", "stay", player="Alice")
        g.do("ola_land", space="Start")
        before = g.cash("Alice")
        g.phone("Alice", "stay", player="Alice")
        paid.append(before - g.cash("Alice"))
        g.refused(RuleBroken, "Alice's car has already moved or stayed this turn.", "stay",
                  player="Alice")
    assert paid == [0, 10_000, 20_000]
    g.refused(RuleBroken, "Bob's car is not in Ferieparadiset.", "stay", player="Bob")
    rounds(g, 4)
    g.do("ola_land", space="Start")
    g.do("land", player="Alice", space="Kirkeveien")  # leaving is free (one die)
    assert g.snap()["market"]["holiday"] == {} and g.cash("Alice") == 120_000


def test_m14_staying_needs_the_price_in_cash(g: MMGame) -> None:
    g.do("land", player="Alice", space="Ferieparadiset")
    rounds(g, 4)
    g.do("ola_land", space="Start")
    g.do("stay", player="Alice")  # the first extra round: free
    rounds(g, 4)
    g.do("ola_land", space="Start")
    g.do("pay", **{"from": "Alice", "to": "bank", "amount": 145_000})
    g.refused(NotEnoughCash, "Another round in Ferieparadiset costs 10000 kr; Alice has "
              "5000 kr.", "stay", player="Alice")


def test_m15_trafikkfyr_no_rent_in_the_players_next_round(g: MMGame) -> None:
    g.own("Bob", "Kirkeveien")
    g.do("land", player="Alice", space="Trafikkfyr")
    g.do("land", player="Alice", space="Kirkeveien")  # doubles, same round: rent
    g.do("claim", player="Bob")
    rounds(g, 4)
    assert g.snap()["market"]["rent_free"] == ["Alice"]
    g.do("land", player="Alice", space="Kirkeveien")  # the next round: free
    assert g.snap()["claims"] == []
    rounds(g, 4)
    g.do("land", player="Alice", space="Kirkeveien")
    assert len(g.snap()["claims"]) == 1


def test_m15_trafikkfyr_frees_ola_too(g: MMGame) -> None:
    g.own("Bob", "Kirkeveien")
    g.do("ola_land", space="Trafikkfyr")
    rounds(g, 1)
    assert g.snap()["market"]["rent_free"] == ["Ola Nordmann"]
    g.do("ola_land", space="Kirkeveien")  # Ola's next round: no rent
    assert g.snap()["claims"] == []
    rounds(g, 1)
    g.do("ola_land", space="Kirkeveien")
    assert g.snap()["claims"][0]["from"] == "bank"


def test_m16_skatt_a_percentage_of_cash_asked_once_and_ola_pays_none(g: MMGame) -> None:
    g.do("ola_land", space="Skatt")  # Ola pays no tax
    assert g.cash("Alice") == 150_000
    g.refused(MissingValue, "The percentage of Skatt is not known yet: enter the "
              "percentage printed on the space.", "land", player="Alice", space="Skatt")
    with pytest.raises(MissingValue) as asked:
        g.do("land", player="Alice", space="Skatt")
    assert (asked.value.space, asked.value.field) == (4, "tax")
    g.do("edition_value", space="Skatt", field="tax", value=10, date="2026-11-30")  # TEST
    g.do("land", player="Alice", space="Skatt")
    assert g.cash("Alice") == 135_000  # 10 % of 150 000 in cash

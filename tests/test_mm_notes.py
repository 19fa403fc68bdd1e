"""Debt notes, their interest and the penalty for forgetting it; raising money and
bankruptcy (docs/rules.md M18, M11, M21; seed 003 "Lån mot gjeldsbrev", "Konkurs")."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.errors import NotAllowed, NotEnoughCash, RuleBroken
from companion.table import Actor
from tests.kit import MMGame

NO_MISSED = "Alice owes no missed interest that can still be pointed out."


@pytest.fixture
def g(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path)
    yield game
    game.table.close()


def test_m18_a_note_pays_50000_and_at_most_three_are_held(g: MMGame) -> None:
    for _ in range(3):
        g.phone("Alice", "debt_note", player="Alice")
    assert g.cash("Alice") == 300_000 and g.player("Alice")["debt_notes"] == 3
    g.refused(RuleBroken, "Alice already has 3 debt notes: at most 3 at once (M18).",
              "debt_note", player="Alice")


def test_m18_interest_is_paid_after_ola_and_before_the_car(g: MMGame) -> None:
    g.do("debt_note", player="Alice")
    g.do("debt_note", player="Alice")
    g.refused(RuleBroken, "Move Ola Nordmann first: interest is paid after Ola's move and "
              "before the car's (M18).", "pay_interest", player="Alice")
    g.do("ola_land", space="Start")
    assert g.snap()["market"]["interest_due"] == {"Alice": 5_000}
    g.phone("Alice", "pay_interest", player="Alice")
    assert g.cash("Alice") == 245_000 and g.snap()["market"]["interest_due"] == {}
    g.refused(RuleBroken, "Alice has already paid this turn's interest.", "pay_interest",
              player="Alice")
    g.do("land", player="Alice", space="Kirkeveien")
    assert g.snap()["market"]["missed_interest"] == []
    g.refused(RuleBroken, "Bob has no debt notes, so no interest is due.", "pay_interest",
              player="Bob")
    g.do("debt_note", player="Bob")
    g.refused(RuleBroken, "Interest is paid on Bob's own turn, after Ola Nordmann's move "
              "(M18).", "pay_interest", player="Bob")


def test_m18_forgotten_interest_pointed_out_costs_an_equal_penalty(g: MMGame) -> None:
    g.do("debt_note", player="Alice")
    g.do("ola_land", space="Start")
    g.refused(RuleBroken, "Alice still has time: interest is due before the car moves "
              "(M18).", "point_out", player="Bob", debtor="Alice")
    g.do("land", player="Alice", space="Kirkeveien")  # the car moved first
    assert g.snap()["market"]["missed_interest"] == [
        {"debtor": "Alice", "turn": 0, "amount": 2_500}]
    g.refused(RuleBroken, "Too late: Alice's car has moved, so the interest was not paid in "
              "time and another player may point it out (M18).", "pay_interest",
              player="Alice")
    g.refused(NotAllowed, "Bob can only act for themself.", "point_out",
              actor=Actor("player", "Bob"), player="Carol", debtor="Alice")
    g.phone("Bob", "point_out", player="Bob", debtor="Alice")
    assert (g.cash("Alice"), g.cash("Bob")) == (195_000, 152_500)
    g.refused(RuleBroken, NO_MISSED, "point_out", player="Carol", debtor="Alice")
    g.refused(RuleBroken, "A player cannot point out their own interest: pay it instead.",
              "point_out", player="Alice", debtor="Alice")


def test_m18_m11_the_penalty_right_lapses_with_the_second_player_after(g: MMGame) -> None:
    g.do("debt_note", player="Alice")
    g.do("ola_land", space="Start")
    g.do("land", player="Alice", space="Kirkeveien")
    g.do("next_turn")  # Bob: Alice's duty and the others' right still stand
    assert g.snap()["market"]["missed_interest"][0]["debtor"] == "Alice"
    g.do("next_turn")  # Carol, the second player after Alice: not rolled for Ola yet
    assert g.snap()["market"]["missed_interest"][0]["debtor"] == "Alice"
    g.do("ola_land", space="Start")  # Carol's roll for Ola
    g.refused(RuleBroken, NO_MISSED, "point_out", player="Bob", debtor="Alice")
    assert g.cash("Alice") == 200_000  # the duty lapsed too


def test_m18_m11_the_penalty_may_be_claimed_until_the_second_player_afters_ola_roll(
        g: MMGame) -> None:
    """Seed 003 "Lån mot gjeldsbrev": the right to point out lapses "når spiller nr. 2
    etter spilleren har kastet terningene for Ola Nordmann" — not before: in Carol's turn,
    before her Ola roll, Bob points out Alice's missed 2 500 kr and gets the 2 500 kr fee."""
    g.do("debt_note", player="Alice")
    g.do("ola_land", space="Start")
    g.do("land", player="Alice", space="Kirkeveien")
    g.do("next_turn")
    g.do("next_turn")
    g.phone("Bob", "point_out", player="Bob", debtor="Alice")
    assert (g.cash("Alice"), g.cash("Bob")) == (195_000, 152_500)


def test_m18_a_turn_passing_without_interest_is_missed_too(g: MMGame) -> None:
    g.do("debt_note", player="Alice")
    g.do("ola_land", space="Start")
    g.do("next_turn")  # no car move recorded (say, a stay): still missed
    g.do("point_out", player="Dave", debtor="Alice")
    assert g.cash("Dave") == 152_500


def test_m18_a_note_is_redeemed_at_any_time_for_50000(g: MMGame) -> None:
    g.refused(RuleBroken, "Alice has no debt note to redeem.", "redeem_note", player="Alice")
    g.do("debt_note", player="Alice")
    g.do("next_turn")  # not Alice's turn: still allowed
    g.phone("Alice", "redeem_note", player="Alice")
    assert g.cash("Alice") == 150_000 and g.player("Alice")["debt_notes"] == 0
    g.do("debt_note", player="Alice")
    g.do("pay", **{"from": "Alice", "to": "bank", "amount": 160_000})
    g.refused(NotEnoughCash, "Redeeming a debt note costs 50000 kr; Alice has 40000 kr.",
              "redeem_note", player="Alice")


def test_m21_raising_money_counts_shares_and_notes(g: MMGame) -> None:
    shares = 2 * sum((4_000, 5_000, 6_000, 7_000, 8_000, 9_000, 10_000, 11_000, 12_000,
                      14_000))
    assert g.player("Alice")["raisable"] == 150_000 + shares + 3 * 50_000
    g.do("debt_note", player="Alice")
    assert g.player("Alice")["raisable"] == 200_000 + shares + 2 * 50_000


def test_m21_other_players_claims_are_paid_before_the_banks(g: MMGame) -> None:
    g.do("pay", **{"from": "Alice", "to": "bank", "amount": 170_000})  # owes the bank 20 000
    g.own("Bob", "Karl Johans gate")
    g.do("land", player="Alice", space="Karl Johans gate")
    g.do("claim", player="Bob")  # owes Bob 45 000, a newer debt
    g.do("debt_note", player="Alice")  # 50 000: Bob first, then the bank
    assert [(d["to"], d["amount"]) for d in g.player("Alice")["debts"]] == [("bank", 15_000)]
    assert g.cash("Bob") == 150_000 - 60_000 + 45_000


#: M2/M3: each of four players holds 2 shares of each series; at the starting prices
#: (4 000 … 12 000, 14 000 kr) they sell for 2 × 86 000 kr.
SHARES = 172_000


def test_m21_a_bankrupt_players_shares_are_sold_at_the_board_price_for_the_creditor(
        g: MMGame) -> None:
    """M21 "selge aksjer", "låne (… gjeldsbrev)": the shares are sold to the bank at the
    board price, the two debt notes still allowed are taken (100 000 kr), and the kroner
    go to the creditor with the cash; the three notes die."""
    g.do("debt_note", player="Alice")
    g.do("pay", **{"from": "Alice", "to": "Bob", "amount": 1_000_000})
    g.do("bankrupt", player="Alice", creditor="Bob")
    bob = g.player("Bob")
    assert bob["shares"] == {str(n): 2 for n in range(1, 11)}
    assert g.cash("Bob") == 150_000 + 200_000 + SHARES + 100_000 and g.cash("Alice") == 0
    assert g.player("Alice")["debt_notes"] == 0 and g.player("Alice")["bankrupt"]


def test_m21_a_bankruptcy_pays_the_players_before_the_bank(g: MMGame) -> None:
    """M21 "Motspillers krav skal betales før bankens krav": Alice, holding 3 debt notes,
    owes the bank 250 000 (the oldest debt), Bob 100 000 and Carol 100 000; her shares
    raise 172 000 kr, which pay Bob in full and Carol 72 000, the bank nothing.  Naming
    the bank is refused and says to name Carol; nothing changes."""
    for _ in range(3):
        g.do("debt_note", player="Alice")
    g.do("pay", **{"from": "Alice", "to": "bank", "amount": 550_000})  # 250 000 owed
    g.do("pay", **{"from": "Alice", "to": "Bob", "amount": 100_000})
    g.do("pay", **{"from": "Alice", "to": "Carol", "amount": 100_000})
    g.refused(RuleBroken, "Players are paid before the bank: Alice owes Carol, so name "
              "Carol as the creditor (M21).", "bankrupt", player="Alice", creditor="bank")
    g.refused(RuleBroken, "Alice's money pays the debts in the order they arose, and Carol is "
              "the first it does not cover: name Carol as the creditor.", "bankrupt",
              player="Alice", creditor="Bob")
    g.do("bankrupt", player="Alice", creditor="Carol")
    assert (g.cash("Alice"), g.cash("Bob"), g.cash("Carol"), g.cash("Dave")) == (
        0, 150_000 + 100_000, 150_000 + SHARES - 100_000, 150_000)
    assert g.player("Alice")["debts"] == [] and g.player("Alice")["shares"] == {}


def test_m21_the_bank_takes_what_is_left_when_the_players_are_paid(g: MMGame) -> None:
    """M21: Bob's 100 000 is paid in full from the 172 000 kr of shares; the rest goes to
    the bank, whom the bankruptcy names (naming Bob, already paid, is refused)."""
    g.do("pay", **{"from": "Alice", "to": "bank", "amount": 400_000})  # 250 000 owed
    g.do("pay", **{"from": "Alice", "to": "Bob", "amount": 100_000})
    g.refused(RuleBroken, "Alice's money pays the debts in the order they arose, and the bank is "
              "the first it does not cover: name the bank as the creditor.", "bankrupt",
              player="Alice", creditor="Bob")
    g.do("bankrupt", player="Alice", creditor="bank")
    assert (g.cash("Alice"), g.cash("Bob")) == (0, 250_000)
    assert g.player("Alice")["debts"] == [] and g.player("Alice")["bankrupt"]


def test_m18_a_phone_points_out_the_missed_interest_over_the_api(web_actions: Any) -> None:
    web_actions.new_game("Alice", "Bob", "Carol", "Dave", edition="multimillionaer")
    for command in ({"cmd": "debt_note", "player": "Alice"},
                    {"cmd": "ola_land", "space": "Start"},
                    {"cmd": "land", "player": "Alice", "space": "Kirkeveien"}):
        assert web_actions.send(**command).status_code == 200
    bob = web_actions.players["Bob"]
    refused = web_actions.send(bob, cmd="point_out", player="Carol", debtor="Alice")
    assert refused.status_code != 200
    answer = web_actions.send(bob, cmd="point_out", player="Bob", debtor="Alice")
    assert answer.status_code == 200
    assert (web_actions.cash("Alice"), web_actions.cash("Bob")) == (195_000, 152_500)

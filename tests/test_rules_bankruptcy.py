"""Owing more than you have: docs/rules.md C21 (to the bank, to a player), C22 (last standing)."""

from __future__ import annotations

from pathlib import Path

from companion.errors import GameOver, NotEnoughCash, RuleBroken
from tests.kit import Game


def bob_in_debt_to_alice(g: Game) -> None:
    """Bob: brown with 2 houses each, Oslo S mortgaged, a jail card; owes Alice 18 400."""
    g.buy("Bob", "Parkveien", "Kirkeveien", "Oslo S")
    for space in ("Parkveien", "Kirkeveien") * 2:
        g.do("build", player="Bob", space=space)
    g.do("mortgage", player="Bob", space="Oslo S")
    g.do("jail_card", player="Bob")
    g.do("pay", **{"from": "Bob", "to": "Alice", "amount": 40_000, "memo": "rent"})
    assert g.cash("Bob") == 0 and g.debts("Bob")[0]["amount"] == 18_400


def test_c21_raisable_and_refusals(game: Game) -> None:
    game.buy("Carol", "Parkveien")
    game.take("Carol", 28_800)
    game.do("pay", **{"from": "Carol", "to": "Bob", "amount": 500, "memo": "rent"})
    assert game.player("Carol")["raisable"] == 600
    game.refused(RuleBroken, "Carol owes bank nothing — only a player who cannot pay a debt "
                 "goes bankrupt.", "bankrupt", player="Carol", creditor="bank")
    game.refused(RuleBroken, "Carol can still raise 600 kr by selling buildings and "
                 "mortgaging — enough for the 500 kr owed.", "bankrupt", player="Carol",
                 creditor="Bob")
    game.do("mortgage", player="Carol", space="Parkveien")  # raising money pays the debt
    assert (game.cash("Carol"), game.debts("Carol"), game.cash("Bob")) == (100, [], 30_500)


def test_c21_bankrupt_to_the_bank(game: Game) -> None:
    game.buy("Carol", "Parkveien", "Kirkeveien")
    game.do("build", player="Carol", space="Parkveien")
    game.do("jail_card", player="Carol")
    game.take("Carol", game.cash("Carol") - 100)
    game.do("land", player="Carol", space="Inntektsskatt")
    assert game.player("Carol")["raisable"] == 500 + 600 + 600
    game.do("bankrupt", player="Carol", creditor="bank")
    carol = game.player("Carol")
    assert (carol["bankrupt"], carol["cash"], carol["spaces"], carol["jail_cards"],
            carol["debts"]) == (True, 0, [], 0, [])
    assert game.deed(1) is None and game.snap()["bank"]["houses"] == 32
    game.do("auction_open", space="Parkveien")  # the banker auctions the deeds later
    game.do("bid", player="Alice", amount=900)
    game.do("auction_close")
    game.do("next_turn")
    game.do("next_turn")
    assert game.snap()["turn"]["player"] == "Alice"  # Bob, (Carol skipped), Alice
    game.refused(RuleBroken, "Carol is bankrupt and out of the game.",
                 "buy", player="Carol", space="Ringgata")


def test_c21_bankrupt_to_a_player_buildings_sold_mortgaged_deed_costs_ten_percent(
        game: Game) -> None:
    bob_in_debt_to_alice(game)
    assert game.player("Bob")["raisable"] == 2000 + 600 + 600
    game.do("bankrupt", player="Bob", creditor="Alice")
    alice, bob = game.player("Alice"), game.player("Bob")
    assert bob["bankrupt"] and bob["spaces"] == [] and bob["debts"] == []
    assert [(s["name"], s["houses"], s["mortgaged"]) for s in alice["spaces"]] == [
        ("Parkveien", 0, False), ("Kirkeveien", 0, False), ("Oslo S", 0, True)]
    assert alice["cash"] == 30_000 + 21_600 + 2000 - 200
    assert alice["jail_cards"] == 1
    assert game.snap()["bank"]["houses"] == 32
    assert not game.snap()["game"]["over"]


def test_c21_creditor_may_lift_at_once(game: Game) -> None:
    bob_in_debt_to_alice(game)
    game.do("bankrupt", player="Bob", creditor="Alice", lift=["Oslo S"])
    assert game.cash("Alice") == 30_000 + 21_600 + 2000 - 2200
    deed = game.deed(5)
    assert deed is not None and not deed.mortgaged
    game.refused(RuleBroken, "Bob is already out of the game.",
                 "bankrupt", player="Bob", creditor="Alice")


def test_c21_lifts_must_be_mortgaged_deeds_the_creditor_can_pay(game: Game) -> None:
    bob_in_debt_to_alice(game)
    game.refused(RuleBroken, "Parkveien is not a mortgaged deed of Bob's.", "bankrupt",
                 player="Bob", creditor="Alice", lift=["Parkveien"])
    game.take("Alice", game.cash("Alice"))
    game.refused(NotEnoughCash, "Alice would have 2 000 kr; lifting costs 2 200 kr.", "bankrupt",
                 player="Bob", creditor="Alice", lift=["Oslo S"])


def test_c21_creditor_short_of_the_ten_percent_owes_it(game: Game) -> None:
    game.buy("Bob", "Oslo S")
    game.do("mortgage", player="Bob", space="Oslo S")
    game.take("Alice", 30_000)
    game.take("Bob", 28_000)
    game.take("Carol", 30_000)
    game.do("pay", **{"from": "Carol", "to": "Bob", "amount": 50, "memo": "rent"})
    game.do("pay", **{"from": "Bob", "to": "Alice", "amount": 5000, "memo": "rent"})
    game.do("bankrupt", player="Bob", creditor="Alice")
    assert game.cash("Alice") == 0
    assert game.debts("Alice") == [{"to": "bank", "amount": 200,
                                    "memo": "10 % on mortgaged Oslo S"}]
    assert game.debts("Carol") == [{"to": "Alice", "amount": 50, "memo": "rent"}]


def test_c22_last_player_standing_wins(tmp_path: Path) -> None:
    with Game(tmp_path, players=("Alice", "Bob")) as g:
        bob_in_debt_to_alice(g)
        g.do("bankrupt", player="Bob", creditor="Alice")
        snap = g.snap()
        assert snap["game"]["over"] and snap["tally"]["winner"] == "Alice"
        assert snap["tally"]["players"]["Alice"]["total"] == 53_400 + 1200 + 1200 + 2000
        g.refused(GameOver, "The game is over; only undo can change it now.",
                  "next_turn")


def test_c21_any_creditor_owed_may_be_named_and_takes_everything(game: Game) -> None:
    """C21, seed 002 "Skylder du en annen spiller, får den spilleren alle pengene og
    eiendommene dine" (``creditor_order = "named"``): Alice, cash 0, owes the bank 2 000
    (tax), then Bob 80 (rent); she names Bob, who takes Parkveien (mortgaged: the 10 %,
    60 kr, to the bank); the bank's older debt is cleared unpaid."""
    game.buy("Alice", "Parkveien")
    game.do("mortgage", player="Alice", space="Parkveien")
    game.take("Alice", 29_400)
    game.take("Alice", 2_000)
    game.do("pay", **{"from": "Alice", "to": "Bob", "amount": 80, "memo": "rent"})
    assert [(d["to"], d["amount"]) for d in game.debts("Alice")] == [("bank", 2_000),
                                                                        ("Bob", 80)]
    game.do("bankrupt", player="Alice", creditor="Bob")
    alice, bob = game.player("Alice"), game.player("Bob")
    assert alice["bankrupt"] and alice["debts"] == [] and alice["spaces"] == []
    assert [(s["name"], s["mortgaged"]) for s in bob["spaces"]] == [("Parkveien", True)]
    assert game.cash("Bob") == 30_000 - 60 and game.debts("Bob") == []

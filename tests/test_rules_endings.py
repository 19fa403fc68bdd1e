"""Open rent claims when a game or a player's game ends (docs/rules.md C5, C21, C22, C23(3), W3).

A claim is open until the next player rolls (C5).  A game that ends inside a command —
``end_game``, the 22nd passport mark, the last player standing, a quick game's first
bankruptcy — ends before that roll, so every open claim is paid before the tally.  A
bankrupt player's rent still to be claimed passes to the creditor (C21).
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.errors import GameOver, RuleBroken
from companion.table import Table
from tests.kit import Game

WONDERS = [1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39]


def events(game: Game, seq: int) -> list[dict[str, Any]]:
    """The events of the command with log sequence ``seq``."""
    return next(r["events"] for r in game.table.history(game.id, 200) if r["seq"] == seq)


def test_w3_the_22nd_mark_on_an_opponents_wonder_pays_its_rent_before_the_tally(
        table: Table) -> None:
    """W3 + C5: Ada's 22nd mark is a landing on Bo's wonder (dark blue #39, rent 1 000):
    the claim opened by that landing is paid inside the same command, after the 30 000
    bonus and before the tally, which then decides by cash."""
    game = Game(table, ["Ada", "Bo"], edition="verdens-underverker-2003")
    game.do("buy", player="Bo", space=39)
    for index in WONDERS[:-1]:
        game.do("land", player="Ada", space=index)
    done = game.do("land", player="Ada", space=39)
    state = game.state()
    assert state["game"]["over"] and state["claims"] == []
    assert game.cashes() == {"Ada": 30_000 + 30_000 - 1000, "Bo": 30_000 - 8000 + 1000}
    kinds = [e["type"] for e in events(game, done.seq)]
    assert kinds == ["Landed", "ClaimOpened", "PassportMarked", "MoneyMoved", "ClaimClosed",
                     "MoneyMoved", "GameEnded"]
    assert events(game, done.seq)[4]["how"] == "claimed"
    assert state["tally"]["players"]["Ada"]["money"] == 59_000
    assert state["tally"]["winner"] == "Ada"
    with pytest.raises(GameOver):
        game.do("claim", player="Bo")


def test_end_game_pays_an_open_claim_first(table: Table) -> None:
    """C5 + C22–C24: Bob's landing on Parkveien (rent 40) is still claimable when the
    banker ends the game: it is paid, and it decides the tally (30 040 against 30 000)."""
    game = Game(table, ["Alice", "Bob", "Carol"])
    game.do("buy", player="Alice", space="Parkveien")
    game.do("land", player="Bob", space="Parkveien")
    game.do("end_game")
    state = game.state()
    assert state["claims"] == [] and state["game"]["over"]
    assert game.cashes() == {"Alice": 30_000 - 1200 + 40, "Bob": 30_000 - 40, "Carol": 30_000}
    assert state["tally"]["players"]["Alice"]["total"] == 30_040
    assert state["tally"]["winner"] == "Alice"


def test_end_game_with_a_claim_the_payer_cannot_pay_counts_the_debt(table: Table) -> None:
    """C5 + C21: an open claim larger than the payer's cash becomes a debt, subtracted in
    the tally."""
    game = Game(table, ["Alice", "Bob"])
    game.do("buy", player="Alice", space="Oslo S")
    game.do("pay", from_="Bob", to="bank", amount=29_800)
    game.do("land", player="Bob", space="Oslo S")  # rent 500, Bob has 200
    game.do("end_game")
    tally = game.state()["tally"]["players"]
    assert game.cashes() == {"Alice": 26_000 + 200, "Bob": 0}
    assert (tally["Bob"]["debts"], tally["Bob"]["total"]) == (300, -300)


def test_c23_a_quick_games_first_bankruptcy_pays_the_others_claims(table: Table) -> None:
    """C23(3) (SE): the first bankruptcy ends the game; Carol's landing on Bob's dark
    blue #39 (whole group: 2 × 500 000, X1) is paid before the tally, breaking the tie."""
    game = Game(table, ["Alice", "Bob", "Carol"], edition="monopol-se-2008", variant="quick",
                deal={"Alice": [1, 3], "Bob": [37, 39], "Carol": [6, 8]})
    game.do("land", player="Carol", space=39)
    game.do("pay", from_="Alice", to="bank", amount=20_000_000)
    game.do("bankrupt", player="Alice", creditor="bank")
    state = game.state()
    assert state["game"]["over"] and state["claims"] == []
    worth = {n: row["total"] for n, row in state["tally"]["players"].items()}
    assert worth["Bob"] == 7_500_000 + 1_000_000 + 7_500_000
    assert worth["Carol"] == 13_000_000 - 1_000_000 + 2_000_000
    assert state["tally"]["winner"] == "Bob"


def bob_bankrupt_to_alice(game: Game) -> None:
    """Bob owns Oslo S and owes Alice 10 000 with no cash left (he could raise only its
    2 000 mortgage value); Alice got the 4 000 he had."""
    game.do("buy", player="Bob", space="Oslo S")
    game.do("pay", from_="Bob", to="bank", amount=22_000)
    game.do("pay", from_="Bob", to="Alice", amount=14_000, memo="rent")


def test_c21_rent_owed_to_the_bankrupt_passes_to_the_creditor(table: Table) -> None:
    """C21: Carol's landing on Bob's Oslo S (rent 500) is still claimable; Bob goes
    bankrupt to Alice, who takes his assets: the claim is closed and Carol owes Alice the
    500, paid from Carol's cash.  Bob's own landing on Carol's Parkveien dies with him."""
    game = Game(table, ["Alice", "Bob", "Carol"])
    game.do("buy", player="Carol", space="Parkveien")
    bob_bankrupt_to_alice(game)
    game.do("land", player="Carol", space="Oslo S")
    game.do("land", player="Bob", space="Parkveien")
    assert len(game.state()["claims"]) == 2
    done = game.do("bankrupt", player="Bob", creditor="Alice")
    state = game.state()
    assert state["claims"] == [] and not state["game"]["over"]
    assert game.cashes() == {"Alice": 30_000 + 4000 + 500, "Bob": 0,
                           "Carol": 30_000 - 1200 - 500}
    assert game.player("Carol")["debts"] == [] and game.player("Alice")["debts"] == []
    closed = [e["how"] for e in events(game, done.seq) if e["type"] == "ClaimClosed"]
    assert closed == ["bankrupt", "bankrupt"]
    with game.refused(RuleBroken, "Carol has no rent to claim right now."):
        game.do("claim", player="Carol")


def test_c21_rent_the_creditor_owed_the_bankrupt_is_forgiven(table: Table) -> None:
    game = Game(table, ["Alice", "Bob", "Carol"])
    bob_bankrupt_to_alice(game)
    game.do("land", player="Alice", space="Oslo S")
    game.do("bankrupt", player="Bob", creditor="Alice")
    assert game.state()["claims"] == [] and game.player("Alice")["debts"] == []
    assert game.cash("Alice") == 30_000 + 4000


def test_c21_c22_the_last_bankruptcy_closes_the_claims_then_ends(table: Table) -> None:
    """C21 + C22: Alice's rent to Bob is forgiven (she is his creditor), she is left
    alone and wins; no claim stays open in the finished game."""
    game = Game(table, ["Alice", "Bob"])
    bob_bankrupt_to_alice(game)
    game.do("land", player="Alice", space="Oslo S")
    game.do("bankrupt", player="Bob", creditor="Alice")
    state = game.state()
    assert state["game"]["over"] and state["tally"]["winner"] == "Alice"
    assert state["claims"] == [] and game.player("Alice")["debts"] == []


def test_c21_rent_owed_to_a_player_bankrupt_to_the_bank_goes_to_the_bank(
        table: Table) -> None:
    game = Game(table, ["Alice", "Bob", "Carol"])
    game.do("buy", player="Bob", space="Oslo S")
    game.do("pay", from_="Bob", to="bank", amount=30_000)  # 4 000 owed to the bank
    game.do("land", player="Carol", space="Oslo S")
    paid_in = game.state()["bank"]["paid_in"]
    game.do("bankrupt", player="Bob", creditor="bank")
    assert game.state()["claims"] == [] and game.player("Carol")["debts"] == []
    assert game.cash("Carol") == 30_000 - 500
    assert game.state()["bank"]["paid_in"] == paid_in + 500


def test_c4_c21_an_auction_won_short_of_cash_then_bankrupt_to_the_bank(table: Table) -> None:
    """C4 + C21 (auction_close): the highest bidder cannot go bankrupt while the auction
    is open; once closed short of cash, the rest is a debt to the bank, and bankruptcy
    to the bank returns the deed for the next auction.  Seed 002 "Skylder du banken, går
    alt til banken": the bank may be named although Bob, whose debt is older, is owed
    too (``creditor_order = "named"``: any creditor owed)."""
    game = Game(table, ["Alice", "Bob", "Carol"])
    game.do("auction_open", space="Parkveien")
    game.do("bid", player="Alice", amount=900)
    game.do("pay", from_="Alice", to="bank", amount=29_800)  # 200 left
    game.do("pay", from_="Alice", to="Bob", amount=1000, memo="rent")  # owes Bob 800
    with game.refused(RuleBroken, "Alice is bidding in the open auction — close it first."):
        game.do("bankrupt", player="Alice", creditor="Bob")
    game.do("auction_close")
    alice = game.player("Alice")
    assert [s["name"] for s in alice["spaces"]] == ["Parkveien"]
    assert {d["to"]: d["amount"] for d in alice["debts"]} == {"Bob": 800, "bank": 900}
    with game.refused(RuleBroken, "Alice owes Carol nothing — only a player who cannot pay a "
                      "debt goes bankrupt."):
        game.do("bankrupt", player="Alice", creditor="Carol")
    assert game.player("Alice")["raisable"] == 600  # Parkveien's mortgage: not enough
    game.do("bankrupt", player="Alice", creditor="bank")
    assert game.player("Alice")["debts"] == [] and game.cash("Bob") == 30_200
    assert game.state()["auction"] is None and game.player("Alice")["spaces"] == []
    game.do("auction_open", space="Parkveien")
    game.do("bid", player="Bob", amount=1300)
    game.do("auction_close")
    assert [s["name"] for s in game.player("Bob")["spaces"]] == ["Parkveien"]

"""C4 with a debt (C21): the state says whether the player to roll may buy the deed under
their token (``turn.may_buy``), by the same checks the ``buy`` command makes, so that no
screen offers a "Buy for …" the core can only refuse (h21).  NO 1996 (seed 002): 30 000 kr
each (C1), Inntektsskatt (4) 4 000 kr (C11), Prinsens gate (8) 2 000 kr.
"""

from __future__ import annotations

from companion.errors import NotEnoughCash, RuleBroken
from companion.table import Actor
from tests.kit import Game


def owes_on_prinsens_gate(game: Game) -> None:
    """Alice keeps 1 000 kr, rolls 2 + 2 onto Inntektsskatt (4 000 kr: a debt of 3 000,
    C11, C21), then her doubles' roll 2 + 2 onto Prinsens gate, unowned (C3, C4)."""
    game.take("Alice", 29_000)
    game.phone("Alice", "roll", player="Alice", dice=[2, 2])
    game.phone("Alice", "roll", player="Alice", dice=[2, 2])
    assert game.debts("Alice") == [{"to": "bank", "amount": 3_000, "memo": "Inntektsskatt"}]
    assert game.state()["turn"]["for_sale"] == 8


def test_c21_no_buy_while_the_lander_owes_a_debt_the_auction_instead(game: Game) -> None:
    owes_on_prinsens_gate(game)
    assert game.state()["turn"]["may_buy"] is False
    game.refused(RuleBroken, "Alice must pay their debts before buying.", "buy",
                 Actor("player", "Alice"), player="Alice", space=8)
    game.phone("Alice", "auction_open", space=8, decliner="Alice")  # C4: the bank auctions it
    assert game.state()["auction"]["index"] == 8
    assert game.state()["turn"]["may_buy"] is False  # C4: during its auction, bid instead


def test_c21_cash_that_pays_the_debt_makes_the_deed_buyable_again(game: Game) -> None:
    owes_on_prinsens_gate(game)
    game.give("Alice", 5_000)  # the debt of 3 000 is paid at once (C21): 2 000 kr left
    assert game.debts("Alice") == [] and game.cash("Alice") == 2_000
    assert game.state()["turn"]["may_buy"] is True
    game.phone("Alice", "buy", player="Alice", space=8)
    assert game.cash("Alice") == 0 and game.deed(8).owner == "Alice"
    assert game.state()["turn"]["may_buy"] is False  # now hers


def test_c4_may_buy_only_on_an_unowned_deed(game: Game) -> None:
    assert game.state()["turn"]["may_buy"] is False  # Start is no deed
    game.phone("Alice", "roll", player="Alice", dice=[3, 5])  # Prinsens gate, 30 000 kr
    assert game.state()["turn"]["may_buy"] is True
    game.phone("Alice", "auction_open", space=8, decliner="Alice")
    assert game.state()["turn"]["may_buy"] is False


def alice_on_nobels_gate_with(game: Game, cash: int, mortgaged: bool) -> None:
    """Alice owns Parkveien (1 200 kr, mortgage 600 kr, C19), mortgaged or not, keeps
    ``cash`` kr and stands on Nobels gate (14), unowned, 3 200 kr (NO 1996)."""
    game.buy("Alice", "Parkveien")
    if mortgaged:
        game.do("mortgage", player="Alice", space="Parkveien")
    game.take("Alice", game.cash("Alice") - cash)
    game.do("land", player="Alice", space="Nobels gate")
    assert game.cash("Alice") == cash and game.player("Alice")["position"] == 14


def test_c4_c21_no_buy_when_even_raising_money_cannot_pay_the_price(game: Game) -> None:
    """280 kr and everything mortgaged: 280 kr can be raised, Nobels gate costs 3 200 kr,
    so only "To auction" (C4: a deed not bought goes to auction) — no Buy to refuse."""
    alice_on_nobels_gate_with(game, 280, mortgaged=True)
    assert game.player("Alice")["raisable"] == 280
    assert game.state()["turn"]["may_buy"] is False
    game.phone("Alice", "auction_open", space="Nobels gate", decliner="Alice")
    assert game.state()["auction"]["index"] == 14


def test_c19_buy_stays_when_a_mortgage_raises_the_rest(game: Game) -> None:
    """280 kr cash + Parkveien's mortgage value 600 kr = 880 kr < 3 200 kr: no Buy; with
    2 700 kr cash, 2 700 + 600 = 3 300 kr >= 3 200 kr: Buy is offered, the tap is refused
    for cash (raise it first, C19), and after mortgaging Parkveien the purchase goes through."""
    alice_on_nobels_gate_with(game, 280, mortgaged=False)
    assert game.player("Alice")["raisable"] == 880
    assert game.state()["turn"]["may_buy"] is False
    game.give("Alice", 2_420)
    assert game.player("Alice")["raisable"] == 3_300
    assert game.state()["turn"]["may_buy"] is True
    game.refused(NotEnoughCash, "Alice has 2700 kr; Nobels gate costs 3200 kr.", "buy",
                 Actor("player", "Alice"), player="Alice", space=14)
    game.do("mortgage", player="Alice", space="Parkveien")
    game.phone("Alice", "buy", player="Alice", space="Nobels gate")
    assert game.cash("Alice") == 100 and game.deed(14).owner == "Alice"

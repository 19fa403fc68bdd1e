"""Buying and auctions: docs/rules.md C4 (deeds) and C16 (scarce buildings), bids from phones."""

from __future__ import annotations

from companion.errors import BadCommand, NotAllowed, NotEnoughCash, RuleBroken
from companion.table import Actor
from tests.kit import Game


def test_c4_buy_at_the_printed_price(game: Game) -> None:
    game.do("buy", player="Alice", space="Parkveien")
    assert game.cash("Alice") == 28_800
    game.refused(RuleBroken, "Parkveien already belongs to Alice.",
                 "buy", player="Bob", space="Parkveien")


def test_c4_declined_deed_is_auctioned_and_the_decliner_may_bid(game: Game) -> None:
    game.do("land", player="Alice", space="Grensen")  # Alice declines to buy
    game.do("auction_open", space="Grensen")
    game.refused(RuleBroken, "Grensen is being auctioned — bid for it instead (C4).",
                 "buy", player="Alice", space="Grensen")
    game.phone("Bob", "bid", player="Bob", amount=100)  # bidding may start at any amount
    assert game.snap()["auction"]["highest"] == {"player": "Bob", "amount": 100}
    game.refused(RuleBroken, "The highest bid is 100 kr (Bob) — bid more.",
                 "bid", player="Carol", amount=90)  # an equal one: "Bob bid 100 kr first"
    game.refused(NotAllowed, "Carol can only act for themself.", "bid",
                 actor=Actor("player", "Carol"), player="Alice", amount=500)
    game.phone("Alice", "bid", player="Alice", amount=2500)
    game.refused(NotEnoughCash, "Carol has only 30 000 kr and cannot bid 30 001 kr.",
                 "bid", player="Carol", amount=30_001)
    game.refused(RuleBroken, "The auction of Grensen is still open — close it first.",
                 "auction_open", space="Ringgata")
    game.do("auction_close")
    assert game.cash("Alice") == 27_500
    deed = game.deed(16)
    assert deed is not None and deed.owner == "Alice"
    assert game.snap()["auction"] is None
    game.refused(RuleBroken, "No auction is open.", "auction_close")


def test_c4_no_bids_leaves_the_deed_with_the_bank(game: Game) -> None:
    game.do("auction_open", space="Ringgata")
    game.do("auction_close")
    assert game.deed(19) is None and game.cash("Alice") == 30_000
    game.refused(RuleBroken, "Inntektsskatt is not the bank's to auction.",
                 "auction_open", space="Inntektsskatt")
    game.refused(BadCommand, "Auction either a 'space' or a 'building' (house or hotel).",
                 "auction_open")


def test_c4_auction_sold_records_a_sale_at_the_table(game: Game) -> None:
    game.do("auction_sold", space="Oslo S", player="Carol", price=2600)
    assert game.cash("Carol") == 27_400
    deed = game.deed(5)
    assert deed is not None and deed.owner == "Carol"
    game.refused(RuleBroken, "Oslo S is not the bank's to auction.",
                 "auction_sold", space="Oslo S", player="Bob", price=3000)


def test_c16_scarce_house_auctioned_from_the_lowest_deed_price(game: Game) -> None:
    game.give("Alice", 100_000)
    game.buy("Alice", "Nedre Slottsgate", "Trondheimsveien", "Nobels gate",
             "Grensen", "Gabels gate", "Ringgata", "Bygdøy allé", "Skarpsno", "Slemdal")
    game.buy("Bob", "Parkveien", "Kirkeveien")
    for group in (("Nedre Slottsgate", "Trondheimsveien", "Nobels gate"),
                  ("Grensen", "Gabels gate", "Ringgata")):
        for space in group * 4:
            game.do("build", player="Alice", space=space)
    for space in ("Bygdøy allé", "Skarpsno", "Slemdal") * 2 + ("Bygdøy allé",):
        game.do("build", player="Alice", space=space)
    assert game.snap()["bank"]["houses"] == 1  # Bob and Alice both want it
    game.do("auction_open", building="house")
    assert game.snap()["auction"]["start"] == 1000  # Bob's brown lots: 1 000 a house
    game.refused(RuleBroken, "Bidding starts at 1 000 kr.",
                 "bid", player="Bob", amount=900, space="Parkveien")
    game.refused(RuleBroken, "Skarpsno needs a house first — build evenly.",
                 "bid", player="Alice", amount=1000, space="Bygdøy allé")
    game.phone("Bob", "bid", player="Bob", amount=1000, space="Parkveien")
    game.phone("Alice", "bid", player="Alice", amount=4000, space="Skarpsno")
    cash = game.cash("Alice")
    game.do("auction_close")
    assert game.cash("Alice") == cash - 4000
    deed = game.deed(23)
    assert deed is not None and deed.houses == 3
    assert game.snap()["bank"]["houses"] == 0
    game.refused(RuleBroken, "The bank has no houses left to auction.",
                 "auction_open", building="house")

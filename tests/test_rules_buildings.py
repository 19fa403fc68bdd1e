"""Houses and hotels: docs/rules.md C14, C15, C16, C17, X2, and repair cards (C10).

NO 1996 values: Parkveien 1 200, rents 40/200/600/1800/3200/5000, house 1 000;
Kirkeveien rents 80/400/1200/3600/6400/9000; the bank starts with 32 houses, 12 hotels.
"""

from __future__ import annotations

import copy
import dataclasses

from companion.errors import NotEnoughCash, RuleBroken
from companion.rules.buildings import plan_for
from tests.kit import Game


def brown(g: Game, houses: int = 0) -> None:
    """Alice owns the brown group with ``houses`` on each lot."""
    g.buy("Alice", "Parkveien", "Kirkeveien")
    for _ in range(houses):
        g.do("build", player="Alice", space="Parkveien")
        g.do("build", player="Alice", space="Kirkeveien")


def rent_on(g: Game, space: str) -> int:
    """Bob lands on ``space``: the claim opened for Alice."""
    g.do("land", player="Bob", space=space)
    claim = g.snap()["claims"][-1]
    g.do("undo")
    return int(claim["amount"])


def test_c14_houses_only_on_a_whole_unmortgaged_group_evenly(game: Game) -> None:
    game.buy("Alice", "Parkveien")
    game.refused(RuleBroken, "Alice needs the whole brown group to build — Kirkeveien "
                 "belongs to the bank.", "build", player="Alice", space="Parkveien")
    game.buy("Alice", "Kirkeveien")
    game.do("mortgage", player="Alice", space="Kirkeveien")
    game.refused(RuleBroken, "Kirkeveien is mortgaged — lift it before building on the brown "
                 "group.", "build", player="Alice", space="Parkveien")
    game.do("unmortgage", player="Alice", space="Kirkeveien")
    cash = game.cash("Alice")
    game.do("build", player="Alice", space="Parkveien")
    assert game.cash("Alice") == cash - 1000
    assert game.snap()["bank"]["houses"] == 31
    assert rent_on(game, "Parkveien") == 200
    assert rent_on(game, "Kirkeveien") == 160  # unimproved lot of a whole group: double (C6)
    game.refused(RuleBroken, "Kirkeveien needs a house first — build evenly.",
                 "build", player="Alice", space="Parkveien")
    game.refused(RuleBroken, "Inntektsskatt is not a street: only streets take houses.",
                 "build", player="Alice", space="Inntektsskatt")
    game.do("build", player="Alice", space="Kirkeveien", count=1)
    for _ in range(3):
        game.do("build", player="Alice", space="Parkveien")
        game.do("build", player="Alice", space="Kirkeveien")
    assert rent_on(game, "Parkveien") == 3200
    assert game.snap()["bank"]["houses"] == 24


def test_c14_build_costs_cash_and_a_debtor_waits(game: Game) -> None:
    brown(game)
    game.take("Alice", game.cash("Alice") - 500)
    game.refused(NotEnoughCash, "Alice has 500 kr; building on Parkveien costs 1 000 kr.",
                 "build", player="Alice", space="Parkveien")
    game.do("pay", **{"from": "Alice", "to": "Bob", "amount": 800})
    game.refused(RuleBroken, "Alice must pay their debts first.",
                 "build", player="Alice", space="Parkveien")


def test_c15_hotel_replaces_four_houses_one_per_lot(game: Game) -> None:
    brown(game, houses=3)
    game.do("build", player="Alice", space="Parkveien")
    game.refused(RuleBroken, "Kirkeveien needs a house first — build evenly.",
                 "build", player="Alice", space="Parkveien")
    game.do("build", player="Alice", space="Kirkeveien")
    cash = game.cash("Alice")
    game.do("build", player="Alice", space="Parkveien")  # the hotel, for the house price
    assert game.cash("Alice") == cash - 1000
    assert game.snap()["bank"] == {**game.snap()["bank"], "houses": 28, "hotels": 11}
    deed = game.deed(1)
    assert deed is not None and deed.hotel and deed.houses == 0
    assert rent_on(game, "Parkveien") == 5000
    game.do("build", player="Alice", space="Kirkeveien")
    game.refused(RuleBroken, "Parkveien already has a hotel — one hotel per lot.",
                 "build", player="Alice", space="Parkveien")
    assert game.player("Alice")["net_worth"] == game.cash("Alice") + 2400 + 10_000


def test_c16_finite_stock_and_no_hotel_break_without_houses(game: Game) -> None:
    game.give("Alice", 200_000)
    game.buy("Alice", "Parkveien", "Kirkeveien", "Kongens gate", "Prinsens gate",
             "Øvre Slottsgate", "Nedre Slottsgate", "Trondheimsveien", "Nobels gate")
    game.buy("Bob", "Grensen", "Gabels gate", "Ringgata")
    for group in (("Parkveien", "Kirkeveien"), ("Kongens gate", "Prinsens gate",
                  "Øvre Slottsgate"), ("Nedre Slottsgate", "Trondheimsveien", "Nobels gate")):
        for _ in range(4):
            for space in group:
                game.do("build", player="Alice", space=space)
    assert game.snap()["bank"]["houses"] == 0
    game.refused(RuleBroken, "The bank has no houses left — wait until someone sells some "
                 "back.", "build", player="Bob", space="Grensen")
    game.do("build", player="Alice", space="Parkveien")  # hotel: its 4 houses go back
    assert game.snap()["bank"]["houses"] == 4
    game.do("build", player="Alice", space="Kirkeveien")
    game.do("sell_building", player="Alice", space="Nobels gate")  # pink 4, 4, 3
    for space in ("Grensen", "Gabels gate", "Ringgata") * 3:
        game.do("build", player="Bob", space=space)
    assert game.snap()["bank"]["houses"] == 0
    game.refused(RuleBroken, "The bank has only 0 houses, so the hotel on Kirkeveien cannot "
                 "be broken back into 4 houses — sell all the buildings of the brown group "
                 "at once instead.", "sell_building", player="Alice", space="Kirkeveien")
    cash = game.cash("Alice")
    game.do("sell_building", player="Alice", space="Kirkeveien", all=True)
    assert game.cash("Alice") == cash + 5000  # half of 2 × (4 houses + hotel) × 1 000
    assert game.snap()["bank"]["hotels"] == 12


def test_c17_selling_back_at_half_price_evenly(game: Game) -> None:
    brown(game, houses=1)
    game.do("build", player="Alice", space="Parkveien")
    game.refused(RuleBroken, "Sell from Parkveien first — sell evenly.",
                 "sell_building", player="Alice", space="Kirkeveien")
    cash = game.cash("Alice")
    game.do("sell_building", player="Alice", space="Parkveien")
    assert game.cash("Alice") == cash + 500
    game.do("sell_building", player="Alice", space="Parkveien")
    game.do("sell_building", player="Alice", space="Kirkeveien")
    assert game.cash("Alice") == cash + 1500
    assert game.snap()["bank"]["houses"] == 32
    game.refused(RuleBroken, "Kirkeveien has no buildings to sell.",
                 "sell_building", player="Alice", space="Kirkeveien")
    game.refused(RuleBroken, "Parkveien does not belong to Bob.",
                 "sell_building", player="Bob", space="Parkveien")


def test_x2_no_hotel_is_five_houses_se_sells_hotel_with_houses(game: Game) -> None:
    brown(game, houses=4)
    game.do("build", player="Alice", space="Parkveien")
    game.do("build", player="Alice", space="Kirkeveien")
    state = copy.deepcopy(game.table.state(game.id))
    cash = game.cash("Alice")
    game.do("sell_building", player="Alice", space="Parkveien")  # NO: one "house" of five
    assert game.cash("Alice") == cash + 500
    deed = game.deed(1)
    assert deed is not None and (deed.houses, deed.hotel) == (4, False)
    assert (game.snap()["bank"]["houses"], game.snap()["bank"]["hotels"]) == (28, 11)
    se = dataclasses.replace(state.ed.settings, hotel_sale="hotel_plus_houses")
    state.edition = dataclasses.replace(state.ed, settings=se)
    plan = plan_for(state, state.ed.space(1))
    plan.sell(state.ed.space(1))  # SE: half the hotel + half the four houses
    assert (plan.money, plan.levels[1], plan.houses, plan.hotels) == (2500, 0, 32, 11)


def test_c10_repairs_per_house_and_per_hotel(game: Game) -> None:
    brown(game, houses=4)
    game.do("build", player="Alice", space="Parkveien")
    cash = game.cash("Alice")
    game.do("repairs", player="Alice", per_house=500, per_hotel=2000)
    assert game.cash("Alice") == cash - 4 * 500 - 2000
    game.do("repairs", player="Bob", per_house=500, per_hotel=2000)  # nothing to pay
    assert game.cash("Bob") == 30_000


def test_undo_refolds_buildings_and_the_bank_stock(game: Game) -> None:
    brown(game, houses=1)
    before = game.snap()
    game.do("build", player="Alice", space="Parkveien")
    game.do("undo")
    assert game.snap()["bank"] == before["bank"]
    assert game.player("Alice")["spaces"] == before["players"][0]["spaces"]

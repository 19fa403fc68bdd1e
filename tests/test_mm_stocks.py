"""The stock board and shares: price moves, trading, Børsen, deals between players and the
shareholders' rights (docs/rules.md M6, M7, M8, M9, M10; seed 003 "Aksjer", "Børsen",
"Aksjeeiernes rettigheter").  Deed values are test values entered once (tests/kit.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import NotAllowed, NotEnoughCash, RuleBroken
from companion.table import Actor, Table
from tests.kit import MMGame

SUSPENDED = ("Series 1 is suspended (price 0): its shares cannot be traded until the price "
             "rises again.")


@pytest.fixture
def g(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path)
    yield game
    game.table.close()


def rent(g: MMGame, payer: str, owner: str, space: str) -> None:
    """``payer``'s car stops on ``space`` and ``owner`` claims at once."""
    g.do("land", player=payer, space=space)
    g.do("claim", player=owner)


def test_m6_a_45000_rent_moves_the_series_up_two_levels(g: MMGame) -> None:
    g.own("Bob", "Karl Johans gate")
    rent(g, "Alice", "Bob", "Karl Johans gate")  # 45 000 kr
    assert g.level("7") == 12 and g.snap()["stocks"]["7"]["price"] == 12_000
    assert g.cash("Bob") == 150_000 - 60_000 + 45_000


def test_m6_a_19900_rent_moves_nothing_and_20000_one_level(g: MMGame) -> None:
    g.own("Bob", "Frognerveien", "Stortingsgata")
    rent(g, "Alice", "Bob", "Frognerveien")  # 19 900 kr
    assert g.level("1") == 4
    rent(g, "Carol", "Bob", "Stortingsgata")  # 20 000 kr
    assert g.level("7") == 11


def test_m6_a_whole_series_owner_paying_rent_drops_every_series_they_own_whole(
        g: MMGame) -> None:
    g.own("Carol", "Gyldenløves gate", "Aker Brygge")  # series 5 and 9, each whole
    g.own("Bob", "Karl Johans gate")
    assert (g.level("5"), g.level("9")) == (8, 12)
    rent(g, "Carol", "Bob", "Karl Johans gate")  # 45 000 kr: two levels each way
    assert (g.level("7"), g.level("5"), g.level("9")) == (12, 6, 10)


def test_m6_the_stock_moves_say_the_rent_in_the_editions_money(g: MMGame) -> None:
    g.own("Carol", "Gyldenløves gate")  # series 5, whole
    g.own("Bob", "Karl Johans gate")
    g.do("land", player="Carol", space="Karl Johans gate")  # the landing moves the board
    moves = [(e["series"], e["level"], e["why"]) for e in g.table.history(g.id, 1)[0]["events"]
             if e["type"] == "StockMoved"]
    assert moves == [("7", 12, "rent 45 000 kr"), ("5", 6, "Carol paid 45 000 kr rent")]


def test_m6_m7_the_price_moves_at_the_landing_so_a_share_bought_then_sells_at_it(
        g: MMGame) -> None:
    """Seed 003 "Aksjer": "Når et terningkast fører til at aksjekursen skal justeres,
    gjelder den nye kursen umiddelbart etter at terningen er kastet", and share trades come
    "ETTER at eventuelle aksjekurser er justert".  Alice's car stops on Bob's Karl Johans
    gate (45 000 kr, test value): series 7 goes up two levels, 10 000 -> 12 000 kr, at the
    landing, before Bob claims; a share Dave buys then costs 12 000 kr, and the claim does
    not move the board again."""
    g.do("sell_shares", player="Carol", series="7")  # the bank holds a share to sell
    g.own("Bob", "Karl Johans gate")
    g.do("land", player="Alice", space="Karl Johans gate")
    assert g.level("7") == 12 and g.snap()["stocks"]["7"]["price"] == 12_000
    dave = g.cash("Dave")
    g.do("buy_shares", player="Dave", series="7")
    assert dave - g.cash("Dave") == 12_000
    g.do("claim", player="Bob")
    assert g.level("7") == 12 and g.cash("Bob") == 150_000 - 60_000 + 45_000


def test_m6_the_down_move_is_made_at_the_landing_and_not_again_at_the_claim(
        g: MMGame) -> None:
    """M6 "NED": Carol owns series 5 and 9 whole and pays 45 000 kr: both drop two levels
    (8 -> 6, 12 -> 10) when her car stops, and stay there when Bob claims."""
    g.own("Carol", "Gyldenløves gate", "Aker Brygge")
    g.own("Bob", "Karl Johans gate")
    g.do("land", player="Carol", space="Karl Johans gate")
    assert (g.level("7"), g.level("5"), g.level("9")) == (12, 6, 10)
    g.do("claim", player="Bob")
    assert (g.level("7"), g.level("5"), g.level("9")) == (12, 6, 10)


def test_m6_m11_a_lapsed_rent_leaves_the_price_moved(g: MMGame) -> None:
    """The reading chosen (edition setting ``lapsed_rent_moves_stand`` = true): the roll
    happened, so the new price stands even when Bob never claims the rent."""
    g.own("Carol", "Gyldenløves gate")
    g.own("Bob", "Karl Johans gate")
    g.do("land", player="Carol", space="Karl Johans gate")
    for _ in range(2):
        g.do("next_turn")
    g.do("ola_land", space="Start")  # M11: the claim lapses
    assert g.snap()["claims"] == [] and (g.level("7"), g.level("5")) == (12, 6)


def test_m6_m11_the_setting_off_undoes_a_lapsed_rents_move(tmp_path: Path) -> None:
    """The family's copy of the edition with ``lapsed_rent_moves_stand`` = false: the lapse
    moves each series back as far as the landing moved it (7 was clamped at the top: 26 ->
    25; 5: 6 -> 8)."""
    table = Table.open(tmp_path / "table.sqlite3")
    shipped = table.editions.get("multimillionaer")
    # A copy with its own id: a built-in id is never shadowed (issue 17 point 2).
    table.editions.save(dataclasses.replace(shipped, id="our-mm", settings=dataclasses.replace(
        shipped.settings, lapsed_rent_moves_stand=False)))
    game = MMGame(table, edition="our-mm")
    game.own("Carol", "Gyldenløves gate")
    game.own("Bob", "Karl Johans gate")
    game.do("stock_level", series="7", level=25)
    game.do("land", player="Carol", space="Karl Johans gate")
    assert (game.level("7"), game.level("5")) == (26, 6)  # 7 clamped at the top: +1
    for _ in range(3):
        game.do("next_turn")  # the claim lapses (no Ola roll recorded in Carol's turn)
    assert game.snap()["claims"] == [] and (game.level("7"), game.level("5")) == (25, 8)
    table.close()


def test_m6_ola_paying_rent_moves_only_the_series_up(g: MMGame) -> None:
    g.own("Carol", "Gyldenløves gate")
    g.own("Bob", "Karl Johans gate")
    g.do("ola_land", space="Karl Johans gate")
    g.do("claim", player="Bob")
    assert (g.level("7"), g.level("5")) == (12, 8)


def test_m6_a_price_never_leaves_its_column(g: MMGame) -> None:
    g.own("Carol", "Gyldenløves gate")
    g.own("Bob", "Karl Johans gate")
    g.do("stock_level", series="7", level=25)
    g.do("stock_level", series="5", level=1)
    rent(g, "Carol", "Bob", "Karl Johans gate")
    assert g.snap()["stocks"]["7"] == {"level": 26, "price": 40_000, "suspended": False}
    assert g.snap()["stocks"]["5"] == {"level": 0, "price": 0, "suspended": True}


def test_m7_trading_with_the_bank_at_the_current_price(g: MMGame) -> None:
    g.do("buy_shares", player="Alice", series="1", count=2)  # 2 x 4 000 from the bank's 2
    assert g.player("Alice")["shares"]["1"] == 4 and g.cash("Alice") == 142_000
    g.refused(RuleBroken, "The bank holds only 0 shares of series 1.", "buy_shares",
              player="Alice", series="1")
    g.do("sell_shares", player="Bob", series="10", count=2)  # 2 x 14 000
    assert g.cash("Bob") == 178_000 and g.snap()["bank"]["shares"]["10"] == 4
    g.refused(RuleBroken, "Bob holds only 0 shares of series 10.", "sell_shares",
              player="Bob", series="10")
    g.refused(NotAllowed, "Alice can only act for themself.", "sell_shares",
              actor=Actor("player", "Alice"), player="Bob", series="2")


def test_m7_no_trading_in_a_suspended_series(g: MMGame) -> None:
    g.do("stock_level", series="1", level=0)
    g.refused(RuleBroken, SUSPENDED, "buy_shares", player="Alice", series="1")
    g.refused(RuleBroken, SUSPENDED, "sell_shares", player="Alice", series="1")


def test_m7_buying_needs_the_cash_and_no_debts_selling_raises_money(g: MMGame) -> None:
    g.do("pay", **{"from": "Alice", "to": "bank", "amount": 145_000})
    g.refused(NotEnoughCash, "Alice has 5000 kr; that costs 8000 kr.", "buy_shares",
              player="Alice", series="1", count=2)
    g.do("pay", **{"from": "Alice", "to": "Bob", "amount": 15_000})  # 10 000 kr owed
    g.refused(RuleBroken, "Alice must pay their debts first.", "buy_shares",
              player="Alice", series="1")
    g.do("sell_shares", player="Alice", series="10", count=1)  # 14 000: pays the debt
    assert g.player("Alice")["debts"] == [] and g.cash("Alice") == 4_000


def test_m8_a_car_at_borsen_buys_up_to_two_shares_from_one_opponent_at_double_price(
        g: MMGame) -> None:
    g.do("ola_land", space="Start")
    g.do("land", player="Alice", space="Børsen")
    g.refused(RuleBroken, "At Børsen Alice may buy at most 2 shares now.", "borsen_buy",
              player="Alice", from_="Bob", series="7", count=3)
    g.refused(RuleBroken, "Buy at Børsen from an opponent still in the game.", "borsen_buy",
              player="Alice", from_="Alice", series="7")
    g.do("borsen_buy", player="Alice", from_="Bob", series="7", count=2)
    assert g.cash("Alice") == 150_000 - 2 * 2 * 10_000 and g.cash("Bob") == 190_000
    assert g.player("Alice")["shares"]["7"] == 4 and "7" not in g.player("Bob")["shares"]
    g.refused(RuleBroken, "Alice has no Børsen right to use: it comes with stopping at "
              "Børsen, by car or with Ola Nordmann (M8).", "borsen_buy",
              player="Alice", from_="Carol", series="7")


def test_m8_ola_at_borsen_gives_the_roller_one_share(g: MMGame) -> None:
    g.do("ola_land", space="Børsen")
    assert g.snap()["market"]["borsen"] == {"Alice": 1}
    g.refused(RuleBroken, "At Børsen Alice may buy at most 1 share now.", "borsen_buy",
              player="Alice", from_="Dave", series="10", count=2)
    g.phone("Alice", "borsen_buy", player="Alice", from_="Dave", series="10")
    assert g.cash("Dave") == 150_000 + 28_000 and g.player("Alice")["shares"]["10"] == 3


def test_m8_m11_the_borsen_right_lapses(g: MMGame) -> None:
    g.do("ola_land", space="Børsen")
    g.do("next_turn")
    g.do("next_turn")
    assert g.snap()["market"]["borsen"] == {"Alice": 1}  # Carol has not rolled for Ola
    g.do("ola_land", space="Start")
    assert g.snap()["market"]["borsen"] == {}


def test_m9_shares_between_players_at_any_price(g: MMGame) -> None:
    g.do("trade_shares", from_="Bob", to="Alice", series="3", count=2, price=1)
    assert g.player("Alice")["shares"]["3"] == 4 and g.cash("Bob") == 150_001
    g.refused(RuleBroken, "Bob holds only 0 shares of series 3.", "trade_shares",
              from_="Bob", to="Alice", series="3", price=0)


def test_m10_eight_shares_take_half_the_rent_income(g: MMGame) -> None:
    for seller in ("Bob", "Carol"):
        g.do("sell_shares", player=seller, series="7", count=2)
    g.do("buy_shares", player="Dave", series="7", count=6)  # 2 + 6 = 8 shares
    g.own("Bob", "Karl Johans gate")
    bob, dave = g.cash("Bob"), g.cash("Dave")
    rent(g, "Alice", "Bob", "Karl Johans gate")  # 45 000: half to Dave
    assert (g.cash("Bob") - bob, g.cash("Dave") - dave) == (22_500, 22_500)
    g.do("next_turn")
    g.do("ola_land", space="Karl Johans gate")  # Ola's rent too, in Bob's turn
    g.do("claim", player="Bob")
    assert g.cash("Dave") - dave == 45_000


def test_m10_all_ten_shares_also_exempt_from_that_series_rent(g: MMGame) -> None:
    for seller in ("Alice", "Bob", "Carol"):
        g.do("sell_shares", player=seller, series="7", count=2)
    g.do("buy_shares", player="Dave", series="7", count=8)
    g.own("Bob", "Karl Johans gate")
    g.do("land", player="Dave", space="Karl Johans gate")
    assert g.snap()["claims"] == []

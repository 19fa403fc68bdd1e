"""A deed's worth is never silently 0 (family play-test, h21): in Multimillionær the deed
values are not public and asked once at the table, so every command that gives a deed to
a player asks for its board value and mortgage value first, the way Kjøp does
(docs/rules.md M4 Ola's lot auctioned at once, M22 lots at board value, M17 mortgage);
a worth that still lacks one (a game logged before) says it is incomplete.

Four players, 150 000 kr and 2 shares of every series each (M1, M2): 150 000 + 2 x
(4 000 + 5 000 + … + 12 000 + 14 000) = 322 000 kr at the start (M3 starting levels, M22).
Frognerveien's values are TEST values (tests/kit.py): board value 24 000, mortgage 12 000.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import MissingValue
from companion.table import Table
from tests.kit import DAY, DEEDS, MMGame, logged_without_values

PLAYERS = ("Ola", "Per", "Kari", "Lise")
START_WORTH = 322_000
PRICE, MORTGAGE = DEEDS["Frognerveien"][0], DEEDS["Frognerveien"][3]
ASK_PRICE = ("The price of Frognerveien is not known yet: enter the price printed on the "
             "board.")
ASK_MORTGAGE = ("The mortgage value of Frognerveien is not known yet: enter the figure on "
                "the back of its deed.")


@pytest.fixture
def g(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path, players=PLAYERS)
    yield game
    game.table.close()


def per_wins_frognerveien_at_auction(g: MMGame) -> None:
    """Ola rolls Ola Nordmann 2 + 1 onto Frognerveien, unowned: the bank auctions it at once
    (M4); Per bids 15 000."""
    g.phone("Ola", "ola_roll", player="Ola", dice=[2, 1])
    assert g.state()["auction"]["space"] == "Frognerveien"
    g.phone("Per", "bid", player="Per", amount=15_000)
    assert g.player("Per")["net_worth"] == START_WORTH


def asked(g: MMGame, message: str, cmd: str, **fields: object) -> str:
    """``cmd`` is refused for a missing value in those words and changes nothing; the
    field it names (what the console asks for)."""
    g.refused(MissingValue, message, cmd, **fields)
    with pytest.raises(MissingValue) as refusal:
        g.do(cmd, **fields)
    return str(refusal.value.field)


def test_m4_m22_closing_the_auction_asks_for_the_board_values_first(g: MMGame) -> None:
    per_wins_frognerveien_at_auction(g)
    assert asked(g, ASK_PRICE, "auction_close") == "price"
    g.do("edition_value", space="Frognerveien", field="price", value=PRICE, date=DAY)
    assert asked(g, ASK_MORTGAGE, "auction_close") == "mortgage"  # the next question
    g.do("edition_value", space="Frognerveien", field="mortgage", value=MORTGAGE, date=DAY)
    g.do("auction_close")  # the same command again
    per = g.player("Per")
    assert per["spaces"][0]["name"] == "Frognerveien" and per["cash"] == 135_000
    # M22: the lot at its board value: 322 000 - 15 000 + 24 000
    assert per["net_worth"] == 331_000 and per["worth_missing"] == []
    assert per["spaces"][0]["mortgage"] == MORTGAGE  # the phone offers "Pantsett" (M17)
    g.phone("Per", "mortgage", player="Per", space="Frognerveien")
    per = g.player("Per")
    assert per["cash"] == 147_000 and per["net_worth"] == 331_000  # mortgaged at 12 000


def test_m4_a_sale_decided_at_the_table_asks_as_well(g: MMGame) -> None:
    g.phone("Ola", "ola_roll", player="Ola", dice=[2, 1])
    assert asked(g, ASK_PRICE, "auction_sold", space="Frognerveien", player="Per",
                 price=15_000) == "price"


def test_c4_m4_buy_is_kept_while_the_price_is_unknown_and_asks_both(g: MMGame) -> None:
    g.do("ola_land", space="Prøv lykken")
    g.do("land", player="Ola", space="Frognerveien")
    assert g.state()["turn"]["may_buy"] is True  # the price is asked at the tap
    assert asked(g, ASK_PRICE, "buy", player="Ola", space="Frognerveien") == "price"
    g.do("edition_value", space="Frognerveien", field="price", value=PRICE, date=DAY)
    assert asked(g, ASK_MORTGAGE, "buy", player="Ola", space="Frognerveien") == "mortgage"


def test_m22_a_worth_without_the_board_value_says_it_is_incomplete(
        g: MMGame, tmp_path: Path) -> None:
    per_wins_frognerveien_at_auction(g)
    g.do("edition_value", space="Frognerveien", field="price", value=PRICE, date=DAY)
    g.do("edition_value", space="Frognerveien", field="mortgage", value=MORTGAGE, date=DAY)
    g.do("auction_close")
    old = tmp_path / "old"
    old.mkdir()
    table = logged_without_values(g.table, g.id, old, 3)  # Frognerveien: a log before h21
    try:
        per = _per(table, g.id)
        # counted 0, and said so: 322 000 - 15 000 paid, Frognerveien not entered yet
        assert per["net_worth"] == 307_000 and per["worth_missing"] == ["Frognerveien"]
        tally = table.snapshot(g.id, with_tally=True)["tally"]
        assert tally["winner"] is None  # never named on a figure counted 0 (M22)
        assert [(m["name"], m["field"]) for m in tally["missing"]] == [("Frognerveien", "price")]
        # M9: a trade of it asks for the value first, like the auction now does
        with pytest.raises(MissingValue) as refusal:
            table.execute({"cmd": "trade", "parties": {"Per": {"spaces": ["Frognerveien"]},
                                                       "Kari": {"cash": 20_000}}}, game_id=g.id)
        assert (str(refusal.value), refusal.value.field) == (ASK_PRICE, "price")
        table.execute({"cmd": "edition_value", "space": "Frognerveien", "field": "price",
                       "value": PRICE, "date": DAY}, game_id=g.id)
        per = _per(table, g.id)
        assert per["net_worth"] == 331_000 and per["worth_missing"] == []
    finally:
        table.close()


def _per(table: Table, game_id: str) -> dict[str, object]:
    return next(p for p in table.snapshot(game_id)["players"] if p["name"] == "Per")

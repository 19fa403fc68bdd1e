"""Mortgages, buildings and the castle, shipping companies, and the end: the M22 tally
and the multimillionaire (docs/rules.md M17, M19, M20, M22; seed 003 "Lån mot pantsettelse",
"Hus", "Hoteller og slott", "Rederier", "Sluttoppgjør").  Test deed values: tests/kit.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.errors import GameOver, RuleBroken
from companion.table import Table
from tests.kit import DAY, MMGame

START_SHARES = 2 * sum((4_000, 5_000, 6_000, 7_000, 8_000, 9_000, 10_000, 11_000, 12_000,
                        14_000))  # 172 000 kr: 2 shares of each series at the start levels


@pytest.fixture
def g(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path)
    yield game
    game.table.close()


def test_m17_mortgage_pays_its_value_no_rent_and_lifting_costs_10_percent(g: MMGame) -> None:
    g.own("Bob", "Karl Johans gate")
    g.phone("Bob", "mortgage", player="Bob", space="Karl Johans gate")
    assert g.cash("Bob") == 90_000 + 30_000
    g.do("land", player="Alice", space="Karl Johans gate")
    assert g.snap()["claims"] == []
    g.do("unmortgage", player="Bob", space="Karl Johans gate")
    assert g.cash("Bob") == 120_000 - 33_000


def test_m19_buildings_hotel_and_the_castle_on_slottsplassen(g: MMGame) -> None:
    g.do("pay", **{"from": "bank", "to": "Bob", "amount": 800_000})
    g.own("Bob", "Slottsplassen", "Ullevål hageby")
    g.turn_of("Bob")  # M19: Bob builds on his turn, after Ola
    for _ in range(4):
        g.do("build", player="Bob", space="Slottsplassen")
        g.do("build", player="Bob", space="Ullevål hageby")
    assert (g.snap()["bank"]["houses"], g.snap()["bank"]["hotels"]) == (32, 16)
    g.do("build", player="Bob", space="Ullevål hageby")  # a hotel
    g.do("build", player="Bob", space="Slottsplassen")  # a castle, not a hotel
    bank = g.snap()["bank"]
    assert (bank["houses"], bank["hotels"], bank["castles"]) == (40, 15, 0)
    spaces = {s["name"]: s for s in g.player("Bob")["spaces"]}
    assert spaces["Slottsplassen"]["castle"] and not spaces["Ullevål hageby"]["castle"]
    assert g.snap()["tally"]["players"]["Bob"]["buildings"] == 2 * 5 * 50_000  # 5 houses each
    g.refused(RuleBroken, "Slottsplassen already has a hotel — one hotel per lot.", "build",
              player="Bob", space="Slottsplassen")
    g.do("sell_building", player="Bob", space="Slottsplassen")  # back to 4 houses
    bank = g.snap()["bank"]
    assert (bank["houses"], bank["hotels"], bank["castles"]) == (36, 15, 1)


def test_m20_shipping_companies_are_rented_like_lots_and_never_built_on(g: MMGame) -> None:
    rederi = "rederi #5"  # the name is entered at the table; its values here are TEST values
    g.do("edition_value", space=rederi, field="price", value=30_000, date=DAY)
    g.do("edition_value", space=rederi, field="rents",
         value=[25_000, 30_000, 40_000, 50_000, 60_000], date=DAY)
    g.do("edition_value", space=rederi, field="mortgage", value=15_000, date=DAY)  # h21
    g.do("buy", player="Bob", space=rederi)
    levels = {s: v["level"] for s, v in g.snap()["stocks"].items()}
    g.do("land", player="Alice", space=rederi)
    g.do("claim", player="Bob")
    assert g.cash("Bob") == 150_000 - 30_000 + 25_000
    assert {s: v["level"] for s, v in g.snap()["stocks"].items()} == levels  # no series
    g.turn_of("Bob")  # M19: Bob builds on his turn, after Ola
    g.refused(RuleBroken, "rederi #5 is not a street: only streets take houses.", "build",
              player="Bob", space=rederi)


def test_m22_the_tally(g: MMGame) -> None:
    g.do("debt_note", player="Alice")
    g.own("Alice", "Kirkeveien", "Karl Johans gate", "Aker Brygge")
    g.do("mortgage", player="Alice", space="Karl Johans gate")
    row = g.snap()["tally"]["players"]["Alice"]
    assert {k: row[k] for k in ("cash", "deeds", "mortgaged", "buildings", "shares", "notes",
                                "debts", "total")} == {
        "cash": 150_000 - 20_000 - 60_000 - 80_000 + 30_000 + 50_000,
        "deeds": 20_000 + 2 * 40_000,  # Aker Brygge: twice its mortgage value
        "mortgaged": 30_000, "buildings": 0, "shares": START_SHARES, "notes": 50_000,
        "debts": 0, "total": 322_000}
    used = {(u["name"], u["field"]) for u in g.snap()["tally"]["unverified"]}
    assert used == {("Kirkeveien", "price"), ("Karl Johans gate", "mortgage"),
                    ("Aker Brygge", "mortgage")}


def test_m22_a_multimillionaire_ends_the_game_at_once(g: MMGame) -> None:
    g.do("pay", **{"from": "bank", "to": "Alice",
                   "amount": 2_000_000 - 1 - 150_000 - START_SHARES})
    assert g.snap()["multimillionaire"] is None  # worth 1 999 999 kr
    g.do("pay", **{"from": "bank", "to": "Alice", "amount": 1})
    snap = g.snap()
    assert snap["multimillionaire"] == "Alice" and snap["game"]["over"]
    assert snap["tally"]["winner"] == "Alice" and snap["tally"]["players"]["Alice"][
        "total"] == 2_000_000
    g.refused(GameOver, "The game is over; only undo can change it now.", "next_turn")
    g.do("undo")
    assert g.snap()["multimillionaire"] is None and not g.snap()["game"]["over"]


def test_m22_a_rise_in_the_share_price_can_make_the_multimillionaire(g: MMGame) -> None:
    for seller in ("Bob", "Carol", "Dave"):
        g.do("sell_shares", player=seller, series="7", count=2)
    g.do("buy_shares", player="Alice", series="7", count=6)  # 8 shares: M10 too
    g.own("Bob", "Karl Johans gate")
    worth = g.player("Alice")["net_worth"]
    g.do("pay", **{"from": "bank", "to": "Alice", "amount": 1_970_000 - worth})
    g.do("land", player="Carol", space="Karl Johans gate")
    g.do("claim", player="Bob")  # +22 500 (M10) and 8 x 2 000 (M6): 2 008 500
    snap = g.snap()
    assert snap["multimillionaire"] == "Alice"
    assert snap["tally"]["players"]["Alice"]["total"] == 2_008_500


def test_m22_the_multimillionaire_ending_pays_open_claims_before_the_tally(
        table: Table) -> None:
    """M22 ends the game like every other ending (``ending.finish``): Bob's rent claim is
    still within its M11 window, so it is paid before the tally (its M6 move was made at
    the landing, so the ending does not move the board again)."""
    g = MMGame(table)
    g.own("Bob", "Karl Johans gate")
    g.do("land", player="Carol", space="Karl Johans gate")  # a 45 000 kr claim, open
    bob, carol = g.cash("Bob"), g.cash("Carol")
    g.do("pay", **{"from": "bank", "to": "Alice", "amount": 2_000_000 - 150_000 - START_SHARES})
    snap = g.snap()
    assert snap["game"]["over"] and snap["multimillionaire"] == "Alice"
    assert snap["claims"] == []
    assert (g.cash("Bob") - bob, carol - g.cash("Carol")) == (45_000, 45_000)
    assert snap["stocks"]["7"]["level"] == 12  # the landing moved series 7 up two (M6)
    tally = snap["tally"]
    assert tally["winner"] == "Alice"
    assert tally["players"]["Bob"]["cash"] == bob + 45_000
    events = [(e["type"], e.get("amount") or e.get("level") or e.get("player"))
              for e in table.history(g.id, 1)[0]["events"]]
    assert events == [("MoneyMoved", 1_678_000), ("Multimillionaire", "Alice"),
                      ("ClaimClosed", 45_000), ("MoneyMoved", 45_000), ("GameEnded", None)]

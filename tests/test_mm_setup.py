"""Multimillionær setup: start money, the shares, the stock board, the equipment
(docs/rules.md M1, M2, M3, M23; seed 003 "Forberedelser", "Spillet inneholder")."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.editions import load_edition
from companion.errors import BadCommand, RuleBroken
from companion.mechanics.notes.rules import MAX_NOTES
from companion.mechanics.stocks.rules import SHARES_PER_SERIES, series_ids
from companion.table import Table
from tests.kit import MMGame

LADDER = [1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000, 14000,
          16000, 18000, 20000, 22000, 25000, 28000, 30000, 32000, 34000, 36000, 38000,
          39000, 40000]


def test_m1_every_player_starts_with_150000_and_start_pays_nothing(tmp_path: Path) -> None:
    with MMGame(tmp_path) as g:
        assert {p["name"]: p["cash"] for p in g.snap()["players"]} == {
            "Alice": 150_000, "Bob": 150_000, "Carol": 150_000, "Dave": 150_000}
        g.refused(RuleBroken, "Passing Start pays nothing in this edition.", "pass_start",
                  player="Alice")
        g.do("ola_land", space="Start")
        g.do("land", player="Alice", space="Start")
        assert g.cash("Alice") == 150_000


@pytest.mark.parametrize(("players", "each", "bank"), [
    (("Alice", "Bob"), 5, 0),
    (("Alice", "Bob", "Carol"), 3, 1),
    (("Alice", "Bob", "Carol", "Dave"), 2, 2),  # M2: "4 players: 2 each, 2 in the bank"
    (("Alice", "Bob", "Carol", "Dave", "Eve"), 2, 0),
    (("Alice", "Bob", "Carol", "Dave", "Eve", "Finn"), 1, 4),
])
def test_m2_shares_of_every_series_are_split_evenly(tmp_path: Path, players: tuple[str, ...],
                                                    each: int, bank: int) -> None:
    with MMGame(tmp_path, players) as g:
        snap = g.snap()
        series = [str(n) for n in range(1, 11)]
        for row in snap["players"]:
            assert row["shares"] == {s: each for s in series}
        assert snap["bank"]["shares"] == ({s: bank for s in series} if bank else {})


def test_m3_the_board_starts_on_the_transcribed_levels(tmp_path: Path) -> None:
    with MMGame(tmp_path) as g:
        stocks = g.snap()["stocks"]
        assert list(stocks) == [str(n) for n in range(1, 11)]
        assert [stocks[s]["price"] for s in stocks] == [
            4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000, 14000]
        assert [stocks[s]["level"] for s in stocks] == [4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
        assert not any(s["suspended"] for s in stocks.values())
        assert list(load_edition("multimillionaer").settings.share_prices) == LADDER


def test_m3_the_banker_picks_the_other_reading_or_sets_a_series(tmp_path: Path) -> None:
    with MMGame(tmp_path) as g:
        g.do("stock_level", reading="alt")
        assert [s["price"] for s in g.snap()["stocks"].values()] == [
            3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000]
        g.do("stock_level", series=5, level=0)  # level 0 = suspended
        assert g.snap()["stocks"]["5"] == {"level": 0, "price": 0, "suspended": True}
        g.refused(RuleBroken, "The stock board already shows that.", "stock_level",
                  series="5", level=0)
        g.refused(BadCommand, "The level must be a whole number from 0 to 26.", "stock_level",
                  series="5", level=27)
        g.refused(BadCommand, "There is no series '11': the series are 1, 2, 3, 4, 5, 6, 7, "
                  "8, 9, 10.", "stock_level", series="11", level=3)
        g.refused(BadCommand, "Name the series by its number: the series are 1, 2, 3, 4, 5, "
                  "6, 7, 8, 9, 10.", "stock_level", series=True, level=3)  # not "True" (h21)
        g.refused(BadCommand, "Give either 'series' and 'level', or 'reading' (transcribed "
                  "or alt).", "stock_level")


def test_m23_the_box(tmp_path: Path) -> None:
    edition = load_edition("multimillionaer")
    assert (edition.houses, edition.hotels, edition.settings.castle_on) == (
        40, 16, "Slottsplassen")
    assert len(edition.deeds) == 29
    assert len(series_ids(edition)) * SHARES_PER_SERIES == 100
    assert edition.settings.max_players * MAX_NOTES == 18  # 18 notes: never short
    with MMGame(tmp_path) as g:
        assert g.snap()["bank"]["castles"] == 1
        with pytest.raises(BadCommand, match="A game needs 2 to 6 players."):
            g.table.execute({"cmd": "new_game", "edition": "multimillionaer",
                             "players": ["A", "B", "C", "D", "E", "F", "G"]})


def test_other_editions_refuse_the_multimillionaer_commands(tmp_path: Path) -> None:
    table = Table.open(tmp_path / "t.sqlite3")
    game = table.execute({"cmd": "new_game", "players": ["Alice", "Bob"]}).game_id
    snap = table.snapshot(game)
    assert snap["stocks"] == {} and snap["market"] is None and snap["turn"]["phase"] == "car"
    for command in ({"cmd": "ola_land", "space": 1}, {"cmd": "debt_note", "player": "Alice"},
                    {"cmd": "buy_shares", "player": "Alice", "series": 1}):
        with pytest.raises(RuleBroken, match="That is a Multimillionær rule"):
            table.execute(command, game_id=game)
    assert table.snapshot(game) == snap
    table.close()

"""Quick and timed games and the tally: docs/rules.md C22, C23, C24 (NO 1996 values)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from companion.errors import BadCommand
from companion.table import Table
from tests.kit import Game

DEAL = {"Alice": ["Parkveien", "Kirkeveien"], "Bob": ["Grensen", "Gabels gate"],
        "Carol": ["Oslo S", "Ringgata"]}


def test_c23_deal_two_deeds_each_paid_at_once(tmp_path: Path) -> None:
    with Game(tmp_path, variant="quick", deal=DEAL) as g:
        assert [g.cash(n) for n in ("Alice", "Bob", "Carol")] == [27_600, 22_800, 22_000]
        assert [s["name"] for s in g.player("Bob")["spaces"]] == ["Grensen", "Gabels gate"]


def test_c23_random_deal_is_recorded_and_replays_the_same(tmp_path: Path) -> None:
    with Game(tmp_path, variant="quick") as g:
        snap = g.snap()
        owned = [s["index"] for p in snap["players"] for s in p["spaces"]]
        assert len(owned) == 6 and len(set(owned)) == 6
        for p in snap["players"]:
            prices = sum(g.table.state(g.id).ed.space(s["index"]).price or 0
                         for s in p["spaces"])
            assert p["cash"] == 30_000 - prices
    again = Table.open(tmp_path / "table.sqlite3")  # refold from the log
    try:
        assert again.snapshot(g.id, with_tally=True) == snap
    finally:
        again.close()


def test_c23_bad_deals_are_refused(tmp_path: Path) -> None:
    table = Table.open(tmp_path / "t.sqlite3")
    try:
        base = {"cmd": "new_game", "players": ["Alice", "Bob", "Carol"], "variant": "quick"}
        bad = {**DEAL, "Bob": ["Grensen"]}
        with pytest.raises(BadCommand, match="^Deal exactly two deeds to Bob.$"):
            table.execute({**base, "deal": bad})
        with pytest.raises(BadCommand, match="^A deed is dealt twice.$"):
            table.execute({**base, "deal": {**DEAL, "Bob": ["Grensen", "Parkveien"]}})
        with pytest.raises(BadCommand, match="^Deeds are dealt only in quick and timed games.$"):
            table.execute({**base, "variant": "standard", "deal": DEAL})
        with pytest.raises(BadCommand, match="^Name each deed dealt by its name or its "
                                             "number on the board.$"):  # true is not deed 1
            table.execute({**base, "deal": {**DEAL, "Bob": [True, "Grensen"]}})
        assert table.game_ids() == []
    finally:
        table.close()


def test_c23_three_house_hotels_and_the_tally(tmp_path: Path) -> None:
    with Game(tmp_path, variant="quick", deal=DEAL) as g:
        for space in ("Parkveien", "Kirkeveien") * 3:
            g.do("build", player="Alice", space=space)
        g.do("build", player="Alice", space="Parkveien")  # the hotel on 3 houses
        deed = g.deed(1)
        assert deed is not None and deed.hotel
        assert (g.snap()["bank"]["houses"], g.snap()["bank"]["hotels"]) == (29, 11)
        g.do("mortgage", player="Carol", space="Oslo S")
        tally = g.snap()["tally"]["players"]
        alice = {k: tally["Alice"][k] for k in ("cash", "deeds", "mortgaged", "buildings")}
        assert alice == {"cash": 27_600 - 7000, "deeds": 2400, "mortgaged": 0,
                         "buildings": 4000 + 3000}  # hotel = its price + 3 houses before
        assert tally["Alice"]["total"] == 30_000
        assert tally["Carol"]["mortgaged"] == 2000 and tally["Carol"]["deeds"] == 4000
        cash = g.cash("Alice")
        g.do("sell_building", player="Alice", space="Parkveien")  # back to 3 houses
        deed = g.deed(1)
        assert g.cash("Alice") == cash + 500 and deed is not None and deed.houses == 3


def test_c23_quick_game_ends_at_the_first_bankruptcy(tmp_path: Path) -> None:
    with Game(tmp_path, variant="quick", deal=DEAL) as g:
        g.do("mortgage", player="Carol", space="Oslo S")
        g.do("mortgage", player="Carol", space="Ringgata")
        g.take("Carol", g.cash("Carol"))
        g.do("pass_start", player="Alice")
        g.do("land", player="Carol", space="Inntektsskatt")
        g.do("bankrupt", player="Carol", creditor="bank")
        snap = g.snap()
        assert snap["game"]["over"]  # NO: quick_ends_at_first_bankruptcy
        assert snap["tally"]["winner"] == "Alice"
        assert snap["tally"]["players"]["Alice"]["total"] == 27_600 + 4000 + 2400
        assert snap["tally"]["players"]["Bob"]["total"] == 22_800 + 7200


def test_c24_timed_game_records_its_end_and_the_richest_wins(tmp_path: Path) -> None:
    before = time.time()
    with Game(tmp_path, variant="timed", minutes=90) as g:
        game = g.snap()["game"]
        assert game["minutes"] == 90
        assert before + 5400 <= game["ends_at"] <= time.time() + 5400
        assert g.player("Alice")["spaces"] == []  # dealing is optional in a timed game
        g.buy("Bob", "Rådhusplassen")
        g.give("Bob", 100)
        g.do("end_game")
        snap = g.snap()
        assert snap["game"]["over"] and snap["tally"]["winner"] == "Bob"
        assert snap["tally"]["players"]["Bob"]["total"] == 30_100
    with Game(tmp_path / "2", variant="timed", minutes=30, deal="random") as g:
        assert all(len(p["spaces"]) == 2 for p in g.snap()["players"])
    table = Table.open(tmp_path / "t.sqlite3")
    try:
        with pytest.raises(BadCommand, match="^A timed game needs 'minutes'"):
            table.execute({"cmd": "new_game", "players": ["A", "B"], "variant": "timed"})
    finally:
        table.close()


def test_c22_richest_wins_when_the_game_is_stopped_a_tie_names_none(tmp_path: Path) -> None:
    with Game(tmp_path) as g:
        g.do("end_game")
        assert g.snap()["tally"]["winner"] is None

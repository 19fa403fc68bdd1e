"""A full classic game replayed from tests/replays/classic_full_game.jsonl (docs/rules.md C1–C22).

Alice, Bob and Carol play NO 1996 from setup until Bob, then Carol, go bankrupt to Alice;
the tally's figures are the rules' (C23 breakdown, C22 last standing).
"""

from __future__ import annotations

from pathlib import Path

from companion import events as ev
from companion.replay import replay_file, replay_into
from companion.table import Table

GAME = Path(__file__).parent / "replays" / "classic_full_game.jsonl"


def test_c22_full_game_ends_with_alice_last_standing_and_the_tally() -> None:
    state, rejected = replay_file(GAME)
    assert rejected == []
    assert state is not None and state["game"]["over"]
    tally = state["tally"]
    assert tally["winner"] == "Alice"
    alice = {k: tally["players"]["Alice"][k]
             for k in ("cash", "deeds", "mortgaged", "buildings", "debts", "total")}
    assert alice == {
        "cash": 31_250,
        # Kirkeveien, Nedre Slottsgate, Trondheimsveien, Nobels gate, Gabels gate,
        # Grorud stasjon, Karl Johans gate (lifted at once), Bryn stasjon: printed prices
        "deeds": 1200 + 2800 + 2800 + 3200 + 3600 + 4000 + 5200 + 4000,
        # Oslo S, Kongens gate, Øvre Slottsgate, Grensen, Ringgata, Bygdøy allé, Skarpsno,
        # Vannverket: mortgaged, at half the printed price (C23)
        "mortgaged": 2000 + 1000 + 1200 + 1800 + 2000 + 2200 + 2200 + 1500,
        # three hotels on the pink group: hotel + the 4 houses before, 2 000 each (C23)
        "buildings": 3 * 5 * 2000,
        "debts": 0,
        "total": 101_950,
    }
    for loser in ("Bob", "Carol"):
        assert tally["players"][loser]["total"] == 0
    bankrupt = {p["name"]: p["bankrupt"] for p in state["players"]}
    assert bankrupt == {"Alice": False, "Bob": True, "Carol": True}
    bank = state["bank"]
    assert bank["paid_out"] - bank["paid_in"] == 31_250  # every krone accounted for
    assert (bank["houses"], bank["hotels"]) == (32, 9)
    assert state["players"][0]["jail_cards"] == 1  # Carol's card passed to Alice


def test_c21_c19_what_alice_paid_for_mortgaged_deeds_and_the_log_refolds(tmp_path: Path) -> None:
    table = Table.open(tmp_path / "replay.sqlite3")
    try:
        game_id, rejected = replay_into(table, GAME.read_text(encoding="utf-8").splitlines())
        assert rejected == [] and game_id is not None
        paid = [(e.amount, e.memo) for row in table.history(game_id, limit=400)
                if row["command"]["cmd"] == "bankrupt"
                for e in map(ev.from_dict, row["events"])
                if isinstance(e, ev.MoneyMoved) and e.payer == "Alice"]
        live = table.snapshot(game_id, with_tally=True)
    finally:
        table.close()
    again = Table.open(tmp_path / "replay.sqlite3")  # every event refolds from the log
    try:
        assert again.snapshot(game_id, with_tally=True) == live
    finally:
        again.close()
    assert sorted(paid) == sorted([
        (200, "10 % on mortgaged Oslo S"), (180, "10 % on mortgaged Grensen"),
        (200, "10 % on mortgaged Ringgata"), (2860, "lifted Karl Johans gate"),
        (150, "10 % on mortgaged Vannverket"),
        (100, "10 % on mortgaged Kongens gate"), (120, "10 % on mortgaged Øvre Slottsgate"),
        (220, "10 % on mortgaged Bygdøy allé"), (220, "10 % on mortgaged Skarpsno"),
    ])

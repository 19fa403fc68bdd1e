"""A four-player Multimillionær game replayed from its log (issue 6 "Done means"): Ola
Nordmann, shares, Børsen, a forgotten interest pointed out, a note redeemed and a
multimillionaire ending, with the M22 tally checked by hand."""

from __future__ import annotations

from pathlib import Path

from companion.replay import replay_file
from companion.table import Table
from tests.kit import MMGame

GAME = Path(__file__).parent / "replays" / "multimillionaer_game.jsonl"
OTHER_SERIES = 2 * sum((4_000, 5_000, 6_000, 7_000, 8_000, 9_000, 11_000, 12_000, 14_000))


def test_the_replayed_game_ends_with_a_multimillionaire() -> None:
    state, rejected = replay_file(GAME)
    assert rejected == [] and state is not None
    assert state["game"]["over"] and state["multimillionaire"] == "Carol"
    # Series 7: 10 -> 12 (45 000 kr rent) -> 13 (Ola's 20 000) -> 15 (Ola's 45 000) (M6).
    assert state["stocks"]["7"] == {"level": 15, "price": 18_000, "suspended": False}
    players = {p["name"]: p for p in state["players"]}
    assert {n: p["shares"]["7"] for n, p in players.items()} == {
        "Alice": 4, "Bob": 1, "Carol": 2, "Dave": 3}  # Børsen twice, the bank's two (M7, M8)
    assert {n: p["debt_notes"] for n, p in players.items()} == {
        "Alice": 0, "Bob": 0, "Carol": 0, "Dave": 0}  # Alice's note redeemed (M18)
    tally = state["tally"]
    assert tally["winner"] == "Carol"
    rows = {n: {k: r[k] for k in ("cash", "deeds", "shares", "notes", "total")}
            for n, r in tally["players"].items()}
    assert rows == {
        # 150 000 + 50 000 note - 2 500 interest - 20 000 Kirkeveien + 1 000 Ola's rent
        # - 48 000 Børsen - 2 500 - 2 500 penalty (M18) - 50 000 redeemed - 15 000 Grensen
        # deeds: Kirkeveien 20 000 + Grensen's board value 30 000 (M22; TEST values)
        "Alice": {"cash": 60_500, "deeds": 50_000, "shares": OTHER_SERIES + 4 * 18_000,
                  "notes": 0, "total": 334_500},
        # - 20 000 Børsen + 48 000 from Alice's Børsen + 2 500 penalty + 20 000 from Ola
        "Bob": {"cash": 144_500, "deeds": 56_000, "shares": OTHER_SERIES + 18_000,
                "notes": 0, "total": 370_500},
        # - 60 000 auction - 9 000 Skatt (10 % of 90 000) + 45 000 + 900 000 casino
        # + 45 000 Ola + 720 000 casino
        "Carol": {"cash": 1_791_000, "deeds": 60_000, "shares": OTHER_SERIES + 2 * 18_000,
                  "notes": 0, "total": 2_039_000},
        # + 20 000 Børsen - 45 000 rent - 24 000 two shares from the bank
        "Dave": {"cash": 101_000, "deeds": 0, "shares": OTHER_SERIES + 3 * 18_000,
                 "notes": 0, "total": 307_000},
    }
    # Grensen's price was asked before it went at auction (h21): nothing is missing.
    assert tally["missing"] == []
    assert {"space": 13, "name": "Grensen", "field": "price",
            "provenance": "table 2026-11-30"} in tally["unverified"]


def test_a_restart_refolds_every_multimillionaer_event(tmp_path: Path) -> None:
    game = MMGame(tmp_path)
    game.do("debt_note", player="Alice")
    game.do("ola_land", space="Trafikkfyr")
    game.do("land", player="Alice", space="Børsen")
    game.do("borsen_buy", player="Alice", from_="Bob", series="3", count=2)
    game.do("next_turn")
    game.do("point_out", player="Carol", debtor="Alice")
    game.do("ola_land", space="Kirkeveien")  # an auction: nobody owns it
    before = game.snap()
    game.table.close()
    table = Table.open(tmp_path / "table.sqlite3")
    assert table.snapshot(game.id, with_tally=True) == before
    table.close()

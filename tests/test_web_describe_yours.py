"""Why the reader's own money moved, in the second person (web/describe/yours.py, issue 16
point 5), from a real game of the classic NO 1996 edition: amounts from its deeds
(docs/rules.md "Edition values": the standard deeds ×20)."""

from __future__ import annotations

from pathlib import Path

from companion.table import Table
from tests.kit import Game, open_table
from web.describe import yours_rows


def _yours(table: Table, game: Game, viewer: str) -> list[str]:
    rows = table.history(game.id, 1)
    return [line.replace("\u00a0", " ").replace("\u202f", " ")
            for line in yours_rows(table, game.id, rows, viewer)[0]]


def test_c5_the_payer_and_the_owner_are_told_the_rent_in_their_own_words(
        tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Kari", "Åse", "Ola"])
    game.do("buy", player="Kari", space="Oslo S")
    game.do("land", player="Åse", space="Oslo S")
    game.phone("Kari", "claim", player="Kari")
    # one station: 25 × 20 = 500 kr
    assert _yours(table, game, "Åse") == ["You paid Kari 500 kr in rent for Oslo S."]
    assert _yours(table, game, "Kari") == ["Åse paid you 500 kr in rent for Oslo S."]
    assert _yours(table, game, "Ola") == []


def test_c5_the_owner_is_told_whose_roll_let_the_rent_lapse(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Kari", "Åse", "Ola"])
    game.do("buy", player="Kari", space="Oslo S")
    game.do("land", player="Ola", space="Oslo S")  # Ola is not to roll: Kari is
    game.do("next_turn")  # C5: the claim lapses when Åse, next after Kari, is to roll
    assert _yours(table, game, "Kari") == ["The rent for Oslo S lapsed — Åse is to roll."]
    assert _yours(table, game, "Ola") == []


def test_c2_c11_start_bonus_and_tax_name_their_reason(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Kari", "Åse"])
    game.do("buy", player="Kari", space="Oslo S")
    assert _yours(table, game, "Kari") == ["You paid the bank 4 000 kr (buying Oslo S)."]
    game.do("land", player="Kari", space="Inntektsskatt")
    assert _yours(table, game, "Kari") == ["You paid the bank 4 000 kr (Inntektsskatt)."]
    game.do("pass_start", player="Kari")
    assert _yours(table, game, "Kari") == ["The bank paid you 4 000 kr (Start bonus)."]


def test_c5_an_undone_rent_is_told_to_both_phones_as_undone(tmp_path: Path) -> None:
    """Issue 16 point 5: the banker's undo of the claim gives the 500 kr back (one station
    ×20); each phone hears it in its own words, after "Undone:"."""
    table = open_table(tmp_path)
    game = Game(table, ["Kari", "Åse", "Ola"])
    game.do("buy", player="Kari", space="Oslo S")
    game.do("land", player="Åse", space="Oslo S")
    game.phone("Kari", "claim", player="Kari")
    game.do("undo")
    assert game.cashes() == {"Kari": 26_000, "Åse": 30_000, "Ola": 30_000}
    assert _yours(table, game, "Åse") == ["Undone: You paid Kari 500 kr in rent for Oslo S."]
    assert _yours(table, game, "Kari") == ["Undone: Åse paid you 500 kr in rent for Oslo S."]
    assert _yours(table, game, "Ola") == []

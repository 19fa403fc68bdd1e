"""Multimillionær readings where the rule book leaves a choice, each an edition setting
(seed 003; docs/rules.md M15, M22; docs/table-log-multimillionaer.md "State").

- M22 "Eventuelle lån skal trekkes fra": ``worth_less_mortgages`` (default False: the debt
  notes are the loans subtracted; a mortgaged lot counts its mortgage value).
- M15 Trafikkfyr "Dette gjelder også for Ola Nordmann": ``ola_light_turns`` (default
  ``"next_turn"``: Ola's next move).

Deed values: TEST values (tests/kit.py DEEDS).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from companion.editions import EditionProblems
from companion.table import Table
from tests.kit import MMGame

MM = "multimillionaer"


def family_copy(table: Table, **settings: object) -> str:
    """The family's copy of Multimillionær with ``settings`` changed (as the editor saves),
    under an id of its own (a built-in id is never shadowed, issue 17 point 2); its id."""
    edition = table.editions.get(MM)
    table.editions.save(dataclasses.replace(
        edition, id="our-mm", settings=dataclasses.replace(edition.settings, **settings)))
    return "our-mm"


def worth_row(g: MMGame, name: str) -> dict[str, int]:
    row = g.snap()["tally"]["players"][name]
    return {k: row[k] for k in ("mortgaged", "notes", "mortgage_loans", "total")}


def test_m22_a_mortgaged_lot_counts_its_mortgage_value_and_its_loan_is_not_subtracted(
        tmp_path: Path) -> None:
    g = MMGame(tmp_path)
    g.own("Alice", "Karl Johans gate")  # price 60 000, mortgage 30 000 (test values)
    before = worth_row(g, "Alice")["total"]
    g.do("mortgage", player="Alice", space="Karl Johans gate")
    g.do("debt_note", player="Alice")  # a loan of 50 000 kr, subtracted (M22)
    row = worth_row(g, "Alice")
    assert row == {"mortgaged": 30_000, "notes": 50_000, "mortgage_loans": 0,
                   "total": before}  # mortgaging, like a note, leaves the worth unchanged
    g.table.close()


def test_m22_worth_less_mortgages_subtracts_each_mortgage_loan_too(tmp_path: Path) -> None:
    table = Table.open(tmp_path / "table.sqlite3")
    g = MMGame(table, edition=family_copy(table, worth_less_mortgages=True))
    g.own("Alice", "Karl Johans gate")
    before = worth_row(g, "Alice")["total"]
    g.do("mortgage", player="Alice", space="Karl Johans gate")
    g.do("debt_note", player="Alice")
    assert worth_row(g, "Alice") == {"mortgaged": 30_000, "notes": 50_000,
                                     "mortgage_loans": 30_000, "total": before - 30_000}
    table.close()


def ola_on_kirkeveien(g: MMGame) -> bool:
    """The next turn: Ola lands on Bob's Kirkeveien; True when the bank owes rent."""
    g.do("next_turn")
    claims = len(g.snap()["claims"])
    g.do("ola_land", space="Kirkeveien")
    return len(g.snap()["claims"]) > claims


def test_m15_ola_rides_free_during_the_next_turn_only(tmp_path: Path) -> None:
    g = MMGame(tmp_path)
    g.own("Bob", "Kirkeveien")
    g.do("ola_land", space="Trafikkfyr")  # turn 0
    assert [ola_on_kirkeveien(g) for _ in range(2)] == [False, True]  # turns 1, 2
    g.table.close()


def test_m15_ola_light_next_round_frees_ola_for_every_turn_of_the_round(
        tmp_path: Path) -> None:
    table = Table.open(tmp_path / "table.sqlite3")
    # Four players: a round is four turns.
    g = MMGame(table, edition=family_copy(table, ola_light_turns="next_round"))
    g.own("Bob", "Kirkeveien")
    g.do("ola_land", space="Trafikkfyr")  # turn 0
    assert [ola_on_kirkeveien(g) for _ in range(5)] == [False] * 4 + [True]  # turns 1–5
    table.close()


def test_m15_m22_a_reading_the_settings_do_not_know_is_refused_and_nothing_stored(
        tmp_path: Path) -> None:
    table = Table.open(tmp_path / "table.sqlite3")
    with pytest.raises(EditionProblems, match="ola_light_turns"):
        family_copy(table, ola_light_turns="forever")
    assert not table.editions.is_stored(MM)
    assert table.editions.get(MM).settings.ola_light_turns == "next_turn"
    table.close()

"""Typed facts on the events (issue 14 point 4): every money movement says why
(``reason``) and where (``space``), a closed rent claim carries its claim, and logs written
before these fields still fold to the same state (docs/rules.md C5, C21)."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from companion import events as ev
from companion.replay import replay_into
from companion.table import Table
from tests.kit import Game, open_table

REPLAYS = Path(__file__).parent / "replays"
REASONS = set(typing.get_args(ev.Reason)) - {""}


def _replayed_events(tmp_path: Path, name: str) -> list[ev.Event]:
    table = Table.open(tmp_path / f"{name}.sqlite3")
    try:
        game_id, rejected = replay_into(table, (REPLAYS / name).read_text("utf-8").splitlines())
        assert rejected == [] and game_id is not None
        return [e for row in table.store.rows(game_id) for e in row.events]
    finally:
        table.close()


@pytest.mark.parametrize("name", ["opening.jsonl", "classic_full_game.jsonl",
                                  "multimillionaer_game.jsonl", "wonders_full_passport.jsonl"])
def test_c21_every_money_movement_of_a_replay_names_its_reason(tmp_path: Path,
                                                              name: str) -> None:
    moved = [e for e in _replayed_events(tmp_path, name)
             if isinstance(e, ev.MoneyMoved | ev.DebtOpened)]
    assert moved
    assert {e.reason for e in moved} <= REASONS
    rents = [e for e in moved if e.reason == "rent"]
    assert rents and all(e.space is not None for e in rents)


def test_c5_a_claimed_rent_closes_with_its_owner_payer_space_and_amount(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Alice", "Bob"])
    game.do("land", player="Alice", space="Kongens gate")
    game.do("buy", player="Alice", space="Kongens gate")
    game.do("next_turn")
    game.do("land", player="Bob", space="Kongens gate")
    done = game.do("claim", player="Alice")
    closed = [e for e in done.events if isinstance(e, ev.ClaimClosed)]
    paid = [e for e in done.events if isinstance(e, ev.MoneyMoved)]
    # NO 1996: Kongens gate (board index 6) rents 120 kr unbuilt, the group not whole
    assert closed == [ev.ClaimClosed(1, "claimed", "Alice", "Bob", 6, 120)]
    assert [(e.payer, e.payee, e.amount, e.reason, e.space) for e in paid] == [
        ("Bob", "Alice", 120, "rent", 6)]
    table.close()


def test_m11_c5_a_lapsed_claim_closes_with_its_facts(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Alice", "Bob"])
    game.do("land", player="Alice", space="Kongens gate")
    game.do("buy", player="Alice", space="Kongens gate")
    game.do("next_turn")
    game.do("land", player="Bob", space="Kongens gate")
    done = game.do("next_turn")  # C5: not claimed before the next player's turn
    closed = [e for e in done.events if isinstance(e, ev.ClaimClosed)]
    assert closed == [ev.ClaimClosed(1, "lapsed", "Alice", "Bob", 6, 120)]
    table.close()


def test_c21_events_logged_before_the_facts_still_read() -> None:
    old = {"type": "MoneyMoved", "payer": "bank", "payee": "Bob", "amount": 4000,
           "memo": "passed Start"}
    assert ev.from_dict(old) == ev.MoneyMoved("bank", "Bob", 4000, "passed Start", "", None)
    assert ev.from_dict({"type": "ClaimClosed", "claim": 2, "how": "lapsed"}) == \
        ev.ClaimClosed(2, "lapsed", "", "", None, 0)
    debt = ev.from_dict({"type": "DebtOpened", "debtor": "Bob", "creditor": "bank",
                         "amount": 5, "memo": "tax"})
    assert isinstance(debt, ev.DebtOpened) and (debt.reason, debt.space) == ("", None)


def test_c5_the_table_says_what_undo_would_reverse(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Alice", "Bob"])
    assert table.undo_target(game.id) is None  # only the game's start: nothing to undo
    game.do("land", player="Alice", space="Kongens gate")
    bought = game.do("buy", player="Alice", space="Kongens gate")
    assert table.undo_target(game.id) == bought.seq
    game.do("undo")
    assert table.undo_target(game.id) == bought.seq - 1  # the landing is next
    game.do("undo")
    assert table.undo_target(game.id) is None
    table.close()


def test_c23_the_worth_series_is_the_cores_and_leaves_out_undone_commands(
        tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Alice", "Bob"])
    game.do("pay", from_="Bob", to="bank", amount=100)
    game.do("pay", from_="Bob", to="bank", amount=5000)
    game.do("undo")
    game.do("buy", player="Alice", space="Kongens gate")
    series = table.worth_series(game.id)
    assert [p.seq for p in series] == [1, 2, 5]
    # C1: 30 000 each; C23: a deed counts at its printed price (Kongens gate 2 000)
    assert [p.totals for p in series] == [{"Alice": 30_000, "Bob": 30_000},
                                          {"Alice": 30_000, "Bob": 29_900},
                                          {"Alice": 30_000, "Bob": 29_900}]
    table.close()

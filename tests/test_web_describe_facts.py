"""The history's words read the events' typed facts (web/describe/, issue 14 point 4): a
payment is told by its ``reason`` and ``space``, never by parsing its memo; a closed rent
claim by its own fields; logs written before these fields are still told as before
(web/describe/legacy.py).  Outside a request the words are English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.table import Table
from tests.kit import Game, open_table
from web.describe import Context, describe

PARKVEIEN, INNTEKTSSKATT = 1, 4  # board indices of the NO 1996 edition


def _said(table: Table, game: Game, cmd: str, *events: dict[str, Any]) -> str:
    seq = table.state(game.id).seq + 1
    row = {"seq": seq, "command": {"cmd": cmd}, "events": list(events)}
    text = describe(Context(table, game.id), row)
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _moved(payer: str, payee: str, amount: int, memo: str, **facts: Any) -> dict[str, Any]:
    return {"type": "MoneyMoved", "payer": payer, "payee": payee, "amount": amount,
            "memo": memo, **facts}


def test_c5_c11_a_payment_is_told_by_its_reason_not_its_memo(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Mor", "Far"])
    rent = _moved("Far", "Mor", 80, "words the core once wrote", reason="rent",
                  space=PARKVEIEN)
    tax = _moved("Far", "bank", 4000, "", reason="tax", space=INNTEKTSSKATT)
    bet = _moved("Far", "bank", 500, "Casino bet", reason="casino_bet")
    settled = _moved("Far", "Mor", 10, "", reason="debt")
    assert _said(table, game, "odd", rent, tax, bet, settled) == (
        "Far paid Mor 80 kr (rent on Parkveien). Far paid the bank 4 000 kr (Inntektsskatt). "
        "Far paid the bank 500 kr.")
    table.close()


def test_c2_c13_payments_logged_without_a_reason_are_read_by_their_memo(
        tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Mor", "Far"])
    old = [_moved("bank", "Far", 4000, "passed Start"), _moved("Far", "bank", 1000, "jail fine"),
           _moved("Far", "Mor", 80, "rent Parkveien"), _moved("Far", "Mor", 5, "debt: rent"),
           _moved("Far", "bank", 3, "Casino bet")]
    assert _said(table, game, "odd", *old) == (
        "The bank paid Far 4 000 kr (Start bonus). Far paid the bank 1 000 kr (jail fine). "
        "Far paid Mor 80 kr (rent on Parkveien). Far paid the bank 3 kr.")
    table.close()


def test_c5_a_closed_claim_is_told_from_its_own_fields(tmp_path: Path) -> None:
    """No ``ClaimOpened`` is in this log: the words come from the ``ClaimClosed`` alone."""
    table = open_table(tmp_path)
    game = Game(table, ["Mor", "Far"])
    closed = {"type": "ClaimClosed", "claim": 7, "how": "lapsed", "owner": "Mor",
              "payer": "Far", "space": PARKVEIEN, "amount": 80}
    assert _said(table, game, "next_turn", closed) == (
        "Rent of 80 kr on Parkveien lapsed: Mor did not claim it from Far in time.")
    table.close()


def test_c5_a_claim_closed_in_an_old_log_is_found_by_its_id(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Mor", "Far"])
    for lot in ("Parkveien", "Kirkeveien"):
        game.do("buy", player="Mor", space=lot)
    game.do("land", player="Far", space="Parkveien")  # C6: 2 × 40 kr, a whole group
    old = {"type": "ClaimClosed", "claim": 1, "how": "lapsed"}
    assert _said(table, game, "next_turn", old) == (
        "Rent of 80 kr on Parkveien lapsed: Mor did not claim it from Far in time.")
    table.close()

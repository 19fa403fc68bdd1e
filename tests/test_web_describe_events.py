"""The history's words come from the events' own facts, never the command's fields or memo
text (web/describe/, issue 14 point 4): a lot's ``owner`` on ``BuildingsSet`` /
``MortgageSet``, who closed a trade, who pointed out missed interest, a stock move's prices;
and logs written before these fields still fold and read as before (web/describe/legacy.py).
Outside a request the words are English."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.table import Table
from tests.kit import Game, MMGame, open_table
from web.describe import Context, describe, describe_rows

PARKVEIEN = 1  # board index in the NO 1996 edition

#: The fields issue 14 added, by event type: a log written before them lacks them.
NEW_FIELDS = {"BuildingsSet": ("owner",), "MortgageSet": ("owner",), "TradeClosed": ("by",),
              "InterestClosed": ("by",), "StockMoved": ("cause", "was", "price", "was_price")}


def _plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _said(table: Table, game: Game, command: dict[str, Any], *events: dict[str, Any]) -> str:
    """The words for one made-up row: ``command`` and ``events`` that disagree on purpose."""
    row = {"seq": table.state(game.id).seq + 1, "command": command, "events": list(events)}
    return _plain(describe(Context(table, game.id), row))


def _told(table: Table, game_id: str) -> list[str]:
    """The history of the game, oldest first, as the API tells it."""
    rows = table.history(game_id, 500)
    return [_plain(t) for t in describe_rows(table, game_id, rows)]


def _make_old(path: Path) -> None:
    """Rewrite the stored log as a log written before the facts: the new fields dropped,
    ``InterestClosed.how`` in the old words ("pointed out by <name>")."""
    db = sqlite3.connect(path)
    for game_id, seq, body in db.execute("SELECT game_id, seq, events FROM log").fetchall():
        events = json.loads(body)
        for event in events:
            if event["type"] == "InterestClosed":
                event["how"] = f"pointed out by {event['by']}"
            for name in NEW_FIELDS.get(event["type"], ()):
                event.pop(name, None)
        db.execute("UPDATE log SET events = ? WHERE game_id = ? AND seq = ?",
                   (json.dumps(events, ensure_ascii=False), game_id, seq))
    db.commit()
    db.close()


def test_c14_c19_building_and_mortgage_are_told_by_the_events_owner(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Mor", "Far"])
    build = {"type": "BuildingsSet", "space": PARKVEIEN, "houses": 1, "hotel": False,
             "owner": "Mor"}
    cost = {"type": "MoneyMoved", "payer": "Mor", "payee": "bank", "amount": 500,
            "reason": "house", "space": PARKVEIEN}
    assert _said(table, game, {"cmd": "build", "player": "Far"}, cost, build) == (
        "Mor built on Parkveien (1 house) for 500 kr.")
    lent = {"type": "MoneyMoved", "payer": "bank", "payee": "Mor", "amount": 300,
            "reason": "mortgage", "space": PARKVEIEN}
    mortgaged = {"type": "MortgageSet", "space": PARKVEIEN, "mortgaged": True, "owner": "Mor"}
    assert _said(table, game, {"cmd": "mortgage", "player": "Far"}, mortgaged, lent) == (
        "Mor mortgaged Parkveien for 300 kr.")
    table.close()


def test_c18_m18_who_closed_a_trade_or_pointed_out_interest_is_the_events(
        tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Mor", "Far", "Ola"])
    closed = {"type": "TradeClosed", "trade": 1, "how": "accepted", "by": "Ola"}
    assert _said(table, game, {"cmd": "trade_accept", "player": "Far"}, closed) == (
        "Ola accepted the trade.")
    pointed = {"type": "InterestClosed", "player": "Mor", "how": "pointed_out", "by": "Ola"}
    assert _said(table, game, {"cmd": "point_out", "player": "Far", "debtor": "Far"},
                 pointed) == "Ola pointed out that Mor did not pay interest in time."
    table.close()


def test_m3_m6_a_stock_move_is_told_with_the_prices_it_carries(tmp_path: Path) -> None:
    game = MMGame(tmp_path)
    level = game.level("4")
    done = game.do("stock_level", series="4", level=level + 1)
    # M3: the edition's transcribed ladder rises 1 000 kr a level up to 12 000 kr
    assert [(e.was, e.level, e.was_price, e.price, e.cause) for e in done.events] == [
        (level, level + 1, 1000 * level, 1000 * (level + 1), "banker")]
    assert _told(game.table, game.id)[-1] == (
        f"Series 4: {level} 000 kr → {level + 1} 000 kr — move the marker.")  # issue 15.3
    made_up = {"type": "StockMoved", "series": "4", "level": 2, "cause": "rent", "was": 1,
               "price": 7000, "was_price": 6000}
    assert _said(game.table, game, {"cmd": "stock_level"}, made_up) == (
        "Series 4: 6 000 kr → 7 000 kr — move the marker.")
    game.table.close()


def test_c14_c18_c19_an_old_classic_log_folds_and_reads_as_before(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Mor", "Far"])
    game.buy("Mor", "Parkveien", "Kirkeveien")
    game.buy("Far", "Rådhusplassen")
    game.do("build", player="Mor", space="Parkveien")
    game.do("sell_building", player="Mor", space="Parkveien")
    game.do("mortgage", player="Far", space="Rådhusplassen")
    game.do("unmortgage", player="Far", space="Rådhusplassen")
    game.do("trade_propose", from_="Mor", parties={"Mor": {"cash": 100}, "Far": {}})
    game.do("trade_cancel", player="Far")
    told, state = _told(table, game.id), game.state()
    assert told[-6:] == [
        "Mor built on Parkveien (1 house) for 1 000 kr.",
        "Mor sold buildings on Parkveien (no buildings) for 500 kr.",
        "Far mortgaged Rådhusplassen for 4 000 kr.",  # seed 002: half of 8 000 kr
        "Far lifted the mortgage on Rådhusplassen for 4 400 kr.",  # C19: + 10 %
        "Mor offers Far a trade: Mor gives 100 kr; Far gives nothing.",
        "Far called the trade off."]
    table.close()
    _make_old(tmp_path / "table.sqlite3")
    table = open_table(tmp_path)
    assert table.snapshot(game.id) == state
    assert _told(table, game.id) == told
    table.close()


def test_m6_m18_an_old_multimillionaer_log_folds_and_reads_as_before(tmp_path: Path) -> None:
    game = MMGame(tmp_path)
    game.do("debt_note", player="Alice")
    game.do("ola_land", space="Start")
    game.do("land", player="Alice", space="Kirkeveien")  # the car moved: interest missed
    game.phone("Bob", "point_out", player="Bob", debtor="Alice")
    level = game.level("4")
    game.do("stock_level", series="4", level=level + 1)
    told, state = _told(game.table, game.id), game.state()
    assert told[-2] == "Bob pointed out that Alice did not pay interest in time. " \
        "Alice paid the bank 2 500 kr. Alice paid Bob 2 500 kr."
    game.table.close()
    _make_old(tmp_path / "table.sqlite3")
    table = open_table(tmp_path)
    assert table.snapshot(game.id) == state
    assert _told(table, game.id) == told  # the old stock move's level before is read from the log
    table.close()


@pytest.mark.game(edition="kortstokk", players=["Alice", "Bob", "Carol"])
def test_k6_k11_kortstokk_commands_are_told_from_their_events(game: Game) -> None:
    for card in ("Spar 4", "Hjerter 4", "Spar 9"):
        game.do("edition_value", space=card, field="price", value=1)
        game.do("land", player="Alice", space=card)
        game.do("buy", player="Alice", space=card)
    game.do("edition_value", field="chance_effects.12", value="fire_insurance")
    game.do("edition_value", field="chance_effects.7", value="+2")
    game.do("edition_value", field="chance_effects.3", value="-3")
    game.do("edition_value", field="chance_effects.6", value="Move back to the start joker")
    steps = [("build_pair", {"player": "Alice", "space": "Hjerter 4"}),
             ("sell_houses", {"player": "Alice", "space": "Spar 4"}),
             ("sell_property", {"player": "Alice", "space": "Spar 9"}),
             ("pass_joker", {"player": "Bob"}),
             ("joker", {"player": "Alice", "dice": 12}),
             ("joker", {"player": "Bob", "dice": 7}),
             ("joker", {"player": "Carol", "dice": 3}),
             ("joker", {"player": "Carol", "dice": 6}),
             ("trade_insurance", {"from_": "Alice", "to": "Bob", "price": 2}),
             ("joker", {"player": "Bob", "dice": 12}),
             ("sell_insurance", {"player": "Bob"})]
    for name, fields in steps:
        game.do(name, **fields)
    # K7: 1 coin a house, one on each card; K8: 1 coin per two houses, 1 per property,
    # 1 per fire insurance; K6: 1 coin for passing a joker
    assert _told(game.table, game.id)[-len(steps):] == [
        "Alice built on Spar 4 (1 house), Hjerter 4 (1 house) for 2 coins.",
        "Alice sold buildings on Spar 4 (no buildings), Hjerter 4 (no buildings) for 1 coin.",
        "Alice sold Spar 9 to the bank for 1 coin.",
        "Bob passed a joker and got 1 coin.",
        "Alice stopped on a joker and got a fire insurance.",
        "Bob stopped on a joker and got 2 coins.",
        "Carol stopped on a joker and paid 3 coins.",
        "A joker: nothing to pay or get; the table reads the card.",
        "Bob got a fire insurance from Alice for 2 coins.",
        "Bob stopped on a joker and got a fire insurance.",
        "Bob sold a fire insurance to the bank for 1 coin."]


@pytest.mark.game(edition="kortstokk", players=["Alice", "Bob"])
def test_k6_an_entered_joker_effect_is_told_in_words_not_its_key(game: Game) -> None:
    for value in ("+2", "-3", "fire_insurance", "Move back to the start joker"):
        game.do("edition_value", field="chance_effects.7", value=value)
    assert _told(game.table, game.id)[-4:] == [
        "Entered from the box: a roll of 7 on a joker: the bank pays 2 coins.",
        "Entered from the box: a roll of 7 on a joker: pay 3 coins to the bank.",
        "Entered from the box: a roll of 7 on a joker: a fire insurance.",
        "Entered from the box: a roll of 7 on a joker: Move back to the start joker."]


def test_c19_a_trade_accepted_tells_the_interest_on_a_mortgaged_deed_received(
        tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Mor", "Far"])
    game.buy("Far", "Rådhusplassen")
    game.do("mortgage", player="Far", space="Rådhusplassen")
    game.do("trade_propose", from_="Far", parties={"Far": {"spaces": ["Rådhusplassen"]},
                                                   "Mor": {"cash": 100}})
    game.phone("Mor", "trade_accept", player="Mor")
    # C19 (seed 002): the taker pays 10 % of the mortgage value (half of 8 000 kr) at once
    assert _told(table, game.id)[-1] == (
        "Mor accepted the trade. Mor paid the bank 400 kr interest (10 %) on the mortgaged "
        "Rådhusplassen.")
    game.do("trade", parties={"Mor": {"spaces": ["Rådhusplassen"]}, "Far": {}},
            lift=["Rådhusplassen"])
    assert _told(table, game.id)[-1] == (
        "Mor and Far traded: Mor gave Rådhusplassen; Far gave nothing. Far lifted the "
        "mortgage on Rådhusplassen for 4 400 kr.")
    table.close()


def test_c4_a_sale_at_the_table_is_told_as_a_sale(tmp_path: Path) -> None:
    """Issue 16 point 5 (family Multimillionær, shot 48): "Solgt ved bordet" without an
    open auction (Kirkeveien to Ola for 10 000 kr) was told "The auction ended without a
    sale." although the money moved."""
    table = open_table(tmp_path)
    game = MMGame(table, ["Ola", "Kari"])
    game.enter("Kirkeveien")
    game.do("auction_sold", space="Kirkeveien", player="Ola", price=10_000)
    assert _told(table, game.id)[-1] == "Ola bought Kirkeveien at auction for 10 000 kr."
    table.close()

"""The tally's columns add up, for every edition (issue 15 point 2; docs/rules.md C23, M22,
K8/K11, W3): each row's parts (the rule set's ``worth_parts``, signed) sum to its worth on
the core's tally and on the page, the page shows exactly those columns in the edition's
words, and a value the worth needs and the edition lacks is named and asked before the
tally names a winner."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from companion.errors import GameOver, RuleBroken
from companion.table import Table
from tests.conftest import TEST_SECRET, WebActions
from tests.kit import DAY, Game, MMGame, logged_without_values
from tests.test_web_tally import replay
from web import create_app

START_SHARES = 172_000  # M2, M3: 2 shares of each series at its starting level
AKER_BRYGGE = 37  # board index (the placeholder order of the edition file)


def page_rows(html: str) -> dict[str, dict[str, int]]:
    """``{player: {column: value}}`` of the tally page's table."""
    rows = re.findall(r'<tr data-player="([^"]+)"[^>]*>(.*?)</tr>', html, re.S)
    return {name: {k: int(v) for k, v in re.findall(
        r'data-key="(\w+)" data-value="(-?\d+)"', body)} for name, body in rows}


def assert_columns_add_up(tally: dict[str, Any], html: str) -> None:
    """Every row's signed parts sum to its ``total``, in the core's tally and on the page;
    the page's columns are the parts, the worth and (W3) the money, nothing else."""
    parts = [(p["key"], p["sign"]) for p in tally["parts"]]
    keys = [k for k, _ in parts] + ["total"] + (["money"] if tally["winner_by"] == "cash" else [])
    shown = page_rows(html)
    assert set(shown) == set(tally["players"])
    for name, row in tally["players"].items():
        assert sum(sign * row[key] for key, sign in parts) == row["total"], name
        assert list(shown[name]) == keys, name
        assert sum(sign * shown[name][key] for key, sign in parts) == shown[name]["total"]


def tally_of(web_actions: WebActions, client: FlaskClient, game: str) -> tuple[dict[str, Any], str]:
    """The core's tally (the API) and the page of ``game``, as the banker sees them."""
    tally = client.get(f"/api/games/{game}/tally", headers=web_actions.bearer()).json["tally"]
    html = client.get(f"/tally/{game}", headers=web_actions.bearer()).get_data(as_text=True)
    return tally, html


def test_c23_classic_no_1996_columns_sum_to_each_worth(web_actions: WebActions,
                                                         client: FlaskClient) -> None:
    tally, html = tally_of(web_actions, client, replay(web_actions, "classic_full_game.jsonl"))
    assert_columns_add_up(tally, html)
    assert page_rows(html)["Alice"] == {"cash": 31_250, "deeds": 26_800, "mortgaged": 13_900,
                                        "buildings": 30_000, "debts": 0, "total": 101_950}
    assert "Mortgaged deeds at half price" in html and "−\u00a0Debts" in html
    assert "mortgaged deeds at half the printed price" in html  # C23's own sentence


def test_c23_swedish_2008_timed_game_columns_sum_to_each_worth(
        web_actions: WebActions, client: FlaskClient) -> None:
    """SE 2008 (values scaled ×10 000 from the standard deed table): Anna owns the brown
    group (600 000 kr each) with a house (500 000 kr) on the first; Bo mortgaged his
    Light blue deed (1 000 000 kr, counted at half)."""
    web_actions.new_game("Anna", "Bo", edition="monopol-se-2008", variant="timed", minutes=30)
    for space in (1, 3):
        web_actions.send(cmd="buy", player="Anna", space=space)
    web_actions.send(cmd="build", player="Anna", space=1)
    web_actions.send(cmd="buy", player="Bo", space=6)
    web_actions.send(cmd="mortgage", player="Bo", space=6)
    web_actions.send(cmd="end_game")
    tally, html = tally_of(web_actions, client, web_actions.game)
    assert_columns_add_up(tally, html)
    anna, bo = page_rows(html)["Anna"], page_rows(html)["Bo"]
    assert anna == {"cash": 15_000_000 - 1_200_000 - 500_000, "deeds": 1_200_000,
                    "mortgaged": 0, "buildings": 500_000, "debts": 0, "total": 15_000_000}
    assert bo == {"cash": 15_000_000 - 1_000_000 + 500_000, "deeds": 0, "mortgaged": 500_000,
                  "buildings": 0, "debts": 0, "total": 15_000_000}
    assert tally["winner"] is None and tally["missing"] == []  # a tie names no winner


def test_w3_wonders_columns_sum_and_the_money_column(web_actions: WebActions,
                                                     client: FlaskClient) -> None:
    tally, html = tally_of(web_actions, client,
                           replay(web_actions, "wonders_full_passport.jsonl"))
    assert_columns_add_up(tally, html)
    ada = page_rows(html)["Ada"]
    assert (ada["cash"], ada["deeds"], ada["total"], ada["money"]) == (53_800, 7_600,
                                                                       61_400, 53_800)
    assert "The player with the most money wins" in html and 'data-winner="Ada"' in html


def test_k11_kortstokk_columns_are_the_sale_values_and_sum(web_actions: WebActions,
                                                           client: FlaskClient) -> None:
    tally, html = tally_of(web_actions, client,
                           replay(web_actions, "kortstokk_dice_game.jsonl"))
    assert_columns_add_up(tally, html)
    assert page_rows(html)["Alice"] == {"cash": 5, "deeds": 5, "buildings": 2, "insurance": 0,
                                        "debts": 0, "total": 12}
    assert "Properties sold to the bank (1 coin each)" in html  # K8 sale value, kept
    assert 'data-key="mortgaged"' not in html and "printed price" not in html


def test_m22_multimillionaer_columns_show_shares_and_notes(web_actions: WebActions,
                                                           client: FlaskClient) -> None:
    """The issue's row: cash + deeds + shares − the 50 000 kr gjeldsbrev = worth."""
    tally, html = tally_of(web_actions, client,
                           replay(web_actions, "multimillionaer_dice_game.jsonl"))
    assert_columns_add_up(tally, html)
    carol = page_rows(html)["Carol"]
    assert carol == {"cash": 1_765_000, "deeds": 0, "mortgaged": 0, "buildings": 0,
                     "shares": 289_000, "notes": 50_000, "debts": 0, "total": 2_004_000}
    assert "Shares at the board&#39;s price" in html and "−\u00a0Debt notes" in html
    assert "Aker Brygge and Gyldenløves gate at twice their mortgage value" in html
    assert "half price" not in html


def aker_brygge_won_before_h21(tmp_path: Path) -> tuple[Table, str]:
    """Aker Brygge won at auction for 119 000 kr in a game logged before h21, when its
    mortgage value (M22: the tally counts it twice) was not asked at the sale: the table
    of that log (:func:`tests.kit.logged_without_values`), the game ended (M22)."""
    with MMGame(tmp_path) as g:
        g.do("debt_note", player="Alice")
        g.own("Alice", "Kirkeveien")  # test values entered: price 20 000
        g.do("edition_value", space="Aker Brygge", field="mortgage", value=40_000, date=DAY)
        g.do("auction_sold", space="Aker Brygge", player="Alice", price=119_000)  # asked, h21
        g.do("pay", **{"from": "Bob", "to": "Alice", "amount": 100_000})
        g.do("pay", **{"from": "Dave", "to": "Carol", "amount": 10_000})
        old = tmp_path / "old"
        old.mkdir()
        table = logged_without_values(g.table, g.id, old, AKER_BRYGGE)
    table.execute({"cmd": "end_game"}, game_id=g.id)
    return table, g.id


def test_m22_a_lot_won_at_auction_without_values_is_asked_before_the_winner(
        tmp_path: Path) -> None:
    """Counted as 0 Carol would be named; the tally names nobody and lists the value,
    which is taken after the end; then Alice wins."""
    table, game_id = aker_brygge_won_before_h21(tmp_path)
    try:
        snap = table.snapshot(game_id, with_tally=True)
        tally = snap["tally"]
        assert snap["game"]["over"] and tally["winner"] is None
        assert [(m["name"], m["field"]) for m in tally["missing"]] == [("Aker Brygge",
                                                                        "mortgage")]
        assert tally["players"]["Carol"]["total"] > tally["players"]["Alice"]["total"]
        table.execute({"cmd": "edition_value", "space": "Aker Brygge", "field": "mortgage",
                       "value": 40_000, "date": DAY}, game_id=game_id)
        tally = table.snapshot(game_id, with_tally=True)["tally"]
        alice = tally["players"]["Alice"]
        assert tally["missing"] == [] and tally["winner"] == "Alice"
        assert (alice["cash"], alice["deeds"], alice["shares"], alice["notes"]) == (
            150_000 + 50_000 - 20_000 - 119_000 + 100_000, 20_000 + 2 * 40_000,
            START_SHARES, 50_000)
        assert alice["total"] == 161_000 + 100_000 + START_SHARES - 50_000 == 383_000
        assert tally["players"]["Carol"]["total"] == 150_000 + 10_000 + START_SHARES
    finally:
        table.close()


def test_m22_the_page_names_the_missing_value_and_asks_the_banker(tmp_path: Path) -> None:
    table, game_id = aker_brygge_won_before_h21(tmp_path)
    try:
        app = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET, "LANGUAGE": "en"},
                         table=table)
        banker = WebActions(app, app.test_client())
        html = banker.client.get(f"/tally/{game_id}",
                                 headers=banker.bearer()).get_data(as_text=True)
        assert 'id="tally-missing"' in html and 'data-winner="' not in html
        assert "Enter the mortgage value printed on the back of the deed of Aker Brygge." in html
        assert 'class="stack tally-ask"' in html and "tally.js" in html  # the banker's form
    finally:
        table.close()


def test_after_the_end_only_edition_value_is_taken(game: Game) -> None:
    """issue 15: the game over, ``edition_value`` still enters a value the tally needs;
    every other command, and a value breaking a rule, is refused and changes nothing."""
    game.do("end_game")
    game.refused(GameOver, "The game is over; only undo can change it now.", "pay",
                 from_="Alice", to="Bob", amount=1)
    game.refused(RuleBroken, re.compile("."), "edition_value", space="Parkveien",
                 field="price", value=0)

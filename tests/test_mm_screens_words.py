"""Multimillionær's words on the screens (issue 15 point 6): Skatt's value is a percentage
(M16), Slottsplassen's top rent is the castle's (M19), Børsen's limit in whole plural forms
(M8), and the scripts' plural sentences in each page language (Babel's plural forms)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import WebActions
from tests.test_web_ask_once import refused_missing
from tests.test_web_describe import texts
from web import js_strings


def test_m16_skatt_entered_from_the_box_reads_as_a_percentage(
        web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    assert web_actions.send(cmd="edition_value", space="Skatt", field="tax",
                            value=10).status_code == 200
    said = texts(client, web_actions, lang="nb")
    assert said[-1] == "Skrevet inn fra esken for Skatt: prosentsats 10 %."


def test_m19_slottsplassens_rent_row_ends_with_the_castle_not_a_hotel(
        web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    for lot, price, mortgage in (("Slottsplassen", 90_000, 45_000),
                                 ("Kirkeveien", 20_000, 10_000)):  # TEST values, asked (h21)
        web_actions.send(cmd="edition_value", space=lot, field="price", value=price)
        web_actions.send(cmd="edition_value", space=lot, field="mortgage", value=mortgage)
    web_actions.send(cmd="auction_sold", space="Slottsplassen", player="Alice", price=90_000)
    missing = refused_missing(web_actions.send(cmd="land", player="Bob", space="Slottsplassen"))
    assert missing["labels"][-1] == "Castle" and missing["count"] == 6
    web_actions.send(cmd="auction_sold", space="Kirkeveien", player="Alice", price=20_000)
    other = refused_missing(web_actions.send(cmd="land", player="Bob", space="Kirkeveien"))
    assert other["labels"][-1] == "Hotel"


def _borsen(web_actions: WebActions, lang: str) -> Any:
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    web_actions.send(cmd="ola_land", space="Børsen")  # M8: Alice may buy one
    return web_actions.client.post(
        f"/api/games/{web_actions.game}/commands?lang={lang}",
        json={"cmd": "borsen_buy", "player": "Alice", "from": "Bob", "series": "1",
              "count": 2}, headers=web_actions.bearer())


def test_m8_borsen_limit_of_one_share_says_one_share(web_actions: WebActions) -> None:
    answer = _borsen(web_actions, "nb")
    assert answer.status_code == 409
    assert answer.json["error"] == "På Børsen kan Alice kjøpe høyst én aksje nå."


def test_plural_sentences_reach_the_scripts_in_each_language(app: Flask) -> None:
    key = "$n:No other debts; you hold %(num)s debt note."
    with app.test_request_context("/?lang=nb"):
        nb = js_strings.js_strings()[key]
    with app.test_request_context("/?lang=sv"):
        sv = js_strings.js_strings()["$n:Enter %(count)s amount."]
    assert nb == {"one": "Ingen annen gjeld; du har %(num)s gjeldsbrev.",
                  "other": "Ingen annen gjeld; du har %(num)s gjeldsbrev."}
    assert sv == {"one": "Skriv %(count)s belopp.", "other": "Skriv %(count)s belopp."}
    with app.test_request_context("/?lang=en"):
        en = js_strings.js_strings()["$n:Buy shares from one opponent at double price: at "
                                     "most %(num)s share."]
    assert en["one"].endswith("%(num)s share.") and en["other"].endswith("%(num)s shares.")


def test_m6_a_stock_move_is_told_in_the_history_with_the_price_before_and_after(
        web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    for field, value in (("price", 60_000), ("mortgage", 30_000),
                         ("rents", [45_000, 60_000, 90_000, 150_000, 200_000, 300_000])):
        web_actions.send(cmd="edition_value", space="Karl Johans gate", field=field, value=value)
    web_actions.send(cmd="auction_sold", space="Karl Johans gate", player="Alice", price=60_000)
    before = web_actions.state()["stocks"]
    assert web_actions.send(cmd="land", player="Bob", space="Karl Johans gate").status_code == 200
    after = web_actions.state()["stocks"]
    moved = [s for s in after if after[s]["level"] != before[s]["level"]]
    assert len(moved) == 1  # M6: a rent of 45 000 moves its series up two whole 20 000s
    s = moved[0]
    assert after[s]["level"] == before[s]["level"] + 2
    said = texts(client, web_actions)[-1]
    old, new = before[s]["price"], after[s]["price"]
    assert f"Series {s}: {old:,} kr → {new:,} kr — move the marker." in said, said

"""Ask once over the API (issue 5): a command refused for a value the edition lacks is
answered with ``missing`` — the space, its label, the field and how to ask for it — so
the console can ask the banker for the figure on the card and send the command again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.editions.editor import import_text
from tests.conftest import WebActions

BOX = Path(__file__).parent / "replays" / "ask_once.edition.toml"
KIRKEVEIEN = [80, 400, 1200, 3600, 6400, 9000]


def refused_missing(answer: Any) -> dict[str, Any]:
    assert answer.status_code == 422, answer.get_data(as_text=True)
    assert answer.json["ok"] is False
    return dict(answer.json["missing"])


@pytest.fixture
def box(web_actions: WebActions) -> WebActions:
    """Alice owns Kirkeveien on the family's box whose Kirkeveien has no rents yet."""
    import_text(web_actions.table.editions, BOX.read_text(encoding="utf-8"), source=BOX.name)
    web_actions.new_game("Alice", "Bob", edition="ask-once-box")
    assert web_actions.send(cmd="buy", player="Alice", space="Kirkeveien").status_code == 200
    return web_actions


def test_a_missing_rent_is_answered_with_what_to_ask(box: WebActions) -> None:
    before = box.state()
    missing = refused_missing(box.send(cmd="land", player="Bob", space="Kirkeveien"))
    assert missing == {
        "space": 3, "space_name": "Kirkeveien", "field": "rents", "kind": "street",
        "input": "list", "count": 6, "money": True,
        "labels": ["No houses", "1 house", "2 houses", "3 houses", "4 houses", "Hotel"],
        "prompt": "Enter the rents printed on the deed of Kirkeveien.",
    }
    assert box.state() == before


def test_the_value_then_the_same_command_again_completes_the_payment(box: WebActions) -> None:
    entered = box.send(cmd="edition_value", space=3, field="rents", value=KIRKEVEIEN)
    assert entered.status_code == 200, entered.json
    assert box.send(cmd="land", player="Bob", space="Kirkeveien").status_code == 200
    assert box.send(cmd="claim", player="Alice").status_code == 200
    assert {p["name"]: p["cash"] for p in box.state()["players"]} == {"Alice": 28880,
                                                                      "Bob": 29920}


def test_other_refusals_carry_no_missing_block(box: WebActions) -> None:
    answer = box.send(cmd="claim", player="Bob")
    assert answer.status_code == 409 and "missing" not in answer.json


def test_multimillionaer_price_tax_and_station_rents(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    price = refused_missing(web_actions.send(cmd="buy", player="Alice", space="Kirkeveien"))
    assert (price["field"], price["input"], price["money"], price["space"]) == (
        "price", "number", True, 1)
    assert price["prompt"] == "Enter the price printed on the board for Kirkeveien."
    tax = refused_missing(web_actions.send(cmd="land", player="Alice", space=4))
    assert (tax["field"], tax["space_name"], tax["money"]) == ("tax", "Skatt", False)
    assert tax["prompt"] == "Enter the percentage printed on Skatt."
    sold = {"cmd": "auction_sold", "space": 5, "player": "Alice", "price": 20_000}
    price = refused_missing(web_actions.send(**sold))  # h21: asked before it changes hands
    assert (price["field"], price["space_name"]) == ("price", "Rederi 5")
    web_actions.send(cmd="edition_value", space=5, field="price", value=30_000)
    mortgage = refused_missing(web_actions.send(**sold))  # then the mortgage value (M17)
    assert mortgage["prompt"] == ("Enter the mortgage value printed on the back of the deed "
                                  "of Rederi 5.")
    web_actions.send(cmd="edition_value", space=5, field="mortgage", value=15_000)
    assert web_actions.send(**sold).status_code == 200
    rents = refused_missing(web_actions.send(cmd="land", player="Bob", space=5))
    assert rents["kind"] == "station" and rents["count"] == 5  # five shipping companies
    assert rents["labels"] == [f"With {n} owned" for n in range(1, 6)]


def test_a_joker_effect_has_no_space(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", "Carol", edition="kortstokk")
    missing = refused_missing(web_actions.send(cmd="joker", player="Alice", dice=7))
    assert (missing["space"], missing["space_name"], missing["field"]) == (
        None, None, "chance_effects.7")
    assert missing["input"] == "text" and "roll of 7 on a joker" in missing["prompt"]

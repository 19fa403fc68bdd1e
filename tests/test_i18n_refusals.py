"""Core refusals in the players' language: every template is found for translation, and
one refusal of each rule family reaches a phone in bokmål (``Accept-Language: nb`` or
``?lang=nb``), names and amounts filled in the local way.

The app here is built without a ``LANGUAGE`` setting (as in ``tests/test_i18n.py``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS
from flask import Flask

from companion.errors import N_, BadCommand, NotEnoughCash, RuleBroken
from companion.money import Money
from companion.table import Table
from tests import i18n_kit
from tests.conftest import TEST_SECRET, WebActions
from web import create_app, refusal_text

#: Any of the spaces Babel may group digits with, or put before the unit.
SPACE = "[\u00a0\u202f ]"
COMPANION = Path(__file__).parent.parent / "companion"


@pytest.fixture
def app(table: Table) -> Flask:
    """The app with no fixed language: the request chooses."""
    return create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET, "LANGUAGE": None},
                      table=table)


def refused_in_nb(web_actions: WebActions, status: int, via: str = "header",
                  **command: object) -> str:
    """Send ``command`` as the banker asking for bokmål; the refusal's message."""
    url = f"/api/games/{web_actions.game}/commands"
    headers = web_actions.bearer()
    if via == "header":
        headers["Accept-Language"] = "nb"
    else:
        url += "?lang=nb"
    answer = web_actions.client.post(url, json=command, headers=headers)
    assert answer.status_code == status, answer.json
    assert answer.json is not None
    return str(answer.json["error"])


# -- every template can be translated ----------------------------------------------------

def _refusals() -> list[tuple[str, int, ast.expr]]:
    names = i18n_kit.refusal_names()
    found = []
    for path in sorted(COMPANION.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in names:
                found.append((str(path.relative_to(COMPANION.parent)), node.lineno,
                              node.args[0]))
    return found


def _templates(node: ast.expr) -> list[str]:
    """The templates a refusal's first argument may be: a literal, ``N_("…")``, or
    ``N_("…") if c else N_("…")`` (two bare literals there would be joined into one
    message by ``pybabel extract``); [] for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_"
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant)):
        return [str(node.args[0].value)]
    if isinstance(node, ast.IfExp):
        branches = [node.body, node.orelse]
        if all(isinstance(b, ast.Call | ast.IfExp) for b in branches):
            parts = [_templates(b) for b in branches]
            return [t for part in parts for t in part] if all(parts) else []
    return []


#: Refusals whose message is not a template of their own, on purpose.
NOT_TEMPLATES = {
    # the edition checks' own sentences (companion/editions/validate.py), English for now
    ("companion/commands/editions.py", "sentences"),
}


def test_every_refusal_in_the_core_has_a_template_the_extraction_finds() -> None:
    extracted = {m.id for m in i18n_kit.extracted() if m.id}
    refusals = _refusals()
    assert len(refusals) > 150
    for path, line, first in refusals:
        if (path, ast.unparse(first)) in NOT_TEMPLATES:
            continue
        templates = _templates(first)
        assert templates, f"{path}:{line}: the template must be a literal or N_(…) (each " \
                          f"branch of `a if c else b`), not {ast.unparse(first)}"
        for template in templates:
            assert template in extracted, f"{path}:{line}"


def test_babel_cfg_names_every_refusal_class_as_a_keyword_for_the_core() -> None:
    """``pybabel extract`` takes the first argument of these calls in ``companion/``: the
    list in ``web/babel.cfg`` is the ``Refused`` tree, no more, no less (a new subclass
    fails here until it is added)."""
    _methods, options = i18n_kit.mapping()
    keywords = set(options["companion/**.py"]["keywords"]) - {"C_"}
    assert keywords == i18n_kit.refusal_names()
    assert {"RuleBroken", "MissingValue", "NotEnoughCash"} <= keywords


def test_n_marks_a_template_kept_in_a_variable() -> None:
    assert N_("%(deed)s is mortgaged.") == "%(deed)s is mortgaged."
    assert "N_" in DEFAULT_KEYWORDS  # Babel's own keyword: no option needed
    assert _templates(ast.parse('N_("a") if x else N_("b")', mode="eval").body) == ["a", "b"]
    assert _templates(ast.parse('"a" if x else "b"', mode="eval").body) == []


def test_like_keeps_the_template_of_the_error_it_replaces() -> None:
    error = BadCommand.like(RuleBroken("%(deed)s is not mortgaged.", deed="Parkveien"))
    assert isinstance(error, BadCommand)
    assert (error.template, error.params) == ("%(deed)s is not mortgaged.",
                                             {"deed": "Parkveien"})
    plain = BadCommand.like(ValueError("odd"))
    assert (str(plain), plain.params) == ("odd", {})


def test_an_amount_reads_as_before_in_english_and_the_local_way_on_the_page(
        app: Flask) -> None:
    error = NotEnoughCash("%(player)s has %(cash)s.", player="Alice", cash=Money(30000, "kr"))
    assert str(error) == "Alice has 30 000 kr."
    assert str(Money(1, "coins")) == "1 coin" and Money(3, "coins") + 1 == 4
    with app.test_request_context("/?lang=en"):
        assert refusal_text.translate_error(error) == "Alice has 30,000\u00a0kr."
    with app.test_request_context("/?lang=sv"):
        assert refusal_text.local_params("%(c)s", {"c": Money(3, "coins")})["c"] == "3\u00a0mynt"
        assert refusal_text.local_params("%(unit)s", {"unit": "coins"})["unit"] == "mynt"
        assert refusal_text.local_params("%(group)s", {"group": "brown"})["group"] == "bruna"
        assert refusal_text.local_params("%(group)s", {"group": "ess"})["group"] == "ess"


# -- one refusal of each family, in bokmål --------------------------------------------------

def test_a_building_refusal_in_bokmal(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    message = refused_in_nb(web_actions, 409, cmd="build", player="Alice", space="Parkveien")
    assert message == ("Alice trenger hele den brune gruppen for å bygge — Parkveien tilhører "
                       "banken."), message


def test_an_auction_bid_refusal_in_bokmal(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    assert web_actions.send(cmd="auction_open", space="Parkveien").status_code == 200
    message = refused_in_nb(web_actions, 409, via="query", cmd="bid", player="Alice",
                            amount=40000)
    assert re.fullmatch(f"Alice har bare 30{SPACE}000{SPACE}kr og kan ikke by "
                        f"40{SPACE}000{SPACE}kr.", message), message
    assert web_actions.send(cmd="bid", player="Bob", amount=2000).status_code == 200
    message = refused_in_nb(web_actions, 409, cmd="bid", player="Alice", amount=1500)
    assert re.fullmatch(f"Høyeste bud er 2{SPACE}000{SPACE}kr \\(Bob\\) — by mer.",
                        message), message


def test_a_multimillionaer_share_refusal_in_bokmal(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="multimillionaer")
    message = refused_in_nb(web_actions, 409, cmd="sell_shares", player="Alice", series="3",
                            count=10)
    assert re.fullmatch(r"Alice har bare \d+ aksjer i serie 3\.", message), message
    message = refused_in_nb(web_actions, 409, via="query", cmd="borsen_buy", player="Alice",
                            series="3", count=1, **{"from": "Bob"})
    assert message.startswith("Alice har ingen rett til å kjøpe på Børsen"), message


def test_a_kortstokk_refusal_in_bokmal(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="kortstokk")
    space = 1  # the first card after the joker
    message = refused_in_nb(web_actions, 409, cmd="mortgage", player="Alice", space=space)
    assert message == ("Kortstokk-Monopol har ikke pantelån: skaff penger ved å selge til "
                       "banken i stedet — 1\u00a0mynt for en ubebygd eiendom (sell_property), "
                       "1\u00a0mynt for to hus (sell_houses) (K8)."), message
    message = refused_in_nb(web_actions, 409, via="query", cmd="sell_building", player="Alice",
                            space=space)
    assert "to hus for 1\u00a0mynt" in message, message

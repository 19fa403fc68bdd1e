"""When buildings may be bought: the edition's ``build_timing`` (docs/rules.md X4, C14, K7, M19).

Seeds: 003 Multimillionær "Husene kjøpes av banken når det er spillerens tur" (after Ola:
"Flytting" 1); 002 classic NO 1996 "Handel, bygging og pant kan skje mellom kastene, også
når det ikke er din tur"; 000 and 001 the same ("mellom to andre spilleres tur"); 004
Kortstokk "Etter at du har kastet terningene og flyttet, kan du velge å kjøpe hus".
Deed values of Multimillionær: TEST values (tests/kit.py DEEDS).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.editions import load_edition
from companion.editions.validate import check_edition
from companion.errors import RuleBroken
from companion.table import Actor, Table
from tests.kit import Game, MMGame


@pytest.fixture
def g(tmp_path: Path) -> Iterator[MMGame]:
    game = MMGame(tmp_path)
    yield game
    game.table.close()


def family_copy(table: Table, edition_id: str, **settings: object) -> str:
    """The family's copy of ``edition_id`` with ``settings`` changed (as the editor saves),
    under an id of its own (a built-in id is never shadowed, issue 17 point 2); its id."""
    edition = table.editions.get(edition_id)
    copy_id = f"our-{edition_id}"
    table.editions.save(dataclasses.replace(
        edition, id=copy_id, settings=dataclasses.replace(edition.settings, **settings)))
    return copy_id


def test_x4_each_shipped_edition_builds_when_its_seed_says() -> None:
    timing = {e: load_edition(e).settings.build_timing for e in (
        "monopol-no-1996", "monopol-se-2008", "verdens-underverker-2003", "kortstokk",
        "multimillionaer")}
    assert timing == {"monopol-no-1996": "any", "monopol-se-2008": "any",
                      "verdens-underverker-2003": "any", "kortstokk": "own_turn_after_move",
                      "multimillionaer": "own_turn_after_ola"}


def test_x4_an_unknown_build_timing_is_an_edition_problem() -> None:
    edition = load_edition("monopol-no-1996")
    wrong = dataclasses.replace(edition, settings=dataclasses.replace(
        edition.settings, build_timing="whenever", ola_light_turns="forever"))
    assert {p.path for p in check_edition(wrong)} == {"settings.build_timing",
                                                       "settings.ola_light_turns"}
    assert check_edition(edition) == []


def test_m19_houses_are_bought_on_your_own_turn_not_on_anothers(g: MMGame) -> None:
    g.own("Bob", "Kirkeveien", "Frognerveien")  # series 1, whole (Alice's turn)
    g.do("ola_land", space="Prøv lykken")
    wrong_turn = "It is Alice's turn: Bob may buy buildings only on their own turn (X4)."
    g.refused(RuleBroken, wrong_turn, "build", actor=Actor("player", "Bob"), player="Bob",
              space="Kirkeveien")
    g.refused(RuleBroken, wrong_turn, "build", player="Bob", space="Kirkeveien")  # banker
    g.do("land", player="Alice", space="Casino")
    g.refused(RuleBroken, wrong_turn, "build", player="Bob", space="Kirkeveien")
    g.do("next_turn")
    g.refused(RuleBroken, "Bob may buy buildings only after moving Ola Nordmann this turn "
              "(X4).", "build", actor=Actor("player", "Bob"), player="Bob",
              space="Kirkeveien")
    g.do("ola_land", space="Prøv lykken")
    cash = g.cash("Bob")
    g.phone("Bob", "build", player="Bob", space="Kirkeveien")  # after Ola: his time
    assert g.cash("Bob") == cash - 10_000  # the deed's house price (test value)
    g.do("land", player="Bob", space="Casino")  # the car moved: still his turn
    g.do("build", player="Bob", space="Frognerveien")
    assert g.cash("Bob") == cash - 2 * 10_000
    houses = {s["name"]: s["houses"] for s in g.player("Bob")["spaces"]}
    assert houses == {"Kirkeveien": 1, "Frognerveien": 1}


def test_x4_classic_no_1996_builds_between_the_rolls_on_anothers_turn(tmp_path: Path) -> None:
    with Game(tmp_path) as game:
        game.buy("Bob", "Parkveien", "Kirkeveien")
        assert game.snap()["turn"]["player"] == "Alice"
        game.phone("Bob", "build", player="Bob", space="Parkveien")  # seed 002: allowed
        assert game.cash("Bob") == 30_000 - 1_200 - 1_200 - 1_000


def test_x4_a_classic_box_set_to_own_turn_refuses_build_and_house_bids(
        table: Table) -> None:
    game = Game(table, edition=family_copy(table, "monopol-no-1996", build_timing="own_turn"))
    game.buy("Bob", "Parkveien", "Kirkeveien")
    wrong_turn = "It is Alice's turn: Bob may buy buildings only on their own turn (X4)."
    game.refused(RuleBroken, wrong_turn, "build", player="Bob", space="Parkveien")
    game.do("auction_open", building="house")  # C16: a house bought at auction
    game.refused(RuleBroken, wrong_turn, "bid", actor=Actor("player", "Bob"), player="Bob",
                 amount=1_000, space="Parkveien")
    game.do("auction_cancel")
    game.do("next_turn")
    game.do("build", player="Bob", space="Parkveien")  # his turn: no move needed
    assert game.cash("Bob") == 30_000 - 1_200 - 1_200 - 1_000


def test_k7_houses_after_rolling_and_moving_on_your_turn(table: Table) -> None:
    game = Game(table, ("Alice", "Bob"), edition="kortstokk")
    for card in ("Spar 3", "Hjerter 3"):
        game.do("edition_value", space=card, field="price", value=1, date="2026-11-30")
        game.do("buy", player="Alice", space=card)
    game.refused(RuleBroken, "Alice may buy houses only after rolling and moving this turn "
                 "(K7).", "build_pair", actor=Actor("player", "Alice"), player="Alice",
                 space="Spar 3")
    game.do("land", player="Alice", space="Spar 3")
    game.phone("Alice", "build_pair", player="Alice", space="Spar 3")
    assert game.cash("Alice") == 8 - 2 - 2  # two cards, then 1 coin a house on each
    game.do("next_turn")
    game.do("next_turn")  # Alice again: her landing was last turn's
    game.refused(RuleBroken, "Alice may buy houses only after rolling and moving this turn "
                 "(K7).", "build_pair", player="Alice", space="Spar 3")

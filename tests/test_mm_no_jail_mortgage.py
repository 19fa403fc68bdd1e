"""Multimillionær has no jail, and mortgages any lot without buildings of its own
(docs/rules.md M14, M17, M4; seed 003 "Ferieparadiset erstatter feltet «Fengsel»", "Hvis en spiller
kaster TO LIKE ... skal spilleren kaste et ekstra kast", "Alle ubebygde tomter kan
pantsettes. (Eventuelle hus, hoteller og slott på tomtene må først selges til banken for
halv pris.)").  The classic contrasts (C3 three doubles to jail, C19 with C14: no lot of a
built group) are in tests/test_rules_jail_dice.py and tests/test_rules_mortgages.py.
Deed values are test values entered once (tests/kit.py).
"""

from __future__ import annotations

import pytest

from companion.errors import RuleBroken
from companion.table import Actor, Table
from tests.kit import MMGame

NO_JAIL = ("Multimillionær has no jail: nobody goes to jail, pays a jail fine or keeps a "
           "get-out-of-jail card.")


@pytest.fixture
def g(table: Table) -> MMGame:
    return MMGame(table)


def test_m14_a_third_double_sends_nobody_to_jail_the_car_rolls_on(g: MMGame) -> None:
    g.do("ola_land", space="Start")
    for dice in ([1, 1], [2, 2], [3, 3]):  # 2 Prøv lykken, 6 Kongens gate, 12 a rederi
        g.phone("Alice", "roll", player="Alice", dice=dice)
        if g.snap()["turn"]["for_sale"] is not None:  # C4: declined, no bid: the bank's
            g.do("auction_open", space=g.snap()["turn"]["for_sale"])
            g.do("auction_close")
    alice = g.player("Alice")
    assert (alice["position"], alice["in_jail"]) == (12, False)
    turn = g.snap()["turn"]
    assert (turn["doubles"], turn["rolled"]) == (3, False)  # a double rolls again (M4)
    g.phone("Alice", "roll", player="Alice", dice=[1, 2])
    assert g.player("Alice")["position"] == 15 and g.snap()["turn"]["rolled"]


@pytest.mark.parametrize(("cmd", "fields"), [
    ("jail", {"player": "Alice"}),
    ("leave_jail", {"player": "Alice", "by": "fine"}),
    ("jail_try", {"player": "Alice"}),
    ("jail_card", {"player": "Alice"}),
])
def test_m14_jail_commands_are_refused(g: MMGame, cmd: str, fields: dict[str, str]) -> None:
    g.refused(RuleBroken, NO_JAIL, cmd, **fields)


def test_m14_leave_jail_from_a_phone_is_refused_too(g: MMGame) -> None:
    g.refused(RuleBroken, NO_JAIL, "leave_jail", actor=Actor("player", "Alice"),
              player="Alice", by="card")


def test_m17_an_unbuilt_lot_of_a_built_series_may_be_mortgaged(g: MMGame) -> None:
    g.own("Bob", "Kirkeveien", "Frognerveien")  # series 1, whole
    g.turn_of("Bob")  # M19: Bob builds on his turn, after Ola
    g.do("build", player="Bob", space="Kirkeveien")  # Frognerveien stays unbuilt
    cash = g.cash("Bob")
    g.phone("Bob", "mortgage", player="Bob", space="Frognerveien")
    assert g.cash("Bob") == cash + 12_000  # its mortgage value
    spaces = {s["name"]: s for s in g.player("Bob")["spaces"]}
    assert spaces["Frognerveien"]["mortgaged"] and spaces["Kirkeveien"]["houses"] == 1
    g.refused(RuleBroken, "Sell the buildings on Kirkeveien to the bank first (half price): "
              "only a lot without buildings is mortgaged.", "mortgage",
              player="Bob", space="Kirkeveien")
    g.do("unmortgage", player="Bob", space="Frognerveien")  # 12 000 + 10 %
    assert g.cash("Bob") == cash + 12_000 - 13_200
    g.do("sell_building", player="Bob", space="Kirkeveien")  # half of 10 000
    g.do("mortgage", player="Bob", space="Kirkeveien")
    assert g.cash("Bob") == cash - 1_200 + 5_000 + 10_000

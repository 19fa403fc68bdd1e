"""Multimillionær on the screens, the core's part (issue 15 points 1, 3): a lot whose house
price or mortgage value is not known is asked for once (MissingValue naming the field),
not refused as "not a street" (docs/rules.md M17, M19; seed 003 "Alle ubebygde tomter kan
pantsettes").  Deed values are test values entered once (tests/kit.py).
"""

from __future__ import annotations

import pytest

from companion.errors import MissingValue, RuleBroken
from companion.table import Table
from tests.kit import DAY, DEEDS, MMGame


@pytest.fixture
def g(table: Table) -> MMGame:
    return MMGame(table)


def _own_without(g: MMGame, player: str, missing: str, *names: str) -> None:
    """``player`` buys ``names`` with every value entered but ``missing``."""
    for name in names:
        price, rents, house, mortgage = DEEDS[name]
        for field, value in (("price", price), ("rents", rents), ("house_cost", house),
                             ("mortgage", mortgage)):
            if field != missing:
                g.do("edition_value", space=name, field=field, value=value, date=DAY)
        g.do("buy", player=player, space=name)


def test_m19_build_on_a_whole_series_without_a_house_price_asks_for_it(g: MMGame) -> None:
    _own_without(g, "Bob", "house_cost", "Kirkeveien", "Frognerveien")
    g.turn_of("Bob")
    with g.refused(MissingValue, "The house price of Kirkeveien is not known yet."):
        g.do("build", player="Bob", space="Kirkeveien")
    with pytest.raises(MissingValue) as asked:
        g.do("build", player="Bob", space="Kirkeveien")
    assert asked.value.field == "house_cost"  # the console asks for this field
    cash = g.cash("Bob")
    g.do("edition_value", space="Kirkeveien", field="house_cost", value=10_000, date=DAY)
    g.do("build", player="Bob", space="Kirkeveien")  # the same command again
    assert g.cash("Bob") == cash - 10_000


def test_m19_a_lot_that_would_not_qualify_is_refused_for_its_reason_first(g: MMGame) -> None:
    _own_without(g, "Bob", "house_cost", "Kirkeveien")  # Frognerveien is the bank's
    g.turn_of("Bob")
    g.refused(RuleBroken, "Bob needs the whole 1 group to build — Frognerveien belongs to "
              "the bank.", "build", player="Bob", space="Kirkeveien")


def test_m17_a_lot_without_a_mortgage_value_is_asked_for_it_before_it_is_bought(
        g: MMGame) -> None:
    """h21: the mortgage value is asked when the lot changes hands (the console asks),
    not first at "Pantsett" on a phone that cannot ask; then the mortgage pays it."""
    price, rents, house, _ = DEEDS["Kirkeveien"]
    for field, value in (("price", price), ("rents", rents), ("house_cost", house)):
        g.do("edition_value", space="Kirkeveien", field=field, value=value, date=DAY)
    g.refused(MissingValue, "The mortgage value of Kirkeveien is not known yet: enter the "
              "figure on the back of its deed.", "buy", player="Bob", space="Kirkeveien")
    g.do("edition_value", space="Kirkeveien", field="mortgage", value=10_000, date=DAY)
    g.do("buy", player="Bob", space="Kirkeveien")
    cash = g.cash("Bob")
    g.do("mortgage", player="Bob", space="Kirkeveien")
    assert g.cash("Bob") == cash + 10_000

"""The Verdens underverker edition file (issue 7 part 1; docs/rules.md W4 and
"Edition values"):
equipment and money from the rule book (verified), deed values the standard table x20
(scaled x20), names left for the table, every value with a provenance word.
"""

from pathlib import Path

import pytest

from companion.editions import load_edition
from companion.editions.parse import parse_edition
from companion.editions.provenance import missing_provenance
from companion.rules import rules_for
from companion.rules.wonders import Wonders, wonders

FILE = Path(__file__).parents[1] / "companion/editions/data/verdens-underverker-2003.toml"
# The standard deed table (docs/rules.md "Edition values"): index -> price, rents 0..4
# houses + hotel, house cost.  Mortgage = half the price.
STANDARD = {
    1: (60, (2, 10, 30, 90, 160, 250), 50), 3: (60, (4, 20, 60, 180, 320, 450), 50),
    6: (100, (6, 30, 90, 270, 400, 550), 50), 8: (100, (6, 30, 90, 270, 400, 550), 50),
    9: (120, (8, 40, 100, 300, 450, 600), 50), 11: (140, (10, 50, 150, 450, 625, 750), 100),
    13: (140, (10, 50, 150, 450, 625, 750), 100), 14: (160, (12, 60, 180, 500, 700, 900), 100),
    16: (180, (14, 70, 200, 550, 750, 950), 100), 18: (180, (14, 70, 200, 550, 750, 950), 100),
    19: (200, (16, 80, 220, 600, 800, 1000), 100),
    21: (220, (18, 90, 250, 700, 875, 1050), 150), 23: (220, (18, 90, 250, 700, 875, 1050), 150),
    24: (240, (20, 100, 300, 750, 925, 1100), 150),
    26: (260, (22, 110, 330, 800, 975, 1150), 150), 27: (260, (22, 110, 330, 800, 975, 1150), 150),
    29: (280, (24, 120, 360, 850, 1025, 1200), 150),
    31: (300, (26, 130, 390, 900, 1100, 1275), 200),
    32: (300, (26, 130, 390, 900, 1100, 1275), 200),
    34: (320, (28, 150, 450, 1000, 1200, 1400), 200),
    37: (350, (35, 175, 500, 1100, 1300, 1500), 200),
    39: (400, (50, 200, 600, 1400, 1700, 2000), 200),
}


def test_the_file_passes_the_edition_checks_and_every_value_has_a_provenance() -> None:
    edition = parse_edition(FILE.read_text(encoding="utf-8"), FILE.name)
    assert edition == load_edition("verdens-underverker-2003")
    assert missing_provenance(edition) == []
    assert isinstance(rules_for(edition), Wonders)
    assert all(not s.name for s in edition.spaces)  # names are entered at the table


def test_equipment_and_money_are_the_rule_books() -> None:
    """W4: 6 passports, 28 deeds, 32 guest houses, 12 hotels, 30 000 / 4 000 / 1 000 kr,
    public institutions 80x / 200x the dice; W1/W3: 22 wonders, bonus 30 000, most money."""
    ed = load_edition("verdens-underverker-2003")
    s = ed.settings
    assert (ed.start_capital, ed.start_bonus, ed.jail_fine) == (30000, 4000, 1000)
    assert (ed.houses, ed.hotels, s.max_players) == (32, 12, 6)
    assert (s.passport_size, s.passport_bonus, s.winner_by) == (22, 30000, "cash")
    assert (s.double_rent_with_mortgaged_lot, s.hotel_sale) == (False, "five_houses")  # X1, X2
    assert len(ed.deeds) == 28 and len(wonders(ed)) == 22
    assert [x.index for x in ed.group("airport")] == [5, 15, 25, 35]
    institutions = ed.group("public institution")
    assert [(x.index, x.rents) for x in institutions] == [(12, (80, 200)), (28, (80, 200))]
    assert all(x.provenance["rents"] == "verified" for x in institutions)
    for key in ("start_capital", "houses", "settings.passport_bonus", "settings.winner_by"):
        assert ed.provenance[key] == "verified"


@pytest.mark.parametrize("index", sorted(STANDARD))
def test_wonder_values_are_the_standard_table_times_20(index: int) -> None:
    space = load_edition("verdens-underverker-2003").space(index)
    price, rents, house = STANDARD[index]
    assert (space.kind, space.price, space.house_cost, space.mortgage) == (
        "street", 20 * price, 20 * house, 10 * price)
    assert space.rents == tuple(20 * r for r in rents)
    assert {space.provenance[f] for f in ("price", "rents", "house_cost", "mortgage")} == {
        "scaled x20"}


def test_airports_are_the_standard_stations_times_20() -> None:
    for space in load_edition("verdens-underverker-2003").group("airport"):
        assert (space.kind, space.price, space.rents, space.mortgage) == (
            "station", 4000, (500, 1000, 2000, 4000), 2000)

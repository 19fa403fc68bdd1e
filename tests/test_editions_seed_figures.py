"""Which classic and Swedish figures the seeds print (issue 16 follow-up; docs/rules.md
"Edition values"): every figure a seed prints is in the edition file marked ``verified``,
and what no seed prints stays marked an estimate (``scaled xN``).

Seed 002 (classic NO 1996) prints only "startkapital ... 30 000 kr", "Passerer du Start,
får du 4 000 kr" and the panteverdi as "vanligvis halve kjøpsprisen" — no deed's house
price, rent or mortgage value: Parkveien's house price (1 000 kr) stays "scaled x20".
Seed 001 (Swedish 2008) prints "Inkassera 2 000 000 kr när du passerar GÅ", "böter på
500 000 kr", the zoos' "fyra gånger ... tio gånger värdet på de slagna tärningarna,
multiplicerat med 10 000" and "32 gröna hus, 12 röda hotell"; its start capital is not
legible and no deed value is printed.
"""

from __future__ import annotations

from companion.editions import load_edition
from companion.editions.provenance import estimates


def test_c1_c2_the_figures_seed_002_prints_are_verified_in_the_no_1996_file() -> None:
    ed = load_edition("monopol-no-1996")
    assert (ed.start_capital, ed.start_bonus) == (30_000, 4_000)
    assert ed.provenance["start_capital"] == ed.provenance["start_bonus"] == "verified"


def test_x2_parkveiens_house_price_stays_an_estimate_seed_002_prints_no_deed() -> None:
    parkveien = load_edition("monopol-no-1996").space(1)
    assert parkveien.name == "Parkveien" and parkveien.house_cost == 1_000
    assert parkveien.provenance["house_cost"] == "scaled x20"
    assert "house_cost" in estimates(parkveien)


def test_c2_c8_c13_the_figures_seed_001_prints_are_verified_in_the_se_2008_file() -> None:
    ed = load_edition("monopol-se-2008")
    assert (ed.start_bonus, ed.jail_fine, ed.houses, ed.hotels) == (2_000_000, 500_000, 32, 12)
    for key in ("start_bonus", "jail_fine", "houses", "hotels"):
        assert ed.provenance[key] == "verified"
    zoos = [s for s in ed.spaces if s.kind == "utility"]
    assert [tuple(s.rents) for s in zoos] == [(40_000, 100_000)] * 2  # 4 ×, 10 × 10 000 kr
    assert all(s.provenance["rents"] == "verified" for s in zoos)
    assert ed.provenance["start_capital"] == "scaled x10000"  # illegible in the seed

"""A Multimillionær game at a real table (SQLite file, :class:`companion.table.Table`).

The edition's deed values are NOT public (docs/rules.md "Edition values"): every test enters
the ones
it needs through the ask-once command ``edition_value`` — exactly what a banker does the
first time a deed is used — with the values below.  They are TEST values, made up to
give the round amounts the rule texts speak of (a 45 000 kr rent, a 19 900 kr rent…),
never a claim about the real box.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.table import Table
from tests.rules_kit import Game

PLAYERS = ("Alice", "Bob", "Carol", "Dave")
DAY = "2026-11-30"

#: Test deed values: name -> (price, rents 0..4 houses + hotel, house cost, mortgage).
DEEDS: dict[str, tuple[int, list[int], int, int]] = {
    "Kirkeveien": (20_000, [1_000, 5_000, 15_000, 45_000, 80_000, 125_000], 10_000, 10_000),
    "Frognerveien": (24_000, [19_900, 22_000, 30_000, 50_000, 90_000, 130_000], 10_000, 12_000),
    "Karl Johans gate": (60_000, [45_000, 60_000, 90_000, 150_000, 200_000, 300_000],
                         30_000, 30_000),
    "Stortingsgata": (56_000, [20_000, 40_000, 60_000, 100_000, 150_000, 200_000],
                      30_000, 28_000),
    "Studenterlunden": (56_000, [20_000, 40_000, 60_000, 100_000, 150_000, 200_000],
                        30_000, 28_000),
    "Aker Brygge": (80_000, [25_000, 60_000, 120_000, 200_000, 300_000, 400_000],
                    40_000, 40_000),
    "Gyldenløves gate": (50_000, [10_000, 30_000, 60_000, 100_000, 150_000, 200_000],
                         25_000, 25_000),
    "Slottsplassen": (90_000, [30_000, 70_000, 140_000, 250_000, 350_000, 500_000],
                      50_000, 45_000),
    "Ullevål hageby": (80_000, [25_000, 60_000, 120_000, 200_000, 300_000, 450_000],
                       50_000, 40_000),
}


class MMGame(Game):
    """A Multimillionær game of four (Alice to roll first) on a fresh table file, or on
    ``where`` when it is a :class:`Table` already (the ``table`` fixture of conftest)."""

    EDITION = "multimillionaer"

    def __init__(self, where: Path | Table, players: tuple[str, ...] = PLAYERS, **fields: Any):
        super().__init__(where, players, **fields)

    def enter(self, *names: str) -> None:
        """Ask once: the banker enters the (test) deed values of ``names``."""
        for name in names:
            price, rents, house, mortgage = DEEDS[name]
            for field, value in (("price", price), ("rents", rents), ("house_cost", house),
                                 ("mortgage", mortgage)):
                self.do("edition_value", space=name, field=field, value=value, date=DAY)

    def own(self, player: str, *names: str) -> None:
        """``player`` gets each lot (values entered first): bought, or at auction (M4)."""
        self.enter(*names)
        for name in names:
            if name in ("Aker Brygge", "Gyldenløves gate"):
                self.do("auction_sold", space=name, player=player, price=DEEDS[name][0])
            else:
                self.do("buy", player=player, space=name)

    def turn_of(self, player: str) -> None:
        """Pass the turn on to ``player`` and move Ola Nordmann to Prøv lykken (nothing
        happens to Ola there, M12): the moment ``player`` may build (X4, M19)."""
        while self.snap()["turn"]["player"] != player:
            self.do("next_turn")
        self.do("ola_land", space="Prøv lykken")

    def level(self, series: str) -> int:
        return int(self.snap()["stocks"][series]["level"])

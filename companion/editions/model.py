"""Edition records: the board, the deeds and the settings where editions disagree.

An edition is data (one TOML file per edition under ``companion/editions/data``) read into
these frozen records.  The core never branches on an edition's id: where editions
disagree (RULES.md X1–X4, C5/M11) the difference is a field of :class:`Settings`.
All amounts are ``int`` in the edition's unit (kroner, or coins in ``kortstokk``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Kinds of space.  Deeds are the kinds in :data:`DEED_KINDS`.
SPACE_KINDS = frozenset(
    {
        "start", "street", "station", "utility", "tax", "card", "jail",
        "free_parking", "go_to_jail", "other",
    }
)
DEED_KINDS = frozenset({"street", "station", "utility"})


@dataclass(frozen=True)
class Space:
    """One space of the board.

    Attributes:
        index: int, board position, 0 = Start.
        name: str, as printed (empty when the table has not entered it yet).
        kind: str, one of :data:`SPACE_KINDS`.
        group: str or None, the colour group (streets), or the kind's group name.
        price: int or None, printed price; None = not known yet (asked once).
        rents: tuple of int.  Street: rent with 0, 1, 2, 3, 4 houses, hotel (6 values).
            Station: rent when the owner has 1, 2, 3, 4 stations.  Utility: dice
            multipliers with 1 and 2 owned.  Empty = not known yet.
        house_cost: int or None, price of one house (a hotel costs the same, C15).
        mortgage: int or None, mortgage value (C19).
        tax: int or None, amount a ``tax`` space charges (C11).
        provenance: mapping field name -> where the value comes from: ``verified``,
            ``scaled x20``, ``transcribed``, ``table 2026-11-30`` (EDITION-FACTS.md).
    """

    index: int
    name: str
    kind: str
    group: str | None = None
    price: int | None = None
    rents: tuple[int, ...] = ()
    house_cost: int | None = None
    mortgage: int | None = None
    tax: int | None = None
    provenance: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    @property
    def is_deed(self) -> bool:
        """True for streets, stations and utilities: spaces that can be owned."""
        return self.kind in DEED_KINDS

    @property
    def label(self) -> str:
        """The printed name, or the group and position when the name is not known yet."""
        if self.name:
            return self.name
        return f"{self.group or self.kind} #{self.index}"


@dataclass(frozen=True)
class Settings:
    """Where editions disagree; every field is a setting, never a branch on the edition.

    Attributes:
        double_rent_with_mortgaged_lot: bool, X1.  False = no double rent while any lot
            of the group is mortgaged (NO); True = unmortgaged lots of a complete group
            always get double rent (SE 2008).
        mortgage_interest_percent: int, C19: 10.
        mortgage_interest_step: int, X3: the 10 % is rounded to this step (1 = whole
            krone; 10 000 in SE 2008).
        hotel_sale: str, X2: ``"half"`` (half the hotel price), ``"five_houses"`` (hotel
            worth five houses, sold one house at a time) or ``"hotel_plus_houses"``.
        claim_lapse_turns: int, C5 = 1 (at the next roll), M11 = 2.
        quick_hotel_houses: int, C23(2): houses per lot before a hotel in quick play.
        hotel_houses: int, C15: houses per lot before a hotel.
        max_players: int, 2..max_players seats.
        income_tax_percent: int or None, the old "10 % of your fortune" option (off = None).
    """

    double_rent_with_mortgaged_lot: bool = False
    mortgage_interest_percent: int = 10
    mortgage_interest_step: int = 1
    hotel_sale: str = "half"
    claim_lapse_turns: int = 1
    quick_hotel_houses: int = 3
    hotel_houses: int = 4
    max_players: int = 6
    income_tax_percent: int | None = None


@dataclass(frozen=True)
class Edition:
    """A whole edition: board, money, stock of buildings and settings.

    Attributes:
        id: str, e.g. ``monopol-no-1996``.
        name: str, the box's title.
        language: str, ``nb``, ``sv`` or ``en``: the UI's default language.
        unit: str, ``kr`` or ``coins``.
        rules: str, the rule module's name in :mod:`companion.rules` (``classic``, …).
        start_capital: int, C1.
        start_bonus: int, C2 (0 = none, M1).
        jail_fine: int, C13.
        houses: int, bank stock of houses (C16).
        hotels: int, bank stock of hotels (C16).
        spaces: tuple of :class:`Space` in board order (index = position).
        settings: :class:`Settings`.
        provenance: mapping of top-level field -> provenance word.
    """

    id: str
    name: str
    language: str
    unit: str
    rules: str
    start_capital: int
    start_bonus: int
    jail_fine: int
    houses: int
    hotels: int
    spaces: tuple[Space, ...]
    settings: Settings = Settings()
    provenance: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    def __deepcopy__(self, memo: dict[int, object]) -> Edition:
        return self  # frozen and shared: a game's draft copy keeps the same edition

    def space(self, index: int) -> Space:
        """The space at board ``index``; raises IndexError when off the board."""
        return self.spaces[index]

    def group(self, name: str) -> tuple[Space, ...]:
        """Every deed of colour group ``name``, in board order."""
        return tuple(s for s in self.spaces if s.is_deed and s.group == name)

    @property
    def deeds(self) -> tuple[Space, ...]:
        """Every space that can be owned, in board order."""
        return tuple(s for s in self.spaces if s.is_deed)

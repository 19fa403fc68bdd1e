"""Edition records: the board, the deeds and the settings where editions disagree.

An edition is data (one TOML file per edition under ``companion/editions/data``, or the
family's copy in the table's database) read into these frozen records.  The core never
branches on an edition's id: where editions disagree (docs/rules.md X1–X4, C5/M11, K6, K11)
the difference is a field of :class:`Settings`.  All amounts are ``int`` in the edition's
unit (kroner, or coins in ``kortstokk``).  Every value carries a provenance word
(:mod:`companion.editions.provenance`): ``verified``, ``scaled xN``, ``transcribed`` or
``table YYYY-MM-DD``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

#: Kinds of space.  Deeds are the kinds in :data:`DEED_KINDS`.
SPACE_KINDS = frozenset(
    {
        "start", "street", "station", "utility", "tax", "card", "jail",
        "free_parking", "go_to_jail", "other",
        # Multimillionær (docs/rules.md M8, M13–M15): Børsen, Casino, Ferieparadiset, Trafikkfyr.
        "exchange", "casino", "holiday", "traffic_light",
    }
)
DEED_KINDS = frozenset({"street", "station", "utility"})
#: Space fields that hold a printed value (each needs a provenance when present).
VALUE_FIELDS = ("name", "price", "rents", "house_cost", "mortgage", "tax", "max_houses")
#: Top-level fields that hold a value (each needs a provenance).
TOP_VALUES = ("start_capital", "start_bonus", "jail_fine", "houses", "hotels")


@dataclass(frozen=True)
class Space:
    """One space of the board.

    Attributes:
        index: int, board position, 0 = Start.
        name: str, as printed (empty when the table has not entered it yet).
        kind: str, one of :data:`SPACE_KINDS`.
        group: str or None, the colour group (streets), or the kind's group name.
        price: int or None, printed price; None = not known yet (asked once).
        rents: tuple of int.  Street: rent with 0, 1, 2, … houses, then the hotel
            (6 values classic; ``max_houses`` + 1 values when there is no hotel, K5).
            Station: rent when the owner has 1, 2, 3, 4 stations.  Utility: dice
            multipliers with 1 and 2 owned.  Empty = not known yet.
        house_cost: int or None, price of one house (a hotel costs the same, C15).
        mortgage: int or None, mortgage value (C19); None = not known, or no mortgages.
        tax: int or None, amount a ``tax`` space charges (C11).
        max_houses: int or None, most houses on this lot (K7: rank − 1, no hotel);
            None = the classic 4 houses then a hotel (C14, C15).
        provenance: mapping field name -> where the value comes from: ``verified``,
            ``scaled x20``, ``transcribed``, ``table 2026-11-30`` (docs/rules.md "Edition values").
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
    max_houses: int | None = None
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

    def known(self, name: str) -> bool:
        """True when value field ``name`` holds a value (not None, not empty)."""
        return getattr(self, name, None) not in (None, "", ())


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
            worth five houses, sold one house at a time) or ``"hotel_plus_houses"``
            (half the hotel price plus half the four houses, SE 2008).
        claim_lapse_turns: int, C5 = 1 (at the next roll), M11 = 2 (the second player
            after).  A right of turn t lapses as the turn passes to turn
            t + claim_lapse_turns (C5), or see ``lapse_at_ola_roll``.
        lapse_at_ola_roll: bool, M11: True = a right or duty still stands in turn
            t + claim_lapse_turns until that player has rolled for Ola Nordmann
            (``ola_land``, or their car moved): "foreldes når spiller nr. 2 etter ham har
            kastet terningene for Ola Nordmann"; False = it lapses as the turn passes (C5).
        lapsed_rent_moves_stand: bool, M6: True = the stock moves of a landing stand when
            its rent claim lapses unclaimed (the price moved at the roll, "gjelder den nye
            kursen umiddelbart etter at terningen er kastet"); False = a lapse moves each
            series back as many levels.  Only editions with a stock board.
        quick_hotel_houses: int, C23(2): houses per lot before a hotel in quick play.
        hotel_houses: int, C15: houses per lot before a hotel.
        max_players: int, 2..max_players seats.
        income_tax_percent: int or None, the old "10 % of your fortune" option (off = None).
        quick_ends_at_first_bankruptcy: bool, C23(3): quick play ends at the first
            bankruptcy (SE 2008).
        fortune_goal: int or None, K11/M22: a player whose sold-off worth reaches this
            wins at once (kortstokk 50 coins); None = no such win.
        pass_chance_bonus: int, K6: paid for passing a chance space (kortstokk's jokers:
            1 coin); 0 = nothing.
        passport_size: int, W1/W3: wonders (the ``street`` spaces) a passport lists; the
            first full passport ends the game; 0 = no passports (no W rules).
        passport_bonus: int, W3: paid by the bank to the first full passport (Wonders
            30 000 kr); 0 = no bonus.
        winner_by: str, W3/C22: ``"worth"`` = the richest by the C23 tally wins (after
            the last one standing, C22); ``"cash"`` = the most money (cash less open
            debts) wins, as the Wonders rule book says.  Quick and timed games always
            use the worth (C23, C24).
        share_prices: tuple of int, M3: kroner per share at stock levels 1, 2, …, N
            (level 0 = suspended, 0 kr); empty = no stock board (no M rules).
        share_start_levels: tuple of int, M3: each series' starting level (1..N), in
            series order (the street groups sorted as numbers); empty = no stock board.
        share_start_levels_alt: tuple of int, M3: the other reading of the starting
            levels, which the banker may choose at setup (``stock_level``); empty = none.
        auction_only: tuple of str, M4: printed names of lots the bank sells only by
            auction (Gyldenløves gate, Aker Brygge); ``buy`` refuses them.
        castle_on: str, M19: printed name of the lot whose hotel is a castle
            ("Slottsplassen"); empty = no castle.
        creditor_order: str, C21/M21/K10: how a bankrupt's debts are met (``bankrupt``).
            ``"named"`` = the creditor named, any one owed, takes all the money and deeds
            (C21; seed 002: "Skylder du en annen spiller, får den spilleren alle pengene
            og eiendommene dine"); ``"oldest_first"`` = what the bankrupt has or raises
            pays the debts in the order they arose, and the first not covered is named
            and takes the rest (the K10 reading); ``"players_first"`` = the same with
            debts to players before the bank's (M21: "Motspillers krav skal betales før
            bankens krav"; also the order ``settle_debts`` pays in).  An edition file's
            old ``creditors_before_bank = true`` reads as ``"players_first"``.
        has_jail: bool, C13: True = the classic jail (``jail``, ``leave_jail``,
            ``jail_try``, get-out cards, a third double in a row goes to jail, C3);
            False = no jail at all (M14: Ferieparadiset replaces it; Kortstokk has none):
            those commands are refused and a third double is just another roll.
        built_group_sold_whole: bool, C18/M9: False = no lot of a group with buildings
            changes hands (C18); True = a built series changes hands only whole, every
            lot in the same deal, its buildings with it (M9: "Bebygde tomteserier kan bare
            selges i sin helhet").
        mortgage_lot_in_built_group: bool, C19/M17: False = a lot is mortgaged only when
            no lot of its group has buildings (C19 with C14); True = any lot without
            buildings of its own may be mortgaged (M17: "Alle ubebygde tomter kan
            pantsettes").
        one_die_from: tuple of str, M8/M14: space kinds a token (a car, or Ola Nordmann)
            leaves with ONE die in the dice twin (``roll``, ``ola_roll``); empty = always
            two.  Multimillionær: ``("holiday", "exchange")`` — "Det er gratis å gå ut av
            Ferieparadiset, og man skal da kaste med én terning (gjelder også Ola
            Nordmann)"; out of Børsen "skal det kastes med ÉN TERNING".
        doubles: str, C3/K3: what doubles do in the dice twin.  ``"roll_again"`` = move
            the sum and roll again (C3; a third double goes to jail when ``has_jail``);
            ``"nearest_not_owned"`` = instead of the sum, move to the nearest property
            ahead the roller does not own (unsold or an opponent's), and the turn's
            rolling is over (K3: "Dersom du fikk to like, skal du istedenfor rykke fram
            til nærmeste eiendom som du ikke eier"); when the roller owns every property
            the token moves the sum, still with no extra roll.
        build_timing: str, X4 (C14, K7, M19): when buildings may be bought (``build``,
            ``build_pair``, a bid at a building auction).  ``"any"`` = on your turn or
            between other players' turns (seeds 000, 001, 002); ``"own_turn"`` = only
            while it is your turn; ``"own_turn_after_move"`` = on your turn after your
            token has moved (K7, seed 004: "Etter at du har kastet terningene og
            flyttet"); ``"own_turn_after_ola"`` = on your turn after Ola Nordmann moved
            (M19/X4, seed 003).  It is about when, not who: the banker is held to it too.
        worth_less_mortgages: bool, M22 "Eventuelle lån skal trekkes fra": False = the
            loans subtracted are the debt notes; a mortgaged deed counts its mortgage
            value and its mortgage loan is not subtracted again (mortgaging leaves the
            worth unchanged, as a note does); True = every mortgaged deed's loan (its
            mortgage value) is subtracted too (``mortgage_loans``), so it nets 0.
        ola_light_turns: str, M15 "Dette gjelder også for Ola Nordmann": how long Ola
            pays no rent after stopping at Trafikkfyr.  ``"next_turn"`` = during the
            next turn only, Ola's next move (the seed's "neste omgang" for Ola: "Brikken
            flyttes ut i neste omgang"); ``"next_round"`` = during each of the next N
            turns, N = the players still in, one round of the table.
    """

    double_rent_with_mortgaged_lot: bool = False
    mortgage_interest_percent: int = 10
    mortgage_interest_step: int = 1
    hotel_sale: str = "half"
    claim_lapse_turns: int = 1
    lapse_at_ola_roll: bool = False
    lapsed_rent_moves_stand: bool = True
    quick_hotel_houses: int = 3
    hotel_houses: int = 4
    max_players: int = 6
    income_tax_percent: int | None = None
    quick_ends_at_first_bankruptcy: bool = False
    fortune_goal: int | None = None
    pass_chance_bonus: int = 0
    passport_size: int = 0
    passport_bonus: int = 0
    winner_by: str = "worth"
    share_prices: tuple[int, ...] = ()
    share_start_levels: tuple[int, ...] = ()
    share_start_levels_alt: tuple[int, ...] = ()
    auction_only: tuple[str, ...] = ()
    castle_on: str = ""
    creditor_order: str = "named"
    has_jail: bool = True
    built_group_sold_whole: bool = False
    mortgage_lot_in_built_group: bool = False
    one_die_from: tuple[str, ...] = ()
    doubles: str = "roll_again"
    build_timing: str = "any"
    worth_less_mortgages: bool = False
    ola_light_turns: str = "next_turn"


@dataclass(frozen=True)
class Edition:
    """A whole edition: board, money, stock of buildings and settings.

    Attributes:
        id: str, e.g. ``monopol-no-1996`` (lower-case letters, digits and ``-``).
        name: str, the box's title.
        language: str, ``nb``, ``sv`` or ``en``: the UI's default language.
        unit: str, ``kr`` or ``coins``.
        rules: str, the rule set's name in
            :data:`companion.editions.rulesets.RULE_SETS` (``classic``, …).
        start_capital: int, C1.
        start_bonus: int, C2 (0 = none, M1).
        jail_fine: int, C13.
        houses: int, bank stock of houses (C16).
        hotels: int, bank stock of hotels (C16).
        spaces: tuple of :class:`Space` in board order (index = position).
        settings: :class:`Settings`.
        chance_effects: mapping dice total (2–12) -> effect of landing on a chance space
            and rolling again (K6): ``"+N"`` the bank pays N, ``"-N"`` pay the bank N,
            ``"fire_insurance"``, or a short text for the table.  Empty = not known yet.
        based_on: str or None, the edition this one was copied from (the editor).
        provenance: mapping of top-level field (``start_capital``, ``settings.X``,
            ``chance_effects.7``) -> provenance word.
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
    chance_effects: dict[int, str] = field(default_factory=dict, hash=False)
    based_on: str | None = None
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

    def with_value(self, index: int | None, name: str, value: Any, provenance: str) -> Edition:
        """A copy with one value replaced and its provenance recorded.

        ``index`` None sets a top-level field, or ``chance_effects.N`` (N = dice total).
        The value must already be checked (:mod:`companion.editions.validate`).
        """
        if index is None:
            return self._with_top(name, value, provenance)
        old = self.spaces[index]
        changes: dict[str, Any] = {name: tuple(value) if name == "rents" else value}
        new = replace(old, provenance={**old.provenance, name: provenance}, **changes)
        spaces = self.spaces[:index] + (new,) + self.spaces[index + 1:]
        return replace(self, spaces=spaces)

    def _with_top(self, name: str, value: Any, provenance: str) -> Edition:
        marks = {**self.provenance, name: provenance}
        if name.startswith("chance_effects."):
            effects = {**self.chance_effects, int(name.split(".", 1)[1]): str(value)}
            return replace(self, chance_effects=effects, provenance=marks)
        return replace(self, provenance=marks, **{name: value})

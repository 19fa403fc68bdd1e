"""Building rules: houses, hotels, the bank's stock and selling back (C14–C17, C23(2), X2).

Pure functions over a :class:`~companion.state.GameState`.  A lot's *level* counts its
building steps: 0–H houses, then H + 1 = a hotel, where H is :func:`houses_per_hotel`
(4; 3 in quick play).  Each level cost the deed's ``house_cost`` (C15: a hotel costs the
same as a house), so a lot is worth ``level × house_cost`` in buildings (C23).
A :class:`Plan` walks building or selling one level at a time, checking every rule, so a
command can check all its steps before it emits anything (STYLE 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.editions import Space
from companion.errors import MissingValue, RuleBroken
from companion.money import half
from companion.state import Deed, GameState


def houses_per_hotel(state: GameState) -> int:
    """Houses each lot needs before a hotel: C15 (4), or C23(2) in quick play (3)."""
    settings = state.ed.settings
    return settings.quick_hotel_houses if state.variant == "quick" else settings.hotel_houses


def level(state: GameState, deed: Deed) -> int:
    """The lot's building level: houses, or H + 1 for a hotel."""
    return houses_per_hotel(state) + 1 if deed.hotel else deed.houses


def building_value(state: GameState, deed: Deed) -> int:
    """What the lot's buildings cost to put up (C23: hotel = its price + the houses before)."""
    return level(state, deed) * (state.ed.space(deed.space).house_cost or 0)


def group_has_buildings(state: GameState, space: Space) -> bool:
    """True when any lot of ``space``'s colour group has a building (C18, C19)."""
    return space.kind == "street" and any(
        s.index in state.deeds and level(state, state.deeds[s.index]) > 0
        for s in state.ed.group(space.group or ""))


@dataclass
class Plan:
    """Levels of one colour group while building or selling step by step.

    ``levels``: board index -> level; ``houses``/``hotels``: the bank's stock left (C16);
    ``money``: kroner the steps cost (build) or bring (sell), ``int``.
    """

    state: GameState
    group: tuple[Space, ...]
    levels: dict[int, int] = field(default_factory=dict)
    houses: int = 0
    hotels: int = 0
    money: int = 0

    @property
    def top(self) -> int:
        """Level of a hotel: H + 1."""
        return houses_per_hotel(self.state) + 1

    def build(self, space: Space) -> None:
        """One more level on ``space``: a house, or the hotel on H houses (C14–C16).

        Raises RuleBroken: a hotel already, uneven building, or the bank has none left.
        """
        at = self.levels[space.index]
        if at == self.top:
            raise RuleBroken("%(deed)s already has a hotel — one hotel per lot.",
                             deed=space.label)
        low = min(self.group, key=lambda s: self.levels[s.index])
        if at > self.levels[low.index]:
            raise RuleBroken("%(deed)s needs a house first — build evenly.", deed=low.label)
        if at == self.top - 1:
            self._take_hotel(space)
        elif self.houses < 1:
            raise RuleBroken("The bank has no houses left — wait until someone sells some back.")
        else:
            self.houses -= 1
        self.levels[space.index] = at + 1
        self.money += space.house_cost or 0

    def _take_hotel(self, space: Space) -> None:
        if is_castle(space, self.state):  # M19: the one castle, not from the hotels
            self.houses += self.top - 1
            return
        if self.hotels < 1:
            raise RuleBroken("The bank has no hotels left — wait until someone sells one back.")
        self.hotels -= 1
        self.houses += self.top - 1

    def sell(self, space: Space, exchange: bool = False) -> None:
        """One level off ``space`` at half price, evenly (C17); a hotel per X2 (see
        :func:`sell_hotel`, ``exchange`` there).  Raises RuleBroken: nothing to sell,
        uneven, no houses (C16)."""
        at = self.levels[space.index]
        if at == 0:
            raise RuleBroken("%(deed)s has no buildings to sell.", deed=space.label)
        high = max(self.group, key=lambda s: self.levels[s.index])
        if at < self.levels[high.index]:
            raise RuleBroken("Sell from %(deed)s first — sell evenly.", deed=high.label)
        if at == self.top:
            self.sell_hotel(space, exchange)
            return
        self.houses += 1
        self.levels[space.index] = at - 1
        self.money += half(space.house_cost or 0)

    def sell_hotel(self, space: Space, exchange: bool = False) -> None:
        """X2: ``hotel_plus_houses`` sells the hotel with its houses (half of H + 1 levels),
        or with ``exchange`` (SE's other way) sells the hotel alone at half its price and
        exchanges it for H houses; ``five_houses`` and ``half`` always exchange it for H
        houses at half a level's price.  Exchanging needs H houses in the bank (C16)."""
        self.hotels += not is_castle(space, self.state)
        whole = self.state.ed.settings.hotel_sale == "hotel_plus_houses"
        if whole and not exchange:
            self.levels[space.index] = 0
            self.money += half(self.top * (space.house_cost or 0))
            return
        if self.houses < self.top - 1:
            if whole:
                raise RuleBroken(
                    "The bank has only %(houses)s houses, so the hotel on %(deed)s cannot be "
                    "broken back into %(needed)s houses — sell the hotel with its houses "
                    "instead.", houses=self.houses, deed=space.label, needed=self.top - 1)
            raise RuleBroken(
                "The bank has only %(houses)s houses, so the hotel on %(deed)s cannot be "
                "broken back into %(needed)s houses — sell all the buildings of the %(group)s "
                "group at once instead.", houses=self.houses, deed=space.label,
                needed=self.top - 1, group=space.group)
        self.houses -= self.top - 1
        self.levels[space.index] = self.top - 1
        self.money += half(space.house_cost or 0)

    def sell_all(self) -> None:
        """Every building of the group back to the bank at half its price (C17, X2, C21)."""
        for space in self.group:
            at = self.levels[space.index]
            if at == self.top:
                self.hotels += not is_castle(space, self.state)
            else:
                self.houses += at
            self.money += half(at * (space.house_cost or 0))
            self.levels[space.index] = 0

    def changes(self) -> list[tuple[int, int, bool]]:
        """``(board index, houses, hotel)`` for every lot whose level changed."""
        out = []
        for space in self.group:
            deed = self.state.deeds.get(space.index)
            new = self.levels[space.index]
            if deed is not None and new != level(self.state, deed):
                out.append((space.index, 0 if new == self.top else new, new == self.top))
        return out


def is_castle(space: Space, state: GameState) -> bool:
    """M19: ``space``'s hotel is the castle (``settings.castle_on``), outside the hotel
    stock (one castle, one such lot)."""
    return bool(space.name) and space.name == state.ed.settings.castle_on


def plan_for(state: GameState, space: Space) -> Plan:
    """A :class:`Plan` of ``space``'s owned colour group, at the current levels and stock."""
    group = state.ed.group(space.group or "")
    levels = {s.index: level(state, state.deeds[s.index]) if s.index in state.deeds else 0
              for s in group}
    return Plan(state, group, levels, state.bank_houses, state.bank_hotels)


def check_buildable(state: GameState, player: str, space: Space) -> None:
    """C14: a street of ``player``'s whole colour group, no lot of it mortgaged.

    Raises RuleBroken with the reason; MissingValue (field ``house_cost``) when the lot
    would qualify but the edition does not know its house price yet (M19: asked once).
    """
    if space.kind != "street" or space.house_cost == 0:
        raise RuleBroken("%(deed)s is not a street: only streets take houses.",
                         deed=space.label)
    for lot in state.ed.group(space.group or ""):
        deed = state.deeds.get(lot.index)
        if deed is None or deed.owner != player:
            if deed is None:
                raise RuleBroken("%(player)s needs the whole %(group)s group to build — "
                                 "%(deed)s belongs to the bank.", player=player,
                                 group=space.group, deed=lot.label)
            raise RuleBroken("%(player)s needs the whole %(group)s group to build — %(deed)s "
                             "belongs to %(owner)s.", player=player, group=space.group,
                             deed=lot.label, owner=deed.owner)
        if deed.mortgaged:
            raise RuleBroken("%(deed)s is mortgaged — lift it before building on the "
                             "%(group)s group.", deed=lot.label, group=space.group)
    if space.house_cost is None:  # issue 15 point 1: ask once, not "not a street"
        raise MissingValue("The house price of %(deed)s is not known yet.",
                           space=space.index, field="house_cost", deed=space.label)


def castles_left(state: GameState) -> int:
    """M19/M23: the bank's castle (one, for ``settings.castle_on``), 0 once it is built."""
    name = state.ed.settings.castle_on
    if not name:
        return 0
    built = any(d.hotel and state.ed.space(d.space).name == name for d in state.deeds.values())
    return 0 if built else 1

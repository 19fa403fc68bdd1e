"""The classic worth, tally values and what a bankrupt's buildings fetch (docs/rules.md
C17, C21, C23): the defaults of :class:`companion.rules.ruleset.Classic`.

:mod:`companion.valuation` asks the game's rule set, which answers with these unless it
has its own (K8/K10/K11 Kortstokk, M21/M22 Multimillionær).  All ``int`` in the
edition's unit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.errors import N_
from companion.money import half
from companion.rules.buildings import building_value
from companion.state import Deed, GameState


@dataclass(frozen=True)
class Part:
    """One part of a worth (a column of the tally): ``key`` in the rule set's ``worth``
    breakdown, its English ``heading`` (translated by the pages), ``sign`` +1 (counted)
    or -1 (subtracted).  A row's ``total`` is the signed sum of its parts (issue 15)."""

    key: str
    heading: str
    sign: int = 1


#: C23: the parts of the classic worth, in the tally's column order.
CLASSIC_PARTS = (Part("cash", N_("Cash")), Part("deeds", N_("Deeds at printed price")),
                 Part("mortgaged", N_("Mortgaged deeds at half price")),
                 Part("buildings", N_("Buildings")), Part("debts", N_("Debts"), -1))

#: C23: what the classic worth counts, as the tally explains it.
CLASSIC_SENTENCE = N_("Worth is cash, deeds at the printed price, mortgaged deeds at half "
                      "the printed price, houses at their price and a hotel at its price "
                      "plus the houses before it, less debts.")


def win_sentence(winner_by: str) -> str:
    """C22–C24, W3: how the tally names the winner (``winner_by`` ``"cash"``: the most
    money; else the highest worth), English."""
    if winner_by == "cash":
        return N_("The player with the most money wins (cash less debts); worth is shown "
                  "beside it.")
    return N_("The player with the highest worth wins; a game played to the end is won by "
              "the last one left.")


def classic_worth(state: GameState, name: str,
                  owned: Sequence[Deed] | None = None) -> dict[str, int]:
    """C23: cash; unmortgaged deeds at the printed price; mortgaged deeds at half of it;
    houses at purchase price; a hotel at its price plus the houses that preceded it; open
    debts subtracted.  Shape: ``{"cash", "deeds", "mortgaged", "buildings", "debts",
    "total"}``.  ``owned``: ``state.owned_by(name)`` when the caller has it (issue 19)."""
    spaces = state.ed.spaces
    deeds = mortgaged = buildings = 0
    for deed in state.owned_by(name) if owned is None else owned:
        space = spaces[deed.space]
        price = space.price or 0
        if deed.mortgaged:
            mortgaged += half(price)
        else:
            deeds += price
        buildings += building_value(state, deed)  # hotel = its price + the houses before
    debts = sum(d.amount for d in state.debts_of(name))
    cash = state.players[name].cash
    total = cash + deeds + mortgaged + buildings - debts
    return {"cash": cash, "deeds": deeds, "mortgaged": mortgaged,
            "buildings": buildings, "debts": debts, "total": total}


def classic_values_used(state: GameState,
                        deeds: Iterable[Deed] | None = None) -> list[tuple[int, str]]:
    """(board index, field) of every edition value the C23 worth reads: the printed price
    of each owned deed, the house price of each built lot; of ``deeds`` only when given
    (one player's, :func:`companion.rules.deed_values.worth_missing`; issue 19)."""
    owned = list(state.deeds.values() if deeds is None else deeds)
    used = [(d.space, "price") for d in owned]
    return used + [(d.space, "house_cost") for d in owned if d.houses or d.hotel]


def classic_raisable(state: GameState, name: str,
                     owned: Sequence[Deed] | None = None) -> int:
    """C21: cash, plus every building sold back at half price (C17), plus the mortgage
    value of every unmortgaged deed (C19); 0 for a bankrupt player.  ``owned``:
    ``state.owned_by(name)`` when the caller has it (issue 19)."""
    player = state.players[name]
    if player.bankrupt:
        return 0
    spaces = state.ed.spaces
    total = player.cash
    for deed in state.owned_by(name) if owned is None else owned:
        space = spaces[deed.space]
        total += half(building_value(state, deed))
        if not deed.mortgaged:
            total += space.mortgage or 0
    return total


def classic_buildings_sale(state: GameState, player: str) -> int:
    """C17, C21: what the bank pays for every building ``player`` has, half the purchase
    price."""
    return sum(half(building_value(state, deed)) for deed in state.owned_by(player))

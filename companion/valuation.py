"""Worth and the tally (RULES C22, C23): what every player is worth, and who wins.

Worth (C23): cash; unmortgaged deeds at the printed price; mortgaged deeds at half the
printed price; houses at purchase price; a hotel at its price plus the houses that
preceded it; open debts subtracted.  All ``int`` in the edition's unit.
"""

from __future__ import annotations

from typing import Any

from companion.state import GameState


def worth(state: GameState, name: str) -> dict[str, int]:
    """The C23 breakdown of ``name``'s worth: cash, deeds, mortgaged, buildings, debts, total."""
    ed = state.ed
    deeds = mortgaged = buildings = 0
    hotel_houses = ed.settings.quick_hotel_houses if state.variant == "quick" \
        else ed.settings.hotel_houses
    for deed in state.owned_by(name):
        space = ed.space(deed.space)
        price = space.price or 0
        if deed.mortgaged:
            mortgaged += price // 2
        else:
            deeds += price
        levels = (hotel_houses + 1) if deed.hotel else deed.houses
        buildings += levels * (space.house_cost or 0)
    debts = sum(d.amount for d in state.debts_of(name))
    cash = state.players[name].cash
    total = cash + deeds + mortgaged + buildings - debts
    return {"cash": cash, "deeds": deeds, "mortgaged": mortgaged,
            "buildings": buildings, "debts": debts, "total": total}


def tally(state: GameState) -> dict[str, Any]:
    """Every player's worth and the winner (C22: the last one standing; else the richest).

    Shape: ``{"players": {name: worth-breakdown}, "winner": name or None}``; a tie for
    the richest names no winner.
    """
    rows = {name: worth(state, name) for name in state.players}
    active = state.active_players()
    if len(active) == 1:
        return {"players": rows, "winner": active[0]}
    best = max((rows[n]["total"] for n in active), default=0)
    leaders = [n for n in active if rows[n]["total"] == best]
    return {"players": rows, "winner": leaders[0] if len(leaders) == 1 else None}

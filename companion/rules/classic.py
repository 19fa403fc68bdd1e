"""Classic rent rules: streets, stations and utilities (docs/rules.md C6–C9, X1).

Amounts are ``int`` in the edition's unit.  Every edition difference is read from
:class:`~companion.editions.model.Settings`.
"""

from __future__ import annotations

from companion.editions import Space
from companion.errors import BadCommand, MissingValue
from companion.state import GameState


def owns_group(state: GameState, owner: str, space: Space) -> bool:
    """True when ``owner`` has every deed of ``space``'s colour group (C6)."""
    group = state.ed.group(space.group or "")
    return all(state.deeds.get(s.index) and state.deeds[s.index].owner == owner for s in group)


def group_mortgaged(state: GameState, space: Space) -> bool:
    """True when any lot of ``space``'s group is mortgaged (X1)."""
    return any(
        s.index in state.deeds and state.deeds[s.index].mortgaged
        for s in state.ed.group(space.group or "")
    )


def rent(state: GameState, space: Space, dice: int | None) -> int:
    """Rent owed for landing on owned ``space``: 0 when unowned or mortgaged (C7).

    Streets C6 + X1, stations C9, utilities C8 (``dice`` = the dice total, needed then).

    Raises:
        MissingValue: the edition lacks the deed's rent table (ask the banker once).
        ValueError: a utility without ``dice``.
    """
    deed = state.deeds.get(space.index)
    if deed is None or deed.mortgaged:
        return 0
    if not space.rents:
        raise MissingValue(
            "The rent of %(deed)s is not known yet: enter the figures on its deed.",
            space=space.index, field="rents", deed=space.label)
    if space.kind == "street":
        return street_rent(state, space)
    count = sum(1 for s in state.ed.group(space.group or "") if _owned_by(state, s, deed.owner))
    if space.kind == "station":
        return space.rents[count - 1]
    if dice is None:
        raise BadCommand("The rent of %(deed)s depends on the dice: give the dice total.",
                         deed=space.label)
    return space.rents[count - 1] * dice


def street_rent(state: GameState, space: Space) -> int:
    """C6: by buildings; unimproved lots of a complete group pay double (X1 decides
    whether a mortgaged lot in the group cancels the doubling)."""
    deed = state.deeds[space.index]
    if deed.hotel:
        return space.rents[5]
    if deed.houses:
        return space.rents[deed.houses]
    doubled = owns_group(state, deed.owner, space) and (
        state.ed.settings.double_rent_with_mortgaged_lot or not group_mortgaged(state, space))
    return space.rents[0] * (2 if doubled else 1)


def _owned_by(state: GameState, space: Space, owner: str) -> bool:
    deed = state.deeds.get(space.index)
    return deed is not None and deed.owner == owner

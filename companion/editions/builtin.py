"""Built-in editions cannot be shadowed (issue 17 point 2).

A family copy stored under a shipped edition's id (``monopol-no-1996``) may only
*complete* the shipped file: fill the values it lacks (ask once at the table, or the
editor), nothing else.  Any other change — another rent, another board, another title —
needs the family's own box: copy the edition under a new id and change the copy.  An
import under a built-in id is refused outright.  A copy stored before this rule that is
not a completion is ignored: the shipped file is used (:meth:`EditionLibrary.get`).
"""

from __future__ import annotations

from dataclasses import replace

from companion.editions.model import VALUE_FIELDS, Edition, Space
from companion.editions.problems import Problem


def completes(shipped: Edition, edition: Edition) -> bool:
    """True when ``edition`` is ``shipped`` with, at most, values ``shipped`` lacks filled
    in (a space's ``name``, ``price``, ``rents``, …; a chance effect, K6).  Provenance
    words do not count (a filled value is marked ``table YYYY-MM-DD``)."""
    if len(edition.spaces) != len(shipped.spaces):
        return False
    spaces = tuple(_unfilled(mine, theirs) for mine, theirs in
                   zip(edition.spaces, shipped.spaces, strict=True))
    effects = {k: v for k, v in edition.chance_effects.items() if k in shipped.chance_effects}
    return replace(edition, spaces=spaces, chance_effects=effects) == shipped


def _unfilled(mine: Space, theirs: Space) -> Space:
    """``mine`` with every value ``theirs`` lacks set back to ``theirs``' (missing)."""
    lacking = {name: getattr(theirs, name) for name in VALUE_FIELDS if not theirs.known(name)}
    return replace(mine, **lacking)


def shadow_problems(shipped: Edition | None, edition: Edition) -> list[Problem]:
    """Why ``edition`` cannot be stored under its id: a problem when the id is the
    built-in ``shipped`` edition's (None = no such built-in) and ``edition`` changes more
    than the values it lacks.  Empty when it may be stored."""
    if shipped is None or completes(shipped, edition):
        return []
    return [Problem("id", f"{edition.id!r} is a built-in edition: only the values it lacks "
                          "can be entered; copy it to make your own box, then change the "
                          "copy")]


def import_problems(built_in: bool, edition_id: str) -> list[Problem]:
    """Import never takes a built-in id (``built_in`` True), not even with "overwrite"."""
    if not built_in:
        return []
    return [Problem("id", f"{edition_id!r} is the id of a built-in edition: give yours an "
                          "id of its own (for example our-box)")]

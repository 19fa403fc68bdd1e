"""One value of an edition, read and set back with its provenance (ask once's undo,
:meth:`companion.editions.library.EditionLibrary.unlearn`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.editions.model import Edition


def value_of(edition: Edition, space: int | None, name: str) -> tuple[Any, str | None]:
    """(value, provenance) of field ``name`` of board ``space`` (None = top level)."""
    if space is not None:
        found = edition.spaces[space]
        return getattr(found, name), found.provenance.get(name)
    if name.startswith("chance_effects."):
        return edition.chance_effects.get(int(name.split(".", 1)[1])), edition.provenance.get(name)
    return getattr(edition, name), edition.provenance.get(name)


def restore_value(edition: Edition, space: int | None, name: str, value: Any,
                  provenance: str | None) -> Edition:
    """A copy of ``edition`` with ``name`` set back to ``value`` and its provenance to
    ``provenance`` (None = no mark, as for a value still missing)."""
    if space is None and name.startswith("chance_effects."):
        effects = dict(edition.chance_effects)
        effects.pop(int(name.split(".", 1)[1]), None)
        if value is not None:
            effects[int(name.split(".", 1)[1])] = value
        edition = replace(edition, chance_effects=effects)
    elif space is None:
        edition = replace(edition, **{name: value})
    else:
        old = edition.spaces[space]
        new = replace(old, **{name: value})
        edition = replace(edition, spaces=edition.spaces[:space] + (new,)
                          + edition.spaces[space + 1:])
    return _mark(edition, space, name, provenance)


def _mark(edition: Edition, space: int | None, name: str, provenance: str | None) -> Edition:
    marks = dict(edition.provenance if space is None else edition.spaces[space].provenance)
    marks.pop(name, None)
    if provenance is not None:
        marks[name] = provenance
    if space is None:
        return replace(edition, provenance=marks)
    new = replace(edition.spaces[space], provenance=marks)
    return replace(edition, spaces=edition.spaces[:space] + (new,) + edition.spaces[space + 1:])


def stored(value: Any) -> Any:
    """``value`` as an edition holds it: a list of rents as a tuple."""
    return tuple(value) if isinstance(value, list) else value

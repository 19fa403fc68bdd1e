"""Where every edition value comes from (docs/rules.md "Edition values"; issue 5 part 1).

A provenance word is one of:

- ``verified`` — read in a source (a rule text, a deed card, several fan lists agreeing);
- ``scaled xN`` — computed from the standard deed table times ``N`` (e.g. ``scaled x20``);
- ``transcribed`` — copied by a fan from a board; plausible, not checked;
- ``table YYYY-MM-DD`` — entered at a real table on that date (ask once, the editor).

Every value an edition holds must carry one; :func:`missing_provenance` lists the ones
that do not, and :func:`unverified` the values a tally used that are not ``verified``.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from companion.editions.model import TOP_VALUES, VALUE_FIELDS, Edition, Space

WORD = re.compile(r"verified|transcribed|scaled x[1-9][0-9]*|table \d{4}-\d{2}-\d{2}")
SCALED = re.compile(r"scaled x([1-9][0-9]*)")


def is_word(text: object) -> bool:
    """True when ``text`` is a provenance word (see the module docstring)."""
    return isinstance(text, str) and WORD.fullmatch(text) is not None


def table_word(day: dt.date | None = None) -> str:
    """``table YYYY-MM-DD`` for ``day`` (default today): a value entered at the table."""
    return f"table {(day or dt.date.today()).isoformat()}"


def missing_provenance(edition: Edition) -> list[str]:
    """Paths of values without a valid provenance word, e.g. ``spaces[3].rents``.

    Covers every space value (:data:`VALUE_FIELDS`), the top-level amounts
    (:data:`TOP_VALUES`) and every entry of the chance table.
    """
    found = [f"{key}" for key in TOP_VALUES if not is_word(edition.provenance.get(key))]
    for n in sorted(edition.chance_effects):
        key = f"chance_effects.{n}"
        if not is_word(edition.provenance.get(key)):
            found.append(key)
    for space in edition.spaces:
        found += [f"spaces[{space.index}].{name}" for name in VALUE_FIELDS
                  if space.known(name) and not is_word(space.provenance.get(name))]
    return found


def deed_view(space: Space) -> dict[str, Any]:
    """One space as the console's deed view shows it.

    Shape: ``{"index", "label", "kind", "group", "values": {field: {"value", "provenance"}},
    "missing": [fields a deed of this kind still lacks]}``; rents as a list.
    """
    values = {
        name: {"value": list(getattr(space, name)) if name == "rents" else getattr(space, name),
               "provenance": space.provenance.get(name, "")}
        for name in VALUE_FIELDS if space.known(name)
    }
    return {"index": space.index, "label": space.label, "kind": space.kind,
            "group": space.group, "values": values, "missing": missing_fields(space)}


def estimates(space: Space) -> dict[str, dict[str, Any]]:
    """The values of ``space`` that are estimates (provenance ``scaled xN``: the standard
    deed table times N, not read from a card; issue 15 point 9), to be shown as such.

    Shape: ``{field: {"value": int or list of int (rents), "factor": N}}``; empty when
    every value was read somewhere.
    """
    found: dict[str, dict[str, Any]] = {}
    for name in VALUE_FIELDS:
        scaled = SCALED.fullmatch(str(space.provenance.get(name, "")))
        if scaled and space.known(name):
            value = getattr(space, name)
            found[name] = {"value": list(value) if name == "rents" else value,
                           "factor": int(scaled.group(1))}
    return found


def missing_fields(space: Space) -> list[str]:
    """Value fields this space's kind needs that the edition does not know yet (ask once)."""
    needed = ["name"]
    if space.is_deed:
        needed += ["price", "rents"]
    if space.kind == "street":
        needed.append("house_cost")
    if space.kind == "tax":
        needed.append("tax")
    return [name for name in needed if not space.known(name)]


def unverified(edition: Edition, used: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """The values in ``used`` ((board index, field) pairs) that are not ``verified``.

    Shape: ``[{"space": index, "name": label, "field": field, "provenance": word}]``, each
    pair once, in board order; a missing value is listed with provenance ``"missing"``.
    """
    rows = []
    for index, name in sorted(set(used)):
        space = edition.space(index)
        word = space.provenance.get(name, "") if space.known(name) else "missing"
        if word != "verified":
            rows.append({"space": index, "name": space.label, "field": name,
                         "provenance": word or "unknown"})
    return rows

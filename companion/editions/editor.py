"""The edition editor's operations (issue 5 part 3) on a table's :class:`EditionLibrary`.

Copy an edition to make "our box", edit names and values with validation, import and
export whole editions as TOML or JSON text.  Every operation checks everything first and
raises :class:`~companion.editions.problems.EditionProblems` (each problem naming its
field, and for a file its line) before anything is stored: a refused edit changes nothing.
Values entered here are marked ``table YYYY-MM-DD``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Any

from companion.editions import export, locate, validate
from companion.editions.builtin import import_problems
from companion.editions.library import EditionLibrary, shipped_ids
from companion.editions.model import Edition
from companion.editions.parse import parse_edition
from companion.editions.problems import EditionProblems, Problem, with_lines
from companion.editions.provenance import deed_view, table_word

FORMATS = ("toml", "json")


def view(library: EditionLibrary, edition_id: str) -> dict[str, Any]:
    """What the editor shows: the edition's top fields and every space's deed view.

    Shape: ``{"id", "name", "unit", "rules", "based_on", "stored", "top": {field:
    {"value", "provenance"}}, "chance_effects": {total: effect}, "spaces": [deed_view]}``.
    """
    edition = library.get(edition_id)
    top = {name: {"value": getattr(edition, name), "provenance": edition.provenance.get(name, "")}
           for name in ("start_capital", "start_bonus", "jail_fine", "houses", "hotels")}
    return {"id": edition.id, "name": edition.name, "unit": edition.unit,
            "rules": edition.rules, "based_on": edition.based_on,
            "stored": library.is_stored(edition_id), "top": top,
            "chance_effects": dict(edition.chance_effects),
            "spaces": [deed_view(s) for s in edition.spaces]}


def copy_edition(library: EditionLibrary, source_id: str, new_id: str,
                 name: str | None = None) -> Edition:
    """Store a copy of ``source_id`` as ``new_id`` ("our box"), named ``name``.

    Raises:
        UnknownEdition: no edition ``source_id``.
        EditionProblems: ``new_id`` is taken (a built-in id always is: issue 17 point 2)
        or not a valid id (2–60 of a-z, 0-9, '-').
    """
    source = library.get(source_id)
    if new_id in library.ids():
        raise EditionProblems(new_id, [Problem("id", f"an edition {new_id!r} exists already")])
    title = (name or "").strip() or f"{source.name} (our box)"
    copy = replace(source, id=new_id, name=title[:100], based_on=source.id)
    library.save(copy)
    return copy


def rename(library: EditionLibrary, edition_id: str, name: str) -> Edition:
    """Give the family's edition ``edition_id`` the title ``name`` (1–100 letters)."""
    if not name.strip() or len(name.strip()) > 100:
        raise EditionProblems(edition_id, [Problem("name", "use 1 to 100 letters")])
    edition = replace(library.get(edition_id), name=name.strip())
    library.save(edition)
    return edition


def set_value(library: EditionLibrary, edition_id: str, index: int | None, name: str,
              value: Any, day: dt.date | None = None) -> Edition:
    """Set one value (``index`` None = a top-level field or ``chance_effects.N``) in the
    family's copy of ``edition_id``, marked ``table <day>``.

    Raises:
        EditionProblems: the value breaks a rule (a rent table that does not rise, a price
        of 0, …) or the space does not exist; nothing is stored.
    """
    edition = library.get(edition_id)
    path = name if index is None else f"spaces[{index}].{name}"
    if index is not None and not 0 <= index < len(edition.spaces):
        raise EditionProblems(edition_id, [Problem(f"spaces[{index}]", "no such space")])
    value = value.strip() if isinstance(value, str) else value
    found = validate.check_value(edition, index, name, value)
    if found:
        raise EditionProblems(edition_id, [Problem(path, message) for message in found])
    changed = edition.with_value(index, name, value, table_word(day))
    library.save(changed)
    return changed


def import_text(library: EditionLibrary, text: str, fmt: str | None = None,
                source: str = "import", overwrite: bool = False) -> Edition:
    """Read an edition from TOML or JSON ``text`` and store it as a family copy.

    Raises:
        EditionProblems: syntax or field problems, each with its line; a number above
        :data:`~companion.editions.bounds.MAX_NUMBER`, too deep nesting or a 5 000-digit
        number (issue 17 points 3, 7); the id is a built-in edition's (never shadowed,
        even with ``overwrite``: issue 17 point 2), or already a family copy and
        ``overwrite`` is False; a game in the log could not be replayed with it.
        Nothing is stored then.
    """
    edition = parse_edition(text, source=source, fmt=fmt)
    problems = validate.check_rules_module(edition)
    problems += import_problems(edition.id in shipped_ids(), edition.id)
    if library.is_stored(edition.id) and not overwrite and not problems:
        problems.append(Problem("id", f"the family already has an edition {edition.id!r}"))
    if problems:
        lines = locate.json_lines(text) if text.lstrip().startswith("{") else \
            locate.toml_lines(text)
        raise EditionProblems(source, with_lines(problems, lines))
    library.save(edition)
    return edition


def export_text(library: EditionLibrary, edition_id: str, fmt: str = "toml") -> str:
    """The edition as TOML or JSON text.  Raises UnknownEdition; ValueError for a bad fmt."""
    if fmt not in FORMATS:
        raise ValueError(f"export as one of {', '.join(FORMATS)}, not {fmt!r}")
    edition = library.get(edition_id)
    return export.to_toml(edition) if fmt == "toml" else export.to_json(edition)

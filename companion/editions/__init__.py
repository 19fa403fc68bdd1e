"""Editions: the shipped TOML files plus the family's copies in the table's database.

``load_edition("monopol-no-1996")`` returns a frozen :class:`Edition`.  Shipped files are
read when first asked for (never at import) and cached; while a table runs a command its
:class:`EditionLibrary` is active and family copies (edited boxes, imports, values
entered at the table) are found too.  See :mod:`companion.editions.editor` for copying,
editing, importing and exporting, and :mod:`companion.editions.provenance` for where
each value comes from.
"""

from __future__ import annotations

from companion.editions.library import EditionLibrary, active, load_shipped, shipped_ids
from companion.editions.model import Edition, Settings, Space
from companion.editions.parse import edition_from_dict, parse_edition
from companion.editions.problems import EditionProblems, Problem

__all__ = [
    "Edition", "EditionLibrary", "EditionProblems", "Problem", "Settings", "Space",
    "edition_from_dict", "edition_ids", "load_edition", "parse_edition",
]


def edition_ids() -> list[str]:
    """Ids of every edition a game can use: shipped, plus the active table's family copies."""
    library = active()
    return library.ids() if library else list(shipped_ids())


def load_edition(edition_id: str) -> Edition:
    """The edition ``edition_id``: the active table's family copy, else the shipped file.

    Raises:
        UnknownEdition: no such edition.
        EditionProblems: the file is invalid (each problem names its field and line).
    """
    library = active()
    return library.get(edition_id) if library else load_shipped(edition_id)

"""A board space's name in the page's language while the printed name is not known yet
(issue 15 points 8 and 13).

The core calls a space without a name by its group (or kind) and board index,
``Space.label`` = ``"brown #3"``, ``"airport #5"``, ``"go_to_jail #30"``: an English
identifier, never stored.  The pages show the printed name once the table has entered it
(``edition_value`` with ``field = "name"``, ask once), and until then a placeholder made
here in the page's language: the translated group or kind word and the index ("Brun 3",
"Flyplass 5"), or the kind word alone for a space a board has once ("Gå i fengsel").
"""

from __future__ import annotations

import re
from typing import Any

from companion.editions import Edition, Space
from web.i18n import catalogue, language

#: The context of the words below in the catalogues ("board space").
CONTEXT = "board space"


def P_(context: str, message: str) -> str:
    """Mark ``message`` (with its ``context``) for extraction; returns it unchanged."""
    return message


#: The group or kind words a placeholder is made of (``group`` else ``kind`` of a space).
WORDS = (
    P_("board space", "brown"), P_("board space", "light blue"), P_("board space", "pink"),
    P_("board space", "orange"), P_("board space", "red"), P_("board space", "yellow"),
    P_("board space", "green"), P_("board space", "dark blue"),
    P_("board space", "station"), P_("board space", "airport"), P_("board space", "utility"),
    P_("board space", "public institution"), P_("board space", "street"),
    P_("board space", "tax"), P_("board space", "card"), P_("board space", "other"),
    P_("board space", "start"), P_("board space", "jail"), P_("board space", "free_parking"),
    P_("board space", "go_to_jail"),
)
#: Kinds a board has once: their placeholder is the word alone, without the index.
SINGLE_KINDS = frozenset({"start", "jail", "free_parking", "go_to_jail"})


def placeholder(space: Space) -> str:
    """What the page calls ``space`` while its name is not known: e.g. ``"Brun 3"`` (nb),
    ``"Gå i fengsel"``; the English words are capitalised too ("Brown 3")."""
    word = space.group or space.kind
    local = catalogue(language()).pgettext(CONTEXT, word)
    if local == word:  # untranslated (English, or a group of another edition)
        local = word.replace("_", " ")
    local = local[:1].upper() + local[1:]
    return local if space.kind in SINGLE_KINDS and not space.group else f"{local} {space.index}"


def label(space: Space) -> str:
    """The printed name of ``space`` when known, else :func:`placeholder`."""
    return space.name if space.name else placeholder(space)


def placeholders(edition: Edition | None) -> dict[str, str]:
    """``{core label: the page's placeholder}`` for every space of ``edition`` without a
    name (empty for None); the pages' scripts put these in the state they show."""
    if edition is None:
        return {}
    return {space.label: placeholder(space) for space in edition.spaces if not space.name}


def localize(text: str, edition: Edition | None) -> str:
    """``text`` with every core label of a nameless space of ``edition`` ("rent brown #3")
    replaced by the page's placeholder ("rent Brun 3")."""
    found = placeholders(edition)
    if not found or "#" not in text:
        return text
    pattern = re.compile("|".join(re.escape(raw) for raw in sorted(found, key=len,
                                                                  reverse=True)) + r"(?!\d)")
    return pattern.sub(lambda m: found[m.group(0)], text)


def localize_value(value: Any, edition: Edition | None) -> Any:
    """:func:`localize` for a string, anything else unchanged (a refusal's params)."""
    return localize(value, edition) if isinstance(value, str) else value

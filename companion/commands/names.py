"""Players' names: one rule wherever a name is given (``new_game``) or looked up.

A name is stored and compared in Unicode NFC without surrounding whitespace, so ``José``
typed with a combining accent is the ``José`` already there.  Two names are the same when
equal after NFC and casefolding (``ÅSE`` is ``Åse``).  A new name is refused when it holds
a character that cannot be seen or breaks a line (Unicode categories Cc: line break, tab,
NUL; Cf: zero-width space or joiner, byte-order mark, bidi mark; Zl, Zp: line and
paragraph separators), which would make two names look alike; or a ``/`` or ``\\``, or
is ``.`` or ``..``, which breaks the banker's "new QR code" link (its path holds the name).

The rule is checked on the command; names already in a log stay as they were stored (a
restart folds the stored events, it does not run ``new_game`` again).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from companion.errors import BadCommand

#: Longest name, in characters (after NFC).
MAX_NAME = 40
#: Unicode categories refused in a name: control, format (invisible), line and paragraph
#: separators.  (A lone surrogate is refused in any command: ``companion.table``.)
HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp"})


def normal(name: str) -> str:
    """``name`` as it is stored: NFC, without surrounding whitespace."""
    return unicodedata.normalize("NFC", name).strip()


def name_key(name: str) -> str:
    """What makes two names the same: NFC, casefolded, NFC again."""
    return unicodedata.normalize("NFC", normal(name).casefold())


def new_name(name: str) -> str:
    """A player's name given at setup, as it is stored (:func:`normal`).

    Raises BadCommand: a hidden character or a line break, ``/`` or ``\\``, or a name
    that is ``.`` or ``..``.
    """
    name = normal(name)
    if any(unicodedata.category(c) in HIDDEN for c in name):
        raise BadCommand("A player's name cannot hold line breaks, tabs or invisible "
                         "characters (such as a zero-width space).")
    if "/" in name or "\\" in name or name in (".", ".."):
        raise BadCommand("A player's name cannot hold / or \\ (nor be . or ..).")
    return name


def find(players: Iterable[str], name: str) -> str | None:
    """The stored name among ``players`` that ``name`` means, however it is typed (exact,
    else the same :func:`name_key`), or None."""
    players = list(players)
    typed = normal(name)
    if typed in players:
        return typed
    wanted = name_key(typed)
    return next((known for known in players if name_key(known) == wanted), None)

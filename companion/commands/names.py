"""Players' names: one rule wherever a name is given (``new_game``) or looked up.

A name is stored and compared in Unicode NFC without surrounding whitespace, so ``José``
typed with a combining accent is the ``José`` already there.  Two names are the same when
equal after NFC and casefolding (``ÅSE`` is ``Åse``).  A new name is refused when it holds
a character that cannot be seen or breaks a line (Unicode categories Cc: line break, tab,
NUL; Cf: zero-width space or joiner, byte-order mark, bidi mark; Zl, Zp: line and
paragraph separators), or any of Unicode's default-ignorable code points (the Hangul
fillers U+115F, U+1160, U+3164, U+FFA0, variation selectors, …: :data:`IGNORABLE`), which
would make two names look alike; or a ``/`` or ``\\``, or is ``.`` or ``..``, which breaks
the banker's "new QR code" link (its path holds the name).

Two names of one game must not look alike (issue 17 point 8): "Ola" and "Оla" (a Cyrillic
О) are refused.  They are compared by their confusable skeleton (Unicode's UTS #39,
section 4: each character replaced by the prototype Unicode's ``confusables.txt`` gives it,
:func:`look_alike`), taken from the data the ``confusable-homoglyphs`` package ships, loaded
on first use.

The rule is checked on the command; names already in a log stay as they were stored (a
restart folds the stored events, it does not run ``new_game`` again).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache

from companion.errors import BadCommand

#: Longest name, in characters (after NFC).
MAX_NAME = 40
#: Unicode categories refused in a name: control, format (invisible), line and paragraph
#: separators.  (A lone surrogate is refused in any command: ``companion.table``.)
HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp"})
#: Unicode's default-ignorable code points (DerivedCoreProperties.txt, Unicode 15.1), as
#: inclusive ranges: nothing is drawn for them, so a name holding one looks like one
#: without it.  (Those of category Cf are refused by :data:`HIDDEN` too.)
IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
#: Marks the package's data puts around right-to-left characters (for display only).
_MARKS = str.maketrans("", "", "\u200e\u200f")


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
    if any(unicodedata.category(c) in HIDDEN or ignorable(c) for c in name):
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


def ignorable(char: str) -> bool:
    """True when ``char`` (one character) is default-ignorable (:data:`IGNORABLE`)."""
    code = ord(char)
    return any(low <= code <= high for low, high in IGNORABLE)


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text`` (section 4): NFD, every character replaced by its
    confusable prototype, NFD again.  Two texts with the same skeleton look alike."""
    prototype = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototype.get(c, c) for c in decomposed))


def look_alike(one: str, other: str) -> bool:
    """True when two names look alike: the same :func:`name_key`, or the same
    :func:`skeleton` as typed (``Ida`` and ``lda``) or casefolded (``Ola`` and ``оla``);
    "Ola" and "Оla" (Cyrillic О), "Per" and "Pеr" (Cyrillic е) do."""
    return (name_key(one) == name_key(other)
            or skeleton(normal(one)) == skeleton(normal(other))
            or skeleton(name_key(one)) == skeleton(name_key(other)))


@cache
def _prototypes() -> dict[str, str]:
    """Every confusable character's prototype, from ``confusables.txt`` as the package
    ``confusable-homoglyphs`` ships it (imported here, on first use: it reads its data
    file at import).  Its data holds each line ``source → prototype`` both ways, so the
    prototype of a group is the one entry joined to all the others (each source has one
    prototype; a group of two takes the lower one, the same for both)."""
    from confusable_homoglyphs.confusables import confusables_data  # type: ignore[import-untyped]

    links: dict[str, set[str]] = {}
    for char, found in confusables_data.items():
        char = char.translate(_MARKS)
        links.setdefault(char, set()).update(f["c"].translate(_MARKS) for f in found)
    prototype: dict[str, str] = {}
    for char, others in links.items():
        if len(char) != 1 or len(others) != 1:
            continue  # a prototype (or a sequence): it stays as it is
        (other,) = others
        if len(links.get(other, ())) > 1 or len(other) != 1 or other < char:
            prototype[char] = other
    return prototype

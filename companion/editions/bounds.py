"""Bounds on what an edition file may hold (issue 17 points 3 and 7).

Hostile edition files are the threat model: nothing in one may crash the server, change
another game or run a script.  So every number an edition holds is bounded like the
amounts of a command (:data:`MAX_NUMBER` is ``companion.commands.base.MAX_AMOUNT``), the
data nests no deeper than an edition does (:data:`MAX_DEPTH`), and a value shown in a
refusal is shown short (:func:`shown`: never a 5 000-digit number, never a deep repr).
"""

from __future__ import annotations

import re
import reprlib
from typing import Any

from companion.errors import Problem

#: Largest number anywhere in an edition (a price, a rent, a setting, a chance effect's
#: ``+N``): the largest amount one command may move (``MAX_AMOUNT``, 10**12), far above
#: any edition's money (SE 2008: millions).  A larger one (2**64) would break the game.
MAX_NUMBER = 10**12
#: How deep an edition's data nests: the file (1) > ``spaces`` (2) > a space (3) > its
#: ``rents`` or ``provenance`` (4).  One more level is allowed for slack.
MAX_DEPTH = 5
#: A chance effect that moves coins: ``+N`` or ``-N``, N in ASCII digits (K6).
COINS = re.compile(r"[+-]([0-9]{1,13})")
#: A dice total as a ``chance_effects`` key: one or two ASCII digits (K6: 2–12).
TOTAL = re.compile(r"[0-9]{1,2}")


def number_words() -> str:
    """How a refusal names the bound: ``"from 0 to 1000000000000"``."""
    return f"from 0 to {MAX_NUMBER}"


def too_deep(raw: Any) -> str | None:
    """The path of the first list or table of ``raw`` nested deeper than
    :data:`MAX_DEPTH` (``spaces[0].rents[0]``), else None.  Walks without recursion, so
    any depth the JSON or TOML reader returned is safe to check."""
    todo: list[tuple[Any, str, int]] = [(raw, "", 1)]
    while todo:
        item, path, depth = todo.pop()
        if not isinstance(item, dict | list):
            continue
        if depth > MAX_DEPTH:
            return path
        pairs = item.items() if isinstance(item, dict) else enumerate(item)
        for key, child in pairs:
            where = f"{path}[{key}]" if isinstance(item, list) else \
                f"{path}.{key}" if path else str(key)
            todo.append((child, where, depth + 1))
    return None


def limits(raw: Any) -> list[Problem]:
    """One problem per field of the plain edition data ``raw`` holding a number above
    :data:`MAX_NUMBER` (or below its negative), or a chance effect moving more: the
    field's path (``spaces[1].rents`` for any of its figures), each once.  Walks without
    recursion."""
    found: dict[str, str] = {}
    todo: list[tuple[Any, str]] = [(raw, "")]
    while todo:
        item, path = todo.pop()
        if isinstance(item, dict):
            todo += [(v, f"{path}.{k}" if path else str(k)) for k, v in item.items()]
        elif isinstance(item, list):
            todo += [(v, f"{path}[{n}]" if isinstance(v, dict | list) else path)
                     for n, v in enumerate(item)]
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_NUMBER:
            found.setdefault(path, f"must be at most {MAX_NUMBER}, the largest amount of "
                                   "the game")
        elif isinstance(item, str) and path.startswith("chance_effects."):
            problem = effect_problem(item)
            if problem:
                found.setdefault(path, problem)
    return [Problem(path, message) for path, message in sorted(found.items())]


class _Short(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        return str(x) if abs(x) <= MAX_NUMBER else "a number too large"


_SHORT = _Short()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother = 2, 40, 40


def shown(value: Any) -> str:
    """``value`` as a refusal shows it: a short repr, a huge number as "a number too
    large" (Python refuses to write ints of more than 4 300 digits)."""
    return _SHORT.repr(value)


def effect_problem(effect: str) -> str | None:
    """Why the K6 chance effect ``effect`` cannot be stored, or None: at most 80 letters;
    a ``+N``/``-N`` effect moves at most :data:`MAX_NUMBER` coins."""
    text = effect.strip().replace(" ", "")
    if len(effect.strip()) > 80:
        return "the effect is at most 80 letters"
    if text[:1] in "+-" and text[1:].isdigit():
        found = COINS.fullmatch(text)
        if found is None or int(found.group(1)) > MAX_NUMBER:
            return f"+N or -N moves a whole number of coins {number_words()}"
    return None

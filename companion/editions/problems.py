"""Problems found in an edition, each naming its field and, for a file, its line.

:class:`~companion.errors.EditionProblems` and its :class:`~companion.errors.Problem`
(defined with every other error in :mod:`companion.errors`, STYLE 3, which imports
nothing of the editions; re-exported here) is what the loader, the editor and import
raise: it carries every problem at once (STYLE 7: audits list all findings), and nothing
was changed.
"""

from __future__ import annotations

import re

from companion.errors import EditionProblems, Problem

__all__ = ["EditionProblems", "Problem", "line_in_message", "with_lines"]


def line_in_message(message: str) -> int | None:
    """The line number a parser's message names (``... (at line 3, column 7)``), or None."""
    match = re.search(r"line (\d+)", message)
    return int(match.group(1)) if match else None


def with_lines(problems: list[Problem], lines: dict[str, int]) -> list[Problem]:
    """``problems`` with ``line`` filled from ``lines`` (path -> line), trying the path,
    then its parents (``spaces[3].provenance.price`` -> ``spaces[3].provenance`` -> …)."""
    return [p if p.line else Problem(p.path, p.message, _line_of(p.path, lines))
            for p in problems]


def _line_of(path: str, lines: dict[str, int]) -> int | None:
    while path:
        if path in lines:
            return lines[path]
        path = re.sub(r"(\.[^.\[\]]+|\[\d+\])$", "", path) if re.search(r"[.\[]", path) else ""
    return None

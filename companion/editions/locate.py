"""Where each field sits in an edition file: ``{path: line}`` for TOML and JSON text.

Paths are the loader's (``start_capital``, ``settings.hotel_sale``, ``spaces[3]``,
``spaces[3].rents``, ``spaces[3].provenance.price``); lines count from 1.  Used only to
name the line of a problem found after the file parsed (:mod:`companion.editions.parse`).
"""

from __future__ import annotations

import json
import re

_KEY = re.compile(r'\s*("?)([A-Za-z0-9_.\-]+)\1\s*=')
_INLINE_KEY = re.compile(r'([A-Za-z0-9_\-]+)\s*=')
_JSON = json.JSONDecoder()


def toml_lines(text: str) -> dict[str, int]:
    """``{path: line}`` for every table header and key of TOML ``text`` (valid TOML)."""
    lines: dict[str, int] = {}
    table, spaces = "", -1
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("[["):
            spaces += stripped.strip("[] ") == "spaces"
            table = f"spaces[{spaces}]" if stripped.strip("[] ") == "spaces" else ""
            lines.setdefault(table, number)
        elif stripped.startswith("["):
            table = stripped.strip("[] ")
            lines.setdefault(table, number)
        elif match := _KEY.match(line):
            path = f"{table}.{match.group(2)}" if table else match.group(2)
            lines.setdefault(path, number)
            _inline(line[match.end():], path, number, lines)
    return lines


def _inline(rest: str, path: str, number: int, lines: dict[str, int]) -> None:
    """Keys of an inline table on the same line (``provenance = { price = "verified" }``)."""
    if rest.strip().startswith("{"):
        for key in _INLINE_KEY.findall(re.sub(r'"[^"]*"', '""', rest)):
            lines.setdefault(f"{path}.{key}", number)


def json_lines(text: str) -> dict[str, int]:
    """``{path: line}`` for every key and array item of JSON ``text`` (valid JSON)."""
    lines: dict[str, int] = {}
    _value(text, 0, "", lines)
    return lines


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def _value(text: str, pos: int, path: str, lines: dict[str, int]) -> int:
    pos = _skip(text, pos)
    if text[pos] == "{":
        return _object(text, pos + 1, path, lines)
    if text[pos] == "[":
        return _array(text, pos + 1, path, lines)
    return int(_JSON.raw_decode(text, pos)[1])


def _object(text: str, pos: int, path: str, lines: dict[str, int]) -> int:
    while (pos := _skip(text, pos)) < len(text) and text[pos] != "}":
        if text[pos] == ",":
            pos += 1
            continue
        key, end = _JSON.raw_decode(text, pos)
        child = f"{path}.{key}" if path else str(key)
        lines.setdefault(child, _line(text, pos))
        pos = _value(text, _skip(text, end) + 1, child, lines)
    return pos + 1


def _array(text: str, pos: int, path: str, lines: dict[str, int]) -> int:
    item = 0
    while (pos := _skip(text, pos)) < len(text) and text[pos] != "]":
        if text[pos] == ",":
            pos += 1
            continue
        lines.setdefault(f"{path}[{item}]", _line(text, pos))
        pos = _value(text, pos, f"{path}[{item}]", lines)
        item += 1
    return pos + 1

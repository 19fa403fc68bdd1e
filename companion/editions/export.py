"""Writing an edition out: plain data, TOML text or JSON text (the editor's export).

``parse_edition(to_toml(e)) == e`` and ``parse_edition(to_json(e)) == e``, provenance
included.  TOML is written by hand (the standard library only reads TOML).
"""

from __future__ import annotations

import json
import re
from dataclasses import fields
from typing import Any

from companion.editions.model import Edition, Space

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_SPACE_VALUES = ("group", "price", "rents", "house_cost", "mortgage", "tax", "max_houses")


def to_dict(edition: Edition) -> dict[str, Any]:
    """The edition as plain data in the file layout (what TOML and JSON files hold)."""
    data: dict[str, Any] = {
        name: getattr(edition, name)
        for name in ("id", "name", "language", "unit", "rules", "start_capital",
                     "start_bonus", "jail_fine", "houses", "hotels")
    }
    if edition.based_on:
        data["based_on"] = edition.based_on
    data["provenance"] = dict(edition.provenance)
    data["settings"] = {f.name: _plain(getattr(edition.settings, f.name))
                        for f in fields(edition.settings)
                        if getattr(edition.settings, f.name) is not None}
    data["chance_effects"] = {str(k): v for k, v in sorted(edition.chance_effects.items())}
    data["spaces"] = [_space(s) for s in edition.spaces]
    return data


def _plain(value: Any) -> Any:
    """A setting as file data: a tuple (M3 share prices, M4 names) as a list."""
    return list(value) if isinstance(value, tuple) else value


def _space(space: Space) -> dict[str, Any]:
    data: dict[str, Any] = {"index": space.index, "name": space.name, "kind": space.kind}
    for name in _SPACE_VALUES:
        value = getattr(space, name)
        if value not in (None, ()):
            data[name] = list(value) if name == "rents" else value
    data["provenance"] = dict(space.provenance)
    return data


def to_json(edition: Edition) -> str:
    """The edition as JSON text (UTF-8 letters kept, two-space indent)."""
    return json.dumps(to_dict(edition), ensure_ascii=False, indent=2) + "\n"


def to_toml(edition: Edition) -> str:
    """The edition as TOML text in the layout of the shipped files."""
    data = to_dict(edition)
    spaces = data.pop("spaces")
    tables = {k: data.pop(k) for k in ("provenance", "settings", "chance_effects")}
    out = [f"# {edition.name} — exported by companion", *_pairs(data)]
    for name, table in tables.items():
        out += ["", f"[{name}]", *_pairs(table)]
    for space in spaces:
        out += ["", "[[spaces]]", *_pairs(space)]
    return "\n".join(out) + "\n"


def _pairs(table: dict[str, Any]) -> list[str]:
    return [f"{_key(k)} = {_value(v)}" for k, v in table.items()]


def _key(key: str) -> str:
    return key if _BARE.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")

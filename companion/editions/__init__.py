"""Edition registry: one TOML file per edition in ``companion/editions/data``.

``load_edition("monopol-no-1996")`` returns a frozen :class:`~companion.editions.model.Edition`.
Files are read when first asked for (never at import) and cached.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from companion.editions.model import SPACE_KINDS, Edition, Settings, Space
from companion.errors import EditionError, UnknownEdition

__all__ = ["Edition", "Settings", "Space", "edition_ids", "load_edition", "parse_edition"]

_TOP_INTS = ("start_capital", "start_bonus", "jail_fine", "houses", "hotels")
_TOP_STRS = ("id", "name", "language", "unit", "rules")


def _data_dir() -> Any:
    return resources.files("companion.editions") / "data"


def edition_ids() -> list[str]:
    """Ids of every installed edition, sorted."""
    return sorted(p.name[:-5] for p in _data_dir().iterdir() if p.name.endswith(".toml"))


@cache
def load_edition(edition_id: str) -> Edition:
    """The installed edition ``edition_id``.

    Raises:
        UnknownEdition: no such file.
        EditionError: the file is invalid (the message names the field).
    """
    if edition_id not in edition_ids():
        raise UnknownEdition(f"There is no edition called {edition_id!r}.")
    text = (_data_dir() / f"{edition_id}.toml").read_text(encoding="utf-8")
    return parse_edition(text, source=f"{edition_id}.toml")


def parse_edition(text: str, source: str = "<edition>") -> Edition:
    """Parse and validate an edition from TOML ``text``.

    Raises:
        EditionError: bad TOML (with its line) or a field of the wrong type or value.
    """
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise EditionError(f"{source}: {exc}") from exc
    return edition_from_dict(raw, source)


def edition_from_dict(raw: dict[str, Any], source: str = "<edition>") -> Edition:
    """Build an :class:`Edition` from plain data (parsed TOML or JSON).

    Raises:
        EditionError: a missing field or a value of the wrong type (named in the message).
    """
    for key in _TOP_STRS:
        _need(raw, key, str, source)
    for key in _TOP_INTS:
        _need(raw, key, int, source)
    spaces = tuple(_space(s, n, source) for n, s in enumerate(raw.get("spaces", [])))
    for n, space in enumerate(spaces):
        if space.index != n:
            raise EditionError(f"{source}: spaces[{n}].index is {space.index}, expected {n}")
    settings = _settings(raw.get("settings", {}), source)
    return Edition(
        spaces=spaces,
        settings=settings,
        provenance=dict(raw.get("provenance", {})),
        **{k: raw[k] for k in _TOP_STRS + _TOP_INTS},
    )


def _need(raw: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = raw.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise EditionError(f"{where}: field {key!r} must be {kind.__name__}, got {value!r}")
    return value


def _space(raw: dict[str, Any], n: int, source: str) -> Space:
    where = f"{source}: spaces[{n}]"
    kind = _need(raw, "kind", str, where)
    if kind not in SPACE_KINDS:
        raise EditionError(f"{where}: unknown kind {kind!r}")
    for key in ("price", "house_cost", "mortgage", "tax"):
        if key in raw:
            _need(raw, key, int, where)
            if raw[key] < 0:
                raise EditionError(f"{where}: field {key!r} must not be negative")
    rents = raw.get("rents", [])
    if not all(isinstance(r, int) and not isinstance(r, bool) and r >= 0 for r in rents):
        raise EditionError(f"{where}: field 'rents' must be a list of whole numbers >= 0")
    return Space(
        index=_need(raw, "index", int, where),
        name=raw.get("name", ""),
        kind=kind,
        group=raw.get("group"),
        price=raw.get("price"),
        rents=tuple(rents),
        house_cost=raw.get("house_cost"),
        mortgage=raw.get("mortgage"),
        tax=raw.get("tax"),
        provenance=dict(raw.get("provenance", {})),
    )


def _settings(raw: dict[str, Any], source: str) -> Settings:
    known = Settings.__dataclass_fields__
    unknown = set(raw) - set(known)
    if unknown:
        raise EditionError(f"{source}: unknown setting(s) {sorted(unknown)}")
    return Settings(**raw)

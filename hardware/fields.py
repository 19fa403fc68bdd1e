"""Typed fields from a parsed TOML table: a dataclass of defaults, each key given replacing
its default, converted to the default's type (:mod:`hardware.config`'s layout file).

Nothing here reads a file; the errors name the field (``strip.baud: 'fast' is not valid``).
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any


class ConfigError(ValueError):
    """The layout file is unreadable or a field is invalid; the message names the field."""


def merge(default: Any, data: dict[str, Any], where: str) -> Any:
    """``default`` (a dataclass instance) with the keys of ``data`` replaced, each converted
    to the type of the default's value; ``where`` (``"strip"``) names the table in errors.

    Raises:
        ConfigError: an unknown key, or a value that does not convert (``strip.baud: 'x'``).
    """
    known = {f.name: getattr(default, f.name) for f in fields(default)}
    only(data, set(known), where)
    changes = {key: _convert(known[key], value, f"{where}.{key}") for key, value in data.items()}
    return replace(default, **changes)


def _convert(default: Any, value: Any, where: str) -> Any:
    try:
        if value is None:
            return None
        if isinstance(default, tuple):
            return tuple(_convert(default[0] if default else 0, v, where) for v in value)
        if isinstance(default, bool) or default is None:
            return value
        return type(default)(value)
    except (TypeError, ValueError, IndexError) as exc:
        raise ConfigError(f"{where}: {value!r} is not valid ({exc})") from exc


def only(data: dict[str, Any], allowed: set[str], where: str) -> None:
    """Raise ConfigError naming the keys of ``data`` not in ``allowed`` (in table ``where``)."""
    unknown = set(data) - allowed
    if unknown:
        raise ConfigError(f"{where or 'layout'}: unknown key(s) {', '.join(sorted(unknown))}")

"""Reading an edition: TOML or JSON text, or plain data, into an :class:`Edition`.

Every problem is collected (type errors here, rule checks in
:mod:`companion.editions.validate`) and raised together as
:class:`~companion.editions.problems.EditionProblems`, each naming its field and, for
text, its line.  Nothing is half-read: either a whole valid edition or the problems.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from companion.editions import bounds, locate, validate
from companion.editions.model import SPACE_KINDS, VALUE_FIELDS, Edition, Settings, Space
from companion.editions.problems import EditionProblems, Problem, line_in_message, with_lines
from companion.editions.provenance import is_word

TOP_STRS = ("id", "name", "language", "unit", "rules")
TOP_INTS = ("start_capital", "start_bonus", "jail_fine", "houses", "hotels")
SPACE_INTS = ("index", "price", "house_cost", "mortgage", "tax", "max_houses")
SPACE_KEYS = frozenset(VALUE_FIELDS + SPACE_INTS + ("kind", "group", "provenance"))
#: Space fields that may carry a provenance: the values, and the board's structure.
MARKED = VALUE_FIELDS + ("kind", "group", "index")
TOP_KEYS = frozenset(TOP_STRS + TOP_INTS + (
    "spaces", "settings", "chance_effects", "based_on", "provenance"))


def parse_edition(text: str, source: str = "<edition>", fmt: str | None = None) -> Edition:
    """Parse and validate an edition from ``text`` (``fmt`` ``toml`` or ``json``; None =
    JSON when the text starts with ``{``, else TOML).

    Raises:
        EditionProblems: bad syntax (with its line) or bad fields (each with its line);
        also lists or tables nested deeper than an edition's, and a number of more
        than 4 300 digits (issue 17 point 7: a refusal, never a crash).
    """
    fmt = fmt or ("json" if text.lstrip().startswith("{") else "toml")
    raw = _read(text, source, fmt)
    deep = bounds.too_deep(raw)
    if deep is not None:  # before locate, whose walk of the text recurses
        raise EditionProblems(source, [Problem(deep, _DEEP)])
    try:
        return edition_from_dict(raw, source)
    except EditionProblems as exc:
        lines = locate.json_lines(text) if fmt == "json" else locate.toml_lines(text)
        raise EditionProblems(source, with_lines(exc.problems, lines)) from None


_DEEP = "lists and tables are nested deeper than an edition's"


def _read(text: str, source: str, fmt: str) -> Any:
    """The parsed ``text``.  Raises EditionProblems for bad syntax, too deep nesting
    (the readers' RecursionError) and too long numbers (their ValueError)."""
    try:
        return json.loads(text) if fmt == "json" else tomllib.loads(text)
    except json.JSONDecodeError as exc:
        raise EditionProblems(source, [Problem("", exc.msg, exc.lineno)]) from None
    except tomllib.TOMLDecodeError as exc:
        raise EditionProblems(source, [Problem("", str(exc), line_in_message(str(exc)))]) \
            from None
    except RecursionError:
        raise EditionProblems(source, [Problem("", _DEEP)]) from None
    except ValueError:  # Python's int-string limit: more than 4 300 digits
        raise EditionProblems(source, [Problem("", "a number has too many digits: every "
                                               f"number is {bounds.number_words()}")]) \
            from None


def edition_from_dict(raw: Any, source: str = "<edition>", bounded: bool = True) -> Edition:
    """Build and validate an :class:`Edition` from plain data (parsed TOML or JSON).

    ``bounded``: refuse a number above :data:`~companion.editions.bounds.MAX_NUMBER` or a
    chance effect moving more (issue 17 point 3; every file, import and edit).  False
    only to read back what the table itself stored before that bound (a game's pinned
    edition, a family copy): refusing it there would stop the whole table, not one game.

    Raises:
        EditionProblems: every missing field, wrong type, broken rule and number above
        the bound, by path; data nested deeper than an edition's.
    """
    problems: list[Problem] = []
    if not isinstance(raw, dict):
        raise EditionProblems(source, [Problem("", "an edition must be a table of fields")])
    deep = bounds.too_deep(raw)
    if deep is not None:
        raise EditionProblems(source, [Problem(deep, _DEEP)])
    if bounded:
        problems += bounds.limits(raw)
    edition = _edition(raw, problems)
    if edition is not None and not problems:
        problems += validate.check_edition(edition)
    if problems or edition is None:
        raise EditionProblems(source, problems)
    return edition


def _edition(raw: dict[str, Any], problems: list[Problem]) -> Edition | None:
    problems += [Problem(k, "unknown field") for k in raw if k not in TOP_KEYS]
    top = {k: _typed(raw, k, str, k, problems) for k in TOP_STRS}
    top |= {k: _typed(raw, k, int, k, problems) for k in TOP_INTS}
    spaces = _list(raw, "spaces", problems)
    built = [_space(s, f"spaces[{n}]", problems) for n, s in enumerate(spaces)]
    settings = _settings(raw.get("settings", {}), problems)
    effects = _effects(raw.get("chance_effects", {}), problems)
    marks = _marks(raw.get("provenance", {}), "provenance", problems)
    based_on = raw.get("based_on")
    if based_on is not None and not isinstance(based_on, str):
        problems.append(Problem("based_on", "must be the id of an edition"))
    if problems or settings is None or any(s is None for s in built):
        return None
    return Edition(spaces=tuple(s for s in built if s is not None), settings=settings,
                   chance_effects=effects, based_on=based_on, provenance=marks, **top)


def _typed(raw: dict[str, Any], key: str, kind: type, path: str,
           problems: list[Problem], required: bool = True) -> Any:
    """``raw[key]`` when it is a ``kind`` (ints: whole, not bool, >= 0; the upper bound
    is checked on the whole file first, :func:`~companion.editions.bounds.limits`); else
    a problem."""
    if key not in raw:
        if required:
            problems.append(Problem(path, "is missing"))
        return None
    value = raw[key]
    wrong = not isinstance(value, kind) or (kind is int and isinstance(value, bool))
    if wrong or (kind is int and value < 0):
        word = "a whole number, 0 or more" if kind is int else "text"
        problems.append(Problem(path, f"must be {word}, not {bounds.shown(value)}"))
        return None
    return value


def _list(raw: dict[str, Any], key: str, problems: list[Problem]) -> list[Any]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        problems.append(Problem(key, "must be a list"))
        return []
    return value


def _space(raw: Any, path: str, problems: list[Problem]) -> Space | None:
    if not isinstance(raw, dict):
        problems.append(Problem(path, "must be a table of fields"))
        return None
    before = len(problems)
    problems += [Problem(f"{path}.{k}", "unknown field") for k in raw if k not in SPACE_KEYS]
    ints = {k: _typed(raw, k, int, f"{path}.{k}", problems, k == "index") for k in SPACE_INTS}
    kind = _typed(raw, "kind", str, f"{path}.kind", problems)
    if kind is not None and kind not in SPACE_KINDS:
        problems.append(Problem(f"{path}.kind", f"unknown kind {kind!r}; one of "
                                f"{', '.join(sorted(SPACE_KINDS))}"))
    name = _typed(raw, "name", str, f"{path}.name", problems, required=False) or ""
    group = _typed(raw, "group", str, f"{path}.group", problems, required=False)
    rents = _rents(raw.get("rents", []), f"{path}.rents", problems)
    marks = _marks(raw.get("provenance", {}), f"{path}.provenance", problems, MARKED)
    if len(problems) > before:
        return None
    return Space(name=name, kind=kind, group=group, rents=rents, provenance=marks, **ints)


def _rents(value: Any, path: str, problems: list[Problem]) -> tuple[int, ...]:
    ok = isinstance(value, list) and all(
        isinstance(r, int) and not isinstance(r, bool) and r >= 0 for r in value)
    if not ok:
        problems.append(Problem(path, "must be a list of whole numbers, 0 or more"))
        return ()
    return tuple(value)


def _marks(value: Any, path: str, problems: list[Problem],
           keys: tuple[str, ...] | None = None) -> dict[str, str]:
    """A provenance table: field -> provenance word (``verified``, ``scaled x20``, …)."""
    if not isinstance(value, dict):
        problems.append(Problem(path, "must be a table of field = provenance"))
        return {}
    for key, word in value.items():
        if keys is not None and key not in keys:
            problems.append(Problem(f"{path}.{key}", "is not a field of a space"))
        elif not is_word(word):
            problems.append(Problem(f"{path}.{key}", f"{bounds.shown(word)} is not a "
                                    "provenance: use "
                                    "verified, scaled xN, transcribed or table YYYY-MM-DD"))
    return dict(value)


def _settings(value: Any, problems: list[Problem]) -> Settings | None:
    if not isinstance(value, dict):
        problems.append(Problem("settings", "must be a table"))
        return None
    defaults = Settings()
    before = len(problems)
    value = _renamed(value)
    for key, item in value.items():
        if key not in Settings.__dataclass_fields__:
            problems.append(Problem(f"settings.{key}", "unknown setting"))
        elif not _same_type(getattr(defaults, key), item,
                            str(Settings.__dataclass_fields__[key].type)):
            problems.append(Problem(f"settings.{key}",
                                    f"has the wrong type: {bounds.shown(item)}"))
    lists = {k: tuple(v) for k, v in value.items() if isinstance(v, list)}  # M3, M4
    return Settings(**{**value, **lists}) if len(problems) == before else None


def _renamed(value: dict[str, Any]) -> dict[str, Any]:
    """Old setting names an edition file or family copy may still hold: the M21 flag
    ``creditors_before_bank`` (true = ``creditor_order = "players_first"``; false = the
    default) gives way to ``creditor_order`` when that is not given."""
    value = dict(value)
    old = value.pop("creditors_before_bank", None)
    if old is True and "creditor_order" not in value:
        value["creditor_order"] = "players_first"
    return value


def _same_type(default: Any, item: Any, hint: str = "") -> bool:
    if isinstance(default, tuple):  # a list of whole numbers or of text (M3, M4)
        want = str if "str" in hint else int
        return isinstance(item, list | tuple) and all(
            isinstance(v, want) and not isinstance(v, bool) for v in item)
    if default is None:  # an optional whole number (income_tax_percent, fortune_goal)
        return item is None or (isinstance(item, int) and not isinstance(item, bool))
    if isinstance(default, bool):
        return isinstance(item, bool)
    return isinstance(item, type(default)) and not isinstance(item, bool)


def _effects(value: Any, problems: list[Problem]) -> dict[int, str]:
    """K6's chance table: ``{"7": "+2"}`` (dice total 2–12 -> effect text)."""
    if not isinstance(value, dict):
        problems.append(Problem("chance_effects", "must be a table of dice total = effect"))
        return {}
    effects: dict[int, str] = {}
    for key, effect in value.items():
        path = f"chance_effects.{key}"
        if not bounds.TOTAL.fullmatch(str(key)) or not 2 <= int(key) <= 12:
            problems.append(Problem(path, "the key must be a dice total from 2 to 12"))
        elif not isinstance(effect, str) or not effect.strip():
            problems.append(Problem(path, "the effect must be text (+N, -N, fire_insurance …)"))
        else:
            effects[int(key)] = effect.strip()
    return effects

"""Rule checks on an edition's values (issue 5: "a rent table must rise with buildings,
prices positive, groups complete").  Checks return findings; callers raise (STYLE 7).

Paths name fields as the loader does: ``spaces[3].rents``, ``settings.hotel_sale``.
"""

from __future__ import annotations

import re
from typing import Any

from companion.editions import bounds
from companion.editions.model import SPACE_KINDS, TOP_VALUES, VALUE_FIELDS, Edition, Space
from companion.editions.problems import Problem
from companion.editions.rulesets import PERCENT_TAX, RULE_SETS

ID = re.compile(r"[a-z0-9][a-z0-9-]{1,59}")
HOTEL_SALES = ("half", "five_houses", "hotel_plus_houses")
DOUBLES = ("roll_again", "nearest_not_owned")  # C3, K3
#: X4: when buildings may be bought (``Settings.build_timing``).
BUILD_TIMINGS = ("any", "own_turn", "own_turn_after_move", "own_turn_after_ola")
#: M15: how long Ola rides free after Trafikkfyr (``Settings.ola_light_turns``).
OLA_LIGHT_TURNS = ("next_turn", "next_round")
#: C21/M21/K10: how a bankrupt's debts are met (``Settings.creditor_order``).
CREDITOR_ORDERS = ("named", "oldest_first", "players_first")
#: Why a name without letters is refused (issue 16 point 1).
NO_LETTERS = "has no letters: a name is words, not figures"
_ONLY = {"price": "deed", "rents": "deed", "mortgage": "deed", "house_cost": "street",
         "max_houses": "street", "tax": "tax"}


def check_edition(edition: Edition) -> list[Problem]:
    """Every rule problem of ``edition`` (board, deeds, groups, settings)."""
    problems = [Problem(p, m) for p, m in _top(edition)]
    for n, space in enumerate(edition.spaces):
        if space.index != n:
            problems.append(Problem(f"spaces[{n}].index", f"is {space.index}, expected {n}"))
        problems += check_space(edition, space)
    return problems + _groups(edition) + _names(edition)


def _top(edition: Edition) -> list[tuple[str, str]]:
    found = []
    if not ID.fullmatch(edition.id):
        found.append(("id", "use 2–60 lower-case letters, digits and '-'"))
    if not edition.spaces:
        found.append(("spaces", "the board has no spaces"))
    s = edition.settings
    if s.hotel_sale not in HOTEL_SALES:
        found.append(("settings.hotel_sale", f"must be one of {', '.join(HOTEL_SALES)}"))
    if not 2 <= s.max_players <= 8:
        found.append(("settings.max_players", "must be from 2 to 8"))
    if s.mortgage_interest_step < 1 or s.claim_lapse_turns < 1:
        found.append(("settings", "steps and turns must be 1 or more"))
    if s.doubles not in DOUBLES:
        found.append(("settings.doubles", f"must be one of {', '.join(DOUBLES)}"))
    if not set(s.one_die_from) <= SPACE_KINDS:
        found.append(("settings.one_die_from", "must list space kinds"))
    if s.fortune_goal is not None and s.fortune_goal < 1:
        found.append(("settings.fortune_goal", "must be more than zero"))
    for name, allowed in (("build_timing", BUILD_TIMINGS),
                          ("ola_light_turns", OLA_LIGHT_TURNS),
                          ("creditor_order", CREDITOR_ORDERS)):
        if getattr(s, name) not in allowed:
            found.append((f"settings.{name}", f"must be one of {', '.join(allowed)}"))
    return found + _stock_board(edition)


def _stock_board(edition: Edition) -> list[tuple[str, str]]:
    """M3: share prices above zero and rising; one starting level per series (street
    group), each a level of the ladder."""
    s, found = edition.settings, []
    prices = s.share_prices
    steps = zip(prices, prices[1:], strict=False)
    if any(p <= 0 for p in prices) or any(b <= a for a, b in steps):
        found.append(("settings.share_prices", "must be more than zero and rise"))
    series = {sp.group for sp in edition.spaces if sp.kind == "street"}
    for name in ("share_start_levels", "share_start_levels_alt"):
        levels = getattr(s, name)
        if levels and (len(levels) != len(series) or not all(
                1 <= n <= len(prices) for n in levels)):
            found.append((f"settings.{name}", f"needs one level from 1 to {len(prices)} "
                          f"for each of the {len(series)} series"))
    return found


def check_rules_module(edition: Edition) -> list[Problem]:
    """A problem when ``edition.rules`` names no rule set of
    :data:`~companion.editions.rulesets.RULE_SETS` (checked on import and save; a shipped
    file is checked by the tests)."""
    if edition.rules in RULE_SETS:
        return []
    return [Problem("rules", f"there is no rule set {edition.rules!r}: the rule sets are "
                             f"{', '.join(sorted(RULE_SETS))}")]


def check_space(edition: Edition, space: Space) -> list[Problem]:
    """Problems of one space's values: where each field belongs, positive amounts, a rent
    table of the right length rising with buildings (or stations), mortgage ≤ price, a
    percentage tax (M16, :data:`PERCENT_TAX`) at most 100."""
    path = f"spaces[{space.index}]"
    found = [(name, f"a {space.kind} space has no {name.replace('_', ' ')}")
             for name, where in _ONLY.items() if space.known(name) and not _fits(space, where)]
    for name in ("price", "house_cost", "mortgage", "tax"):
        if getattr(space, name) == 0:
            found.append((name, "must be more than zero"))
    if edition.rules in PERCENT_TAX and space.tax is not None and space.tax > 100:
        found.append(("tax", "is a percentage (M16): at most 100"))
    if space.is_deed and not space.group:
        found.append(("group", "a deed needs a group (its colour, or station/utility)"))
    if space.max_houses is not None and space.max_houses > 12:
        found.append(("max_houses", "must be from 0 to 12"))
    if space.mortgage and space.price and space.mortgage > space.price:
        found.append(("mortgage", f"{space.mortgage} is more than the price {space.price}"))
    if len(space.name) > 60:
        found.append(("name", "at most 60 letters"))
    if space.name.strip() and not has_letters(space.name):
        found.append(("name", NO_LETTERS))
    found += _rents(edition, space)
    return [Problem(f"{path}.{name}", message) for name, message in found]


def _fits(space: Space, where: str) -> bool:
    return space.is_deed if where == "deed" else space.kind == where


def _rents(edition: Edition, space: Space) -> list[tuple[str, str]]:
    rents = space.rents
    if not rents or not space.is_deed:
        return []
    want = rent_count(edition, space)
    if len(rents) != want:
        return [("rents", f"needs {want} figures, has {len(rents)}")]
    if rents[0] <= 0 or any(b <= a for a, b in zip(rents, rents[1:], strict=False)):
        what = "stations owned" if space.kind == "station" else "buildings"
        return [("rents", f"must be more than zero and rise with {what}: {list(rents)}")]
    return []


def rent_count(edition: Edition, space: Space) -> int:
    """How many figures ``space``'s rent table has: street = houses 0..max then the hotel
    (C6; K5 has no hotel: ``max_houses`` + 1); station or utility = one per group member."""
    if space.kind == "street":
        if space.max_houses is not None:
            return space.max_houses + 1
        return edition.settings.hotel_houses + 2
    return len(edition.group(space.group or ""))


def _groups(edition: Edition) -> list[Problem]:
    found = []
    for name in sorted({s.group for s in edition.deeds if s.group}):
        kinds = {s.kind for s in edition.group(name)}
        if len(kinds) > 1:
            found.append(Problem(f"spaces[{edition.group(name)[0].index}].group",
                                 f"group {name!r} mixes {', '.join(sorted(kinds))}"))
    return found


def _names(edition: Edition) -> list[Problem]:
    seen: dict[str, int] = {}
    found = []
    for space in edition.deeds:
        key = space.name.strip().lower()
        if key and key in seen:
            found.append(Problem(f"spaces[{space.index}].name",
                                 f"{space.name!r} is also the name of space {seen[key]}"))
        seen.setdefault(key, space.index)
    return found


def check_value(edition: Edition, index: int | None, name: str, value: Any) -> list[str]:
    """Why ``value`` cannot be ``name`` of space ``index`` (None = a top-level field or
    ``chance_effects.N``); empty when it can.  Messages are plain sentences."""
    if index is None:
        return _check_top(name, value)
    if name not in VALUE_FIELDS:
        return [f"{bounds.shown(name)} is not a value of a space; one of "
                f"{', '.join(VALUE_FIELDS)}."]
    wrong = _wrong_type(name, value)
    if wrong:
        return [wrong]
    before = {str(p) for p in check_space(edition, edition.space(index))} | {
        str(p) for p in _names(edition)}
    after = edition.with_value(index, name, value, "verified")
    found = check_space(after, after.space(index)) + _names(after)
    label = edition.space(index).label
    return [f"{label}, {p.path.split('.')[-1].replace('_', ' ')}: {p.message}."
            for p in found if str(p) not in before]


def has_letters(name: str) -> bool:
    """Whether ``name`` has a letter: a name made only of digits and punctuation
    ("1.500 7.000 20.000") is figures typed into the name field (issue 16 point 1)."""
    return any(ch.isalpha() for ch in name)


def _wrong_type(name: str, value: Any) -> str | None:
    if name == "name":
        ok = isinstance(value, str) and bool(value.strip())
        if ok and not has_letters(value):
            return f"{value.strip()!r} {NO_LETTERS}."
        return None if ok else "A name must be text."
    if name == "rents":
        ok = isinstance(value, list | tuple) and bool(value) and all(_whole(v) for v in value)
        return None if ok else ("The rents must be a list of whole numbers "
                                f"{bounds.number_words()}.")
    return None if _whole(value) else (f"The {name.replace('_', ' ')} must be a whole number "
                                       f"{bounds.number_words()}.")


def _whole(value: Any) -> bool:
    """A whole number from 0 to :data:`~companion.editions.bounds.MAX_NUMBER` (issue 17
    point 3: as a command's amount is bounded)."""
    return isinstance(value, int) and not isinstance(value, bool) and \
        0 <= value <= bounds.MAX_NUMBER


def _check_top(name: str, value: Any) -> list[str]:
    if name.startswith("chance_effects."):
        total = name.split(".", 1)[1]
        if not bounds.TOTAL.fullmatch(total) or not 2 <= int(total) <= 12:
            return ["A chance effect is for a dice total from 2 to 12."]
        ok = isinstance(value, str) and 0 < len(value.strip()) <= 80
        if ok and bounds.effect_problem(value):
            return [f"The effect of {total}: {bounds.effect_problem(value)}."]
        return [] if ok else ["The effect must be text: +N, -N, fire_insurance or a note."]
    if name not in TOP_VALUES:
        return [f"{bounds.shown(name)} cannot be set here."]
    if not _whole(value) or (value == 0 and name != "start_bonus"):
        return [f"The {name.replace('_', ' ')} must be a whole number more than zero, at "
                f"most {bounds.MAX_NUMBER}."]
    return []

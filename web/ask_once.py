"""Ask once (issue 5 part 2): what the console needs to ask the banker for a value the
edition lacks.

A command refused with :class:`~companion.errors.MissingValue` is answered with
``"missing": {...}`` beside the error (:mod:`web.errors`): the space and field the core
named, the space's label, and how to ask for it — a prompt, whether the value is a list
(``rents``: one figure per ``labels`` entry), a number (``money`` amounts get the quick
"000" keys) or text (a name, a joker effect).  The console then sends ``edition_value``
and the refused command again.
"""

from __future__ import annotations

from typing import Any, cast

from flask import current_app, has_request_context, request

from companion.editions import Edition, Space
from companion.editions.validate import rent_count
from companion.errors import CompanionError, MissingValue
from companion.table import Table
from web.i18n import _, ngettext
from web.place_names import label

#: Fields whose value is an amount of money (the inputs get the quick "000" keys).
MONEY_FIELDS = frozenset({"price", "rents", "house_cost", "mortgage"})


def _edition() -> Edition | None:
    """The edition of the game in the request's URL, or None."""
    game_id = (request.view_args or {}).get("game_id") if has_request_context() else None
    if not game_id:
        return None
    try:
        return cast(Table, current_app.extensions["companion.table"]).state(game_id).ed
    except CompanionError:
        return None


def missing_value(error: MissingValue) -> dict[str, Any]:
    """The ``missing`` block of the API's answer to ``error``.

    Shape: ``{"space": index or None, "space_name": label or None, "field", "kind": the
    space's kind or None, "input": "list" | "number" | "text", "count": figures wanted
    (lists), "labels": [one per figure], "money": bool, "prompt": a sentence}``.
    """
    field = error.field or ""
    edition = _edition()
    space: Space | None = None
    if edition is not None and error.space is not None and 0 <= error.space < len(edition.spaces):
        space = edition.space(error.space)
    name = label(space) if space is not None else None
    answer: dict[str, Any] = {
        "space": error.space, "space_name": name, "field": field,
        "kind": space.kind if space is not None else None,
        "input": "text" if field == "name" or field.startswith("chance_effects.") else "number",
        "count": 1, "labels": [], "money": field in MONEY_FIELDS,
        "prompt": prompt(field, name or ""),
    }
    if field == "rents" and edition is not None and space is not None:
        labels = rent_labels(edition, space)
        answer.update(input="list", count=len(labels), labels=labels)
    return answer


def rent_labels(edition: Edition, space: Space) -> list[str]:
    """One label per figure of ``space``'s rent table: 0 houses … 4 houses, hotel (C6);
    houses only up to ``max_houses`` (K5); stations and utilities by how many are owned."""
    count = rent_count(edition, space)
    if space.kind == "street":
        labels = [_("No houses")] + [ngettext("%(num)d house", "%(num)d houses", n)
                                     for n in range(1, count)]
        if space.max_houses is None:  # M19: Slottsplassen's top level is the castle
            castle = bool(space.name) and space.name == edition.settings.castle_on
            labels[-1] = _("Castle") if castle else _("Hotel")
        return labels
    if space.kind == "utility":
        return [ngettext("Times the dice, with %(num)d owned", "Times the dice, with %(num)d "
                         "owned", n) for n in range(1, count + 1)]
    return [ngettext("With %(num)d owned", "With %(num)d owned", n) for n in range(1, count + 1)]


def prompt(field: str, space: str) -> str:
    """What the console asks the banker for, as a whole sentence."""
    if field.startswith("chance_effects."):
        total = field.split(".", 1)[1]
        return _("What does a roll of %(total)s on a joker do? Enter +N or -N coins, "
                 "fire_insurance, or a note.", total=total)
    prompts = {
        "rents": _("Enter the rents printed on the deed of %(space)s.", space=space),
        "price": _("Enter the price printed on the board for %(space)s.", space=space),
        "tax": _("Enter the percentage printed on %(space)s.", space=space),
        "mortgage": _("Enter the mortgage value printed on the back of the deed of "
                      "%(space)s.", space=space),
        "house_cost": _("Enter the house price printed on the deed of %(space)s.",
                        space=space),
        "name": _("Enter the name printed on the board at %(space)s.", space=space),
        "max_houses": _("Enter how many houses %(space)s can take.", space=space),
    }
    return prompts.get(field, _("Enter the figure printed on the card."))

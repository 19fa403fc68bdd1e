"""Ask once: the banker enters a value the edition lacks (issue 5 part 2).

A command that needs a value the edition does not know raises
:class:`~companion.errors.MissingValue` (naming ``space`` and ``field``); the console asks
the banker for the figure printed on the card and sends ``edition_value``.  Its event
patches this game's edition (so a replay reproduces it) and the table copies it into the
family's copy of the edition (so the next game already knows it).  Never a guess.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.editions import Edition, EditionLibrary
from companion.editions.bounds import limits
from companion.editions.export import to_dict
from companion.editions.provenance import table_word
from companion.editions.validate import check_value, has_letters
from companion.errors import BadCommand, RuleBroken
from companion.ledger.draft import Draft
from companion.rules import rules_for
from companion.state import GameState


@command("edition_value")
def edition_value(draft: Draft, cmd: Cmd) -> None:
    """Record ``value`` as ``field`` of ``space`` in this game's edition.

    Fields: ``space`` (name, label such as ``brown #1``, or board index; omit for a
    top-level field or ``chance_effects.N``), ``field`` (``name``, ``price``, ``rents``,
    ``house_cost``, ``mortgage``, ``tax``, ``max_houses``, ``chance_effects.N``),
    ``value`` (whole number; a list of whole numbers for ``rents``; text for ``name``
    and effects), ``date`` (optional ``YYYY-MM-DD``, default today: the provenance
    becomes ``table <date>``).  A value the rule set shares among spaces (K4: a price is
    the price of both cards of its number) is entered for each of them that lacks it.

    Raises:
        BadCommand: no such field, or a bad date.  UnknownSpace: no such space.
        RuleBroken: the value breaks a rule (rents must rise with buildings, a price must
        be more than zero, a percentage tax (M16) at most 100, a name without letters,
        …), or the edition's value
        is ``verified`` (change that in the editor).
    """
    state = draft.state
    name = cmd.text("field").strip()
    index = cmd.space() if cmd.has("space") else None
    value = _value(cmd.raw.get("value"))
    _not_verified(state.ed, index, name)
    _percentage(state, index, name, value)
    _name_has_letters(name, value)
    problems = check_value(state.ed, index, name, value)
    if problems:
        sentences = " ".join(problems)  # the checks' own words, not a template
        raise RuleBroken(sentences)
    word = table_word(_date(cmd))
    draft.emit(ev.EditionValueSet(index, name, value, word))
    for other in _sharing(state, index, name):  # K4: one price per number, asked once
        draft.emit(ev.EditionValueSet(other, name, value, word))


def _sharing(state: GameState, index: int | None, name: str) -> list[int]:
    """The other spaces printed with the same ``name`` value as ``index`` (the rule set's
    ``shared_value``; K4: the other card of the number), a verified value left alone."""
    if index is None:
        return []
    others = rules_for(state.ed).shared_value(state, index, name)[1:]
    return [i for i in others
            if state.ed.space(i).provenance.get(name, "") != "verified"
            or not state.ed.space(i).known(name)]


def _name_has_letters(name: str, value: Any) -> None:
    """A name made only of digits and punctuation is figures typed into the name field
    (issue 16 point 1: a deed's rents "1.500 7.000 20.000" kept as its name for every
    later game); refused in words a player understands."""
    if name == "name" and isinstance(value, str) and value.strip() and not has_letters(value):
        raise RuleBroken("“%(value)s” has no letters: a name is written in words, not "
                         "figures. Enter the name printed on the board.", value=value.strip())


def _percentage(state: GameState, index: int | None, name: str, value: Any) -> None:
    """M16: where the rule set's tax is a percentage of cash (``tax_percent``), the
    printed figure is 0–100; anything else is a typo (150 % would take more than the
    cash).  Raises RuleBroken."""
    if name != "tax" or index is None or not rules_for(state.ed).has("tax_percent"):
        return
    if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= 100:
        raise RuleBroken("The tax on %(space)s is a percentage of the cash: enter the "
                         "figure printed on the space, from 0 to 100.",
                         space=state.ed.space(index).label)


def _value(raw: Any) -> Any:
    if isinstance(raw, str):
        return raw.strip()
    return tuple(raw) if isinstance(raw, list) else raw


def _date(cmd: Cmd) -> dt.date | None:
    if not cmd.has("date"):
        return None
    try:
        return dt.date.fromisoformat(cmd.text("date"))
    except ValueError as exc:
        raise BadCommand("The date must be written YYYY-MM-DD.") from exc


def _not_verified(edition: Edition, index: int | None, name: str) -> None:
    """A ``verified`` value is not overwritten at the table (the editor can)."""
    field = name.replace("_", " ")
    if index is None:
        if edition.provenance.get(name, "") == "verified":
            raise RuleBroken("%(field)s is verified; change it in the edition editor if your "
                             "box differs.", field=field[:1].upper() + field[1:])
        return
    space = edition.space(index)
    if space.known(name) and space.provenance.get(name, "") == "verified":
        raise RuleBroken("The %(field)s of %(deed)s is verified; change it in the edition "
                         "editor if your box differs.", field=field, deed=space.label)


def pin_edition(draft: Draft, library: EditionLibrary, edition_id: str) -> None:
    """Log the exact content of edition ``edition_id`` in a new game (``EditionPinned``,
    before ``GameStarted``): the family's copy, or the shipped file (issue 17 point 2), so
    no later edit, import or file changes this game.  A game logged before every game was
    pinned has no ``EditionPinned``: it folds with the shipped file (completed by the
    values the table entered, :mod:`companion.editions.builtin`) or the family copy.

    Raises: UnknownEdition (no such edition); RuleBroken (a family copy stored before
    issue 17 holds a number above the bound: a game on it could not be shown)."""
    content = to_dict(library.get(edition_id))
    too_big = limits(content)
    if too_big:
        raise RuleBroken("The edition %(edition)s holds a number larger than any amount in "
                         "the game (%(field)s); import a corrected file over it.",
                         edition=edition_id, field=too_big[0].path)
    draft.emit(ev.EditionPinned(content))

"""A deed's board values, asked once when it changes hands (docs/rules.md C19, C23, M22).

An edition may lack a deed's printed values (Multimillionær: not public, asked once at
the table, ``edition_value``).  The worth counts an owned deed at its price (C23, M22:
"board value"; Aker Brygge and Gyldenløves gate at twice their mortgage value) and the
owner may mortgage it for its mortgage value (C19, M17): a deed owned while a value is
unknown would count 0 and could not be mortgaged from a phone.  So every command that
gives a deed to a player — ``buy``, ``auction_close``, ``auction_sold``, ``trade``,
``trade_accept`` — first asks for the values the rule set names
(:meth:`~companion.rules.ruleset.Classic.board_values`) by raising
:class:`~companion.errors.MissingValue`, one at a time: the console asks the banker,
sends ``edition_value`` and the command again (the Kjøp path's ask-once flow, h21).

:func:`worth_missing` names the deeds whose worth is not complete yet (a game logged
before, or a value skipped), so the screens never show a worth as if it were.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.editions import Space
from companion.errors import MissingValue
from companion.rules import rules_for
from companion.rules.ruleset import Classic
from companion.rules.worth import classic_values_used
from companion.state import Deed, GameState


def ask_board_values(state: GameState, space: Space) -> None:
    """Ask for the first board value of deed ``space`` the game lacks, before it changes
    hands (h21; C23, M22 worth, C19 mortgage).

    Raises:
        MissingValue: naming ``space`` and the field (``price`` or ``mortgage``).
    """
    for field in rules_for(state.ed).board_values(state.ed, space):
        if not space.known(field):
            raise missing(space, field)


def missing(space: Space, field: str) -> MissingValue:
    """The refusal that asks for ``field`` (``price``; else ``mortgage``) of deed ``space``,
    in the player's words, naming the deed."""
    if field == "price":
        return MissingValue("The price of %(deed)s is not known yet: enter the price "
                            "printed on the board.", space=space.index, field="price",
                            deed=space.label)
    return MissingValue("The mortgage value of %(deed)s is not known yet: enter the figure "
                        "on the back of its deed.", space=space.index, field="mortgage",
                        deed=space.label)


def ask_all(state: GameState, indexes: Iterable[int]) -> None:
    """:func:`ask_board_values` for each deed of board ``indexes`` (a trade's).

    Raises: MissingValue."""
    for index in indexes:
        ask_board_values(state, state.ed.space(index))


def worth_missing(state: GameState, name: str,
                  owned: Sequence[Deed] | None = None) -> list[str]:
    """The labels of ``name``'s deeds whose value the worth reads is not known yet (the
    rule set's ``values_used``, C23, M22), board order, each once: while any is listed
    the worth is incomplete (counted 0 for them), and the screens say so.  ``owned``:
    ``state.owned_by(name)`` when the caller has it (issue 19)."""
    if owned is None:
        owned = state.owned_by(name)
    if not owned:
        return []
    ed, rules = state.ed, rules_for(state.ed)
    spaces = ed.spaces
    if type(rules).values_used is Classic.values_used:  # the classic reads only these
        used = classic_values_used(state, owned)
    else:
        mine = {d.space for d in owned}
        used = [(i, f) for i, f in rules.values_used(state) if i in mine]
    lacking = {index for index, field in used if not spaces[index].known(field)}
    return [spaces[index].label for index in sorted(lacking)] if lacking else []

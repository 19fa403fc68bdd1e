"""Starting and ending a game (docs/table-log.md "Setup"; docs/rules.md C1, C22–C24)."""

from __future__ import annotations

from typing import Any

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.commands.names import MAX_NAME, look_alike, name_key, new_name
from companion.commands.variants import start_variant, variant_settings
from companion.editions import load_edition
from companion.errors import BadCommand, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.ending import finish
from companion.rules import rules_for
from companion.rules.ruleset import HOUSE_RULES

VARIANTS = ("standard", "quick", "timed")


def new_game_event(raw: Cmd, game_id: str) -> ev.GameStarted:
    """Validate a ``new_game`` command into its :class:`GameStarted` event.

    Raises:
        UnknownEdition: no such edition.  BadCommand: players (2..max, names as
        :func:`player_names`), variant, house rules, deal or minutes wrong (C23/C24: see
        :mod:`companion.commands.variants`, recorded in the event's ``settings``).
        RuleBroken: a house rule switched on that the edition cannot use (the pot
        without a free-parking space, C12; the rule set's ``house_rules``).
    """
    edition = load_edition(raw.text("edition", "monopol-no-1996"))
    names = player_names(raw.raw.get("players"), edition.settings.max_players)
    variant = raw.text("variant", "standard")
    if variant not in VARIANTS:
        raise BadCommand("The variant must be one of %(choices)s.", choices=", ".join(VARIANTS))
    rules = raw.raw.get("house_rules") or {}
    if not isinstance(rules, dict) or any(k not in HOUSE_RULES for k in rules):
        raise BadCommand("House rules known: %(choices)s.", choices=", ".join(HOUSE_RULES))
    unused = [k for k, on in rules.items() if on and k not in rules_for(edition).house_rules()]
    if unused:
        raise RuleBroken("%(edition)s has no free parking, so the free-parking pot does "
                         "not apply.", edition=edition.name)
    return ev.GameStarted(game_id, edition.id, tuple(names), variant,
                          {k: bool(v) for k, v in rules.items()},
                          variant_settings(raw, edition, names, variant))


def player_names(players: Any, most: int) -> list[str]:
    """The players' names as stored: 2 to ``most`` of them, each as
    :func:`~companion.commands.names.new_name` (NFC, trimmed) and 1 to 40 characters, no
    two the same after NFC and casefolding nor looking alike
    (:func:`~companion.commands.names.look_alike`), none the bank.  Raises BadCommand."""
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadCommand("Name the players as a list of names.")
    if len(players) < 2 or len(players) > most:
        raise BadCommand("A game needs 2 to %(most)s players.", most=most)
    names = [new_name(p) for p in players]
    same = len({name_key(n) for n in names}) < len(names)
    if same or any(not 0 < len(n) <= MAX_NAME for n in names):
        raise BadCommand("Every player needs a different name of 1 to 40 letters.")
    if any(look_alike(n, ev.BANK) for n in names):
        raise BadCommand("'bank' is the bank's name; pick another for the player.")
    for i, name in enumerate(names):  # issue 17 point 8: "Ola" and "Оla" (Cyrillic О)
        other = next((o for o in names[:i] if look_alike(o, name)), None)
        if other is not None:
            raise BadCommand("%(one)s and %(other)s look alike; give the players names that "
                             "look different.", one=other, other=name)
    return names


def start_game(draft: Draft, started: ev.GameStarted) -> None:
    """Emit the start, pay every player the start capital (C1), then deal deeds and start
    the clock of a quick or timed game (C23, C24)."""
    draft.emit(started)
    for name in started.players:
        draft.emit(ev.MoneyMoved(ev.BANK, name, draft.state.ed.start_capital, "start capital",
                                     "start_capital"))
    start_variant(draft, started)
    rules_for(draft.state.ed).after_start(draft)  # M2 shares, M3 stock board


@command("end_game")
def end_game(draft: Draft, cmd: Cmd) -> None:
    """Close the game and fix the tally's winner (C22–C24); open rent claims are paid
    first (C5, :func:`~companion.ledger.ending.finish`); a timed game ends by C24."""
    finish(draft, how="C24" if draft.state.variant == "timed" else "end_game")

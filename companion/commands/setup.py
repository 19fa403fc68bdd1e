"""Starting and ending a game (TABLE-LOG "Setup"; RULES C1, C22–C24)."""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, Draft, command
from companion.commands.ending import finish
from companion.commands.variants import start_variant, variant_settings
from companion.editions import load_edition
from companion.errors import BadCommand
from companion.rules import hook

VARIANTS = ("standard", "quick", "timed")
HOUSE_RULES = ("auto_rent", "free_parking_pot")


def new_game_event(raw: Cmd, game_id: str) -> ev.GameStarted:
    """Validate a ``new_game`` command into its :class:`GameStarted` event.

    Raises:
        UnknownEdition: no such edition.  BadCommand: players (2..max, unique names),
        variant, house rules, deal or minutes wrong (C23/C24: see
        :mod:`companion.commands.variants`, recorded in the event's ``settings``).
    """
    edition = load_edition(raw.text("edition", "monopol-no-1996"))
    players = raw.raw.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadCommand("Name the players as a list of names.")
    names = [p.strip() for p in players]
    if len(names) < 2 or len(names) > edition.settings.max_players:
        raise BadCommand("A game needs 2 to %(most)s players.",
                         most=edition.settings.max_players)
    if any(not n or len(n) > 40 for n in names) or len({n.lower() for n in names}) < len(names):
        raise BadCommand("Every player needs a different name of 1 to 40 letters.")
    if any(n.lower() == ev.BANK for n in names):
        raise BadCommand("'bank' is the bank's name; pick another for the player.")
    variant = raw.text("variant", "standard")
    if variant not in VARIANTS:
        raise BadCommand("The variant must be one of %(choices)s.", choices=", ".join(VARIANTS))
    rules = raw.raw.get("house_rules") or {}
    if not isinstance(rules, dict) or any(k not in HOUSE_RULES for k in rules):
        raise BadCommand("House rules known: %(choices)s.", choices=", ".join(HOUSE_RULES))
    return ev.GameStarted(game_id, edition.id, tuple(names), variant,
                          {k: bool(v) for k, v in rules.items()},
                          variant_settings(raw, edition, names, variant))


def start_game(draft: Draft, started: ev.GameStarted) -> None:
    """Emit the start, pay every player the start capital (C1), then deal deeds and start
    the clock of a quick or timed game (C23, C24)."""
    draft.emit(started)
    for name in started.players:
        draft.emit(ev.MoneyMoved(ev.BANK, name, draft.state.ed.start_capital, "start capital"))
    start_variant(draft, started)
    hook(draft.state.ed, "after_start")(draft)  # M2 shares, M3 stock board


@command("end_game")
def end_game(draft: Draft, cmd: Cmd) -> None:
    """Close the game and fix the tally's winner (C22–C24); open rent claims are paid
    first (C5, :func:`~companion.commands.ending.finish`)."""
    finish(draft)

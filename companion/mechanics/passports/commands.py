"""The ``passports`` mechanic's command: Verdens underverker's free flight
(docs/table-log.md "Verdens underverker"; docs/rules.md W2).  Passport marks on landing,
auction and dealing are hooks (:mod:`companion.mechanics.passports.rules`, called by the
rule set :class:`~companion.rules.wonders.Wonders`); this module holds the one command a
player sends.
"""

from __future__ import annotations

from companion.commands.base import Cmd, command
from companion.editions import Space
from companion.errors import BadCommand, RuleBroken
from companion.ledger.draft import Draft
from companion.mechanics.passports import state as passports
from companion.mechanics.passports.rules import is_wonder, mark, pending_flight
from companion.state import GameState


@command("free_flight", player_field="player")
def free_flight(draft: Draft, cmd: Cmd) -> None:
    """``player`` uses the free flight of the airport they just landed on to mark the
    unvisited ``wonder`` (a printed name, a label such as ``"brown #1"``, or a board
    index) without moving: no buying, no rent (W2).  The 22nd mark ends the game (W3).

    Raises:
        BadCommand: no ``wonder`` given.  UnknownSpace: no such space.
        RuleBroken: no passports in this game, no free flight to use (none since the
        last airport landing, already used, or the next landing or turn came first),
        not a wonder, or already visited.
    """
    state = draft.state
    player = cmd.player()
    if not cmd.has("wonder"):
        raise BadCommand("Name the wonder to fly to ('wonder': its name or board number).")
    space = state.ed.space(cmd.space("wonder"))
    check_flight(state, player, space)
    mark(draft, player, space.index, "flight")


def check_flight(state: GameState, player: str, space: Space) -> None:
    """Every W2 refusal of a free flight by ``player`` to ``space``, in the order a player
    would ask.  Raises RuleBroken with a sentence saying why."""
    if not state.ed.settings.passport_size:
        raise RuleBroken("This game has no passports, so there are no free flights.")
    if pending_flight(state, player) is None:
        raise RuleBroken("%(player)s has no free flight to use: one comes with landing on "
                         "an airport and must be used before the next landing or turn.",
                         player=player)
    if not is_wonder(state.ed, space):
        raise RuleBroken("%(space)s is not a wonder: a free flight marks a wonder in the "
                         "passport.", space=space.label)
    if space.index in passports.of(state).marks.get(player, []):
        raise RuleBroken("%(player)s has already visited %(wonder)s: pick a wonder not yet "
                         "marked in the passport.", player=player, wonder=space.label)

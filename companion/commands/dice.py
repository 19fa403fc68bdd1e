"""The optional digital twin: dice entered instead of landings (docs/rules.md C2, C3, C13).

docs/table-log.md ``roll`` (``player``, ``dice``: [d1, d2], each 1–6): only the player to roll;
moves the token by the sum from its position, pays the Start bonus when passing Start
(landing on it pays through ``land``, C2), then does what ``land`` does there.  Doubles
roll again; a third double in a row goes to jail without moving (C3) — in an edition
without a jail (``settings.has_jail`` False: M14, Kortstokk) it is just another roll, and
``jail_try`` is refused.  A jailed player's
doubles free them to move the sum, with no extra roll; a failed try counts, and the
third failed try makes the fine due (a debt if short) and moves by that roll (C13).

``jail_try`` (``player``) records a failed try at a table that enters landings instead of
dice; the third one charges the fine and frees the player, who then moves the real token
by the last roll (and the banker sends ``land``).
"""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.commands.turns import check_jail, land_on
from companion.errors import BadCommand, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import charge
from companion.ledger.pot import pay_bank
from companion.state import GameState

TRIES = 3  # C13: failed tries before the fine is due
DOUBLES_TO_JAIL = 3  # C3


@command("roll", player_field="player")
def roll(draft: Draft, cmd: Cmd) -> None:
    """``player`` rolled ``dice`` (see the module docstring).

    Raises:
        BadCommand: dice not two whole numbers 1–6.
        RuleBroken: not this player's turn, they are out, or their rolling is over this
        turn (no doubles, or sent to jail).
    """
    state, player = draft.state, cmd.player()
    dice = _dice(cmd)
    _may_roll(state, player)
    double = dice[0] == dice[1]
    if state.players[player].in_jail:
        _jail_roll(draft, player, dice, double)
        return
    info = state.roll if _current(state, player) else None
    doubles = (info.doubles if info else 0) + 1 if double else 0
    if doubles == DOUBLES_TO_JAIL and state.ed.settings.has_jail:  # M14: no jail, roll on
        draft.emit(ev.Rolled(player, dice, doubles, True))
        draft.emit(ev.JailEntered(player))
        return
    draft.emit(ev.Rolled(player, dice, doubles, not double))
    move(draft, player, sum(dice))


@command("jail_try", player_field="player")
def jail_try(draft: Draft, cmd: Cmd) -> None:
    """``player`` in jail rolled no doubles (C13); the third failed try makes the fine due.

    Raises RuleBroken: the player is not in jail.
    """
    check_jail(draft.state)
    player = cmd.player()
    if not draft.state.players[player].in_jail:
        raise RuleBroken("%(player)s is not in jail.", player=player)
    failed_try(draft, player)


def failed_try(draft: Draft, player: str) -> bool:
    """Count a failed try; on the third, charge the fine and free the player (C13).
    Returns True when the player is now out of jail."""
    tries = draft.state.players[player].jail_tries + 1
    draft.emit(ev.JailTried(player, tries))
    if tries < TRIES:
        return False
    pay_bank(draft, player, draft.state.ed.jail_fine, "jail fine (third try)")
    draft.emit(ev.JailLeft(player, "third_try"))
    return True


def move(draft: Draft, player: str, steps: int) -> None:
    """Move ``player``'s token ``steps`` forward; Start bonus when passing Start (C2);
    then land (landing on Start pays its bonus there)."""
    state = draft.state
    start = state.players[player].position
    end = (start + steps) % len(state.ed.spaces)
    if end < start and end != 0:
        charge(draft, ev.BANK, player, state.ed.start_bonus, "passed Start")
    land_on(draft, player, end, steps)


def _jail_roll(draft: Draft, player: str, dice: tuple[int, int], double: bool) -> None:
    draft.emit(ev.Rolled(player, dice, 0, True))
    if double:
        draft.emit(ev.JailLeft(player, "doubles"))
    elif not failed_try(draft, player):
        return
    move(draft, player, sum(dice))


def _dice(cmd: Cmd) -> tuple[int, int]:
    dice = cmd.raw.get("dice")
    if (not isinstance(dice, list) or len(dice) != 2
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                       for d in dice)):
        raise BadCommand("Give the dice as two whole numbers from 1 to 6, like [3, 5].")
    return dice[0], dice[1]


def _current(state: GameState, player: str) -> bool:
    """True when the last roll was ``player``'s in this turn."""
    return state.roll is not None and state.roll.player == player \
        and state.roll.turn == state.turn


def _may_roll(state: GameState, player: str) -> None:
    if state.players[player].bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=player)
    if state.to_roll != player:
        raise RuleBroken("It is %(turn)s's turn to roll, not %(player)s's.",
                         turn=state.to_roll, player=player)
    last = state.roll if _current(state, player) else None
    if last is not None and (last.done or state.players[player].in_jail):
        raise RuleBroken("%(player)s has finished rolling this turn — pass the dice on.",
                         player=player)

"""The optional digital twin: dice entered instead of landings (docs/rules.md C2, C3, C13,
K3, K6, M8, M14).

docs/table-log.md ``roll`` (``player``, ``dice``: [d1, d2], each 1–6): only the player to roll;
moves the token by the sum from its position, pays the Start bonus when passing Start
(landing on it pays through ``land``, C2) and the edition's ``pass_chance_bonus`` for each
chance space passed, not the one stopped on (K6: 1 coin a joker), then does what ``land``
does there.  Doubles follow the edition's ``doubles`` setting: ``roll_again`` (C3) rolls
again, and a third double in a row goes to jail without moving — in an edition without a
jail (``settings.has_jail`` False: M14, Kortstokk) it is just another roll, and
``jail_try`` is refused; ``nearest_not_owned`` (K3) moves to the nearest property ahead
the player does not own instead of the sum, and the turn's rolling is over (the sum when
they own them all).  A token on a space whose kind is in ``settings.one_die_from``
(M8 Børsen, M14 Ferieparadiset) leaves with ONE die: ``dice`` [d]; two are refused there,
and one anywhere else.  The extra roll after doubles that stopped there counts too: one
die.  A jailed player's
doubles free them to move the sum, with no extra roll; a failed try counts, and the
third failed try makes the fine due (a debt if short) and moves by that roll (C13).

``jail_try`` (``player``) records a failed try at a table that enters landings instead of
dice; the third one charges the fine and frees the player, who then moves the real token
by the last roll (and the banker sends ``land``).
"""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.commands.handover import check_for_sale, hands_over, pass_turn
from companion.commands.turns import check_jail, land_on
from companion.errors import BadCommand, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import charge
from companion.ledger.pot import pay_bank
from companion.rules.board import nearest_not_owned, passed
from companion.state import GameState

TRIES = 3  # C13: failed tries before the fine is due
DOUBLES_TO_JAIL = 3  # C3


@command("roll", player_field="player")
def roll(draft: Draft, cmd: Cmd) -> None:
    """``player`` rolled ``dice`` (see the module docstring; C3, K3, K6, M8, M14).

    Sent by the player next in turn once the current one has finished, it passes the
    turn first, as ``next_turn`` does (C5; :mod:`companion.commands.handover`).

    Raises:
        BadCommand: dice not whole numbers 1–6.
        RuleBroken: not this player's turn (nor the next one's, after a finished
        turn), the deed stopped on is still for sale (C4), they are out, their
        rolling is over this turn (no doubles, sent to jail, or K3's doubles), or
        two dice off Børsen or Ferieparadiset / one die anywhere else (M8, M14).
    """
    state, player = draft.state, cmd.player()
    handing = hands_over(state, player)  # C5: the next player's roll is the next turn
    if not handing:
        _may_roll(state, player)
    dice = read_dice(state, cmd, player, state.players[player].position)
    if handing:
        pass_turn(draft)
    double = len(dice) == 2 and dice[0] == dice[1]
    if state.players[player].in_jail:
        _jail_roll(draft, player, dice, double)
        return
    if double and state.ed.settings.doubles == "nearest_not_owned":
        draft.emit(ev.Rolled(player, dice, 1, True))  # K3: instead of the sum; no extra roll
        move(draft, player, _k3_steps(state, player, sum(dice)))
        return
    info = state.roll if _current(state, player) else None
    doubles = (info.doubles if info else 0) + 1 if double else 0
    if doubles == DOUBLES_TO_JAIL and state.ed.settings.has_jail:  # M14: no jail, roll on
        draft.emit(ev.Rolled(player, dice, doubles, True))
        draft.emit(ev.JailEntered(player))
        return
    draft.emit(ev.Rolled(player, dice, doubles, not double))
    move(draft, player, sum(dice))


def read_dice(state: GameState, cmd: Cmd, who: str, index: int) -> tuple[int, ...]:
    """The ``dice`` of ``cmd`` for ``who`` (a player, or Ola Nordmann) rolling from board
    ``index``: one die when the space's kind is in ``settings.one_die_from`` (M8, M14),
    else two.  Shape: a tuple of 1 or 2 ints, each 1–6.

    Raises:
        BadCommand: not whole numbers 1–6.  RuleBroken: two dice where one is due, or one
        where two are.
    """
    space = state.ed.space(index)
    one = space.kind in state.ed.settings.one_die_from
    dice = cmd.raw.get("dice")
    if (not isinstance(dice, list) or len(dice) not in (1, 2)
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                       for d in dice)):
        if one:
            raise BadCommand("Give the die as one whole number from 1 to 6, like [4].")
        raise BadCommand("Give the dice as two whole numbers from 1 to 6, like [3, 5].")
    if one and len(dice) == 2:
        raise RuleBroken("%(who)s leaves %(space)s with one die, not two (M8, M14): give "
                         "just that die, like [4].", who=who, space=space.label)
    if not one and len(dice) == 1:
        raise RuleBroken("%(who)s rolls two dice from %(space)s, not one: give both, like "
                         "[3, 5].", who=who, space=space.label)
    return tuple(dice)


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
    pay_bank(draft, player, draft.state.ed.jail_fine, "jail fine (third try)", "jail_fine")
    draft.emit(ev.JailLeft(player, "third_try"))
    return True


def move(draft: Draft, player: str, steps: int) -> None:
    """Move ``player``'s token ``steps`` forward; Start bonus when passing Start (C2); the
    edition's ``pass_chance_bonus`` for each chance space passed, not the one stopped on
    (K6: "Dersom du passerer en joker uten å lande på den, får du ta inn én mynt fra
    banken"); then land (landing on Start pays its bonus there).  The passing bonus is
    paid with the landing (:func:`~companion.commands.turns.land_on`), before what the
    space does, and not again for a ``pass_start`` sent first or after."""
    state = draft.state
    start = state.players[player].position
    end = (start + steps) % len(state.ed.spaces)
    bonus = state.ed.settings.pass_chance_bonus
    for space in passed(state, start, steps):
        if bonus and space.kind == "card":
            charge(draft, ev.BANK, player, bonus, "passed a joker", "joker_bonus")
    passed_start = end < start and end != 0 and state.players[player].start_paid != "move"
    land_on(draft, player, end, steps, passed_start and bool(state.ed.start_bonus))


def _k3_steps(state: GameState, player: str, total: int) -> int:
    """K3: the steps to the nearest property ahead ``player`` does not own; ``total`` (the
    dice's sum) when they own every property (the reading chosen: the token still moves)."""
    start = state.players[player].position
    target = nearest_not_owned(state, player, start)
    return (target - start) % len(state.ed.spaces) or total


def _jail_roll(draft: Draft, player: str, dice: tuple[int, ...], double: bool) -> None:
    draft.emit(ev.Rolled(player, dice, 0, True))
    if double:
        draft.emit(ev.JailLeft(player, "doubles"))
    elif not failed_try(draft, player):
        return
    move(draft, player, sum(dice))


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
    check_for_sale(state, player)  # C4: the doubles' extra roll waits for the deed too

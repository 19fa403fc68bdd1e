"""The ``notes`` mechanic's commands: debt notes ("gjeldsbrev") issued, redeemed, their
interest and the penalty for forgetting it (docs/table-log.md ``debt_note``,
``redeem_note``, ``pay_interest``, ``point_out``; docs/rules.md M11, M18).

The bank pays 50 000 kr for a note (at most 3 at once) and takes 50 000 kr back at any
time.  Each turn, after moving Ola Nordmann and before the car moves, the note holder
pays 2 500 kr per note (``pay_interest``).  When the car moves first, any other player
may ``point_out`` the missed interest: the debtor pays it to the bank plus an equal
penalty to the first who pointed it out — until it lapses with the second player after
(M11).  A payment the debtor cannot make in cash becomes a debt (C21).  Money ``int`` kr.
"""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.commands.buildings import may_spend
from companion.errors import NotEnoughCash, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import charge, pay_in_full
from companion.mechanics.notes import state as note_book
from companion.mechanics.notes.rules import (
    MAX_NOTES,
    NOTE_AMOUNT,
    interest,
    interest_due,
    missed,
    notes,
)
from companion.mechanics.stocks.commands import multimillionaer
from companion.state import GameState


@command("debt_note", player_field="player")
def debt_note(draft: Draft, cmd: Cmd) -> None:
    """``player`` borrows 50 000 kr from the bank against a debt note (M18); allowed while
    owing a debt (M21: raising money).  Raises RuleBroken: already 3 notes, or out."""
    state, player = _player(draft.state, cmd)
    if notes(state, player) >= MAX_NOTES:
        raise RuleBroken("%(player)s already has %(most)s debt notes: at most %(most)s at "
                         "once (M18).", player=player, most=MAX_NOTES)
    draft.emit(ev.DebtNotesChanged(player, 1))
    pay_in_full(draft, ev.BANK, player, NOTE_AMOUNT, "debt note", "debt_note")


@command("redeem_note", player_field="player")
def redeem_note(draft: Draft, cmd: Cmd) -> None:
    """``player`` redeems a debt note, paying 50 000 kr to the bank, at any time (M18).

    Raises: RuleBroken (no note, a debt unpaid, out), NotEnoughCash.
    """
    state, player = _player(draft.state, cmd)
    if not notes(state, player):
        raise RuleBroken("%(player)s has no debt note to redeem.", player=player)
    may_spend(state, player)
    if state.players[player].cash < NOTE_AMOUNT:
        raise NotEnoughCash("Redeeming a debt note costs %(cost)s %(unit)s; %(player)s has "
                            "%(cash)s %(unit)s.", cost=NOTE_AMOUNT, player=player,
                            cash=state.players[player].cash, unit=state.ed.unit)
    pay_in_full(draft, player, ev.BANK, NOTE_AMOUNT, "debt note redeemed", "note_redeemed")
    draft.emit(ev.DebtNotesChanged(player, -1))


@command("pay_interest", player_field="player")
def pay_interest(draft: Draft, cmd: Cmd) -> None:
    """``player`` pays this turn's interest: 2 500 kr per note, on their own turn, after
    Ola Nordmann's move and before the car's (M18).

    Raises RuleBroken: no notes, not their turn, Ola not moved yet, already paid, or too
    late (the car moved: now another player may point it out).
    """
    state, player = _player(draft.state, cmd)
    if not notes(state, player):
        raise RuleBroken("%(player)s has no debt notes, so no interest is due.", player=player)
    if state.to_roll != player:
        raise RuleBroken("Interest is paid on %(player)s's own turn, after Ola Nordmann's "
                         "move (M18).", player=player)
    if note_book.of(state).paid.get(player) == state.turn:
        raise RuleBroken("%(player)s has already paid this turn's interest.", player=player)
    if state.phase == "ola":
        raise RuleBroken("Move Ola Nordmann first: interest is paid after Ola's move and "
                         "before the car's (M18).")
    if not interest_due(state, player):
        raise RuleBroken("Too late: %(player)s's car has moved, so the interest was not paid "
                         "in time and another player may point it out (M18).", player=player)
    draft.emit(ev.InterestPaid(player, state.turn))
    charge(draft, player, ev.BANK, interest(state, player), "debt-note interest", "note_interest")


@command("point_out", player_field="player")
def point_out(draft: Draft, cmd: Cmd) -> None:
    """``player`` points out that ``debtor`` did not pay their interest in time: the debtor
    pays the interest to the bank and an equal penalty to ``player``, the first to point
    it out (M18), while the right stands (M11).

    Raises RuleBroken: pointing at oneself, the pointer out, nothing missed (paid, still
    in time, already pointed out, or lapsed).
    """
    state, player = _player(draft.state, cmd)
    debtor = cmd.player("debtor")
    if debtor == player:
        raise RuleBroken("A player cannot point out their own interest: pay it instead.")
    found = missed(state, debtor)
    if found is None:
        if interest_due(state, debtor):
            raise RuleBroken("%(debtor)s still has time: interest is due before the car "
                             "moves (M18).", debtor=debtor)
        raise RuleBroken("%(debtor)s owes no missed interest that can still be pointed out.",
                         debtor=debtor)
    amount = found[1]
    draft.emit(ev.InterestClosed(debtor, "pointed_out", player))
    charge(draft, debtor, ev.BANK, amount, "debt-note interest, paid late", "note_interest")
    charge(draft, debtor, player, amount, f"penalty for late interest, to {player} (M18)",
           "note_penalty")


def _player(state: GameState, cmd: Cmd) -> tuple[GameState, str]:
    multimillionaer(state)
    player = cmd.player()
    if state.players[player].bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=player)
    return state, player

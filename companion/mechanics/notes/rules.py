"""The ``notes`` mechanic's rules: Multimillionær's debt notes and their interest
(docs/rules.md M11, M18).

The bank pays :data:`NOTE_AMOUNT` for a note (at most :data:`MAX_NOTES` held); each turn,
before the car moves, the holder owes :data:`NOTE_INTEREST` per note.  Functions over a
:class:`~companion.state.GameState` (its slice: :mod:`companion.mechanics.notes.state`);
:func:`miss_interest` emits.  Money ``int`` kr.
"""

from __future__ import annotations

from companion import events as ev
from companion.ledger.draft import Draft
from companion.mechanics.notes import state as note_book
from companion.rules.lapse import alive
from companion.state import GameState

NOTE_AMOUNT = 50_000  # M18: the bank pays 50 000 kr for a note, and takes it back
NOTE_INTEREST = 2_500  # M18: interest per note per turn
MAX_NOTES = 3  # M18: at most 3 notes at once (18 in the box for 6 players, M23)


def notes(state: GameState, player: str) -> int:
    """Debt notes ``player`` holds (M18)."""
    return note_book.of(state).notes.get(player, 0)


def interest(state: GameState, player: str) -> int:
    """The interest on ``player``'s notes for one turn: 2 500 kr per note (M18)."""
    return notes(state, player) * NOTE_INTEREST


def interest_due(state: GameState, player: str) -> int:
    """Interest ``player`` must still pay this turn, before the car moves (M18); 0 when
    it is not their turn, the car has moved, they paid, or they hold no note."""
    paid = note_book.of(state).paid
    if state.to_roll != player or state.phase == "car" or paid.get(player) == state.turn:
        return 0
    return interest(state, player)


def missed(state: GameState, player: str) -> tuple[int, int] | None:
    """(turn, interest) ``player`` missed and others may still point out, or None."""
    found = note_book.of(state).missed.get(player)
    return found if found is not None and alive(state, found[0]) else None


def miss_interest(draft: Draft, player: str, turn: int) -> None:
    """M18: ``player`` let the moment pass with ``turn``'s interest unpaid."""
    market, amount = note_book.of(draft.state), interest(draft.state, player)
    already = market.missed.get(player, (None, 0))[0] == turn
    if amount and market.paid.get(player) != turn and not already:
        draft.emit(ev.InterestMissed(player, turn, amount))

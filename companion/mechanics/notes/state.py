"""Multimillionær's debt notes (gjeldsbrev) and their interest (docs/rules.md M18).

Kept in :attr:`companion.state.GameState.mechanics` under ``"notes"``; folded by
:mod:`companion.mechanics.notes.folds`; read (and made on first use) with :func:`of`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.state import GameState, slice_of

NAME = "notes"


@dataclass
class NoteState:
    """``notes``: player -> debt notes held.  ``paid``: player -> last turn they paid
    interest; ``missed``: player -> (turn, interest in kr) not paid before the car moved."""

    notes: dict[str, int] = field(default_factory=dict)
    paid: dict[str, int] = field(default_factory=dict)
    missed: dict[str, tuple[int, int]] = field(default_factory=dict)


def of(state: GameState) -> NoteState:
    """``state``'s :class:`NoteState` (:func:`~companion.state.slice_of`: made empty on first
    use).  Raises TypeError when another object sits under its name."""
    return slice_of(state, NAME, NoteState)

"""The draft a command's events are emitted into (the ledger's one way to change a game).

Every handler, hook and ledger primitive takes a :class:`Draft`: it reads
``draft.state`` and emits events with :meth:`Draft.emit`, each folded in at once
(:func:`companion.folds.apply`), so later steps see it.
"""

from __future__ import annotations

from companion import events as ev
from companion.folds import apply
from companion.state import GameState, clone


class Draft:
    """The game's state that a command's events are folded into as they are emitted.

    With ``private`` the draft works on a copy; otherwise on the live state, and the
    caller must refold the game from its log if the command is refused after an emit
    (see :meth:`companion.table.Table.execute`).
    """

    def __init__(self, state: GameState, seq: int, private: bool = False):
        self.state: GameState = clone(state) if private else state
        self.seq = seq
        self.events: list[ev.Event] = []

    def emit(self, event: ev.Event) -> None:
        """Append ``event`` and fold it into the draft state."""
        apply(self.state, event, self.seq)
        self.events.append(event)

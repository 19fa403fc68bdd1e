"""Each player's net worth over a game, for the tally page's chart (docs/rules.md C23).

:func:`worth_series` refolds the game's log once (O(commands)) from
:meth:`companion.table.Table.applied_rows` (the commands ``undo`` left standing), and reads every
player's C23 worth (:func:`companion.valuation.worth`) after each command that counts.
Read only: the table's live state is never touched.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.folds import apply
from companion.state import GameState
from companion.table import Table
from companion.valuation import worth


@dataclass(frozen=True)
class Point:
    """Worth after one command: log ``seq``, game ``turn`` (0 = before the first
    ``next_turn``) and ``totals``: player name -> C23 total (int, edition's unit)."""

    seq: int
    turn: int
    totals: dict[str, int]


def worth_series(table: Table, game_id: str) -> list[Point]:
    """One :class:`Point` per command of ``game_id`` not undone (``undo`` rows add
    nothing), oldest first.  Raises UnknownGame (via ``table.state``)."""
    state, points = GameState(), []
    with table.editions.active():
        for row in table.applied_rows(game_id):
            for event in row.events:
                apply(state, event, row.seq)
            totals = {name: worth(state, name)["total"] for name in state.players}
            points.append(Point(row.seq, state.turn, totals))
    return points

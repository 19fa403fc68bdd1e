"""The board as a ring: the spaces a move passes and the K3 target (docs/rules.md C2, K3, K6).

Pure functions over a :class:`~companion.state.GameState`; the dice twin
(:mod:`companion.commands.dice`) moves tokens with them.  Board indices are ``int``
positions, 0 = the start space; a move goes forward (clockwise) and wraps round.
"""

from __future__ import annotations

from companion.editions import Space
from companion.state import GameState


def passed(state: GameState, start: int, steps: int) -> list[Space]:
    """The spaces a token from ``start`` passes in ``steps`` steps forward, in order:
    neither ``start`` nor the space it stops on (K6: a joker passed "uten å lande på den")."""
    board = state.ed.spaces
    return [board[(start + step) % len(board)] for step in range(1, steps)]


def nearest_not_owned(state: GameState, player: str, start: int) -> int:
    """K3 (doubles): the board index of the nearest property ahead of ``start`` that
    ``player`` does not own (unsold, or an opponent's); ``start`` when there is none."""
    board = state.ed.spaces
    for step in range(1, len(board)):
        space = board[(start + step) % len(board)]
        deed = state.deeds.get(space.index)
        if space.is_deed and (deed is None or deed.owner != player):
            return space.index
    return start

"""Ola Nordmann and the turn's Multimillionær duties (docs/rules.md M4, M13, M14, M15, M22).

Kept in :attr:`companion.state.GameState.mechanics` under ``"ola"``; folded by
:mod:`companion.mechanics.ola.folds`; read (and made on first use) with :func:`of`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.state import GameState, slice_of

NAME = "ola"


@dataclass
class OlaState:
    """``ola``: Ola Nordmann's board index (M4).  ``light``: player -> turn they stopped at
    Trafikkfyr, pending; ``rent_free``: player -> the turn they pay no rent; ``ola_light``:
    the turn Ola stopped at Trafikkfyr, None = not (M15).  ``holiday``: player -> extra
    rounds stayed in Ferieparadiset (M14).  ``casino``: player -> turn of their last bet
    (M13).  ``multimillionaire``: first to 2 000 000 kr (M22).  ``ola_done``: the turn
    whose rolling for Ola is over in the dice twin (M4), None = none.  ``last_roll``: the
    last roll for Ola in the dice twin as ``(player, turn, dice)``, ``done`` False when it
    was doubles (Ola rolls again, M4), None before the first.  The turn's phase is the
    core's :attr:`~companion.state.GameState.phase`."""

    ola: int = 0
    light: dict[str, int] = field(default_factory=dict)
    rent_free: dict[str, int] = field(default_factory=dict)
    ola_light: int | None = None
    holiday: dict[str, int] = field(default_factory=dict)
    casino: dict[str, int] = field(default_factory=dict)
    multimillionaire: str | None = None
    ola_done: int | None = None
    last_roll: OlaRoll | None = None


@dataclass(frozen=True)
class OlaRoll:
    """A roll for Ola Nordmann (``ola_roll``, M4): by ``player`` (the player to roll) in
    ``turn``; ``dice`` one or two ints 1–6; ``done`` False after doubles (he rolls again)."""

    player: str
    turn: int
    dice: tuple[int, ...]
    done: bool


def of(state: GameState) -> OlaState:
    """``state``'s :class:`OlaState` (:func:`~companion.state.slice_of`: made empty on first
    use).  Raises TypeError when another object sits under its name."""
    return slice_of(state, NAME, OlaState)

"""The ``ola`` mechanic's view: what the phones, the console and the LEDs show of a
Multimillionær turn (docs/rules.md M3–M22).

:func:`market_view` is the snapshot's ``market`` block (None in editions without a stock
board); the docs/table-log.md fields ``stocks``, ``shares`` and ``debt_notes`` come from
:mod:`companion.mechanics.stocks.rules` and :mod:`companion.mechanics.notes.rules`.
Money ``int`` kr.
"""

from __future__ import annotations

from typing import Any

from companion.mechanics.notes.rules import interest_due, missed
from companion.mechanics.ola import state as ola_turn
from companion.mechanics.ola.rules import borsen_right, rent_free
from companion.mechanics.ola.state import OlaRoll
from companion.mechanics.stocks.rules import has_board
from companion.state import GameState


def market_view(state: GameState) -> dict[str, Any] | None:
    """The Multimillionær duties and rights of the moment, or None without a board.

    Shape: ``{"ola": {"index", "space", "rolling", "last_roll"}, "phase",
    "interest_due": {name: kr} (pay before the car moves, M18), "missed_interest":
    [{"debtor", "amount", "turn"}] (others may point it out, M18), "borsen": {name: shares
    still to buy} (M8), "rent_free": [names, "Ola Nordmann"] (M15), "holiday": {name: extra
    rounds stayed} (M14), "multimillionaire": name or None (M22)}``.

    ``ola.rolling``: the player to roll still rolls for Ola this turn (the phase is
    ``ola``, or his last roll this turn was doubles, M4); ``ola.last_roll``: ``{"player",
    "dice", "turn", "done"}`` of the last ``ola_roll``, or None (the roll line shows it).
    """
    if not has_board(state.ed):
        return None
    market, names = ola_turn.of(state), state.active_players()
    free = [n for n in names if rent_free(state, n)]
    if rent_free(state, "bank"):
        free.append("Ola Nordmann")
    return {
        "ola": {"index": market.ola, "space": state.ed.space(market.ola).label,
                "rolling": ola_rolling(state), "last_roll": _last_roll(market.last_roll)},
        "phase": state.phase,
        "interest_due": {n: interest_due(state, n) for n in names if interest_due(state, n)},
        "missed_interest": [{"debtor": n, "turn": found[0], "amount": found[1]}
                            for n in names if (found := missed(state, n))],
        "borsen": {n: borsen_right(state, n) for n in names if borsen_right(state, n)},
        "rent_free": free,
        "holiday": {n: s for n, s in market.holiday.items() if s},
        "multimillionaire": market.multimillionaire,
    }


def ola_rolling(state: GameState) -> bool:
    """M4: the player to roll still rolls for Ola Nordmann this turn — the phase is
    ``ola``, or the turn's last roll for Ola (``ola_roll``) was doubles and the car has not
    moved.  Ola moved by ``ola_land`` (the table's own dice) counts as his rolling done."""
    if state.phase == "ola":
        return True
    last = ola_turn.of(state).last_roll
    return (state.phase == "build" and last is not None and last.turn == state.turn
            and not last.done)


def _last_roll(roll: OlaRoll | None) -> dict[str, Any] | None:
    if roll is None:
        return None
    return {"player": roll.player, "dice": list(roll.dice), "turn": roll.turn,
            "done": roll.done}

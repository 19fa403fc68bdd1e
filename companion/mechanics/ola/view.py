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
from companion.mechanics.stocks.rules import has_board
from companion.state import GameState


def market_view(state: GameState) -> dict[str, Any] | None:
    """The Multimillionær duties and rights of the moment, or None without a board.

    Shape: ``{"ola": {"index", "space"}, "phase", "interest_due": {name: kr} (pay before
    the car moves, M18), "missed_interest": [{"debtor", "amount", "turn"}] (others may
    point it out, M18), "borsen": {name: shares still to buy} (M8), "rent_free": [names,
    "Ola Nordmann"] (M15), "holiday": {name: extra rounds stayed} (M14),
    "multimillionaire": name or None (M22)}``.
    """
    if not has_board(state.ed):
        return None
    market, names = ola_turn.of(state), state.active_players()
    free = [n for n in names if rent_free(state, n)]
    if rent_free(state, "bank"):
        free.append("Ola Nordmann")
    return {
        "ola": {"index": market.ola, "space": state.ed.space(market.ola).label},
        "phase": state.phase,
        "interest_due": {n: interest_due(state, n) for n in names if interest_due(state, n)},
        "missed_interest": [{"debtor": n, "turn": found[0], "amount": found[1]}
                            for n in names if (found := missed(state, n))],
        "borsen": {n: borsen_right(state, n) for n in names if borsen_right(state, n)},
        "rent_free": free,
        "holiday": {n: s for n, s in market.holiday.items() if s},
        "multimillionaire": market.multimillionaire,
    }

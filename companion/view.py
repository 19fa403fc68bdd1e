"""The state as JSON (shared/TABLE-LOG.md "The state"): what replay prints and the API serves."""

from __future__ import annotations

from typing import Any

from companion.state import GameState
from companion.valuation import tally, worth


def snapshot(state: GameState, with_tally: bool = False) -> dict[str, Any]:
    """The TABLE-LOG state dict of ``state``; ``tally`` is filled once the game is over."""
    ed = state.ed
    return {
        "game": {"id": state.game_id, "edition": ed.id, "variant": state.variant,
                 "over": state.over, "seq": state.seq, "unit": ed.unit,
                 "house_rules": dict(state.house_rules)},
        "turn": {"player": state.to_roll, "number": state.turn, "phase": "car"},
        "players": [_player(state, name) for name in state.players],
        "bank": {"houses": state.bank_houses, "hotels": state.bank_hotels,
                 "paid_out": state.bank_paid_out, "paid_in": state.bank_paid_in},
        "stocks": {},
        "claims": [
            {"id": c.id, "owner": c.owner, "from": c.payer, "space": ed.space(c.space).label,
             "amount": c.amount}
            for c in state.claims.values()
        ],
        "tally": tally(state) if state.over or with_tally else None,
    }


def _player(state: GameState, name: str) -> dict[str, Any]:
    p = state.players[name]
    return {
        "name": name, "cash": p.cash, "bankrupt": p.bankrupt, "in_jail": p.in_jail,
        "jail_cards": p.jail_cards, "position": p.position,
        "spaces": [
            {"name": state.ed.space(d.space).label, "index": d.space, "houses": d.houses,
             "hotel": d.hotel, "mortgaged": d.mortgaged}
            for d in state.owned_by(name)
        ],
        "shares": {}, "debt_notes": 0, "passport": [],
        "debts": [{"to": d.creditor, "amount": d.amount, "memo": d.memo}
                  for d in state.debts_of(name)],
        "net_worth": worth(state, name)["total"],
    }

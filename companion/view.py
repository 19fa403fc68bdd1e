"""The state as JSON (docs/table-log.md "The state"): what replay prints and the API serves.

The edition mechanics' keys (shares, stocks, passports, …) come from each mechanic of the
game's rule set, or their empty defaults (:func:`companion.mechanics.base.part`).
"""

from __future__ import annotations

from typing import Any

from companion.editions import Edition
from companion.editions.provenance import deed_view
from companion.errors import RuleBroken
from companion.mechanics.base import part, rolls_for
from companion.rules import rules_for
from companion.rules.buildings import castles_left, is_castle
from companion.rules.buying import may_buy
from companion.rules.deed_values import worth_missing
from companion.rules.lapse import lapses_with
from companion.rules.mortgages import lift_cost
from companion.rules.turn_order import check_finished, check_for_sale, next_in_turn, rolling_done
from companion.state import Claim, Deed, GameState
from companion.valuation import raisable, tally, worth


def snapshot(state: GameState, with_tally: bool = False,
             players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The docs/table-log.md state dict of ``state``; ``tally`` is filled once the game is over.
    ``players``: the ``players`` section when the caller has it (:mod:`web.changes` keeps
    each player's figures and builds only those an event touched, issue 19), else every
    :func:`player_view`."""
    ed = state.ed
    following = _next(state)  # the turn's "next", and the roller's when it hands over
    return {
        "game": {"id": state.game_id, "edition": ed.id, "variant": state.variant,
                 "over": state.over, "seq": state.seq, "unit": ed.unit,
                 "house_rules": dict(state.house_rules),
                 "minutes": state.minutes, "ends_at": state.ends_at,
                 "ended_by": state.ended_by},
        "turn": {"player": state.to_roll, "number": state.turn, "phase": state.phase,
                 **_roll(state), "may_buy": may_buy(state),
                 "roller": roller(state, following=following), "next": following},
        "players": [player_view(state, name) for name in state.players]
        if players is None else players,
        "bank": {"houses": state.bank_houses, "hotels": state.bank_hotels,
                 "paid_out": state.bank_paid_out, "paid_in": state.bank_paid_in,
                 "pot": state.pot, "castles": castles_left(state),  # M19
                 **part(state, lambda m: m.bank_view(state), "bank_defaults")},
        "auction": _auction(state),
        "trades": [{"id": t.id, "proposer": t.proposer, "parties": _named_parties(state, t.parties),
                    "lift": [ed.space(i).label for i in t.lift]} for t in state.trades.values()],
        **part(state, lambda m: m.game_view(state), "game_defaults"),
        "claims": [_claim(state, c) for c in state.claims.values()],
        "tally": tally(state) if state.over or with_tally else None,
    }


def _claim(state: GameState, c: Claim) -> dict[str, Any]:
    """An open rent claim; ``lapses_with``: the player whose roll closes it, at their Ola
    roll when ``at_ola_roll`` (C5, M11; :func:`companion.rules.lapse.lapses_with`)."""
    player, at_ola = lapses_with(state, c.turn)
    return {"id": c.id, "owner": c.owner, "from": c.payer, "space": state.ed.space(c.space).label,
            "amount": c.amount, "lapses_with": player, "at_ola_roll": at_ola}


def player_view(state: GameState, name: str) -> dict[str, Any]:
    """One player of the state dict: cash, deeds, debts, ``net_worth``, ``worth_missing``
    (labels of the deeds whose value the worth reads is not known yet: the worth is
    incomplete while any is listed, h21), ``raisable`` (C21) and the edition mechanics'
    fields."""
    p, ed = state.players[name], state.ed
    owned = state.owned_by(name)  # read once for the deeds, worth and raisable (issue 19)
    return {
        "name": name, "cash": p.cash, "bankrupt": p.bankrupt, "in_jail": p.in_jail,
        "jail_cards": p.jail_cards, "position": p.position,
        "position_name": ed.spaces[p.position].label,  # the name as entered so far
        "spaces": _deeds(state, ed, owned),
        **part(state, lambda m: m.player_view(state, name), "player_defaults"),
        "debts": [{"to": d.creditor, "amount": d.amount, "memo": d.memo}
                  for d in state.debts_of(name)],
        "net_worth": worth(state, name, owned)["total"],
        # h21: the deeds whose board value is not entered yet (counted 0): worth incomplete
        "worth_missing": worth_missing(state, name, owned),
        "raisable": raisable(state, name, owned),  # C21: cash + buildings at half + mortgages
        "jail_tries": p.jail_tries if p.in_jail else 0,  # C13
        **part(state, lambda m: m.player_tail_view(state, name), "player_tail_defaults"),
    }


def _deeds(state: GameState, ed: Edition, owned: list[Deed]) -> list[dict[str, Any]]:
    """The owned deeds ``owned`` of :func:`player_view`, with their values as known now (a
    value asked once mid-game shows at once on the phones); ``ed``: ``state.ed``.  One
    loop, not a call per deed (issue 19)."""
    spaces, out = ed.spaces, []
    for d in owned:
        space = spaces[d.space]
        out.append({"name": space.label, "index": d.space, "houses": d.houses,
                    "hotel": d.hotel, "mortgaged": d.mortgaged,
                    "castle": d.hotel and is_castle(space, state),  # M19
                    "lift_cost": lift_cost(ed, space) if d.mortgaged else None,
                    "house_cost": space.house_cost, "mortgage": space.mortgage})
    return out


def _roll(state: GameState) -> dict[str, Any]:
    """C3: doubles in a row this turn and whether the player to roll has finished;
    ``last_roll``: the last roll of the game, ``{"player", "dice": [d1, d2] or [d],
    "turn"}`` (None before the first; it stays shown after the turn passed); ``for_sale``:
    the board index of the unowned deed a token stopped on, not yet bought or auctioned
    (C4: no roll until it is), or None."""
    last = state.roll
    current = last is not None and last.turn == state.turn and last.player == state.to_roll
    return {"doubles": last.doubles if last and current else 0,
            "rolled": bool(last and current and last.done),
            "for_sale": state.for_sale,
            "last_roll": None if last is None else {"player": last.player,
                                                     "dice": list(last.dice),
                                                     "turn": last.turn}}


def _next(state: GameState) -> str | None:
    """The next active player in seat order after the player to roll (C3), or None when no
    one is left; the phones of the player next in turn say why they may not roll yet (C4,
    K6)."""
    try:
        return next_in_turn(state)
    except StopIteration:
        return None


def roller(state: GameState, *, following: str | None = None) -> dict[str, Any] | None:
    """Who rolls next on the dice pads and what for (issue 16 points 1-2), decided by the
    checks the roll commands make (:mod:`companion.rules.turn_order`).

    Shape: ``{"player": name, "for": "token" | "ola", "cmd": "roll" | "ola_roll",
    "dice": 1 | 2, "next": bool}``: ``next`` True when that roll passes the turn first
    (C5; the player to roll has finished, C3); ``for`` ``"ola"`` for Ola Nordmann's roll
    before the car (M4: a turn starts with it, and his doubles roll again); ``dice`` 1
    where the piece leaves a space of ``settings.one_die_from`` (M8 Børsen, M14
    Ferieparadiset), else 2.  None when no roll is due: the game is over, the deed a
    token stopped on is for sale (C4), the player to roll has finished and owes a debt
    (C21) or an auction is open (C4), the rule set holds the turn (K6: the joker's effect
    first), or no one else is left.  ``following``: :func:`next_in_turn` when the caller
    has it (the snapshot's ``turn.next``; issue 19), else looked up."""
    if state.over:
        return None
    current = state.to_roll
    handing = state.players[current].bankrupt or rolling_done(state, current)
    who = (following or next_in_turn(state)) if handing else current
    try:
        check_for_sale(state, who)
        if handing and not state.players[current].bankrupt:
            check_finished(state, current, who)
        if handing:
            rules_for(state.ed).check_next_turn(state)
    except RuleBroken:
        return None
    if who == current and handing:
        return None
    moved = rolls_for(state, handing)
    what, cmd, index = moved or ("token", "roll", state.players[who].position)
    ed = state.ed
    one = ed.spaces[index].kind in ed.settings.one_die_from
    return {"player": who, "for": what, "cmd": cmd, "dice": 1 if one else 2, "next": handing}


def _auction(state: GameState) -> dict[str, Any] | None:
    """The open auction for the phones: what, the start, the highest bid live (C4, C16)."""
    a = state.auction
    if a is None:
        return None
    top = a.highest
    return {"space": None if a.space is None else state.ed.space(a.space).label,
            "index": a.space, "building": a.building or None, "start": a.start,
            "decliner": a.decliner or None,  # K4: who may not bid
            "highest": None if top is None else {"player": top.player, "amount": top.amount},
            "bids": [{"player": b.player, "amount": b.amount} for b in a.bids]}


def _named_parties(state: GameState, parties: dict[str, Any]) -> dict[str, Any]:
    """A pending trade's offers with deed names (C18); ``shares`` ``{series: count}``
    only when the party gives shares (M9)."""
    return {n: {"cash": o["cash"], "jail_cards": o["jail_cards"],
                "spaces": [state.ed.space(i).label for i in o["spaces"]],
                **({"shares": dict(o["shares"])} if o.get("shares") else {})}
            for n, o in parties.items()}


def deed_views(state: GameState) -> list[dict[str, Any]]:
    """Every deed of this game's edition (with the values entered at the table) as the
    console's deed view shows it: :func:`~companion.editions.provenance.deed_view` plus
    ``owner`` (None = the bank).  Issue 5: each value with its provenance."""
    return [{**deed_view(space), "owner": getattr(state.deeds.get(space.index), "owner", None)}
            for space in state.ed.deeds]

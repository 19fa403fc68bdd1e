"""The next player's roll is the next turn (docs/rules.md C3, C5, M4, M11; issue 16 point 2).

C5: "a rent lapses when the next player rolls".  So a ``roll`` (or, in Multimillionær, an
``ola_roll``: the turn starts with Ola Nordmann, M4) sent by the player NEXT in turn order
passes the turn first — the very events ``next_turn`` emits (``TurnPassed``, the rule
set's ``after_turn``, the claims that lapse), so claims lapse exactly as with the button —
and then rolls.  The table needs no "Neste tur" tap in a normal turn.

The reading chosen (documented in docs/table-log.md "roll"): the current player's turn
is over for this purpose when

- their last roll this turn is done (no doubles pending, C3; a third double or a jail
  roll is done too), or they went to jail this turn after rolling, or — in an edition
  with Ola's phases (M4) — their car has moved or stayed (phase ``car``) with no doubles
  pending;
- they owe no open debt (C21: it must be paid, or the player goes bankrupt, first);
- no auction is open (C4: the deed on the block is settled first);
- no unowned deed they stopped on waits to be bought or auctioned (C4, seed 002: "Vil du
  ikke kjøpe, går den rett på auksjon": :func:`check_for_sale`, which refuses their own
  extra roll after doubles too).

A table that records landings by space without dice still ends a turn with
``next_turn`` (a roll by the next player is then refused: nothing shows that the
current player has moved).  A roll by anyone other than the player to roll or the next
one is refused with the roll's own sentence ("It is Kari's turn to roll, not Per's.").
"""

from __future__ import annotations

from companion import events as ev
from companion.errors import RuleBroken
from companion.ledger.draft import Draft
from companion.rules import rules_for
from companion.rules.lapse import lapse_claims
from companion.state import GameState


def next_in_turn(state: GameState) -> str:
    """The name of the next active player in seat order after the player to roll
    (``state.to_roll`` itself when they are the only one left)."""
    seats = list(state.players)
    at = seats.index(state.to_roll)
    following = seats[at + 1:] + seats[: at + 1]
    return next(n for n in following if not state.players[n].bankrupt)


def pass_turn(draft: Draft) -> None:
    """The body of ``next_turn``: the next active player is to roll; the rule set's
    ``after_turn`` follows (M4 phases, M15, M18), then claims not claimed in time lapse
    (C5; M11 at that player's Ola roll, :mod:`companion.rules.lapse`).

    Raises:
        RuleBroken: the rule set holds the turn (K6: a joker's effect not yet recorded).
    """
    state = draft.state
    rules_for(state.ed).check_next_turn(state)  # K6: a joker's effect first
    previous = state.to_roll
    draft.emit(ev.TurnPassed(next_in_turn(state), state.turn + 1))
    rules_for(state.ed).after_turn(draft, previous)
    lapse_claims(draft)  # after the hook: it starts M4's Ola phase


def hands_over(state: GameState, roller: str) -> bool:
    """True when ``roller``'s roll passes the turn first: they are the next in turn and
    the current player has finished (the module's reading); False for the player to roll
    and for anyone else (the roll's own check refuses them).  The caller validates the
    dice, then calls :func:`pass_turn`, then rolls — so a refusal emits nothing.

    Raises:
        RuleBroken: ``roller`` is next, but the current player has not finished rolling,
        owes a debt, or an auction is open.
    """
    current = state.to_roll
    if roller == current or roller not in state.players or state.players[roller].bankrupt:
        return False
    following = next_in_turn(state)
    if following != roller:
        if _over(state, current):
            raise RuleBroken("%(next)s rolls next, not %(player)s.", next=following,
                             player=roller)
        return False
    if not state.players[current].bankrupt:
        _finished(state, current, roller)
    return True


def check_for_sale(state: GameState, roller: str) -> None:
    """C4: refuse a roll by ``roller`` (their extra roll after doubles, or the next
    player's roll that passes the turn) while the unowned deed the current player stopped
    on (``state.for_sale``) is neither bought nor on the block.  The banker's
    ``next_turn`` lets it stay with the bank (docs/rules.md C4 "Our reading").

    Raises:
        RuleBroken: a deed is for sale.
    """
    if state.for_sale is None or not rules_for(state.ed).allows("buy"):
        return
    raise RuleBroken("%(deed)s is for sale: buy it or put it up for auction before "
                     "%(player)s rolls (C4).", deed=state.ed.space(state.for_sale).label,
                     player=roller)


def _over(state: GameState, current: str) -> bool:
    """True when ``current``'s turn is over (the module's reading), or they are out."""
    if state.players[current].bankrupt:
        return True
    try:
        _finished(state, current, current)
    except RuleBroken:
        return False
    return True


def _finished(state: GameState, current: str, roller: str) -> None:
    """Refuse the hand-over while ``current``'s turn is not over (see the module)."""
    if state.auction is not None:
        raise RuleBroken("The auction is still open: close it before %(player)s rolls.",
                         player=roller)
    check_for_sale(state, roller)
    if state.debts_of(current):
        raise RuleBroken("%(turn)s still owes a debt: it is paid (or %(turn)s goes bankrupt) "
                         "before %(player)s rolls.", turn=current, player=roller)
    last = state.roll if state.roll is not None and state.roll.player == current \
        and state.roll.turn == state.turn else None
    if last is not None and (last.done or state.players[current].in_jail):
        return
    car_moved = rules_for(state.ed).allows("ola_roll") and state.phase == "car"
    if last is None and car_moved:
        return
    if last is None:  # nothing shows that the current player has moved yet
        raise RuleBroken("It is %(turn)s's turn to roll, not %(player)s's.",
                         turn=current, player=roller)
    raise RuleBroken("%(turn)s rolled doubles and rolls again (C3): %(player)s rolls "
                     "after %(turn)s.", turn=current, player=roller)

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

Those checks compute only and live in :mod:`companion.rules.turn_order`, where the state
view reads them too (``turn.roller``: who rolls next, :func:`companion.view.roller`).

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
from companion.rules.turn_order import check_finished, check_for_sale, next_in_turn, turn_over
from companion.state import GameState

__all__ = ["check_for_sale", "hands_over", "next_in_turn", "pass_turn"]


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
        if turn_over(state, current):
            raise RuleBroken("%(next)s rolls next, not %(player)s.", next=following,
                             player=roller)
        return False
    if not state.players[current].bankrupt:
        check_finished(state, current, roller)
    return True

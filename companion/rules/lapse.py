"""When rights and duties lapse: rent claims (C5), and in Multimillionær missed interest
and the Børsen right too (docs/rules.md C5, M11; seed 003 "Foreldelse").

A right or duty arises in a turn (``GameState.turn``, counted from 0).  It stands until
the turn has passed ``settings.claim_lapse_turns`` times more (C5: 1, the next player's
roll; M11: 2, "spiller nr. 2 etter ham").  With ``settings.lapse_at_ola_roll`` (M11) it
still stands in that turn until its player has rolled for Ola Nordmann (``ola_land``, or
the car moved, which comes after Ola, M4); without it, it lapses as the turn passes to
that player (``next_turn``, C5).

"Ham" is read as the one whose turn it arose in: the payer of a car's rent (a car moves
on its own turn, M4), the roller for Ola's rent (the bank pays), the debtor of missed
interest.  Players are counted in turns, so bankrupt players are skipped, and with two
players "the second player after A" is A again: A's rights and duties lapse at A's own
next Ola roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion import events as ev
from companion.rules import rules_for
from companion.state import GameState

if TYPE_CHECKING:
    from companion.ledger.draft import Draft


def ola_rolled(state: GameState) -> bool:
    """M11: the player to roll has rolled for Ola Nordmann this turn (M4: the phase is no
    longer ``ola``).  Editions without Ola (phase always ``car``) count as rolled."""
    return state.phase != "ola"


def alive(state: GameState, turn: int) -> bool:
    """C5/M11: a right or duty that arose in ``turn`` still stands (see the module)."""
    settings = state.ed.settings
    last = turn + settings.claim_lapse_turns  # the turn of the player it lapses with
    if state.turn != last:
        return state.turn < last
    return settings.lapse_at_ola_roll and not ola_rolled(state)


def lapses_with(state: GameState, turn: int) -> tuple[str, bool]:
    """C5/M11: who must roll for a right or duty that arose in ``turn`` (still
    :func:`alive`) to lapse, as ``(player, at_ola_roll)``: C5's next player (it lapses as
    the turn passes to them, their roll or ``next_turn``), M11's second player after, at
    their Ola roll (``at_ola_roll`` True under ``lapse_at_ola_roll``).  Players are
    counted from the player to roll in seat order, bankrupt ones skipped (see the module).
    """
    settings = state.ed.settings
    steps = max(0, turn + settings.claim_lapse_turns - state.turn)
    seats = list(state.players)
    at = seats.index(state.to_roll)
    order = [n for n in seats[at + 1:] + seats[: at + 1] if not state.players[n].bankrupt]
    player = state.to_roll if steps == 0 else order[(steps - 1) % len(order)]
    return player, settings.lapse_at_ola_roll


def lapse_claims(draft: Draft) -> None:
    """Close every open rent claim that is no longer :func:`alive` (``ClaimClosed``
    ``lapsed``, C5/M11); the rule set's ``after_lapse`` follows each (M6).  Called
    when the turn passes and, under ``lapse_at_ola_roll``, when Ola or the car moves."""
    state = draft.state
    for claim in list(state.claims.values()):
        if not alive(state, claim.turn):
            draft.emit(ev.ClaimClosed(claim.id, "lapsed", claim.owner, claim.payer,
                                      claim.space, claim.amount))
            rules_for(state.ed).after_lapse(draft, claim)

"""Whose roll comes next (docs/rules.md C3, C4, C5, C21, M4; issue 16 point 2): the checks
the roll commands make before the next player's roll may pass the turn
(:mod:`companion.commands.handover`), here so that the state view can say the same
(``turn.roller``, :func:`companion.view.roller`) without a second copy in the pages.

They compute only; a refusal is a :class:`~companion.errors.RuleBroken` in the player's
words.  The reading is the one documented in :mod:`companion.commands.handover`.
"""

from __future__ import annotations

from companion.errors import RuleBroken
from companion.records import RollInfo
from companion.rules import rules_for
from companion.state import GameState


def next_in_turn(state: GameState) -> str:
    """The name of the next active player in seat order after the player to roll
    (``state.to_roll`` itself when they are the only one left)."""
    seats = list(state.players)
    at = seats.index(state.to_roll)
    following = seats[at + 1:] + seats[: at + 1]
    return next(n for n in following if not state.players[n].bankrupt)


def check_for_sale(state: GameState, roller: str) -> None:
    """C4: refuse a roll by ``roller`` (their extra roll after doubles, the car's roll
    after Ola Nordmann's (M4), or the next player's roll that passes the turn) while an
    auction is open — the bank auctions a declined deed "at once", so the game waits for
    it — or while the unowned deed the current player stopped on (``state.for_sale``) is
    neither bought nor on the block.  The banker's ``next_turn`` lets it stay with the bank
    (docs/rules.md C4 "Our reading").

    Raises:
        RuleBroken: an auction is open, or a deed is for sale.
    """
    if state.auction is not None:
        raise RuleBroken("The auction is still open: close it before %(player)s rolls.",
                         player=roller)
    if state.for_sale is None or not rules_for(state.ed).allows("buy"):
        return
    raise RuleBroken("%(deed)s is for sale: buy it or put it up for auction before "
                     "%(player)s rolls (C4).", deed=state.ed.space(state.for_sale).label,
                     player=roller)


def turn_over(state: GameState, current: str) -> bool:
    """True when ``current``'s turn is over for the hand-over (:func:`check_finished`
    accepts it), or they are out."""
    if state.players[current].bankrupt:
        return True
    try:
        check_finished(state, current, current)
    except RuleBroken:
        return False
    return True


def check_finished(state: GameState, current: str, roller: str) -> None:
    """Refuse the hand-over to ``roller`` while ``current``'s turn is not over: an
    auction open (C4), a deed for sale (C4), a debt of ``current`` (C21), no roll yet or
    doubles pending (C3); in an edition with Ola's phases the car having moved counts as
    rolled (M4).

    Raises:
        RuleBroken: with the reason, naming both players.
    """
    check_for_sale(state, roller)  # C4: an open auction, a deed for sale
    if state.debts_of(current):
        raise RuleBroken("%(turn)s still owes a debt: it is paid (or %(turn)s goes bankrupt) "
                         "before %(player)s rolls.", turn=current, player=roller)
    if rolling_done(state, current):
        return
    if _last(state, current) is None:  # nothing shows that the current player has moved yet
        raise RuleBroken("It is %(turn)s's turn to roll, not %(player)s's.",
                         turn=current, player=roller)
    raise RuleBroken("%(turn)s rolled doubles and rolls again (C3): %(player)s rolls "
                     "after %(turn)s.", turn=current, player=roller)


def rolling_done(state: GameState, current: str) -> bool:
    """True when ``current`` (the player to roll) rolls no more this turn: their last roll
    this turn is done (no doubles pending, C3; K3's doubles end it too) or sent them to
    jail (C13); in an edition with Ola's phases, their car moved or stayed without a roll
    entered (phase ``car``, M4)."""
    last = _last(state, current)
    if last is not None:
        return last.done or state.players[current].in_jail
    return rules_for(state.ed).allows("ola_roll") and state.phase == "car"


def _last(state: GameState, current: str) -> RollInfo | None:
    """``current``'s last roll in this turn, or None."""
    last = state.roll
    if last is not None and last.player == current and last.turn == state.turn:
        return last
    return None

"""Buying a deed from the bank at its printed price (docs/rules.md C4, C21, M4): the checks
the ``buy`` command makes (:mod:`companion.commands.property`), here so that the state view
can say the same (``turn.may_buy``, :func:`companion.view.snapshot`) and the screens offer
"Buy for …" only when the tap would be taken (h21: no button that can only be refused).

They compute only; a refusal is a :class:`~companion.errors.RuleBroken` in the player's
words.
"""

from __future__ import annotations

from companion.editions import Edition, Space
from companion.errors import RuleBroken
from companion.rules import rules_for
from companion.state import GameState


def auction_only(edition: Edition, space: Space) -> bool:
    """Whether the bank sells deed ``space`` only by auction (M4: Gyldenløves gate and
    Aker Brygge; the edition's ``settings.auction_only``): ``buy`` refuses it and the
    pages offer only "To auction" (issue 16 point 6)."""
    return bool(space.name) and space.name in edition.settings.auction_only


def check_buy(state: GameState, player: str, space: Space) -> None:
    """Refuse ``player`` buying ``space`` from the bank: not a deed, already owned, on the
    block (C4: bid instead), sold only by auction (M4), the buyer bankrupt or owing a debt
    (C21: the debt is paid first — cash raised pays it at once, then the deed may be
    bought).  The price and the buyer's cash are the command's to check.

    Raises:
        RuleBroken: with the reason, naming the deed or the player.
    """
    if not space.is_deed:
        raise RuleBroken("%(deed)s cannot be bought.", deed=space.label)
    if space.index in state.deeds:
        raise RuleBroken("%(deed)s already belongs to %(owner)s.", deed=space.label,
                         owner=state.deeds[space.index].owner)
    if state.auction is not None and state.auction.space == space.index:
        raise RuleBroken("%(deed)s is being auctioned — bid for it instead (C4).",
                         deed=space.label)
    if auction_only(state.ed, space):
        raise RuleBroken("%(deed)s is sold only by auction (M4).", deed=space.label)
    if state.players[player].bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=player)
    if state.debts_of(player):
        raise RuleBroken("%(player)s must pay their debts before buying.", player=player)


def may_buy(state: GameState) -> bool:
    """True when the player to roll may buy the deed their token stands on at its printed
    price now (C4): the game goes on, the edition has ``buy`` and :func:`check_buy`
    passes — False while they owe a debt (C21), on an owned deed or not a deed, on a lot
    sold only by auction (M4) or during its auction, and when the price is more than
    they could raise (:func:`can_pay`).  Money raised first (C19) may pay the price, so
    cash alone does not decide; an unknown price (Multimillionær: asked once) does not
    take Buy away."""
    if state.over or not rules_for(state.ed).allows("buy"):
        return False
    player = state.to_roll
    if player not in state.players:
        return False
    space = state.ed.space(state.players[player].position)
    if not space.is_deed or space.index in state.deeds:  # check_buy's first two refusals,
        return False  # the usual case, without building the sentence (issue 19: per state)
    try:
        check_buy(state, player, space)
    except RuleBroken:
        return False
    return can_pay(state, player, space)


def can_pay(state: GameState, player: str, space: Space) -> bool:
    """Whether ``player`` could pay ``space``'s printed price (``int``, the edition's
    unit) after raising money (C19, C21): the rule set's ``raisable`` — cash, buildings
    sold at half price, mortgages, and Multimillionær's shares and debt notes (M21) — is
    at least the price.  True while the price is not known (it is asked at the tap)."""
    if space.price is None:
        return True
    return rules_for(state.ed).raisable(state, player) >= space.price

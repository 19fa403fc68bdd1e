"""Buying deeds from the bank (RULES C4)."""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, Draft, command
from companion.commands.payments import pay_in_full
from companion.errors import MissingValue, NotEnoughCash, RuleBroken


@command("buy", player_field="player")
def buy(draft: Draft, cmd: Cmd) -> None:
    """``player`` buys the unowned deed ``space`` from the bank at ``price`` (default printed, C4).

    Raises:
        RuleBroken: not a deed, already owned, or the buyer owes a debt.
        NotEnoughCash: the price exceeds the buyer's cash.
        MissingValue: the edition does not know the printed price yet.
    """
    state = draft.state
    player = cmd.player()
    space = state.ed.space(cmd.space())
    if not space.is_deed:
        raise RuleBroken(f"{space.label} cannot be bought.")
    if space.index in state.deeds:
        raise RuleBroken(f"{space.label} already belongs to {state.deeds[space.index].owner}.")
    if state.auction is not None and state.auction.space == space.index:
        raise RuleBroken(f"{space.label} is being auctioned — bid for it instead (C4).")
    if state.players[player].bankrupt:
        raise RuleBroken(f"{player} is bankrupt and out of the game.")
    if state.debts_of(player):
        raise RuleBroken(f"{player} must pay their debts before buying.")
    if space.price is None and not cmd.has("price"):
        raise MissingValue(f"The price of {space.label} is not known yet: enter the price "
                           "printed on the board.", space=space.index, field="price")
    price = cmd.amount("price", allow_zero=True) if cmd.has("price") else int(space.price or 0)
    cash = state.players[player].cash
    if price > cash:
        raise NotEnoughCash(f"{player} has {cash} kr; {space.label} costs {price} kr.")
    pay_in_full(draft, player, ev.BANK, price, f"bought {space.label}")
    draft.emit(ev.DeedMoved(space.index, player))

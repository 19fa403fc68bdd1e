"""Buying deeds from the bank (docs/rules.md C4)."""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.errors import NotAllowed, NotEnoughCash, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import pay_in_full
from companion.rules.buying import check_buy
from companion.rules.deed_values import ask_board_values, missing
from companion.state import GameState


@command("buy", player_field="player")
def buy(draft: Draft, cmd: Cmd) -> None:
    """``player`` buys the unowned deed ``space`` from the bank at ``price`` (default printed, C4).

    Raises:
        RuleBroken: as :func:`companion.rules.buying.check_buy` (not a deed, owned, on
        the block, sold only by auction M4, the buyer bankrupt or owing a debt C21), or
        from a phone not the deed the buyer's token stands on, on their turn.
        NotEnoughCash: the price exceeds the buyer's cash.
        MissingValue: the edition does not know the printed price or the mortgage
        value yet (:func:`companion.rules.deed_values.ask_board_values`; asked once).
    """
    state = draft.state
    player = cmd.player()
    space = state.ed.space(cmd.space())
    check_buy(state, player, space)
    if cmd.sender is not None:
        _phone_may_buy(state, cmd, player, space.index)
    if space.price is None and not cmd.has("price"):
        raise missing(space, "price")
    ask_board_values(state, space)  # price, mortgage value: asked once (M22, C19; h21)
    price = cmd.amount("price", allow_zero=True) if cmd.has("price") else int(space.price or 0)
    cash = state.players[player].cash
    if price > cash:
        raise NotEnoughCash("%(player)s has %(cash)s %(unit)s; %(deed)s costs %(price)s %(unit)s.",
                            player=player, cash=cash, deed=space.label, price=price,
                            unit=state.ed.unit)
    pay_in_full(draft, player, ev.BANK, price, f"bought {space.label}", "purchase", space.index)
    draft.emit(ev.DeedMoved(space.index, player))


def _phone_may_buy(state: GameState, cmd: Cmd, player: str, index: int) -> None:
    """C4 from a player's phone: only the deed the player's token stands on, on their own
    turn, at the printed price (other sales are the banker's: auctions, deals)."""
    space = state.ed.space(index)
    if cmd.has("price"):
        raise NotAllowed("Only the banker can sell a deed at another price than printed.")
    if state.to_roll != player or state.players[player].position != index:
        raise RuleBroken("%(player)s can buy %(deed)s only after landing on it on their turn "
                         "(C4); ask the banker.", player=player, deed=space.label)

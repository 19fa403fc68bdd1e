"""Auctions held by the bank: deeds (C4, C21) and scarce buildings (C16).

TABLE-LOG ``auction_open``, ``bid``, ``auction_close``, ``auction_sold``, plus
``auction_cancel`` (the banker ends an auction without a sale).  One auction is open at a
time; phones read ``auction`` in the snapshot (highest bid live) and send ``bid``.
"""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, Draft, command
from companion.commands.buildings import emit_plan, one_building
from companion.commands.payments import charge
from companion.errors import BadCommand, NotEnoughCash, RuleBroken
from companion.records import Auction
from companion.rules import hook
from companion.state import GameState

BUILDINGS = ("house", "hotel")


@command("auction_open")
def auction_open(draft: Draft, cmd: Cmd) -> None:
    """The bank auctions the unowned deed ``space`` (C4: the decliner may bid too), or one
    ``building`` (``house``/``hotel``) when several players want more than the bank has
    (C16).  ``start`` (optional) is the lowest first bid; for a building it defaults to
    the lowest house price of the lots that could take it (C16), for a deed to 1.

    Raises:
        RuleBroken: an auction is open, the deed is owned, the bank has none of that
        building, or no lot could take it.  BadCommand: neither or both fields.
    """
    state = draft.state
    if state.auction is not None:
        raise RuleBroken(f"The auction of {_what(state, state.auction)} is still open — "
                         "close it first.")
    if cmd.has("space") == cmd.has("building"):
        raise BadCommand("Auction either a 'space' or a 'building' (house or hotel).")
    if cmd.has("space"):
        space = state.ed.space(cmd.space())
        if not space.is_deed or space.index in state.deeds:
            raise RuleBroken(f"{space.label} is not the bank's to auction.")
        start = cmd.amount("start") if cmd.has("start") else 1
        draft.emit(ev.AuctionOpened(space.index, "", start))
        return
    building = cmd.text("building")
    if building not in BUILDINGS:
        raise BadCommand("The building must be 'house' or 'hotel'.")
    start = cmd.amount("start") if cmd.has("start") else _lowest_price(state, building)
    draft.emit(ev.AuctionOpened(None, building, start))


@command("bid", player_field="player")
def bid(draft: Draft, cmd: Cmd) -> None:
    """``player`` bids ``amount`` in the open auction; for a building, ``space`` names the
    lot it would go on (C16).  A bid must beat the highest (the first: at least ``start``)
    and may not exceed the bidder's cash.

    Raises:
        RuleBroken: no auction, bidder out, bid too low, or (building) the lot cannot take
        it.  NotEnoughCash: more than the bidder's cash.
    """
    state, auction = draft.state, _open(draft.state)
    player, amount = cmd.player(), cmd.amount()
    if state.players[player].bankrupt:
        raise RuleBroken(f"{player} is bankrupt and out of the game.")
    top = auction.highest
    if top is not None and amount <= top.amount:
        raise RuleBroken(f"The highest bid is {top.amount} {state.ed.unit} ({top.player}) — "
                         "bid more.")
    if amount < auction.start:
        raise RuleBroken(f"Bidding starts at {auction.start} {state.ed.unit}.")
    cash = state.players[player].cash
    if amount > cash:
        raise NotEnoughCash(f"{player} has only {cash} {state.ed.unit} and cannot bid "
                            f"{amount} {state.ed.unit}.")
    space = None
    if auction.building:
        space = state.ed.space(cmd.space())
        one_building(state, player, space, auction.building)
    draft.emit(ev.BidPlaced(player, amount, space.index if space else None))


@command("auction_close")
def auction_close(draft: Draft, cmd: Cmd) -> None:
    """The highest bidder pays the bank and takes the deed or building (C4, C16); with no
    bids the deed stays with the bank.  Should the winner's cash have dropped since the
    bid, the rest is a debt (C21).

    Raises RuleBroken: no auction open, or the building no longer fits the winner's lot.
    """
    state, auction = draft.state, _open(draft.state)
    top = auction.highest
    if top is None:
        draft.emit(ev.AuctionClosed(None, 0))
        return
    plan = None
    if auction.building and top.space is not None:
        plan = one_building(state, top.player, state.ed.space(top.space), auction.building)
    draft.emit(ev.AuctionClosed(top.player, top.amount))
    charge(draft, top.player, ev.BANK, top.amount, f"auction: {_what(state, auction)}")
    if plan is not None:
        emit_plan(draft, plan)
    elif auction.space is not None:
        draft.emit(ev.DeedMoved(auction.space, top.player))
        hook(state.ed, "after_deed_won")(draft, top.player, auction.space)  # W1 passport


@command("auction_cancel")
def auction_cancel(draft: Draft, cmd: Cmd) -> None:
    """The banker ends the open auction without a sale.  Raises RuleBroken: none open."""
    _open(draft.state)
    draft.emit(ev.AuctionClosed(None, 0))


@command("auction_sold")
def auction_sold(draft: Draft, cmd: Cmd) -> None:
    """An auction decided at the table: ``player`` pays ``price`` (0 allowed, C4: "any
    amount") for the bank's deed ``space``; an open auction of that deed closes.

    Raises RuleBroken: not the bank's deed, buyer out.  NotEnoughCash: price > cash.
    """
    state = draft.state
    player, space = cmd.player(), state.ed.space(cmd.space())
    price = cmd.amount("price", allow_zero=True)
    if not space.is_deed or space.index in state.deeds:
        raise RuleBroken(f"{space.label} is not the bank's to auction.")
    if state.players[player].bankrupt:
        raise RuleBroken(f"{player} is bankrupt and out of the game.")
    if price > state.players[player].cash:
        raise NotEnoughCash(f"{player} has only {state.players[player].cash} {state.ed.unit} "
                            f"and cannot pay {price} {state.ed.unit}.")
    if state.auction is not None and state.auction.space == space.index:
        draft.emit(ev.AuctionClosed(player, price))
    charge(draft, player, ev.BANK, price, f"auction: {space.label}")
    draft.emit(ev.DeedMoved(space.index, player))
    hook(state.ed, "after_deed_won")(draft, player, space.index)  # W1 passport


def _open(state: GameState) -> Auction:
    if state.auction is None:
        raise RuleBroken("No auction is open.")
    return state.auction


def _what(state: GameState, auction: Auction) -> str:
    if auction.space is not None:
        return state.ed.space(auction.space).label
    return f"a {auction.building}"


def _lowest_price(state: GameState, building: str) -> int:
    """C16: the lowest building price among the lots some player could put it on now."""
    if (state.bank_houses if building == "house" else state.bank_hotels) < 1:
        raise RuleBroken(f"The bank has no {building}s left to auction.")
    prices = []
    for deed in state.deeds.values():
        space = state.ed.space(deed.space)
        try:
            one_building(state, deed.owner, space, building)
        except RuleBroken:
            continue
        prices.append(space.house_cost or 0)
    if not prices:
        raise RuleBroken(f"No lot could take a {building} now, so there is nothing to auction.")
    return min(prices)

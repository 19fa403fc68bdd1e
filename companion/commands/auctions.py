"""Auctions held by the bank: deeds (C4, C21) and scarce buildings (C16).

docs/table-log.md ``auction_open``, ``bid``, ``auction_close``, ``auction_sold``, plus
``auction_cancel`` (the banker ends an auction without a sale).  One auction is open at a
time; phones read ``auction`` in the snapshot (highest bid live) and send ``bid``.
"""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.commands.buildings import emit_plan, one_building
from companion.editions import Space
from companion.errors import N_, BadCommand, NotAllowed, NotEnoughCash, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import charge
from companion.money import Money
from companion.records import Auction
from companion.rules import rules_for
from companion.rules.build_timing import check_build_time
from companion.rules.deed_values import ask_board_values
from companion.state import GameState

BUILDINGS = ("house", "hotel")


@command("auction_open", player_field="decliner")
def auction_open(draft: Draft, cmd: Cmd) -> None:
    """The bank auctions the unowned deed ``space`` (C4: the decliner may bid too), or one
    ``building`` (``house``/``hotel``) when several players want more than the bank has
    (C16).  ``start`` (optional) is the lowest first bid; for a building it defaults to
    the lowest house price of the lots that could take it (C16), for a deed to the rule
    module's ``auction_start`` (K4: the price), else 1.  ``decliner`` (optional) names
    the player who declined to buy the deed (K4: only the others bid; there it defaults
    to the player whose turn it is).  A player's phone may send it only as the
    ``decliner`` of the deed their token stands on, on their own turn ("Til auksjon",
    C4; issue 16): other auctions are the banker's.

    Raises:
        RuleBroken: an auction is open, the deed is owned, ``start`` below the deed's
        lowest bid, the bank has none of that building, or no lot could take it.
        BadCommand: neither or both fields; (K4) no ``decliner`` and nobody to roll.
        MissingValue: (K4) the price that is the lowest bid is not known yet.
    """
    state = draft.state
    if state.auction is not None:
        raise _still_open(state, state.auction)
    if cmd.has("space") == cmd.has("building"):
        raise BadCommand("Auction either a 'space' or a 'building' (house or hotel).")
    if cmd.sender is not None and not cmd.has("space"):
        raise NotAllowed("Only the banker can do that.")
    if cmd.has("space"):
        space = state.ed.space(cmd.space())
        if not space.is_deed or space.index in state.deeds:
            raise RuleBroken("%(deed)s is not the bank's to auction.", deed=space.label)
        decliner = _decliner(state, cmd)
        if cmd.sender is not None:
            _phone_may_decline(state, decliner, space)
        rules_for(state.ed).check_deed_auction(state, space, decliner)  # K4
        lowest = lowest_bid(state, space)
        start = cmd.amount("start") if cmd.has("start") else max(lowest, 1)
        if start < lowest:
            raise RuleBroken("Bidding for %(deed)s cannot start below %(lowest)s.",
                             deed=space.label, lowest=Money.of(state, lowest))
        draft.emit(ev.AuctionOpened(space.index, "", start, decliner))
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
        RuleBroken: no auction, bidder out, (K4) the bidder declined the deed, bid too
        low (the same as another's bid: "Lise bid 1 500 kr first", C4), or
        (building) the lot cannot take it, or it is not the bidder's time to buy a
        building (X4 ``build_timing``, M19: a building won at auction is bought).
        NotEnoughCash: more than the bidder's cash.
    """
    state, auction = draft.state, _open(draft.state)
    player, amount = cmd.player(), cmd.amount()
    if state.players[player].bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=player)
    if auction.space is not None:  # K4: only the players who did not decline
        rules_for(state.ed).check_bid(state, player, state.ed.space(auction.space),
                                         auction.decliner)
    top = auction.highest
    if top is not None and amount == top.amount and top.player != player:  # a race: say who
        raise RuleBroken("%(player)s bid %(amount)s first: bid more to stay in.",
                         player=top.player, amount=Money.of(state, top.amount))
    if top is not None and amount <= top.amount:
        raise RuleBroken("The highest bid is %(amount)s (%(player)s) — bid more.",
                         amount=Money.of(state, top.amount), player=top.player)
    if amount < auction.start:
        raise RuleBroken("Bidding starts at %(start)s.", start=Money.of(state, auction.start))
    cash = state.players[player].cash
    if amount > cash:
        raise NotEnoughCash("%(player)s has only %(cash)s and cannot bid %(amount)s.",
                            player=player, cash=Money.of(state, cash),
                            amount=Money.of(state, amount))
    space = None
    if auction.building:  # a purchase of a building: X4 timing, as ``build``
        check_build_time(state, player)
        space = state.ed.space(cmd.space())
        one_building(state, player, space, auction.building)
    draft.emit(ev.BidPlaced(player, amount, space.index if space else None))


@command("auction_close")
def auction_close(draft: Draft, cmd: Cmd) -> None:
    """The highest bidder pays the bank and takes the deed or building (C4, C16); with no
    bids the deed stays with the bank.  Should the winner's cash have dropped since the
    bid, the rest is a debt (C21).

    Raises RuleBroken: no auction open, or the building no longer fits the winner's lot.
    MissingValue: a deed's board value not known yet, asked before it changes hands
    (:func:`companion.rules.deed_values.ask_board_values`; M22, C19; h21).
    """
    state, auction = draft.state, _open(draft.state)
    top = auction.highest
    if top is None:
        draft.emit(ev.AuctionClosed(None, 0))
        return
    if auction.space is not None:
        ask_board_values(state, state.ed.space(auction.space))
    plan = None
    if auction.building and top.space is not None:
        plan = one_building(state, top.player, state.ed.space(top.space), auction.building)
    draft.emit(ev.AuctionClosed(top.player, top.amount))
    charge(draft, top.player, ev.BANK, top.amount, f"auction: {_what(state, auction)}",
           "auction", auction.space if auction.space is not None else top.space)
    if plan is not None:
        emit_plan(draft, plan)
    elif auction.space is not None:
        draft.emit(ev.DeedMoved(auction.space, top.player))
        rules_for(state.ed).after_deed_won(draft, top.player, auction.space)  # W1 passport


@command("auction_cancel")
def auction_cancel(draft: Draft, cmd: Cmd) -> None:
    """The banker ends the open auction without a sale.  Raises RuleBroken: none open."""
    _open(draft.state)
    draft.emit(ev.AuctionClosed(None, 0))


@command("auction_sold")
def auction_sold(draft: Draft, cmd: Cmd) -> None:
    """An auction decided at the table: ``player`` pays ``price`` (0 allowed, C4: "any
    amount"; not below the rule module's ``auction_start``, K4: the price) for the bank's
    deed ``space``; an open auction of that deed closes.  ``decliner`` as for
    ``auction_open`` (taken from the open auction of that deed when there is one).

    Raises RuleBroken: not the bank's deed, buyer out, (K4) the buyer declined it, price
    below the lowest bid.  NotEnoughCash: price > cash.  BadCommand: (K4) no decliner.
    MissingValue: the deed's board value not known yet (as ``auction_close``; h21).
    """
    state = draft.state
    player, space = cmd.player(), state.ed.space(cmd.space())
    price = cmd.amount("price", allow_zero=True)
    if not space.is_deed or space.index in state.deeds:
        raise RuleBroken("%(deed)s is not the bank's to auction.", deed=space.label)
    if state.players[player].bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=player)
    open_here = state.auction is not None and state.auction.space == space.index
    decliner = state.auction.decliner if open_here and state.auction \
        else _decliner(state, cmd)
    rules_for(state.ed).check_deed_auction(state, space, decliner)  # K4
    rules_for(state.ed).check_bid(state, player, space, decliner)
    lowest = lowest_bid(state, space)
    if price < lowest:
        raise RuleBroken("%(deed)s cannot be sold at auction below %(lowest)s.",
                         deed=space.label, lowest=Money.of(state, lowest))
    if price > state.players[player].cash:
        raise NotEnoughCash("%(player)s has only %(cash)s and cannot pay %(price)s.",
                            player=player, cash=Money.of(state, state.players[player].cash),
                            price=Money.of(state, price))
    ask_board_values(state, space)
    if state.auction is not None and state.auction.space == space.index:
        draft.emit(ev.AuctionClosed(player, price))
    charge(draft, player, ev.BANK, price, f"auction: {space.label}", "auction", space.index)
    draft.emit(ev.DeedMoved(space.index, player))
    rules_for(state.ed).after_deed_won(draft, player, space.index)  # W1 passport


def lowest_bid(state: GameState, space: Space) -> int:
    """The lowest bid for the bank's deed ``space``: the rule set's ``auction_start``
    (K4: the price; classic 0, C4: bidding may start at any amount)."""
    return rules_for(state.ed).auction_start(state, space)


def _decliner(state: GameState, cmd: Cmd) -> str:
    """The player named in ``decliner`` (who declined to buy the deed); when omitted, the
    rule set's :meth:`~companion.rules.ruleset.Classic.default_decliner` (K4: the player
    to roll; classic: "", nobody)."""
    if cmd.has("decliner"):
        return cmd.player("decliner")
    return rules_for(state.ed).default_decliner(state)


def _phone_may_decline(state: GameState, player: str, space: Space) -> None:
    """C4 from a phone: ``player`` declines only the deed they landed on, on their turn."""
    if state.to_roll != player or state.players[player].position != space.index:
        raise RuleBroken("%(player)s can send %(deed)s to auction only after landing on it "
                         "on their turn (C4); ask the banker.", player=player,
                         deed=space.label)


def _open(state: GameState) -> Auction:
    if state.auction is None:
        raise RuleBroken("No auction is open.")
    return state.auction


def _what(state: GameState, auction: Auction) -> str:
    """The lot for a memo (the log's words, not a player's message)."""
    if auction.space is not None:
        return state.ed.space(auction.space).label
    return f"a {auction.building}"


def _still_open(state: GameState, auction: Auction) -> RuleBroken:
    if auction.space is not None:
        return RuleBroken("The auction of %(deed)s is still open — close it first.",
                          deed=state.ed.space(auction.space).label)
    if auction.building == "hotel":
        return RuleBroken("The auction of a hotel is still open — close it first.")
    return RuleBroken("The auction of a house is still open — close it first.")


def _lowest_price(state: GameState, building: str) -> int:
    """C16: the lowest building price among the lots some player could put it on now."""
    if (state.bank_houses if building == "house" else state.bank_hotels) < 1:
        raise RuleBroken(N_("The bank has no hotels left to auction.") if building == "hotel"
                         else N_("The bank has no houses left to auction."))
    prices = []
    for deed in state.deeds.values():
        space = state.ed.space(deed.space)
        try:
            one_building(state, deed.owner, space, building)
        except RuleBroken:
            continue
        prices.append(space.house_cost or 0)
    if not prices:
        raise RuleBroken(N_("No lot could take a hotel now, so there is nothing to auction.")
                         if building == "hotel" else
                         N_("No lot could take a house now, so there is nothing to auction."))
    return min(prices)

"""Folds of the buildings, mortgage, auction, trade, bankruptcy, dice and variant events.

Registered on :func:`companion.state.fold_event` when :mod:`companion.folds` (which
lists every fold module) is imported, so every fold of a log knows them.  Each fold only records
what its event says; the rules were checked by the command that emitted it.
"""

from __future__ import annotations

from companion import events as ev
from companion.records import Auction, Bid, PendingTrade, RollInfo
from companion.state import GameState, fold_event


@fold_event.register
def _(e: ev.BuildingsSet, s: GameState) -> None:
    """C16: the bank's stock changes by what the lot gives back or takes."""
    deed = s.deeds[e.space]
    s.bank_houses += deed.houses - e.houses
    castle_on = s.ed.settings.castle_on  # M19: the castle is not a hotel
    castle = bool(castle_on) and s.ed.space(e.space).name == castle_on
    s.bank_hotels += 0 if castle else int(deed.hotel) - int(e.hotel)
    deed.houses, deed.hotel = e.houses, e.hotel


@fold_event.register
def _(e: ev.MortgageSet, s: GameState) -> None:
    s.deeds[e.space].mortgaged = e.mortgaged


@fold_event.register
def _(e: ev.AuctionOpened, s: GameState) -> None:
    s.auction = Auction(e.space, e.building, e.start, decliner=e.decliner)
    if e.space is not None and s.for_sale == e.space:  # C4: declined, on the block
        s.for_sale = None


@fold_event.register
def _(e: ev.BidPlaced, s: GameState) -> None:
    if s.auction is not None:
        s.auction.bids.append(Bid(e.player, e.amount, e.space))


@fold_event.register
def _(e: ev.AuctionClosed, s: GameState) -> None:
    s.auction = None


@fold_event.register
def _(e: ev.TradeProposed, s: GameState) -> None:
    s.trades[e.trade] = PendingTrade(e.trade, e.proposer, dict(e.parties), tuple(e.lift))
    s.next_trade = max(s.next_trade, e.trade + 1)


@fold_event.register
def _(e: ev.TradeClosed, s: GameState) -> None:
    s.trades.pop(e.trade, None)


@fold_event.register
def _(e: ev.PlayerBankrupt, s: GameState) -> None:
    player = s.players[e.player]
    player.bankrupt, player.in_jail, player.jail_tries = True, False, 0


@fold_event.register
def _(e: ev.Rolled, s: GameState) -> None:
    s.roll = RollInfo(e.player, s.turn, e.doubles, e.done, tuple(e.dice))


@fold_event.register
def _(e: ev.JailTried, s: GameState) -> None:
    s.players[e.player].jail_tries = e.tries


@fold_event.register
def _(e: ev.PotChanged, s: GameState) -> None:
    s.pot += e.delta


@fold_event.register
def _(e: ev.ClockStarted, s: GameState) -> None:
    s.minutes, s.ends_at = e.minutes, e.ends_at

"""The ``stocks`` mechanic's commands (docs/table-log.md ``buy_shares``, ``sell_shares``,
``borsen_buy``, ``stock_level``; docs/rules.md M3, M7, M8, M21): shares traded with the
bank and bought at Børsen, the banker setting the board's levels.  :func:`multimillionaer`
refuses every Multimillionær command in a game without a stock board.

``trade_shares`` is an alias of ``trade`` (:mod:`companion.commands.trades`) for a
share-only deal between two players (M9).

Trading with the bank is at the current board price, out of the shares the bank holds,
at any time, never in a suspended series (M7).  Selling is allowed while the player owes
a debt: it is how money is raised (M21).  At Børsen the right-holder buys from one
opponent, who must sell, at DOUBLE the price (M8).  Money ``int`` kr.
"""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.commands.buildings import may_spend
from companion.commands.trades import apply_deal
from companion.errors import N_, BadCommand, NotEnoughCash, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import pay_in_full
from companion.mechanics.ola.rules import borsen_right
from companion.mechanics.stocks import state as stock_board
from companion.mechanics.stocks.facts import stock_moved
from companion.mechanics.stocks.rules import (
    SHARES_PER_SERIES,
    check_trading,
    has_board,
    held,
    parse_series,
    price,
    series_ids,
)
from companion.rules.trading import Deal, Offer, check_deal
from companion.state import GameState


@command("buy_shares", player_field="player")
def buy_shares(draft: Draft, cmd: Cmd) -> None:
    """``player`` buys ``count`` shares of ``series`` from the bank at the current price (M7).

    Raises: RuleBroken (suspended, the bank holds too few, a debt unpaid, player out),
    NotEnoughCash, BadCommand (unknown series, count not 1–10).
    """
    state, player, series, count = _parse(draft.state, cmd)
    may_spend(state, player)
    check_trading(state, series)
    if held(state, ev.BANK, series) < count:
        raise RuleBroken("The bank holds only %(held)s shares of series %(series)s.",
                         held=held(state, ev.BANK, series), series=series)
    cost = price(state, series) * count
    _afford(state, player, cost)
    pay_in_full(draft, player, ev.BANK, cost, f"{count} shares of series {series}", "shares")
    draft.emit(ev.SharesMoved(series, ev.BANK, player, count))


@command("sell_shares", player_field="player")
def sell_shares(draft: Draft, cmd: Cmd) -> None:
    """``player`` sells ``count`` shares of ``series`` to the bank at the current price
    (M7); allowed while owing a debt (M21: raising money).

    Raises: RuleBroken (suspended, too few shares, player out), BadCommand.
    """
    state, player, series, count = _parse(draft.state, cmd)
    if held(state, player, series) < count:
        raise RuleBroken("%(player)s holds only %(held)s shares of series %(series)s.",
                         player=player, held=held(state, player, series), series=series)
    check_trading(state, series)
    draft.emit(ev.SharesMoved(series, player, ev.BANK, count))
    pay_in_full(draft, ev.BANK, player, price(state, series) * count,
                f"{count} shares of series {series}", "share_sale")


@command("borsen_buy", player_field="player")
def borsen_buy(draft: Draft, cmd: Cmd) -> None:
    """``player`` uses their Børsen right: ``count`` shares of ``series`` from ``from`` at
    double the current price, paid to that opponent, who must sell (M8).  The right (two
    shares for a car at Børsen, one when Ola stopped there on their roll) is used up by
    the purchase and lapses like every right (M11).

    Raises: RuleBroken (no right, too many shares, the seller is the buyer or out or
    holds too few, suspended, a debt unpaid), NotEnoughCash, BadCommand.
    """
    state, player, series, count = _parse(draft.state, cmd)
    seller = cmd.player("from")
    right = borsen_right(state, player)
    if not right:
        raise RuleBroken("%(player)s has no Børsen right to use: it comes with stopping at "
                         "Børsen, by car or with Ola Nordmann (M8).", player=player)
    if count > right:
        raise RuleBroken(N_("At Børsen %(player)s may buy at most 1 share now.") if right == 1
                         else N_("At Børsen %(player)s may buy at most %(right)s shares now."),
                         player=player, right=right)  # issue 15: no "share(s)"
    if seller == player or state.players[seller].bankrupt:
        raise RuleBroken("Buy at Børsen from an opponent still in the game.")
    if held(state, seller, series) < count:
        raise RuleBroken("%(player)s holds only %(held)s shares of series %(series)s.",
                         player=seller, held=held(state, seller, series), series=series)
    check_trading(state, series)
    may_spend(state, player)
    cost = 2 * price(state, series) * count
    _afford(state, player, cost)
    pay_in_full(draft, player, seller, cost, f"Børsen: {count} shares of series {series}",
                "borsen")
    draft.emit(ev.SharesMoved(series, seller, player, count))
    draft.emit(ev.BorsenRight(player, state.turn, 0))


def _parse(state: GameState, cmd: Cmd, who: str = "player") -> tuple[GameState, str, str, int]:
    multimillionaer(state)
    player = cmd.player(who)
    series = parse_series(state, cmd.raw.get("series"))
    count = cmd.integer("count", 1, SHARES_PER_SERIES, default=1)
    if state.players[player].bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=player)
    return state, player, series, count


def _afford(state: GameState, player: str, cost: int) -> None:
    cash = state.players[player].cash
    if cost > cash:
        raise NotEnoughCash("%(player)s has %(cash)s %(unit)s; that costs %(cost)s %(unit)s.",
                            player=player, cash=cash, cost=cost, unit=state.ed.unit)


@command("trade_shares")
def trade_shares(draft: Draft, cmd: Cmd) -> None:
    """An alias of ``trade`` kept for share-only deals (M9): ``from`` gives ``count``
    shares of ``series`` to ``to`` for ``price`` kr in total (any price, 0 allowed — it
    need not follow the board).  The same as ``trade`` with ``parties`` ``{from: {"shares":
    {series: count}}, to: {"cash": price}}``, checked and applied by it; not in a suspended
    series (M7).

    Raises: RuleBroken (same player, a player out, too few shares, suspended),
    NotEnoughCash (the buyer), BadCommand.
    """
    state, seller, series, count = _parse(draft.state, cmd, "from")
    buyer = cmd.player("to")
    total = cmd.amount("price", allow_zero=True)
    if buyer == seller or state.players[buyer].bankrupt:
        raise RuleBroken("A share deal is between two different players still in the game.")
    deal = Deal({seller: Offer(shares=((series, count),)), buyer: Offer(cash=total)})
    check_deal(state, deal)
    apply_deal(draft, deal)


def multimillionaer(state: GameState) -> None:
    """Refuse a Multimillionær command in a game without a stock board."""
    if not has_board(state.ed):
        raise RuleBroken("That is a Multimillionær rule; this game's edition does not use it.")


@command("stock_level")
def stock_level(draft: Draft, cmd: Cmd) -> None:
    """The banker sets the stock board to match the cardboard one (M3): ``series`` and
    ``level`` (0 = suspended … the top of the ladder), or ``reading``: ``"transcribed"``
    or ``"alt"`` puts every series on that reading of the starting levels (the edition
    file explains the two).

    Raises: BadCommand: neither or both forms, an unknown series or reading, a level off
    the ladder.  RuleBroken: the edition has no stock board, or nothing would change.
    """
    state = draft.state
    multimillionaer(state)
    if cmd.has("reading") == cmd.has("series"):
        raise BadCommand("Give either 'series' and 'level', or 'reading' (transcribed or alt).")
    if cmd.has("series"):
        top = len(state.ed.settings.share_prices)
        wanted = {parse_series(state, cmd.raw["series"]): cmd.integer("level", 0, top)}
    else:
        wanted = dict(zip(series_ids(state.ed), _reading(state, cmd.text("reading")),
                          strict=True))
    changes = {s: n for s, n in wanted.items() if stock_board.of(state).levels.get(s) != n}
    if not changes:
        raise RuleBroken("The stock board already shows that.")
    for series, level in changes.items():
        draft.emit(stock_moved(state, series, level, "set by the banker", "banker"))


def _reading(state: GameState, name: str) -> tuple[int, ...]:
    settings = state.ed.settings
    readings = {"transcribed": settings.share_start_levels, "alt": settings.share_start_levels_alt}
    if not readings.get(name):
        raise BadCommand("The reading must be 'transcribed' or 'alt' (and known to the edition).")
    return readings[name]

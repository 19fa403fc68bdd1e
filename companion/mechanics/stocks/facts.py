"""Events whose facts are read off the state as they are emitted, so the history can tell
them from the event alone (issue 14 point 4): a stock-board move with the level and the
price before and after (docs/rules.md M3, M6)."""

from __future__ import annotations

from companion import events as ev
from companion.editions import Edition
from companion.mechanics.stocks import state as stocks
from companion.state import GameState


def share_price(edition: Edition, level: int) -> int:
    """Kroner per share at stock ``level`` of ``edition``'s board (0 = suspended: 0 kr;
    M3).  A level above the transcribed prices counts as the top price."""
    prices = edition.settings.share_prices
    if level <= 0 or not prices:
        return 0
    return prices[min(level, len(prices)) - 1]


def stock_moved(state: GameState, series: str, level: int, why: str,
                cause: ev.StockCause, claim: int = 0) -> ev.StockMoved:
    """The :class:`~companion.events.StockMoved` of ``series`` to ``level`` (M6) from the
    level it stands at in ``state`` now, with both prices (int kr, M3); ``why`` the core's
    words, ``cause`` what moved it, ``claim`` the rent claim of the landing (0 = none)."""
    was = stocks.of(state).levels.get(series, 0)
    return ev.StockMoved(series, level, why, claim, cause, was, share_price(state.ed, level),
                         share_price(state.ed, was))

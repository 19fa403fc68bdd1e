"""A stock move told (issue 15 point 3, M6): "Series 4: 7 000 kr → 8 000 kr — move the
marker." after every command whose events moved the stock board (a rent of 20 000 or
more, M6; a level set by hand).  The price before is the series' level before the command,
read from the log (its ``StockListed``/``StockMoved`` events) unless the event carries
``level_before``."""

from __future__ import annotations

from typing import Any

from web.describe.context import Context, Event
from web.i18n import _


def level_before(ctx: Context, series: str, seq: int) -> int:
    """The level (0 = suspended) ``series`` stood at before the command ``seq`` (M3)."""
    level = 0
    for row in ctx.table.store.rows(ctx.game_id):
        if row.seq >= seq:
            break
        for event in row.events:
            if type(event).__name__ in ("StockListed", "StockMoved") and \
                    getattr(event, "series", None) == series:
                level = int(getattr(event, "level", 0))
    return level


def shown(ctx: Context, level: int) -> str:
    """A level's price as the board shows it, or "suspended" (level 0, M3)."""
    prices = ctx.ed.settings.share_prices
    if level <= 0:
        return _("suspended")
    return ctx.money(prices[min(level, len(prices)) - 1])


def stock_moved(ctx: Context, e: Event, seq: int) -> str:
    """One ``StockMoved`` as a follow-up: the series, its price before and after."""
    series = str(e["series"])
    before: Any = e.get("level_before")
    old = int(before) if isinstance(before, int) else level_before(ctx, series, seq)
    new = int(e["level"])
    if old == new:
        return ""
    return _("Series %(series)s: %(before)s → %(after)s — move the marker.", series=series,
             before=shown(ctx, old), after=shown(ctx, new))

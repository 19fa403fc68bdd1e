"""A stock move told (issue 15 point 3; M3, M6): "Series 4: 7 000 kr → 8 000 kr — move the
marker." after every command whose events moved the stock board (a rent of 20 000 or more,
M6; a level set by hand).  The levels and prices before and after are the event's own
facts (``was``, ``level``, ``was_price``, ``price``); an event logged before it carried
``was`` is read from the log
(:func:`web.describe.legacy.level_before`)."""

from __future__ import annotations

from companion.mechanics.stocks.facts import share_price
from web.describe import legacy
from web.describe.context import Context, Event
from web.i18n import _


def shown(ctx: Context, level: int) -> str:
    """A level's price as the board shows it, or "suspended" (level 0, M3)."""
    return ctx.money(share_price(ctx.ed, level)) if level > 0 else _("suspended")


def stock_moved(ctx: Context, e: Event, seq: int) -> str:
    """One ``StockMoved`` of command ``seq`` as a follow-up: the series, its price before
    and after (the event's own ``was_price``/``price``; "suspended" at level 0); "" when
    the level did not change."""
    series = str(e["series"])
    was, new = int(e.get("was", -1)), int(e["level"])
    if was < 0:  # logged before StockMoved carried its facts
        was = legacy.level_before(ctx, series, seq)
        before, after = shown(ctx, was), shown(ctx, new)
    else:
        before = _price(ctx, was, int(e["was_price"]))
        after = _price(ctx, new, int(e["price"]))
    if was == new:
        return ""
    return _("Series %(series)s: %(before)s → %(after)s — move the marker.", series=series,
             before=before, after=after)


def _price(ctx: Context, level: int, price: int) -> str:
    return ctx.money(price) if level > 0 else _("suspended")

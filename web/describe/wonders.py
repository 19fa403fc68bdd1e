"""Verdens underverker in words: a free flight marks a passport (docs/rules.md W2)."""

from __future__ import annotations

from web.describe.context import Context, Row, describes, first
from web.describe.told import from_events
from web.i18n import _


@describes("free_flight")
def _free_flight(ctx: Context, row: Row) -> list[str]:
    marked = first(row["events"], "PassportMarked")
    if marked is None:
        return from_events(ctx, row)
    return [_("%(player)s took the free flight to %(wonder)s.", player=marked["player"],
              wonder=ctx.space(marked["space"]))]

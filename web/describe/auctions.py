"""Auctions in words: opened, a bid, sold or not, cancelled (docs/rules.md C4, C16)."""

from __future__ import annotations

from web.describe.context import Context, Row, describes, first
from web.describe.told import follow_ups, from_events
from web.describe.words import lots
from web.i18n import _


@describes("auction_open")
def _auction_open(ctx: Context, row: Row) -> list[str]:
    return follow_ups(ctx, row) or from_events(ctx, row)


@describes("bid")
def _bid(ctx: Context, row: Row) -> list[str]:
    bid = first(row["events"], "BidPlaced")
    if bid is None:
        return from_events(ctx, row)
    return [_("%(player)s bid %(amount)s.", player=bid["player"], amount=ctx.money(bid["amount"]))]


@describes("auction_close", "auction_sold")
def _auction_close(ctx: Context, row: Row) -> list[str]:
    """The winner and the price.  ``auction_sold`` (decided at the table, C4) without an
    open auction has no ``AuctionClosed``: the deed's move and the auction money tell it
    (issue 16 point 5: it was told as "ended without a sale" while the money moved)."""
    closed = first(row["events"], "AuctionClosed")
    moved = first(row["events"], "DeedMoved")
    if (closed is None or not closed.get("winner")) and moved is not None:
        paid = [e for e in row["events"] if e.get("type") == "MoneyMoved"
                and e.get("reason") == "auction"]
        closed = {"winner": moved["owner"], "amount": sum(e["amount"] for e in paid)}
    if closed is None or not closed.get("winner"):
        return [_("The auction ended without a sale.")]
    values = {"player": closed["winner"], "amount": ctx.money(closed["amount"])}
    if moved is not None:
        text = _("%(player)s bought %(deed)s at auction for %(amount)s.",
                 deed=ctx.space(moved["space"]), **values)
    else:
        text = _("%(player)s won the auction for %(amount)s: %(lots)s.",
                 lots=lots(ctx, row["events"]), **values)
    return [text, *follow_ups(ctx, row)]


@describes("auction_cancel")
def _auction_cancel(ctx: Context, row: Row) -> list[str]:
    return [_("The auction was cancelled without a sale.")]

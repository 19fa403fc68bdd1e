"""Trades in words: one at once, proposed, accepted, called off, and what a mortgaged deed
received cost (docs/rules.md C18, C19)."""

from __future__ import annotations

from typing import Any

from web.describe import legacy
from web.describe.context import Context, Row, cmd, describes, first, names, of
from web.describe.told import follow_ups, from_events
from web.i18n import _, ngettext


def _offer(ctx: Context, offer: dict[str, Any]) -> str:
    """What one side of a trade gives: "2 000 kr, Parkveien, 1 jail card"."""
    items = []
    if offer.get("cash"):
        items.append(ctx.money(int(offer["cash"])))
    items += [ctx.space(s) for s in offer.get("spaces") or ()]
    for series, count in (offer.get("shares") or {}).items():
        items.append(ngettext("%(num)d share of series %(series)s",
                              "%(num)d shares of series %(series)s", int(count), series=series))
    if offer.get("jail_cards"):
        items.append(ngettext("%(num)d get-out-of-jail card", "%(num)d get-out-of-jail cards",
                              int(offer["jail_cards"])))
    return names(items) if items else _("nothing")


def mortgaged_received(ctx: Context, row: Row) -> list[str]:
    """A sentence per mortgaged deed a trade handed over, told from its ``MoneyMoved``
    events (C19): the interest (10 %) paid now (reason ``mortgage_interest``), or the mortgage
    lifted now (reason ``unmortgage``)."""
    out = []
    for event in of(row["events"], "MoneyMoved"):
        why = legacy.reason(event)
        values = {"player": event["payer"], "deed": ctx.space(event.get("space")),
                  "amount": ctx.money(int(event["amount"])),
                  "percent": ctx.ed.settings.mortgage_interest_percent}
        if why == "mortgage_interest":
            out.append(_("%(player)s paid the bank %(amount)s interest (%(percent)s %%) on the "
                         "mortgaged %(deed)s.", **values))
        elif why == "unmortgage":
            out.append(_("%(player)s lifted the mortgage on %(deed)s for %(amount)s.", **values))
    return out


@describes("trade")
def _trade(ctx: Context, row: Row) -> list[str]:
    parties = cmd(row).get("parties")
    if not isinstance(parties, dict) or len(parties) != 2:
        return from_events(ctx, row)
    (first, a), (second, b) = parties.items()
    return [_("%(first)s and %(second)s traded: %(first)s gave %(a)s; %(second)s gave %(b)s.",
              first=first, second=second, a=_offer(ctx, a if isinstance(a, dict) else {}),
              b=_offer(ctx, b if isinstance(b, dict) else {})), *mortgaged_received(ctx, row),
            *follow_ups(ctx, row)]


@describes("trade_propose")
def _trade_propose(ctx: Context, row: Row) -> list[str]:
    proposed = first(row["events"], "TradeProposed")
    if proposed is None or len(proposed["parties"]) != 2:
        return from_events(ctx, row)
    proposer = proposed["proposer"]
    other = next(n for n in proposed["parties"] if n != proposer)
    return [_("%(proposer)s offers %(other)s a trade: %(proposer)s gives %(a)s; %(other)s "
              "gives %(b)s.", proposer=proposer, other=other,
              a=_offer(ctx, proposed["parties"][proposer]),
              b=_offer(ctx, proposed["parties"][other]))]


@describes("trade_accept")
def _trade_accept(ctx: Context, row: Row) -> list[str]:
    closed = first(row["events"], "TradeClosed")
    if closed is None:
        return from_events(ctx, row)
    return [_("%(player)s accepted the trade.", player=legacy.closed_by(row, closed)),
            *mortgaged_received(ctx, row), *follow_ups(ctx, row)]


@describes("trade_cancel")
def _trade_cancel(ctx: Context, row: Row) -> list[str]:
    closed = first(row["events"], "TradeClosed")
    player = legacy.closed_by(row, closed) if closed else ""
    if player:
        return [_("%(player)s called the trade off.", player=player)]
    return [_("The banker cancelled the trade.")]

"""Buildings and mortgages in words: build, sell buildings, mortgage, lift, repairs
(docs/rules.md C10, C14–C17, C19).  The player is the event's: a ``BuildingsSet`` /
``MortgageSet`` names the lot's ``owner``, a repair bill its payer."""

from __future__ import annotations

from web.describe import legacy
from web.describe.context import BANK, Context, Row, describes, first, of, paid, received
from web.describe.told import follow_ups, from_events
from web.describe.words import lots
from web.i18n import _


@describes("build", "build_pair")  # build_pair: K7, the same sentence
def _build(ctx: Context, row: Row) -> list[str]:
    built = first(row["events"], "BuildingsSet")
    if built is None:
        return from_events(ctx, row)
    player = legacy.owner(row, built)
    return [_("%(player)s built on %(lots)s for %(amount)s.", player=player,
              lots=lots(ctx, row["events"]),
              amount=ctx.money(paid(row["events"], player, BANK)))]


@describes("sell_building", "sell_houses")  # sell_houses: K8
def _sell_building(ctx: Context, row: Row) -> list[str]:
    sold = first(row["events"], "BuildingsSet")
    if sold is None:
        return from_events(ctx, row)
    player = legacy.owner(row, sold)
    return [_("%(player)s sold buildings on %(lots)s for %(amount)s.", player=player,
              lots=lots(ctx, row["events"]),
              amount=ctx.money(received(row["events"], player, BANK))),
            *follow_ups(ctx, row)]


@describes("mortgage")
def _mortgage(ctx: Context, row: Row) -> list[str]:
    deed = first(row["events"], "MortgageSet")
    if deed is None:
        return from_events(ctx, row)
    player = legacy.owner(row, deed)
    return [_("%(player)s mortgaged %(deed)s for %(amount)s.", player=player,
              deed=ctx.space(deed["space"]),
              amount=ctx.money(received(row["events"], player, BANK))), *follow_ups(ctx, row)]


@describes("unmortgage")
def _unmortgage(ctx: Context, row: Row) -> list[str]:
    deed = first(row["events"], "MortgageSet")
    if deed is None:
        return from_events(ctx, row)
    player = legacy.owner(row, deed)
    return [_("%(player)s lifted the mortgage on %(deed)s for %(amount)s.", player=player,
              deed=ctx.space(deed["space"]),
              amount=ctx.money(paid(row["events"], player, BANK)))]


@describes("repairs")
def _repairs(ctx: Context, row: Row) -> list[str]:
    bills = [(e["payer"], e) for e in of(row["events"], "MoneyMoved")]
    bills += [(e["debtor"], e) for e in of(row["events"], "DebtOpened")]
    if not bills:
        return [_("Nothing to pay for repairs: no houses or hotels.")]
    player = str(bills[0][0])
    return [_("%(player)s paid %(amount)s for repairs.", player=player,
              amount=ctx.money(paid(row["events"], player))), *follow_ups(ctx, row)]

"""Multimillionær in words: Ola Nordmann, debt notes and their interest, Ferieparadiset,
the Casino, shares and the stock board (docs/rules.md M4–M18)."""

from __future__ import annotations

from web.describe.context import (
    BANK,
    Context,
    Row,
    cmd,
    describes,
    first,
    of,
    paid,
    party,
    received,
)
from web.describe.told import follow_ups, from_events
from web.describe.words import money_lines
from web.i18n import _, ngettext


@describes("ola_land", "ola_roll")
def _ola_land(ctx: Context, row: Row) -> list[str]:
    moved = first(row["events"], "OlaMoved")
    out = [_("Ola Nordmann stopped on %(space)s.", space=ctx.space(moved["space"]))
           ] if moved else []
    return out + money_lines(ctx, row) + follow_ups(ctx, row)


@describes("pay_interest")
def _pay_interest(ctx: Context, row: Row) -> list[str]:
    player = str(cmd(row).get("player", ""))
    return [_("%(player)s paid %(amount)s interest on debt notes.", player=player,
              amount=ctx.money(paid(row["events"], player, BANK))), *follow_ups(ctx, row)]


@describes("debt_note")
def _debt_note(ctx: Context, row: Row) -> list[str]:
    player = str(cmd(row).get("player", ""))
    return [_("%(player)s issued a debt note for %(amount)s.", player=player,
              amount=ctx.money(received(row["events"], player, BANK)))]


@describes("redeem_note")
def _redeem_note(ctx: Context, row: Row) -> list[str]:
    player = str(cmd(row).get("player", ""))
    return [_("%(player)s redeemed a debt note for %(amount)s.", player=player,
              amount=ctx.money(paid(row["events"], player, BANK)))]


@describes("point_out")
def _point_out(ctx: Context, row: Row) -> list[str]:
    command = cmd(row)
    return [_("%(player)s pointed out that %(debtor)s did not pay interest in time.",
              player=command.get("player", ""), debtor=command.get("debtor", "")),
            *money_lines(ctx, row)]


@describes("stay")
def _stay(ctx: Context, row: Row) -> list[str]:
    return [_("%(player)s stays another round in Ferieparadiset.",
              player=cmd(row).get("player", ""))]


@describes("casino")
def _casino(ctx: Context, row: Row) -> list[str]:
    player = str(cmd(row).get("player", ""))
    won = received(row["events"], player, BANK)
    bet = ctx.money(paid(row["events"], player, BANK))
    if won:
        return [_("%(player)s bet %(bet)s at the Casino and got %(won)s.", player=player,
                  bet=bet, won=ctx.money(won))]
    return [_("%(player)s bet %(bet)s at the Casino and lost it.", player=player, bet=bet)]


@describes("buy_shares", "sell_shares", "borsen_buy")
def _shares(ctx: Context, row: Row) -> list[str]:
    command = cmd(row)
    player = str(command.get("player", ""))
    moved = of(row["events"], "SharesMoved")
    if not moved:
        return from_events(ctx, row)
    count = sum(int(e["count"]) for e in moved)
    series = moved[0]["series"]
    if command.get("cmd") == "sell_shares":
        return [ngettext("%(player)s sold %(num)d share of series %(series)s for %(amount)s.",
                         "%(player)s sold %(num)d shares of series %(series)s for %(amount)s.",
                         count, player=player, series=series,
                         amount=ctx.money(received(row["events"], player)))]
    seller = moved[0]["giver"]
    return [ngettext("%(player)s bought %(num)d share of series %(series)s from %(seller)s "
                     "for %(amount)s.",
                     "%(player)s bought %(num)d shares of series %(series)s from %(seller)s "
                     "for %(amount)s.", count, player=player, series=series,
                     seller=party(seller), amount=ctx.money(paid(row["events"], player)))]


@describes("stock_level")
def _stocklevel(ctx: Context, row: Row) -> list[str]:
    moved = of(row["events"], "StockMoved")
    if len(moved) == 1:
        return [_("Series %(series)s now stands at level %(level)s.", series=moved[0]["series"],
                  level=moved[0]["level"])]
    return [_("The stock board was set.")]

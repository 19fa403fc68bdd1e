"""Multimillionær in words: Ola Nordmann, debt notes and their interest, Ferieparadiset,
the Casino, shares and the stock board (docs/rules.md M4–M18)."""

from __future__ import annotations

from web.describe import legacy
from web.describe.context import (
    BANK,
    Context,
    Row,
    describes,
    first,
    of,
    paid,
    party,
    received,
)
from web.describe.stocks import stock_moved
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
    done = first(row["events"], "InterestPaid")
    if done is None:
        return from_events(ctx, row)
    player = str(done["player"])
    return [_("%(player)s paid %(amount)s interest on debt notes.", player=player,
              amount=ctx.money(paid(row["events"], player, BANK))), *follow_ups(ctx, row)]


@describes("debt_note")
def _debt_note(ctx: Context, row: Row) -> list[str]:
    note = first(row["events"], "DebtNotesChanged")
    if note is None:
        return from_events(ctx, row)
    player = str(note["player"])
    return [_("%(player)s issued a debt note for %(amount)s.", player=player,
              amount=ctx.money(received(row["events"], player, BANK)))]


@describes("redeem_note")
def _redeem_note(ctx: Context, row: Row) -> list[str]:
    note = first(row["events"], "DebtNotesChanged")
    if note is None:
        return from_events(ctx, row)
    player = str(note["player"])
    return [_("%(player)s redeemed a debt note for %(amount)s.", player=player,
              amount=ctx.money(paid(row["events"], player, BANK)))]


@describes("point_out")
def _point_out(ctx: Context, row: Row) -> list[str]:
    closed = first(row["events"], "InterestClosed")
    if closed is None:
        return from_events(ctx, row)
    return [_("%(player)s pointed out that %(debtor)s did not pay interest in time.",
              player=legacy.pointed_out_by(closed), debtor=closed["player"]),
            *money_lines(ctx, row)]


@describes("stay")
def _stay(ctx: Context, row: Row) -> list[str]:
    stays = first(row["events"], "HolidayStays")
    if stays is None:
        return from_events(ctx, row)
    return [_("%(player)s stays another round in Ferieparadiset.", player=stays["player"])]


@describes("casino")
def _casino(ctx: Context, row: Row) -> list[str]:
    played = first(row["events"], "CasinoPlayed")
    if played is None:
        return from_events(ctx, row)
    player = str(played["player"])
    won = received(row["events"], player, BANK)
    bet = ctx.money(paid(row["events"], player, BANK))
    if won:
        return [_("%(player)s bet %(bet)s at the Casino and got %(won)s.", player=player,
                  bet=bet, won=ctx.money(won))]
    return [_("%(player)s bet %(bet)s at the Casino and lost it.", player=player, bet=bet)]


@describes("buy_shares", "sell_shares", "borsen_buy")
def _shares(ctx: Context, row: Row) -> list[str]:
    moved = of(row["events"], "SharesMoved")
    if not moved:
        return from_events(ctx, row)
    count = sum(int(e["count"]) for e in moved)
    series, seller, taker = moved[0]["series"], moved[0]["giver"], moved[0]["taker"]
    if taker == BANK:  # sold back to the bank (M9)
        return [ngettext("%(player)s sold %(num)d share of series %(series)s for %(amount)s.",
                         "%(player)s sold %(num)d shares of series %(series)s for %(amount)s.",
                         count, player=seller, series=series,
                         amount=ctx.money(received(row["events"], seller)))]
    return [ngettext("%(player)s bought %(num)d share of series %(series)s from %(seller)s "
                     "for %(amount)s.",
                     "%(player)s bought %(num)d shares of series %(series)s from %(seller)s "
                     "for %(amount)s.", count, player=taker, series=series,
                     seller=party(seller), amount=ctx.money(paid(row["events"], taker)))]


@describes("stock_level")
def _stocklevel(ctx: Context, row: Row) -> list[str]:
    moved = of(row["events"], "StockMoved")
    told = [stock_moved(ctx, e, row["seq"]) for e in moved]
    if told and all(told):
        return told
    if len(moved) == 1:
        return [legacy.stock_level(moved[0])]
    return [_("The stock board was set.")]

"""Kortstokk-Monopol in words: sales to the bank, fire insurance, the jokers, a declared
fortune (docs/rules.md K6–K11); houses on a pair of cards and selling them are told as
any building (:mod:`web.describe.buildings`).  Every sentence reads
the events: the player is a ``BuildingsSet``'s owner, a payment's payer or payee, a
``FireInsuranceChanged``'s player or the ``GameEnded``'s winner."""

from __future__ import annotations

from web.describe import legacy
from web.describe.context import (
    BANK,
    Context,
    Event,
    Row,
    describes,
    first,
    of,
    paid,
)
from web.describe.told import follow_ups, from_events
from web.i18n import _


def _from_bank(row: Row, reason: str) -> Event | None:
    """The first payment of ``reason`` from the bank in the row (a sale, a bonus)."""
    return next((e for e in of(row["events"], "MoneyMoved")
                 if e["payer"] == BANK and legacy.reason(e) == reason), None)


@describes("sell_property")
def _sell_property(ctx: Context, row: Row) -> list[str]:
    moved, coins = first(row["events"], "DeedMoved"), _from_bank(row, "deed_sale")
    if moved is None or coins is None:
        return from_events(ctx, row)
    return [_("%(player)s sold %(deed)s to the bank for %(amount)s.", player=coins["payee"],
              deed=ctx.space(moved["space"]), amount=ctx.money(coins["amount"])),
            *follow_ups(ctx, row)]


@describes("sell_everything")
def _sell_everything(ctx: Context, row: Row) -> list[str]:
    coins = _from_bank(row, "sale")
    if coins is None:
        return from_events(ctx, row)
    return [_("%(player)s sold everything to the bank for %(amount)s.", player=coins["payee"],
              amount=ctx.money(coins["amount"])), *follow_ups(ctx, row)]


@describes("sell_insurance")
def _sell_insurance(ctx: Context, row: Row) -> list[str]:
    coins = _from_bank(row, "insurance_sale")
    if coins is None:
        return from_events(ctx, row)
    return [_("%(player)s sold a fire insurance to the bank for %(amount)s.",
              player=coins["payee"], amount=ctx.money(coins["amount"])), *follow_ups(ctx, row)]


@describes("trade_insurance")
def _trade_insurance(ctx: Context, row: Row) -> list[str]:
    changed = of(row["events"], "FireInsuranceChanged")
    giver = next((e["player"] for e in changed if int(e["delta"]) < 0), None)
    taker = next((e["player"] for e in changed if int(e["delta"]) > 0), None)
    if giver is None or taker is None:
        return from_events(ctx, row)
    return [_("%(taker)s got a fire insurance from %(giver)s for %(amount)s.", taker=taker,
              giver=giver, amount=ctx.money(paid(row["events"], taker, giver)))]


@describes("pass_joker")
def _pass_joker(ctx: Context, row: Row) -> list[str]:
    bonus = _from_bank(row, "joker_bonus")
    if bonus is None:
        return from_events(ctx, row)
    return [_("%(player)s passed a joker and got %(amount)s.", player=bonus["payee"],
              amount=ctx.money(bonus["amount"]))]


@describes("joker")
def _joker(ctx: Context, row: Row) -> list[str]:
    events = row["events"]
    insured = first(events, "FireInsuranceChanged")
    moved = first(events, "MoneyMoved") or first(events, "DebtOpened")
    if insured is not None:
        return [_("%(player)s stopped on a joker and got a fire insurance.",
                  player=insured["player"])]
    if moved is None:
        return [_("A joker: nothing to pay or get; the table reads the card.")]
    if moved.get("payer") == BANK:
        return [_("%(player)s stopped on a joker and got %(amount)s.", player=moved["payee"],
                  amount=ctx.money(moved["amount"]))]
    player = str(moved.get("payer") or moved.get("debtor"))
    return [_("%(player)s stopped on a joker and paid %(amount)s.", player=player,
              amount=ctx.money(paid(events, player, BANK))), *follow_ups(ctx, row)]


@describes("declare_fortune")
def _declare_fortune(ctx: Context, row: Row) -> list[str]:
    ended = first(row["events"], "GameEnded")
    if ended is None or not ended.get("winner"):
        return from_events(ctx, row)
    return [_("%(player)s declared a fortune and won the game.", player=ended["winner"]),
            *follow_ups(ctx, row, skip=("GameEnded",))]

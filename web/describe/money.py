"""The money commands in words (``pay``, ``pay_each``, ``collect_each``, ``pass_start``, ``buy``,
``bankrupt``) (docs/rules.md C2, C4, C11, C21)."""

from __future__ import annotations

from web.describe import legacy
from web.describe.context import BANK, Context, Row, describes, first, names, of, paid, received
from web.describe.told import follow_ups, from_events
from web.describe.trades import mortgaged_received
from web.describe.words import money_sentence
from web.i18n import _


@describes("pay")
def _pay(ctx: Context, row: Row) -> list[str]:
    lines = [money_sentence(ctx, e["payer"], e["payee"], e["amount"], str(e.get("memo") or ""))
             for e in of(row["events"], "MoneyMoved") if legacy.reason(e) != "debt"]
    return lines + follow_ups(ctx, row)


def _each(row: Row, side: str) -> tuple[str, int] | None:
    """The one player on ``side`` (``payer``/``payee``) of a card's every-player payment
    (C10) and what one other player's share was (paid plus any debt it left), or None."""
    moves = [(e["payer"], e["payee"], int(e["amount"])) for e in of(row["events"], "MoneyMoved")]
    moves += [(e["debtor"], e["creditor"], int(e["amount"]))
              for e in of(row["events"], "DebtOpened")]
    if not moves:
        return None
    one = moves[0][0] if side == "payer" else moves[0][1]
    other = moves[0][1] if side == "payer" else moves[0][0]
    return one, sum(a for p, q, a in moves if (p, q) in ((one, other), (other, one)))


@describes("pay_each")
def _pay_each(ctx: Context, row: Row) -> list[str]:
    found = _each(row, "payer")
    if found is None:
        return from_events(ctx, row)
    text = _("%(player)s paid every other player %(amount)s.", player=found[0],
             amount=ctx.money(found[1]))
    return [text, *follow_ups(ctx, row)]


@describes("collect_each")
def _collect_each(ctx: Context, row: Row) -> list[str]:
    found = _each(row, "payee")
    if found is None:
        return from_events(ctx, row)
    text = _("%(player)s collected %(amount)s from every other player.", player=found[0],
             amount=ctx.money(found[1]))
    return [text, *follow_ups(ctx, row)]


@describes("pass_start")
def _pass_start(ctx: Context, row: Row) -> list[str]:
    bonus = next((e for e in of(row["events"], "MoneyMoved") if e["payer"] == BANK), None)
    if bonus is None:
        return from_events(ctx, row)
    player = str(bonus["payee"])
    return [_("%(player)s passed Start and got %(amount)s.", player=player,
              amount=ctx.money(received(row["events"], player, BANK)))]


@describes("buy")
def _buy(ctx: Context, row: Row) -> list[str]:
    moved = first(row["events"], "DeedMoved")
    if moved is None:
        return from_events(ctx, row)
    owner = moved["owner"]
    return [_("%(player)s bought %(deed)s for %(amount)s.", player=owner,
              deed=ctx.space(moved["space"]), amount=ctx.money(paid(row["events"], owner)))]


@describes("bankrupt")
def _bankrupt(ctx: Context, row: Row) -> list[str]:
    out = of(row["events"], "PlayerBankrupt")
    if not out:
        return from_events(ctx, row)
    done = out[0]
    if done["creditor"] == BANK:
        text = _("%(player)s went bankrupt; the bank takes everything.", player=done["player"])
    else:
        text = _("%(player)s went bankrupt; %(creditor)s takes everything.",
                 player=done["player"], creditor=done["creditor"])
    return [text, *_taken_over(ctx, row, done["creditor"]),
            *follow_ups(ctx, row, skip=("PlayerBankrupt", "DebtSettled"))]


def _taken_over(ctx: Context, row: Row, creditor: str) -> list[str]:
    """A player creditor's share of a bankruptcy (C21): the deeds taken over, then the
    10 % interest paid now on each mortgaged one (C19/C20), from the typed events
    (``DeedMoved``; ``MoneyMoved`` with reason ``mortgage_interest``) — h17-fix point 5."""
    if creditor == BANK:
        return []
    deeds = [ctx.space(e["space"]) for e in of(row["events"], "DeedMoved")
             if e["owner"] == creditor]
    out = [_("%(creditor)s takes over %(deeds)s.", creditor=creditor, deeds=names(deeds))
           ] if deeds else []
    return out + mortgaged_received(ctx, row)

"""Jail in words: going there, leaving by fine, card or doubles, a failed try (C10, C13)."""

from __future__ import annotations

from web.describe.context import BANK, Context, Event, Row, describes, first, paid
from web.describe.told import follow_ups, from_events
from web.describe.words import money_lines
from web.i18n import _


@describes("jail")
def _jail(ctx: Context, row: Row) -> list[str]:
    return follow_ups(ctx, row) or from_events(ctx, row)


@describes("leave_jail")
def _leave_jail(ctx: Context, row: Row) -> list[str]:
    left = first(row["events"], "JailLeft")
    if left is None:
        return from_events(ctx, row)
    player = left["player"]
    if left["by"] == "fine":
        text = _("%(player)s paid the fine of %(amount)s and left jail.", player=player,
                 amount=ctx.money(paid(row["events"], player, BANK)))
    elif left["by"] == "card":
        text = _("%(player)s used a get-out-of-jail card and left jail.", player=player)
    else:
        text = _("%(player)s rolled doubles and left jail.", player=player)
    return [text, *follow_ups(ctx, row)]


@describes("jail_card")
def _jail_card(ctx: Context, row: Row) -> list[str]:
    got = first(row["events"], "JailCardsChanged")
    if got is None:
        return from_events(ctx, row)
    return [_("%(player)s got a get-out-of-jail card.", player=got["player"])]


def jail_try_text(event: Event) -> str:
    """A ``JailTried`` (C13): "Mor did not roll doubles in jail (2 of 3 tries)."."""
    return _("%(player)s did not roll doubles in jail (%(tries)s of 3 tries).",
             player=event["player"], tries=event["tries"])


@describes("jail_try")
def _jail_try(ctx: Context, row: Row) -> list[str]:
    tried = first(row["events"], "JailTried")
    out = [jail_try_text(tried)] if tried else []
    return out + money_lines(ctx, row) + follow_ups(ctx, row)

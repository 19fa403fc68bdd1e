"""The words several mechanics share, as templates keyed by reason or event type: a
payment ("Mor paid Far 100 kr (rent on Parkveien)."), a lot's buildings, an auction
opened, the end of the game (docs/rules.md C2, C4, C11, C14, C21, C22)."""

from __future__ import annotations

from companion.errors import N_
from web.describe import legacy
from web.describe.context import BANK, Context, Event, Row, names, of
from web.i18n import _, ngettext

#: What a payment was for, by its ``reason`` (gettext templates; ``%(space)s``: the board
#: space's printed name).  Reasons not here are left out: the sentence says enough.
PAYMENT_WORDS = {"start_bonus": N_("Start bonus"), "jail_fine": N_("jail fine"),
                 "rent": N_("rent on %(space)s"),
                 "passport_bonus": N_("bonus for the full passport, which ends the game (W3)")}
#: Reasons whose memo is the banker's own words, shown as typed.
FREE_WORDS = frozenset({"payment", "card"})


def payment_words(ctx: Context, event: Event) -> str:
    """What the ``MoneyMoved`` ``event`` was for, in words ("" = nothing to add): by its
    reason; a tax by the space's printed name (C11); logs without reasons by their memo
    (:func:`web.describe.legacy.memo_words`)."""
    why, memo = legacy.reason(event), str(event.get("memo", ""))
    if not why:
        return legacy.memo_words(memo)
    if why == "tax":
        return ctx.space(event.get("space"))
    if why in FREE_WORDS:
        return memo
    template = PAYMENT_WORDS.get(why)
    return _(template, space=ctx.space(event.get("space"))) if template else ""


def money_sentence(ctx: Context, payer: str, payee: str, amount: int, memo: str = "") -> str:
    """"Mor paid Far 100 kr." (the bank named as such; ``memo`` in brackets when given)."""
    values = {"payer": payer, "payee": payee, "amount": ctx.money(amount), "memo": memo}
    if payer == BANK:
        if memo:
            return _("The bank paid %(payee)s %(amount)s (%(memo)s).", **values)
        return _("The bank paid %(payee)s %(amount)s.", **values)
    if payee == BANK:
        if memo:
            return _("%(payer)s paid the bank %(amount)s (%(memo)s).", **values)
        return _("%(payer)s paid the bank %(amount)s.", **values)
    if memo:
        return _("%(payer)s paid %(payee)s %(amount)s (%(memo)s).", **values)
    return _("%(payer)s paid %(payee)s %(amount)s.", **values)


def money_lines(ctx: Context, row: Row, memo: bool = True) -> list[str]:
    """A sentence per payment that is not settling a debt (those are told by DebtSettled)."""
    return [money_sentence(ctx, e["payer"], e["payee"], e["amount"],
                           payment_words(ctx, e) if memo else "")
            for e in of(row["events"], "MoneyMoved") if legacy.reason(e) != "debt"]




def level(houses: int, hotel: bool) -> str:
    """A lot's buildings: "a hotel", "no buildings", "2 houses"."""
    if hotel:
        return _("a hotel")
    if not houses:
        return _("no buildings")
    return ngettext("%(num)d house", "%(num)d houses", int(houses))


def lots(ctx: Context, events: list[Event]) -> str:
    """Every ``BuildingsSet`` of ``events``: "Parkveien (1 house), Kirkeveien (a hotel)"."""
    return names(_("%(deed)s (%(level)s)", deed=ctx.space(e["space"]),
                   level=level(e["houses"], e["hotel"]))
                 for e in of(events, "BuildingsSet"))


def auction_opened(ctx: Context, event: Event) -> str:
    """An ``AuctionOpened``: of a house, a hotel (C16) or a deed (C4)."""
    if event.get("building") == "house":
        return _("Auction of a house opened.")
    if event.get("building") == "hotel":
        return _("Auction of a hotel opened.")
    return _("Auction of %(deed)s opened.", deed=ctx.space(event["space"]))


def ended(event: Event) -> str:
    """A ``GameEnded``, with its winner when named (C22)."""
    if event.get("winner"):
        return _("The game is over. %(name)s won.", name=event["winner"])
    return _("The game is over.")

"""What follows from any command, told from its events (rent to claim, a claim lapsed,
a debt, jail, bankruptcy, an auction, the end), keyed by event type (:data:`FOLLOW_UPS`);
the words of a command without a describer (:func:`from_events`); and :func:`describe`,
which picks a command's describer (docs/rules.md C5, C13, C21, C22, M11, M22)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from web.describe import legacy
from web.describe.context import BANK, DESCRIBERS, Context, Event, Row, cmd, party
from web.describe.stocks import stock_moved
from web.describe.words import auction_opened, ended, level, money_lines
from web.i18n import _


def lapsed(ctx: Context, event: Event, seq: int) -> str:
    """A ``ClaimClosed`` that lapsed (C5, M11): "Your rent …" on the owner's phone."""
    claim = legacy.claim(ctx, event, seq)
    if claim is None:
        return _("A rent claim lapsed (not claimed in time).")
    values = {"owner": claim["owner"], "payer": party(claim["payer"]),
              "space": ctx.space(claim["space"]), "amount": ctx.money(claim["amount"])}
    if ctx.viewer == claim["owner"]:
        return _("Your rent of %(amount)s from %(payer)s on %(space)s lapsed (not claimed in "
                 "time).", **values)
    return _("Rent of %(amount)s on %(space)s lapsed: %(owner)s did not claim it from "
             "%(payer)s in time.", **values)


def claimed(ctx: Context, event: Event, seq: int) -> str:
    """A ``ClaimClosed`` that was claimed (C5)."""
    claim = legacy.claim(ctx, event, seq)
    if claim is None:
        return _("A rent claim was collected.")
    return _("%(owner)s claimed %(amount)s rent from %(payer)s (%(space)s).",
             owner=claim["owner"], payer=party(claim["payer"]), space=ctx.space(claim["space"]),
             amount=ctx.money(claim["amount"]))


def _claim_opened(ctx: Context, e: Event, seq: int) -> str:
    return _("%(owner)s may claim %(amount)s rent from %(payer)s.", owner=e["owner"],
             payer=party(e["payer"]), amount=ctx.money(e["amount"]))


def _debt_opened(ctx: Context, e: Event, seq: int) -> str:
    return _("%(debtor)s could not pay and owes %(creditor)s %(amount)s.", debtor=e["debtor"],
             creditor=party(e["creditor"]), amount=ctx.money(e["amount"]))


def _debt_settled(ctx: Context, e: Event, seq: int) -> str:
    return _("%(debtor)s paid %(amount)s of a debt to %(creditor)s.", debtor=e["debtor"],
             creditor=party(e["creditor"]), amount=ctx.money(e["amount"]))


FollowUp = Callable[[Context, Event, int], str]
#: Event type -> its sentence as a follow-up of a command (``seq``: the command's log seq).
FOLLOW_UPS: dict[str, FollowUp] = {
    "ClaimOpened": _claim_opened,
    "ClaimClosed": lambda ctx, e, seq: lapsed(ctx, e, seq) if e["how"] == "lapsed" else "",
    "DebtOpened": _debt_opened,
    "DebtSettled": _debt_settled,
    "JailEntered": lambda ctx, e, seq: _("%(player)s went to jail.", player=e["player"]),
    "PlayerBankrupt": lambda ctx, e, seq: _("%(player)s went bankrupt.", player=e["player"]),
    "AuctionOpened": lambda ctx, e, seq: auction_opened(ctx, e),
    "GameEnded": lambda ctx, e, seq: ended(e),
    "Multimillionaire": lambda ctx, e, seq: _("%(name)s is a multimillionaire!",
                                              name=e["player"]),
    "StockMoved": lambda ctx, e, seq: stock_moved(ctx, e, seq),  # M6, issue 15 point 3
}


def follow_ups(ctx: Context, row: Row, skip: Iterable[str] = ()) -> list[str]:
    """Sentences for what else the command's events did (:data:`FOLLOW_UPS`), leaving out
    the event types in ``skip``."""
    skipped = set(skip)
    out = []
    for event in row["events"]:
        kind = event.get("type")
        tell = FOLLOW_UPS.get(kind) if isinstance(kind, str) and kind not in skipped else None
        text = tell(ctx, event, row["seq"]) if tell else ""
        if text:
            out.append(text)
    return out


def _deed_moved(ctx: Context, e: Event) -> str:
    if e["owner"] == BANK:
        return _("%(deed)s went back to the bank.", deed=ctx.space(e["space"]))
    return _("%(player)s now owns %(deed)s.", player=e["owner"], deed=ctx.space(e["space"]))


def _mortgage_set(ctx: Context, e: Event) -> str:
    if e["mortgaged"]:
        return _("%(deed)s is mortgaged.", deed=ctx.space(e["space"]))
    return _("%(deed)s is no longer mortgaged.", deed=ctx.space(e["space"]))


#: Event type -> its sentence when a command without a describer is told by its events.
TOLD: dict[str, Callable[[Context, Event], str]] = {
    "DeedMoved": _deed_moved,
    "BuildingsSet": lambda ctx, e: _("%(deed)s now has %(level)s.", deed=ctx.space(e["space"]),
                                     level=level(e["houses"], e["hotel"])),
    "MortgageSet": _mortgage_set,
}


def from_events(ctx: Context, row: Row) -> list[str]:
    """Whatever the events say: payments, deeds changing hands, buildings, and what
    :func:`follow_ups` tells; else the command's name."""
    out = money_lines(ctx, row)
    out += [TOLD[e["type"]](ctx, e) for e in row["events"] if e.get("type") in TOLD]
    out += follow_ups(ctx, row)
    if not out:
        name = str(cmd(row).get("cmd", "")).replace("_", " ")
        out.append(_("Recorded: %(command)s.", command=name))
    return out


def describe(ctx: Context, row: Row) -> str:
    """One history entry (``seq``, ``command``, ``events``) in words: the command's
    describer (:data:`~web.describe.context.DESCRIBERS`), else :func:`from_events`."""
    row = {**row, "command": ctx.as_stored(cmd(row))}
    name = cmd(row).get("cmd")
    describer = DESCRIBERS.get(name, from_events) if isinstance(name, str) else from_events
    lines: list[str] = []
    for tell in (describer, from_events):
        try:
            lines = tell(ctx, row)
        except Exception:  # an odd entry must never break the history: say less
            lines = []
        if lines:
            break
    if not lines:
        lines = [_("Recorded: %(command)s.", command=str(name or "").replace("_", " "))]
    return " ".join(line for line in lines if line)

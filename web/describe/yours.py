"""Why the reader's own money moved, in the second person (issue 16 point 5): the lines a
player's phone shows as a notice and then in its history — "You paid Kari 1 600 kr in
rent for Prinsens gate.", "The rent for Oslo S lapsed — Åse rolled."

Told from the typed facts on the events only (a ``MoneyMoved``/``DebtOpened``'s
``reason`` and ``space``, a ``ClaimClosed``'s claim; docs/rules.md C2, C5, C11, C21,
M11; an undo of such a command says its lines again after "Undone:"), never from memo
text except through :func:`web.describe.words.payment_words`, which reads old logs in
:mod:`web.describe.legacy`'s one place.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.errors import N_
from web.describe import legacy
from web.describe.context import BANK, Context, Event, Row, cmd, party
from web.describe.words import payment_words
from web.i18n import _

Line = Callable[[Context, Event, Row], str]

#: Reasons the history leaves to its own sentence ("Kari bought Oslo S …") but a phone's
#: line about its money names (gettext templates; ``%(space)s``: the space's printed name).
MORE_WORDS = {"start_capital": N_("start capital"), "purchase": N_("buying %(space)s"),
              "auction": N_("auction of %(space)s"), "house": N_("building on %(space)s"),
              "house_sale": N_("a building sold on %(space)s"),
              "mortgage": N_("mortgage on %(space)s"),
              "unmortgage": N_("lifting the mortgage on %(space)s"),
              "mortgage_interest": N_("interest on the mortgaged %(space)s")}  # C19, C21


def _why(ctx: Context, e: Event, why: str) -> str:
    """What the payment was for ("" = nothing to add): :data:`MORE_WORDS`, else the
    history's words (:func:`~web.describe.words.payment_words`)."""
    template = MORE_WORDS.get(why)
    if template and ("%(space)s" not in template or e.get("space") is not None):
        return _(template, space=ctx.space(e.get("space")))
    return "" if why == "debt" else payment_words(ctx, e)


def _paid(ctx: Context, e: Event, row: Row) -> str:
    """A ``MoneyMoved`` seen from the viewer's side ("" when it is not theirs)."""
    me, payer, payee = ctx.viewer, e["payer"], e["payee"]
    if me not in (payer, payee) or payer == payee:
        return ""
    amount, why = ctx.money(e["amount"]), legacy.reason(e)
    space = ctx.space(e.get("space")) if e.get("space") is not None else ""
    if why == "rent" and space and BANK not in (payer, payee):
        if payer == me:
            return _("You paid %(payee)s %(amount)s in rent for %(space)s.", payee=payee,
                     amount=amount, space=space)
        return _("%(payer)s paid you %(amount)s in rent for %(space)s.", payer=payer,
                 amount=amount, space=space)
    words = _why(ctx, e, why)
    if payer == me:
        if words:
            return _("You paid %(payee)s %(amount)s (%(why)s).", payee=party(payee),
                     amount=amount, why=words)
        return _("You paid %(payee)s %(amount)s.", payee=party(payee), amount=amount)
    if payer == BANK:
        if words:
            return _("The bank paid you %(amount)s (%(why)s).", amount=amount, why=words)
        return _("The bank paid you %(amount)s.", amount=amount)
    if words:
        return _("%(payer)s paid you %(amount)s (%(why)s).", payer=payer, amount=amount,
                 why=words)
    return _("%(payer)s paid you %(amount)s.", payer=payer, amount=amount)


def _owed(ctx: Context, e: Event, row: Row) -> str:
    """A ``DebtOpened`` (C21) the viewer owes or is owed."""
    amount = ctx.money(e["amount"])
    if e["debtor"] == ctx.viewer:
        return _("You could not pay and owe %(creditor)s %(amount)s.",
                 creditor=party(e["creditor"]), amount=amount)
    if e["creditor"] == ctx.viewer:
        return _("%(debtor)s could not pay and owes you %(amount)s.", debtor=e["debtor"],
                 amount=amount)
    return ""


def _lapsed(ctx: Context, e: Event, row: Row) -> str:
    """A rent claim of the viewer's that lapsed (C5, M11) at the roll of the player after
    the payer: who rolled (a ``roll``), or whose turn it became (a ``next_turn``)."""
    if e.get("how") != "lapsed":
        return ""
    claim = legacy.claim(ctx, e, row["seq"])
    if claim is None or claim["owner"] != ctx.viewer:
        return ""
    space = ctx.space(claim["space"])
    roller = cmd(row).get("player")
    if cmd(row).get("cmd") == "roll" and isinstance(roller, str) and roller:
        return _("The rent for %(space)s lapsed — %(player)s rolled.", space=space,
                 player=roller)
    turn = next((t["player"] for t in row["events"] if t.get("type") == "TurnPassed"), "")
    if turn:
        return _("The rent for %(space)s lapsed — %(player)s is to roll.", space=space,
                 player=turn)
    return _("The rent for %(space)s lapsed.", space=space)


#: Event type -> its second-person line (issue 16 point 5).
LINES: dict[str, Line] = {"MoneyMoved": _paid, "DebtOpened": _owed, "ClaimClosed": _lapsed}


def yours(ctx: Context, row: Row) -> list[str]:
    """The lines of ``row`` (a history entry: ``seq``, ``command``, ``events``) about the
    reader's (``ctx.viewer``) own money, in order: [] for the banker (no viewer) and for
    a command that did not touch it."""
    if not ctx.viewer:
        return []
    row = {**row, "command": ctx.as_stored(cmd(row))}
    out = []
    for event in row.get("events", ()):
        if event.get("type") == "CommandUndone":  # the banker took back a move of theirs
            out.extend(_undone(ctx, event))
            continue
        line = LINES.get(str(event.get("type")))
        try:
            text = line(ctx, event, row) if line else ""
        except (KeyError, TypeError, ValueError):  # an odd entry says less, never breaks
            text = ""
        if text:
            out.append(text)
    return out


def _undone(ctx: Context, e: Event) -> list[str]:
    """An undo (``CommandUndone``) of a command that moved the reader's money: its lines,
    each as "Undone: …" ("Angret: …"), so the phone hears of the money coming back."""
    try:
        target = ctx.row(int(e["target"]))
    except (KeyError, TypeError, ValueError):
        return []
    if target is None or cmd(target).get("cmd") == "undo":
        return []
    return [_("Undone: %(what)s", what=line) for line in yours(ctx, target)]

"""A turn in words: a new game, a roll or a landing, the next turn, a claim, an undo, the
end, a value entered from the box (docs/rules.md C1–C5, C13, C22; issue 5)."""

from __future__ import annotations

from companion.rules import rules_for
from companion.rules.kortstokk import parse_effect
from web.describe.context import Context, Row, cmd, describes, first, names, of
from web.describe.jail import jail_try_text
from web.describe.told import claimed, describe, follow_ups, from_events
from web.describe.words import money_lines
from web.i18n import _, language


@describes("new_game")
def _new_game(ctx: Context, row: Row) -> list[str]:
    started = first(row["events"], "GameStarted")
    players = started["players"] if started else cmd(row).get("players", [])
    return [_("New game: %(players)s.", players=names(players))]


@describes("land", "roll")
def _land(ctx: Context, row: Row) -> list[str]:
    events = row["events"]
    landed = first(events, "Landed")
    rolled = first(events, "Rolled")
    dice = [str(d) for d in (rolled or {}).get("dice", ())]
    if rolled and landed and len(dice) == 2:
        main = _("%(player)s rolled %(first)s and %(second)s and landed on %(space)s.",
                 player=rolled["player"], first=dice[0], second=dice[1],
                 space=ctx.space(landed["space"]))
    elif rolled and len(dice) == 2:
        main = _("%(player)s rolled %(first)s and %(second)s.", player=rolled["player"],
                 first=dice[0], second=dice[1])
    elif landed:
        main = _("%(player)s landed on %(space)s.", player=landed["player"],
                 space=ctx.space(landed["space"]))
    else:
        main = _("%(player)s moved.", player=cmd(row).get("player", ""))
    out = [main]
    jail_try = first(events, "JailTried")
    if jail_try:
        out.append(jail_try_text(jail_try))
    return out + money_lines(ctx, row) + follow_ups(ctx, row)


@describes("next_turn")
def _next_turn(ctx: Context, row: Row) -> list[str]:
    passed = first(row["events"], "TurnPassed")
    out = [_("It is %(whose)s turn.", whose=whose(passed["player"]))] if passed else []
    return out + follow_ups(ctx, row)


def whose(name: str) -> str:
    """``name`` in the genitive of this request's language: en "Kari's", nb "Karis" and
    "Lars'", sv "Karis" and "Lars" ("Nå er det Karis tur", not "Kari sin tur": h17-fix
    point 8)."""
    lang = language()
    if lang == "en":
        return f"{name}'s"
    if name[-1:].lower() in ("s", "x", "z"):
        return f"{name}'" if lang == "nb" else name
    return f"{name}s"


@describes("claim")
def _claim(ctx: Context, row: Row) -> list[str]:
    out = [claimed(ctx, e, row["seq"])
           for e in of(row["events"], "ClaimClosed") if e["how"] == "claimed"]
    return out + follow_ups(ctx, row)


@describes("end_game")
def _end_game(ctx: Context, row: Row) -> list[str]:
    return follow_ups(ctx, row) or [_("The game is over.")]


@describes("undo")
def _undo(ctx: Context, row: Row) -> list[str]:
    undone = first(row["events"], "CommandUndone")
    target = ctx.row(int(undone["target"])) if undone else None
    if target is None:
        return [_("Undo.")]
    return [_("Undo: %(what)s", what=describe(ctx, target))]


@describes("edition_value")
def _edition_value(ctx: Context, row: Row) -> list[str]:
    entered = first(row["events"], "EditionValueSet")
    if entered is None:
        return from_events(ctx, row)
    value = entered["value"]
    if str(entered["field"]).startswith("chance_effects."):  # K6: the joker table's row
        return [joker_entry(ctx, str(entered["field"]).split(".", 1)[1], str(value))]
    if isinstance(value, list | tuple):
        shown = names(ctx.money(v) if isinstance(v, int) else str(v) for v in value)
    elif entered["field"] == "tax" and rules_for(ctx.ed).has("tax_percent"):
        # M16: the percentage printed on Skatt, not an amount ("Skatt: percentage 10 %")
        return [_("Entered from the box for %(space)s: percentage %(value)s %%.",
                  space=ctx.space(entered["space"]), value=value)]
    elif isinstance(value, int) and not isinstance(value, bool):
        shown = ctx.money(value)
    else:
        shown = str(value)
    where = ctx.space(entered["space"]) if entered["space"] is not None else ctx.ed.name
    return [_("Entered from the box for %(space)s: %(field)s %(value)s.",
              field=field_name(str(entered["field"])), space=where, value=shown)]


def joker_entry(ctx: Context, total: str, effect: str) -> str:
    """K6: an entered row of the joker table in words ("a roll of 7 on a joker: the bank
    pays 2 coins"), not the raw key ``chance_effects.7 +2``."""
    kind, amount = parse_effect(effect)
    if kind == "coins" and amount >= 0:
        told = _("the bank pays %(amount)s", amount=ctx.money(amount))
    elif kind == "coins":
        told = _("pay %(amount)s to the bank", amount=ctx.money(-amount))
    elif kind == "insurance":
        told = _("a fire insurance")
    else:
        told = effect
    return _("Entered from the box: a roll of %(total)s on a joker: %(effect)s.",
             total=total, effect=told)


def field_name(name: str) -> str:
    """An edition value's name in words ("house_cost" -> "house price")."""
    names = {"price": _("price"), "rents": _("rents"), "house_cost": _("house price"),
             "mortgage": _("mortgage value"), "tax": _("tax"), "name": _("name"),
             "max_houses": _("most houses"), "start_capital": _("start capital"),
             "start_bonus": _("Start bonus"), "jail_fine": _("jail fine"),
             "houses": _("houses in the box"), "hotels": _("hotels in the box")}
    return names.get(name, name.replace("_", " "))

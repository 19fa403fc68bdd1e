"""The tally page ``/tally/<game_id>`` (docs/rules.md C22–C24, W3): every player's worth broken
down, the winner, and each player's net worth over the game as a server-drawn SVG.

The banker may open any game's tally; a player only their own game's.  Printable (the
stylesheet's print rules hide the bars and buttons).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, g, render_template, url_for

from companion.rules import rules_for
from web.api import table
from web.auth import game_required
from web.chart import line_chart
from web.i18n import _

bp = Blueprint("tally", __name__)

#: The breakdown's columns in order (``insurance`` only in Kortstokk-Monopol, K8).
COLUMNS = ("cash", "deeds", "mortgaged", "buildings", "insurance", "debts", "total", "money")


def headings() -> dict[str, str]:
    """Column headings, translated."""
    return {"cash": _("Cash"), "deeds": _("Deeds at printed price"),
            "mortgaged": _("Mortgaged deeds at half price"), "buildings": _("Buildings"),
            "insurance": _("Fire insurance"), "debts": _("Debts"), "total": _("Worth"),
            "money": _("Money (cash less debts)")}


def sale_headings() -> dict[str, str]:
    """K8, K11: the headings of a tally at sale value (the rule set's ``worth_at_sale``):
    what the bank pays for each part, not the printed prices."""
    return {**headings(), "deeds": _("Properties sold to the bank (1 coin each)"),
            "buildings": _("Houses sold to the bank (1 coin per two)"),
            "insurance": _("Fire insurance sold to the bank (1 coin each)")}


def columns(tally: dict[str, Any], mortgages: bool = True) -> list[str]:
    """The columns this tally has: ``money`` only when the most money wins (W3);
    ``mortgaged`` only in a game with mortgages (the rule set's ``mortgages``; not K8)."""
    rows = list(tally["players"].values())
    keys = [k for k in COLUMNS if any(k in row for row in rows)
            and (mortgages or k != "mortgaged")]
    return [k for k in keys if k != "money" or tally["winner_by"] == "cash"]


def rule_sentence(tally: dict[str, Any], at_sale: bool = False) -> str:
    """How the winner is decided, as the table reads it (``at_sale``: worth is what
    selling everything to the bank brings, K8, K11)."""
    if at_sale:
        return _("Worth is what selling everything to the bank would leave: cash, 1 coin "
                 "per property, 1 coin per two houses, 1 coin per fire insurance, less "
                 "debts. A player who declares at least the goal on their turn wins at once; "
                 "else the last one left.")
    if tally["winner_by"] == "cash":
        return _("The player with the most money wins (cash less debts); worth is shown "
                 "beside it.")
    return _("The player with the highest worth wins: cash, deeds at the printed price, "
             "mortgaged deeds at half price, buildings at their price, less debts.")


def where_from(provenance: str) -> str:
    """Where a value not read off the box comes from, in family words."""
    if provenance.startswith("scaled x"):
        return _("from the standard board ×%(factor)s", factor=provenance[len("scaled x"):])
    if provenance == "transcribed":
        return _("copied from a board by a fan, not checked")
    if provenance.startswith("table "):
        return _("entered at your table on %(date)s", date=provenance[len("table "):])
    if provenance == "missing":
        return _("not known yet")
    return _("source unknown")


def value_names(field: str) -> str:
    """An edition field as the tally note names it ("house prices on …")."""
    names = {"price": _("prices"), "house_cost": _("house prices"), "rents": _("rents"),
             "mortgage": _("mortgage values"), "tax": _("taxes")}
    return names.get(field, field.replace("_", " "))


def provenance_notes(unverified: list[dict[str, Any]]) -> list[str]:
    """The tally's values not checked against the box, one line per kind of value and
    source: "house prices on Parkveien, Kirkeveien (from the standard board ×20)"."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for row in unverified:
        names = grouped.setdefault((row["field"], row["provenance"]), [])
        if row["name"] not in names:
            names.append(row["name"])
    return [_("%(values)s on %(deeds)s (%(source)s)", values=value_names(field),
              deeds=", ".join(names), source=where_from(provenance))
            for (field, provenance), names in grouped.items()]


def back_link(game_id: str) -> str:
    """The console (on this game) for the banker, the wallet for a player."""
    if g.identity.role == "banker":
        return url_for("pages.console", game=game_id)
    return url_for("pages.wallet")


@bp.get("/tally/<game_id>")
@game_required
def tally_page(game_id: str) -> Any:
    """The tally of ``game_id``: final once the game is over, provisional before."""
    state = table().snapshot(game_id, with_tally=True)
    tally = state["tally"]
    names = [p["name"] for p in state["players"]]
    unit = state["game"]["unit"]
    rules = rules_for(table().state(game_id).ed)
    at_sale = rules.has("worth_at_sale")  # K8, K11
    chart = line_chart(table().worth_series(game_id), names, unit,
                       _("Net worth over the game"), _("Commands recorded, in order"))
    return render_template("tally.html", game=game_id, state=state, tally=tally, names=names,
                           columns=columns(tally, rules.has("mortgages")), chart=chart,
                           headings=sale_headings() if at_sale else headings(),
                           rule=rule_sentence(tally, at_sale), unit=unit, at_sale=at_sale,
                           back=back_link(game_id),
                           notes=provenance_notes(tally.get("unverified") or []))

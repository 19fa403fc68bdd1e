"""The tally page ``/tally/<game_id>`` (RULES C22–C24, W3): every player's worth broken
down, the winner, and each player's net worth over the game as a server-drawn SVG.

The banker may open any game's tally; a player only their own game's.  Printable (the
stylesheet's print rules hide the bars and buttons).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, g, render_template, url_for

from web.api import table
from web.auth import game_required
from web.chart import line_chart
from web.i18n import _
from web.networth import worth_series

bp = Blueprint("tally", __name__)

#: The breakdown's columns in order (``insurance`` only in Kortstokk-Monopol, K8).
COLUMNS = ("cash", "deeds", "mortgaged", "buildings", "insurance", "debts", "total", "money")


def headings() -> dict[str, str]:
    """Column headings, translated."""
    return {"cash": _("Cash"), "deeds": _("Deeds at printed price"),
            "mortgaged": _("Mortgaged deeds at half price"), "buildings": _("Buildings"),
            "insurance": _("Fire insurance"), "debts": _("Debts"), "total": _("Worth"),
            "money": _("Money (cash less debts)")}


def columns(tally: dict[str, Any]) -> list[str]:
    """The columns this tally has: ``money`` only when the most money wins (W3)."""
    rows = list(tally["players"].values())
    keys = [k for k in COLUMNS if any(k in row for row in rows)]
    return [k for k in keys if k != "money" or tally["winner_by"] == "cash"]


def rule_sentence(tally: dict[str, Any]) -> str:
    """How the winner is decided, as the table reads it."""
    if tally["winner_by"] == "cash":
        return _("The player with the most money wins (cash less debts); worth is shown "
                 "beside it.")
    return _("The player with the highest worth wins: cash, deeds at the printed price, "
             "mortgaged deeds at half price, buildings at their price, less debts.")


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
    chart = line_chart(worth_series(table(), game_id), names, unit,
                       _("Net worth over the game"), _("Commands recorded, in order"))
    return render_template("tally.html", game=game_id, state=state, tally=tally, names=names,
                           columns=columns(tally), headings=headings(), chart=chart,
                           rule=rule_sentence(tally), unit=unit,
                           back=back_link(game_id))

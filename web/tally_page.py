"""The tally page ``/tally/<game_id>`` (docs/rules.md C22–C24, W3): every player's worth broken
down, the winner, and each player's net worth over the game as a server-drawn SVG.

The columns are the parts the game's rule set counts (issue 15: their signed sum is the
worth), explained in the edition's own sentence; a value the worth needs and the edition
lacks is named instead of a winner, and the banker enters it here (ask once,
``tally.js``).  The banker may open any game's tally; a player only their own game's.
Printable (the stylesheet's print rules hide the bars and buttons).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from babel.dates import format_date
from flask import Blueprint, g, render_template, url_for

from web.api import table
from web.ask_once import MONEY_FIELDS, prompt
from web.auth import game_required, tokens
from web.chart import line_chart
from web.i18n import N_, _, gettext, language
from web.place_names import localize

bp = Blueprint("tally", __name__)


def headings(tally: dict[str, Any]) -> dict[str, str]:
    """Column headings, translated: the rule set's parts (``tally["parts"]``, issue 15;
    a subtracted one marked "− "), then the worth and the money (W3)."""
    named = {part["key"]: ("−\u00a0" if part["sign"] < 0 else "") + gettext(part["heading"])
             for part in tally["parts"]}
    return {**named, "total": _("Worth"), "money": _("Money (cash less debts)")}


def columns(tally: dict[str, Any]) -> list[str]:
    """The columns this tally has: every part the rule set's worth counts, in its order
    (their signed sum is ``total``), the worth, and ``money`` only when the most money
    wins (W3)."""
    keys = [part["key"] for part in tally["parts"]] + ["total"]
    return keys + ["money"] if tally["winner_by"] == "cash" else keys


def rule_sentence(tally: dict[str, Any]) -> str:
    """How the winner is decided and what the worth counts, in this edition's words (the
    rule set's ``win_sentence`` and ``worth_sentence``: C23, M22, K11, W3), translated."""
    return f"{gettext(tally['win_rule'])} {gettext(tally['worth_rule'])}"


def missing_notes(missing: list[dict[str, Any]], edition: Any = None) -> list[dict[str, Any]]:
    """The values the tally lacks, each as the ask-once form asks it: ``{"space",
    "field", "name", "prompt", "money"}`` (:func:`web.ask_once.prompt`); a nameless
    space of ``edition`` is named by the page's placeholder ("Brun 3", issue 15 point 8)."""
    rows = [{**row, "name": localize(row["name"], edition)} for row in missing]
    return [{"space": row["space"], "field": row["field"], "name": row["name"],
             "prompt": prompt(row["field"], row["name"]),
             "money": row["field"] in MONEY_FIELDS} for row in rows]


def where_from(provenance: str) -> str:
    """Where a value not read off the box comes from, in family words."""
    if provenance.startswith("scaled x"):
        return _("from the standard board ×%(factor)s", factor=provenance[len("scaled x"):])
    if provenance == "transcribed":
        return _("copied from a board by a fan, not checked")
    if provenance.startswith("table "):
        return _("typed in from your own game on %(date)s",
                 date=local_date(provenance[len("table "):]))
    if provenance == "missing":
        return _("not known yet")
    return _("source unknown")


#: How a game ended (``game.ended_by``, the ``GameEnded`` event's ``how``), in words.
ENDINGS = {
    "end_game": N_("The banker ended the game on the console."),
    "C24": N_("Time was up: the banker ended the timed game (C24)."),
    "C22": N_("The game ended when only one player was left (C22)."),
    "C23": N_("The quick game ended at the first bankruptcy (C23)."),
    "W3": N_("The game ended with a full passport: all 22 wonders visited (W3)."),
    "K11": N_("The game ended when %(name)s declared a fortune of at least the goal (K11)."),
    "M22": N_("The game ended when %(name)s's worth reached the goal (M22)."),
}


def ending_sentence(game: dict[str, Any], winner: str | None) -> str:
    """How the game in the snapshot's ``game`` part ended, "" while it goes on (or in a
    log written before the events said how)."""
    template = ENDINGS.get(str(game.get("ended_by") or "")) if game.get("over") else None
    return gettext(template, name=winner or "") if template else ""


def local_date(iso: str) -> str:
    """``"2026-12-01"`` as the page's language writes a day ("1. desember 2026" in nb,
    "1 december 2026" in sv); anything else as it is."""
    try:
        day = dt.date.fromisoformat(iso)
    except ValueError:
        return iso
    return str(format_date(day, "long", locale=language()))


def value_names(field: str) -> str:
    """An edition field as the tally note names it ("house prices on …")."""
    names = {"price": _("prices"), "house_cost": _("house prices"), "rents": _("rents"),
             "mortgage": _("mortgage values"), "tax": _("taxes")}
    return names.get(field, field.replace("_", " "))


def provenance_notes(unverified: list[dict[str, Any]], edition: Any = None) -> list[str]:
    """The tally's values not checked against the box, one line per kind of value and
    source: "house prices on Parkveien, Kirkeveien (from the standard board ×20)"; a
    nameless space of ``edition`` (an :class:`companion.editions.Edition` or None) is named
    by the page's placeholder, "Flyplass 5" not "airport #5" (issue 15 point 8)."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for row in unverified:
        names = grouped.setdefault((row["field"], row["provenance"]), [])
        name = localize(row["name"], edition)
        if name not in names:
            names.append(name)
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
    """The tally of ``game_id``: final once the game is over, provisional before; while
    a value the worth needs is missing the banker is asked for it here (ask once)."""
    state = table().snapshot(game_id, with_tally=True)
    tally = state["tally"]
    names = [p["name"] for p in state["players"]]
    unit = state["game"]["unit"]
    chart = line_chart(table().worth_series(game_id), names, unit,
                       _("Net worth over the game"), _("Commands recorded, in order"))
    banker = g.identity.role == "banker"
    edition = table().state(game_id).ed
    return render_template("tally.html", game=game_id, state=state, tally=tally, names=names,
                           columns=columns(tally), chart=chart, headings=headings(tally),
                           rule=rule_sentence(tally), unit=unit, back=back_link(game_id),
                           ended=ending_sentence(state["game"], tally.get("winner")),
                           notes=provenance_notes(tally.get("unverified") or [], edition),
                           missing=missing_notes(tally["missing"], edition), banker=banker,
                           csrf=tokens().csrf(g.identity) if banker else None)

"""The pages: the banker's console (``/``) and a player's wallet (``/wallet``).

Each page is rendered once with what never changes during a game (players, board, QR
codes) and keeps itself live from ``/api/games/<id>/events`` with its own small script.
"""

from __future__ import annotations

import json
import time
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    send_from_directory,
    url_for,
)

from companion.editions import Edition, Space, edition_ids, load_edition
from companion.editions.provenance import estimates
from companion.errors import CompanionError
from companion.rules import rules_for
from companion.rules.buildings import houses_per_hotel
from companion.rules.buying import auction_only
from companion.rules.mortgages import lift_cost
from web.api import join_links, table
from web.ask_once import rent_labels
from web.auth import identities, tokens
from web.i18n import _, gettext
from web.js_strings import js_strings
from web.place_names import label
from web.qr import svg
from web.tokens import Identity

bp = Blueprint("pages", __name__)

#: The edition the console offers first (issue 2: classic Norwegian Monopol).
DEFAULT_EDITION = "monopol-no-1996"


def _identity(role: str) -> Identity | None:
    return next((i for i in identities() if i.role == role), None)


def editions() -> list[dict[str, Any]]:
    """``id``, printed ``name``, the priced ``deeds`` (for a chosen quick/timed deal,
    C23) and the ``house_rules`` its rule set can use (C12: the pot needs free parking)
    of every edition a game can use (unreadable ones skipped): the table's library
    (shipped + the family's copies) when it has one."""
    library = getattr(table(), "editions", None)
    ids = library.ids() if library is not None else edition_ids()
    get = library.get if library is not None else load_edition
    found = []
    for edition_id in ids:
        try:
            edition = get(edition_id)
        except CompanionError:
            continue
        deeds = [{"index": s.index, "label": label(s), "price": s.price}
                 for s in edition.deeds if s.price is not None]
        found.append({"id": edition_id, "name": edition.name, "deeds": deeds,
                      "house_rules": list(rules_for(edition).house_rules())})
    return found


def board(game_id: str) -> dict[str, Any]:
    """The game's board for the action forms: every space and the deeds, with what the
    forms need to offer only sensible choices (kind, group, house and mortgage prices, the
    lift cost (C19), ``auction_only`` (M4: the bank sells it only by auction);
    ``label`` the printed name or the page's placeholder, ``named`` whether it is printed);
    ``series``: the stock board's series with their streets, and its ``levels`` (M3)."""
    state = table().state(game_id)
    ed = state.ed
    spaces = ed.spaces
    every = [{"index": s.index, "label": label(s), "price": s.price, "kind": s.kind,
              "group": s.group, "house_cost": s.house_cost, "mortgage": s.mortgage,
              "max_houses": s.max_houses, "named": bool(s.name), **_estimated(ed, s),
              "lift_cost": _lift(ed, s) if s.is_deed else None,
              "auction_only": s.is_deed and auction_only(ed, s)}  # M4
             for s in spaces]
    deeds = [row for row, space in zip(every, spaces, strict=True) if space.is_deed]
    series = [{"id": group, "streets": [label(s) for s in ed.group(group) if s.kind == "street"]}
              for group in rules_for(ed).series(ed)]  # the stock board (M3); else empty
    return {"spaces": every, "deeds": deeds, "series": series,
            "levels": len(ed.settings.share_prices), "rules": offer_rules(state)}


def _lift(ed: Edition, space: Space) -> int | None:
    """What lifting ``space``'s mortgage would cost (C19: mortgage value + interest), for
    the mortgage's confirm (family play-test 3, finding 11); None while the value is unknown."""
    return lift_cost(ed, space) if space.mortgage is not None else None


def _estimated(ed: Edition, space: Space) -> dict[str, Any]:
    """A space's estimated values (``scaled xN``, :func:`estimates`; issue 15 point 9):
    ``{"estimates": {field: {"value", "factor"}}}``, with the rent table's labels
    (``rent_labels``) when the rents are estimated; ``{}`` when none is."""
    found = estimates(space)
    if not found:
        return {}
    out: dict[str, Any] = {"estimates": found}
    if "rents" in found:
        out["rent_labels"] = rent_labels(ed, space)
    return out


def offer_rules(state: Any) -> dict[str, Any]:
    """What the forms need to offer only what the rules could allow (the server still
    decides): the building level of a hotel (C15; C23(2) in quick play), whether the
    classic build/sell/mortgage commands apply in this edition (the rule set's
    ``allows``; Kortstokk: K7, K8), Kortstokk's pairs, jokers, fire insurance, decliner
    and fortune goal (K4, K6–K8, K11; ``fortune_goal`` coins or None), the worth that makes
    a multimillionaire (M22; ``worth_goal`` kroner or None), jail cards, and
    the edition's settings for mortgaging in a built group (C19/M17) and trading a built
    group (C18/M9)."""
    rules = rules_for(state.ed)
    settings = state.ed.settings
    return {"hotel_level": houses_per_hotel(state) + 1,
            "build": rules.allows("build"),
            "sell": rules.allows("sell_building"),
            "mortgage": rules.allows("mortgage"),
            "pairs": rules.allows("build_pair"),  # K7, K8: houses and sales by pairs
            "jokers": rules.has("jokers") and rules.allows("joker"),  # K6
            "insurance": rules.has("fire_insurance"),  # K8
            "decliner": rules.has("auction_among_others"),  # K4
            "jail": rules.has("jail"),
            "jail_fine": state.ed.jail_fine if rules.has("jail") else None,  # C13: on the pad
            # C5: an open claim lapses at the next player's roll (not M11's later Ola roll)
            "claims_lapse_at_next_roll": (settings.claim_lapse_turns == 1
                                          and not settings.lapse_at_ola_roll),
            # issue 16: the phone's dice pad — Ola first (M4), one die off these kinds (M8, M14)
            "ola": rules.allows("ola_roll"),
            "one_die_from": sorted(settings.one_die_from),
            "fortune_goal": settings.fortune_goal if rules.allows("declare_fortune") else None,
            # M22: worth (net_worth) reaching this wins by itself, no declaration (issue 15)
            "worth_goal": (None if "declare_fortune" in rules.commands
                           else settings.fortune_goal),
            "mortgage_lot_in_built_group": settings.mortgage_lot_in_built_group,
            "built_group_sold_whole": settings.built_group_sold_whole,
            "bid_steps": list(bid_steps(state.ed))}  # issue 16: a bid in two taps


def bid_steps(ed: Edition) -> tuple[int, int, int]:
    """The quick raises offered over an auction's highest bid (C4, K4; issue 16: a bid in
    at most two taps), in the edition's unit: (n, 5n, 10n) where n is the largest power of
    ten at most a hundredth of the start capital (C1), and at least 1 — the edition's own
    scale, read from its data: 30 000 kr (classic NO 1996) -> (100, 500, 1 000) kr;
    15 000 000 kr (SE 2008) -> (100 000, 500 000, 1 000 000) kr; 8 coins (Kortstokk) ->
    (1, 5, 10) coins.  The bank still checks every bid."""
    unit = 1
    while unit * 10 * 100 <= ed.start_capital:
        unit *= 10
    return unit, 5 * unit, 10 * unit


def game_choices() -> list[dict[str, str]]:
    """The console's game picker, newest first: ``{"id", "label"}`` where the label names
    the edition and the players, and says when the game is over (issue 16 point 10), e.g.
    "Monopol (norsk utgave, 1996): Kari, Ola (over)"."""
    found = []
    for game_id in reversed(table().game_ids()):
        state = table().state(game_id)
        text = f"{state.ed.name}: {', '.join(state.players)}"
        found.append({"id": game_id,
                      "label": _("%(game)s (over)", game=text) if state.over else text})
    return found


def damaged_games() -> list[dict[str, str]]:
    """The games whose log could not be read at the start (issue 17 point 6), oldest
    first: ``{"id", "label", "text"}``; ``text`` is the console's sentence, e.g. "Game
    ab12 could not be read from command 3: …"."""
    found = []
    for game_id, hurt in table().damaged().items():
        text = _("Game %(game)s could not be read from command %(seq)s: %(why)s. Its "
                 "commands are refused; the other games play on. Run “companion rescue” on "
                 "the bank's machine.", game=game_id, seq=hurt.seq, why=gettext(hurt.why))
        found.append({"id": game_id, "text": text,
                      "label": _("%(game)s (damaged)", game=game_id)})
    return found


def _page(template: str, identity: Identity, **context: Any) -> str:
    return render_template(template, csrf=tokens().csrf(identity), i18n=js_strings(),
                           default_edition=DEFAULT_EDITION, now=time.time(), **context)


@bp.get("/")
def console() -> Any:
    """The banker's console: start a game, or run the chosen (else current) one."""
    banker = _identity("banker")
    if banker is None and _identity("player") is not None:
        return redirect(url_for("pages.wallet"))  # a player's phone opened the address
    if banker is None:
        message = _("This is the bank's console. Scan the banker's QR code, or enter "
                    "the banker token printed by “companion serve”.")
        return render_template("login.html", message=message), 401
    game_id = request.args.get("game") or table().current_game()
    damaged = damaged_games()
    for hurt in damaged:
        if hurt["id"] == game_id:
            abort(409, hurt["text"])
    if game_id is not None and game_id not in table().game_ids():
        abort(404, _("There is no game %(game)s.", game=game_id))
    games = game_choices()
    if game_id is None:
        return _fresh(_page("console.html", banker, game=None, games=games,
                            editions=editions(), damaged=damaged))
    links = [{**link, "svg": svg(link["join_url"])} for link in join_links(game_id)]
    from web.board_page import board_link  # the table screen's QR code (issue 16 point 7)

    return _fresh(_page("console.html", banker, game=game_id, games=games,
                        editions=editions(), damaged=damaged, links=links,
                        board=board(game_id), state=table().snapshot(game_id),
                        board_link=board_link(game_id), join_bases=_join_bases(),
                        rules=rules_for(table().state(game_id).ed)))


def _fresh(html: str) -> Any:
    """The console page, never kept by the browser: Back after starting a game must load
    the game, not show a stored copy of the empty new-game form (issue 16, h17-fix 1)."""
    response = make_response(html)
    response.headers["Cache-Control"] = "no-store"
    return response


def _join_bases() -> list[str]:
    """The addresses the console's "how to join" line names: ``PUBLIC_URL`` when set, else
    every LAN address (:func:`web.addresses.join_bases`, issue 18 point 1)."""
    from web.addresses import join_bases

    configured = current_app.config.get("PUBLIC_URL")
    return [str(configured).rstrip("/")] if configured else join_bases()


@bp.get("/favicon.ico")
def favicon() -> Any:
    """The app's icon (``static/favicon.svg``) where browsers look for it first, so no
    page logs a 404 (issue 15 point 14); the pages link the SVG itself (base.html)."""
    assert current_app.static_folder is not None
    return send_from_directory(current_app.static_folder, "favicon.svg",
                               mimetype="image/svg+xml", max_age=86400)


#: The app's colour in the phone's status bar and home-screen splash (style.css --accent).
THEME_COLOUR = "#1b6e3a"


@bp.get("/manifest.webmanifest")
def manifest() -> Any:
    """The web manifest (issue 16 point 8): a phone can add the app to its home screen and
    open it standalone.  ``start_url`` is ``/wallet`` (a phone's page; the banker's device
    is sent on to the console); the icons are ``static/favicon.svg`` drawn at 192 and 512
    px by Chromium and committed as PNGs."""
    icons = [{"src": url_for("static", filename=f"icon-{size}.png"),
              "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
             for size in (192, 512)]
    icons.append({"src": url_for("static", filename="favicon.svg"), "sizes": "any",
                  "type": "image/svg+xml"})
    body = {"name": _("Companion"), "short_name": _("Companion"), "start_url": "/wallet",
            "scope": "/", "display": "standalone", "background_color": "#f4f1ea",
            "theme_color": THEME_COLOUR, "icons": icons}
    response = current_app.response_class(json.dumps(body, ensure_ascii=False),
                                          mimetype="application/manifest+json")
    response.cache_control.max_age = 3600
    return response


@bp.get("/wallet")
def wallet() -> Any:
    """A player's wallet, live on their phone."""
    player = _identity("player")
    if player is None:
        message = _("Scan the QR code the banker shows you for your name.")
        return render_template("login.html", message=message, player=True), 401
    assert player.game is not None
    state = table().snapshot(player.game)
    others = [p["name"] for p in state["players"] if p["name"] != player.player]
    return _page("wallet.html", player, game=player.game, me=player.player, others=others,
                 state=state, board=board(player.game),
                 rules=rules_for(table().state(player.game).ed))

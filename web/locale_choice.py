"""Which language a request gets (:func:`select_locale`, Flask-Babel's locale selector).

1. an explicit choice: ``?lang=nb|sv|en`` (remembered in the ``companion_lang`` cookie;
   ``?lang=auto`` forgets it), else that cookie;
2. the ``LANGUAGE`` setting (``COMPANION_LANGUAGE=sv``), when the family wants one language
   whatever the box;
3. a request with ``Authorization: Bearer`` (a script, not a page): its Accept-Language,
   else English;
4. the game's edition language (``edition.language``): the game in the URL, else the
   player's own game, else the table's current game;
5. the browser's Accept-Language (``no``/``nn`` count as bokmål) — on the banker's
   console before any game only when it names a language of the editions (nb, sv): else
   the language of the edition its new-game form offers first (``web.pages.DEFAULT_EDITION``,
   bokmål), so a tablet left on its factory English opens in Norwegian (family play-test 3,
   finding 14; the picker still chooses English);
6. bokmål.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from flask import current_app, g, has_request_context, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

#: The languages of the pages, the first being the default.
LANGUAGES = ("nb", "sv", "en")
DEFAULT_LANGUAGE = "nb"
#: Each language's own name, for a language picker.
LANGUAGE_NAMES = {"nb": "Norsk", "sv": "Svenska", "en": "English"}
#: Other language tags a browser may send, and the page language they get.
ALIASES = {"no": "nb", "nn": "nb", "nb": "nb", "sv": "sv", "en": "en"}
COOKIE = "companion_lang"
COOKIE_MAX_AGE = 60 * 60 * 24 * 365


def known(tag: str | None) -> str | None:
    """``nb``/``sv``/``en`` for a language tag such as ``nb-NO``, ``no``, ``sv_SE``; else None."""
    if not tag:
        return None
    return ALIASES.get(tag.replace("_", "-").split("-")[0].strip().lower())


def accepted(header: str) -> str | None:
    """The first of our languages an Accept-Language header names (best quality first),
    else None."""
    for tag, _quality in parse_accept_header(header, LanguageAccept):
        found = known(tag)
        if found is not None:
            return found
    return None


def _game_id() -> str | None:
    """The game this request is about: the URL's, else the player's (or the table screen's),
    else the current one."""
    from web.auth import PLAYER_COOKIE, VIEWER_COOKIE, tokens

    table = current_app.extensions["companion.table"]
    game = (request.view_args or {}).get("game_id") or request.args.get("game")
    for cookie in (PLAYER_COOKIE, VIEWER_COOKIE):
        if game:
            break
        found = tokens().lookup(request.cookies.get(cookie, ""))
        game = found.game if found is not None else None
    if not game:
        game = table.current_game()
    return game if isinstance(game, str) and game else None


def edition() -> Any:
    """The edition of this request's game, or None (no game, or outside a request)."""
    if not has_request_context():
        return None
    if "companion_edition" not in g:
        try:
            game = _game_id()
            table = current_app.extensions["companion.table"]
            g.companion_edition = table.state(game).ed if game is not None else None
        except Exception:  # an unknown game, a broken store: the other rules decide
            g.companion_edition = None
    return g.companion_edition


def select_locale() -> str:
    """The language of this request: ``nb``, ``sv`` or ``en`` (the module's docstring)."""
    return pick(request.args.get("lang"), request.cookies.get(COOKIE),
                current_app.config.get("LANGUAGE"),
                request.headers.get("Authorization", "").lower().startswith("bearer "),
                lambda: getattr(edition(), "language", None),
                request.endpoint == "pages.console", request.headers.get("Accept-Language", ""))


def pick(lang: str | None, cookie: str | None, setting: str | None, bearer: bool,
         edition_language: Callable[[], str | None], console: bool,
         accept_language: str) -> str:
    """:func:`choose` for a request's inputs, asking ``edition_language`` (its game's
    edition language, None: no game) only when it may count: no known ``?lang=``,
    cookie or setting, and no Bearer token.  For :func:`select_locale` and the server's
    fast lane (:mod:`web.front`), which has no request context."""
    plain = not (known(lang) or known(cookie) or known(setting) or bearer)
    found = edition_language() if plain else None
    return choose(lang, cookie, setting, bearer, found, console, accept_language)


@lru_cache(maxsize=512)
def choose(lang: str | None, cookie: str | None, setting: str | None, bearer: bool,
           edition_language: str | None, console: bool, accept_language: str) -> str:
    """The language (``nb``, ``sv``, ``en``) for a request's inputs, by the rules of the
    module's docstring: its ``?lang=`` and ``companion_lang`` cookie (None: absent), the
    ``LANGUAGE`` setting, whether it has ``Authorization: Bearer``, its game's edition
    language (None: no game), whether it asks for the banker's console, its
    Accept-Language header ("" when absent).  Pure, so remembered per distinct inputs
    (issue 19 point 2: a table sends the same few again and again)."""
    explicit = known(lang) or known(cookie) or known(setting)
    if explicit is not None:
        return explicit
    if bearer:
        return accepted(accept_language) or "en"
    if known(edition_language):
        return str(known(edition_language))
    if console:
        return _first_console_language(accept_language)
    return accepted(accept_language) or DEFAULT_LANGUAGE


#: The languages the editions speak (the console's Accept-Language counts only for these).
EDITION_LANGUAGES = ("nb", "sv")


def _first_console_language(accept_language: str) -> str:
    """The console's language before any game (rule 5 of the module's docstring)."""
    from companion.editions import load_edition
    from web.pages import DEFAULT_EDITION

    found = accepted(accept_language)
    if found in EDITION_LANGUAGES:
        return str(found)
    try:
        return known(load_edition(DEFAULT_EDITION).language) or DEFAULT_LANGUAGE
    except Exception:  # a broken editions folder: the last rule
        return DEFAULT_LANGUAGE


def lang_url(code: str) -> str:
    """This page's URL with ``?lang=code`` (the other query arguments kept)."""
    args = {k: v for k, v in request.args.items() if k != "lang"}
    args["lang"] = code
    return f"{request.path}?{urlencode(args)}"


def remember_choice(response: Any) -> Any:
    """``?lang=xx`` on a page: keep the choice in a cookie (``?lang=auto`` forgets it)."""
    if not has_request_context() or "lang" not in request.args:
        return response
    chosen = known(request.args.get("lang"))
    if chosen is not None:
        response.set_cookie(COOKIE, chosen, max_age=COOKIE_MAX_AGE, samesite="Lax",
                            httponly=True, secure=bool(current_app.config.get("COOKIE_SECURE")))
    elif request.args.get("lang") == "auto":
        response.delete_cookie(COOKIE)
    return response

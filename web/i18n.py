"""Languages: every user-visible string goes through ``_()`` (Flask-Babel underneath).

Catalogues: ``web/translations/<nb|sv>/LC_MESSAGES/companion.po`` (domain ``companion``);
English is the source language.  The ``.po`` files are compiled in memory the first time a
language is used (no ``.mo`` files, no build step: a fresh clone serves translated pages).

Which language a request gets (:func:`select_locale`):

1. an explicit choice: ``?lang=nb|sv|en`` (remembered in the ``companion_lang`` cookie;
   ``?lang=auto`` forgets it), else that cookie;
2. the ``LANGUAGE`` setting (``COMPANION_LANGUAGE=sv``), when the family wants one language
   whatever the box;
3. a request with ``Authorization: Bearer`` (a script, not a page): its Accept-Language,
   else English;
4. the game's edition language (``edition.language``): the game in the URL, else the
   player's own game, else the table's current game;
5. the browser's Accept-Language (``no``/``nn`` count as bokmål);
6. bokmål.

Core refusals (:class:`companion.errors.Refused`) carry an English ``template`` and its
``params``; :func:`translate_error` looks the template up and fills it in (amounts, the
money unit and colour-group names the local way).  :func:`extract` finds the templates in
``companion/`` (a refusal's literal first argument, or ``N_("…")``).

Keep the names ``_``, ``gettext``, ``ngettext``, :func:`js_strings` and :func:`init_app`:
the pages and the other modules use them.
"""

from __future__ import annotations

import ast
import io
import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import flask_babel
from babel.messages.extract import extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations
from flask import Flask, current_app, g, has_request_context, request
from werkzeug.utils import cached_property

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).parent / "translations"
STATIC_DIR = Path(__file__).parent / "static"
#: The languages of the pages, the first being the default.
LANGUAGES = ("nb", "sv", "en")
DEFAULT_LANGUAGE = "nb"
#: Each language's own name, for a language picker.
LANGUAGE_NAMES = {"nb": "Norsk", "sv": "Svenska", "en": "English"}
#: Other language tags a browser may send, and the page language they get.
ALIASES = {"no": "nb", "nn": "nb", "nb": "nb", "sv": "sv", "en": "en"}
COOKIE = "companion_lang"
COOKIE_MAX_AGE = 60 * 60 * 24 * 365

#: Strings the browser scripts show that :func:`js_literals` cannot find in ``static/*.js``
#: (passed to ``t()`` through a variable, e.g. ``data-confirm``).  With those it finds,
#: they are rendered into each page's ``<script id="i18n">`` block (:func:`js_strings`).
JS_STRINGS = (
    # companion.js: connection, sending, the common words
    "live", "polling", "offline", "Sending…", "Done.", "Already recorded.",
    "Network trouble, retrying…", "Could not reach the bank.", "bankrupt", "in jail",
    "in jail, %(tries)s failed tries", "to roll", "%(count)s jail cards", "1 house",
    "%(count)s houses",
    "hotel", "mortgaged", "undone", "Nothing yet.", "No deeds yet.", "No debts.",
    "No open claims.", "The game is over.", "The game is over. The winner is %(name)s.",
    "the bank", "nothing", "Claim", "Really end the game?", "Undo the last command?",
    "Done: %(what)s", "Undone: %(what)s", "(undone)", "On %(space)s",
    "This phone's link is no longer valid — ask the banker for a new QR code.",
    "This device's link is no longer valid — scan the banker's QR code again.",
    "There is nothing to undo.", "Undo this: %(what)s",
    "The old QR code stops working. Continue?",
    "Sell the buildings on this colour group first.",
    # console
    "Owes %(creditor)s %(amount)s.", "Could still raise %(amount)s.",
    "Free-parking pot: %(amount)s",
    "Passport: %(visited)s of %(of)s wonders",
    "%(owner)s claims %(amount)s from %(payer)s (%(space)s).", "Time left: %(time)s",
    "%(deed)s: lift for %(amount)s", "No deeds to choose from.", "No deeds.",
    "Lift at once for %(amount)s", "%(name)s gives: %(items)s.",
    "%(proposer)s proposes a trade to %(other)s.", "Accept for %(name)s", "Cancel the trade",
    "No trades waiting.", "Auction of %(deed)s", "Auction of a house", "Auction of a hotel",
    "No bids yet. Bidding starts at %(amount)s.", "Highest bid: %(amount)s by %(player)s.",
    "%(player)s bid %(amount)s.", "No bids yet.", "Cancel the auction without a sale?",
    "%(player)s has a free flight from %(airport)s: pick a wonder.", "Wonder", "Fly there",
    "%(player)s owes %(owed)s and could still raise %(raisable)s.",
    "%(player)s has failed %(tries)s of 3 tries.", "%(player)s is not in jail.",
    "%(player)s owes nothing.", "Really declare this player bankrupt?",
    # wallet
    "%(payer)s owes you %(amount)s (%(space)s).", "You owe %(creditor)s %(amount)s.",
    "You could still raise %(amount)s by selling buildings and mortgaging.",
    "Build for %(amount)s", "Sell a building", "Lift for %(amount)s", "Mortgage for %(amount)s",
    "Lift %(deed)s at once for %(amount)s", "You proposed a trade to %(name)s.",
    "%(name)s offers you a trade.", "You give: %(items)s.", "Withdraw", "Accept", "Decline",
    "%(wonder)s: visited", "%(wonder)s: not visited yet",
    "Free flight from %(airport)s: pick a wonder",
    # Multimillionær (issue 6): console_mm.js, wallet_mm.js, trade_form.js
    "%(name)s is a multimillionaire!", "%(player)s's turn: move Ola Nordmann first.",
    "%(player)s's turn: build and pay interest, then move the car.",
    "%(player)s's turn: the car has moved.", "Ola Nordmann stands on %(space)s.",
    "Nothing due.", "suspended",
    "%(player)s must pay %(amount)s interest before the car moves.",
    "%(debtor)s did not pay %(amount)s interest in time: the others may point it out.",
    "Børsen: %(player)s may buy shares at double price, at most %(count)s.",
    "Extra rounds %(player)s has stayed in Ferieparadiset: %(count)s.",
    "%(player)s pays no rent this turn (Trafikkfyr).", "%(count)s × series %(series)s",
    "Shares worth %(value)s (%(shares)s); debt notes: %(notes)s.",
    "No shares; debt notes: %(notes)s.", "Debt notes of %(player)s: %(notes)s.",
    "Debt notes of %(player)s: %(notes)s. Interest due now: %(amount)s.",
    "Series %(series)s: %(count)s × %(price)s = %(value)s.",
    "Series %(series)s: %(count)s held, suspended (no trading).", "You hold no shares.",
    "Your shares are worth %(value)s.", "This series is suspended: no trading.",
    "Today's price: %(price)s a share; the bank holds %(count)s.",
    "Pay %(amount)s interest on your debt notes before you move the car.",
    "Debt notes: %(notes)s.", "Debt notes: %(notes)s. Interest due now: %(amount)s.",
    "Debt notes: %(notes)s. After Ola Nordmann's move, %(amount)s interest is due.",
    "%(debtor)s did not pay %(amount)s interest in time.", "Point out unpaid interest",
    "Buy shares from one opponent at double price: at most %(count)s.",
    "That costs %(amount)s.", "Shares of series %(series)s (held: %(count)s)",
    "shares of series %(series)s: %(count)s",
)


#: The colour groups of the boards (``group`` in the edition files), as a refusal names
#: them: "the %(group)s group".  Translated with the context "colour group" into the form
#: that fits where the translated template puts it (nb "den %(group)s gruppen": "brune").
#: Groups not listed (stations, the Kortstokk numbers, Multimillionær's series) stay as
#: written.  ``C_(context, text)`` only marks them for extraction.
GROUP_CONTEXT = "colour group"


def C_(context: str, message: str) -> str:
    """Mark ``message`` (with its ``context``) for extraction; returns it unchanged."""
    return message


GROUP_NAMES = (
    C_("colour group", "brown"), C_("colour group", "light blue"),
    C_("colour group", "pink"), C_("colour group", "orange"), C_("colour group", "red"),
    C_("colour group", "yellow"), C_("colour group", "green"),
    C_("colour group", "dark blue"),
)


# -- gettext ------------------------------------------------------------------------------

def gettext(message: str, **variables: Any) -> str:
    """The translation of ``message``, with ``%(name)s`` placeholders filled from ``variables``.

    Outside a request (the CLI, tests of plain functions) it is the English source text.
    """
    return str(flask_babel.gettext(message, **variables))


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Singular or plural translation for ``num``; ``%(num)d`` is always available."""
    return str(flask_babel.ngettext(singular, plural, num, **variables))


_ = gettext


def language() -> str:
    """The language of this request (``nb``, ``sv`` or ``en``); bokmål outside a request."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    known = g.get("companion_language")  # chosen once per request: amounts ask often
    if known is None:
        locale = flask_babel.get_locale()
        known = g.companion_language = str(locale) if locale is not None else DEFAULT_LANGUAGE
    return str(known)


def js_strings() -> dict[str, str]:
    """The browser scripts' strings, translated: ``{source: translation}``.

    Also, under keys no script translates: ``$locale`` (the page language, for
    ``Intl.NumberFormat``), ``$unit`` (the game's money unit) and ``$money_keys`` (the
    quick-entry multipliers beside amount inputs, e.g. ``"1000 1000000"``); see
    ``web/static/money.js``.
    """
    from web.money import quick_keys, unit_name

    strings = {s: gettext(s) for s in (*JS_STRINGS, *_static_literals())}
    edition = _edition()
    strings["$locale"] = language()
    strings["$unit"] = edition.unit if edition is not None else "kr"
    strings[strings["$unit"]] = unit_name(strings["$unit"])  # "coins" -> "mynter"
    strings["$money_keys"] = " ".join(str(k) for k in quick_keys(edition))
    return strings


def translate_error(error: BaseException) -> str:
    """A core refusal's message in this request's language.

    Uses ``error.template``/``error.params`` (:class:`companion.errors.Refused`) when the
    error has them, else the message itself as the msgid; untranslated = English.  The
    params are shown the local way (:func:`local_params`).
    """
    template = getattr(error, "template", None)
    params = getattr(error, "params", None) or {}
    if not isinstance(template, str):
        return gettext(str(error))
    translated = _catalogue(language()).gettext(template)
    if not params:
        return translated
    try:
        return translated % local_params(translated, params)
    except (KeyError, ValueError, TypeError):  # a broken translation: say it in English
        return str(error)


def local_params(template: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's ``params`` as this request's language writes them:

    - an amount (:class:`companion.money.Money`): grouped, with its unit
      (``1,200 kr``, ``1 200 kr``, ``3 mynt``);
    - ``unit`` (the money unit beside a plain number): ``kr`` stays, ``coins`` is translated;
    - ``group``: a colour group's name (:data:`GROUP_NAMES`), e.g. ``brown`` -> ``brune``;
    - any other whole number from 1 000 (to 10**15) shown with ``%(name)s``: grouped (30 000).
    """
    from companion.money import Money
    from web.money import format_amount, format_money, unit_name

    out: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, Money):
            value = format_money(int(value), value.unit)
        elif name == "unit" and isinstance(value, str):
            value = unit_name(value)
        elif name == "group" and isinstance(value, str):
            value = _catalogue(language()).pgettext(GROUP_CONTEXT, value)
        elif (isinstance(value, int) and not isinstance(value, bool)
              and 1000 <= abs(value) < 10**15 and f"%({name})s" in template):
            value = format_amount(value)
        out[name] = value
    return out


# -- the browser scripts' strings ----------------------------------------------------------

_JS_STRING = r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')"""
#: ``t("text")``, ``fmt("text %(n)s", {n})`` and the last argument of
#: ``fill(list, items, "text")`` (companion.js translates those).
_JS_PATTERNS = (
    re.compile(r"\bt\(\s*" + _JS_STRING + r"\s*\)"),
    re.compile(r"\bfmt\(\s*" + _JS_STRING + r"\s*[,)]"),
    re.compile(r"\bfill\([^;()]*(?:\([^()]*\)[^;()]*)*,\s*" + _JS_STRING + r"\s*\)"),
)


def _without_comments(source: str) -> str:
    """``source`` with its ``/* */`` and ``//`` comments blanked (line numbers kept)."""
    out: list[str] = []
    i, quote = 0, ""
    while i < len(source):
        char = source[i]
        if quote:
            out.append(char)
            if char == "\\" and i + 1 < len(source):
                out.append(source[i + 1])
                i += 1
            elif char == quote:
                quote = ""
        elif char in "\"'`":
            quote = char
            out.append(char)
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = len(source) if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", source[i:end]))
            i = end
            continue
        elif source.startswith("//", i):
            end = source.find("\n", i)
            end = len(source) if end < 0 else end
            out.append(" " * (end - i))
            i = end
            continue
        else:
            out.append(char)
        i += 1
    return "".join(out)


def js_literals(source: str) -> Iterator[tuple[int, str]]:
    """``(line, text)`` of every string a browser script translates by literal:
    ``t("Sending…")``, ``fmt("Time left: %(time)s", …)``, ``fill(list, items, "No debts.")``
    (comments skipped)."""
    source = _without_comments(source)
    for pattern in _JS_PATTERNS:
        for match in pattern.finditer(source):
            try:
                text = ast.literal_eval(match.group(1))
            except (ValueError, SyntaxError):
                continue
            if isinstance(text, str) and text:
                yield source.count("\n", 0, match.start()) + 1, text


def _static_literals() -> tuple[str, ...]:
    """The literals of ``web/static/*.js`` (re-read when a file changes)."""
    files = sorted(STATIC_DIR.glob("*.js"))
    stamp = tuple((f.name, f.stat().st_mtime_ns) for f in files)
    return _scan_static(stamp)


@cache
def _scan_static(stamp: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    found: dict[str, None] = {}
    for name, _mtime in stamp:
        text = (STATIC_DIR / name).read_text(encoding="utf-8")
        found.update((literal, None) for _line, literal in js_literals(text))
    return tuple(found)


# -- choosing the language ----------------------------------------------------------------

def _known(tag: str | None) -> str | None:
    """``nb``/``sv``/``en`` for a language tag such as ``nb-NO``, ``no``, ``sv_SE``; else None."""
    if not tag:
        return None
    return ALIASES.get(tag.replace("_", "-").split("-")[0].strip().lower())


def _explicit() -> str | None:
    return _known(request.args.get("lang")) or _known(request.cookies.get(COOKIE))


def _accepted() -> str | None:
    for tag, _quality in request.accept_languages:
        found = _known(tag)
        if found is not None:
            return found
    return None


def _game_id() -> str | None:
    """The game this request is about: the URL's, else the player's, else the current one."""
    from web.auth import PLAYER_COOKIE, tokens

    table = current_app.extensions["companion.table"]
    game = (request.view_args or {}).get("game_id") or request.args.get("game")
    if not game:
        player = tokens().lookup(request.cookies.get(PLAYER_COOKIE, ""))
        game = player.game if player is not None else None
    if not game:
        game = table.current_game()
    return game if isinstance(game, str) and game else None


def _edition() -> Any:
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
    """The language of this request (see the module's docstring for the order)."""
    explicit = _explicit() or _known(current_app.config.get("LANGUAGE"))
    if explicit is not None:
        return explicit
    if request.headers.get("Authorization", "").lower().startswith("bearer "):
        return _accepted() or "en"
    edition = _edition()
    if edition is not None and _known(edition.language):
        return str(_known(edition.language))
    return _accepted() or DEFAULT_LANGUAGE


def lang_url(code: str) -> str:
    """This page's URL with ``?lang=code`` (the other query arguments kept)."""
    args = {k: v for k, v in request.args.items() if k != "lang"}
    args["lang"] = code
    from urllib.parse import urlencode

    return f"{request.path}?{urlencode(args)}"


def _remember_choice(response: Any) -> Any:
    """``?lang=xx`` on a page: keep the choice in a cookie (``?lang=auto`` forgets it)."""
    if not has_request_context() or "lang" not in request.args:
        return response
    chosen = _known(request.args.get("lang"))
    if chosen is not None:
        response.set_cookie(COOKIE, chosen, max_age=COOKIE_MAX_AGE, samesite="Lax",
                            httponly=True, secure=bool(current_app.config.get("COOKIE_SECURE")))
    elif request.args.get("lang") == "auto":
        response.delete_cookie(COOKIE)
    return response


# -- catalogues ---------------------------------------------------------------------------

def _po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def _catalogue(locale: str) -> NullTranslations:
    """The compiled catalogue of ``locale`` (English and unknown languages: none)."""
    path = _po_path(locale)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return NullTranslations()
    return _compile(locale, stamp)


@cache
def _compile(locale: str, stamp: int) -> NullTranslations:
    """``locale``'s ``.po`` file compiled to an in-memory ``.mo`` (``stamp``: its mtime)."""
    with _po_path(locale).open("rb") as po:
        catalog = read_po(po, locale=locale, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


class _Domain(flask_babel.Domain):  # type: ignore[misc]
    """Flask-Babel's domain, but reading the ``.po`` files (compiled in memory)."""

    def get_translations(self) -> NullTranslations:
        return _catalogue(language()) if has_request_context() else NullTranslations()


class _Babel(flask_babel.Babel):  # type: ignore[misc]
    @cached_property
    def domain_instance(self) -> _Domain:
        return _Domain(domain=DOMAIN)


def init_app(app: Flask) -> None:
    """Flask-Babel with :func:`select_locale`; ``_``, ``gettext``, ``ngettext`` (Jinja's
    i18n extension, new style: ``_("Player %(n)d", n=1)``), the ``money`` filter and the
    globals ``locale``, ``languages`` and ``lang_url`` in every template."""
    from web.money import format_money

    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE)
    app.config.setdefault("BABEL_DOMAIN", DOMAIN)
    _Babel(app, locale_selector=select_locale)
    app.jinja_env.filters["money"] = format_money
    app.jinja_env.globals.update(
        languages=tuple(LANGUAGE_NAMES.items()), lang_url=lang_url, language_name=LANGUAGE_NAMES)
    app.context_processor(lambda: {"locale": language()})
    app.after_request(_remember_choice)


# -- extraction (pybabel) -----------------------------------------------------------------

def _refusal_names() -> frozenset[str]:
    from companion.errors import Refused

    found: set[str] = set()
    todo: list[type] = [Refused]
    while todo:
        kind = todo.pop()
        found.add(kind.__name__)
        todo.extend(kind.__subclasses__())
    return frozenset(found)


#: Exceptions whose first argument is a message for the players: :class:`Refused` and every
#: subclass of it in ``companion.errors`` (a new one is found without a change here).
ERROR_NAMES = _refusal_names()

Message = tuple[int, Any, Any, Any]


def extract_js(fileobj: Any, keywords: Mapping[str, Any], comment_tags: Any,
               options: Mapping[str, Any]) -> Iterator[Message]:
    """pybabel extractor for ``web/static/*.js``: the strings :func:`js_literals` finds."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for line, text in js_literals(source):
        yield line, "", text, []


def extract(fileobj: Any, keywords: Mapping[str, Any], comment_tags: Any,
            options: Mapping[str, Any]) -> Iterator[Message]:
    """pybabel extractor for Python: ``_()``, ``N_()`` and ``C_()`` calls (Babel's own
    extractor, :data:`KEYWORDS`), plus

    - every string in a ``JS_STRINGS = (...)`` tuple (strings the browser scripts show);
    - the literal first argument of a core refusal, e.g. ``UnknownPlayer("There is no
      player called %(name)s.", name=name)`` (names in :data:`ERROR_NAMES`), both
      branches of ``RuleBroken("…" if hotel else "…")`` too.  A template kept in a variable
      is marked where it is written: ``why = N_("…")`` (``companion.errors.N_``).
    """
    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, dict(options))  # type: ignore[arg-type]
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "JS_STRINGS" for t in node.targets):
            if isinstance(node.value, ast.Tuple | ast.List):
                for item in node.value.elts:
                    if isinstance(item, ast.Constant) and isinstance(item.value, str):
                        yield item.lineno, "", item.value, []
        elif isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in ERROR_NAMES:
                for literal in _literals(node.args[0]):
                    yield literal.lineno, "", literal.value, []


def _literals(node: ast.expr) -> Iterator[ast.Constant]:
    """The string constants ``node`` may be: itself, or the branches of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)


# -- keeping the catalogues up to date ----------------------------------------------------

ROOT = Path(__file__).parent.parent
MAPPING = Path(__file__).parent / "babel.cfg"
#: ``N_`` marks a core refusal's template kept in a variable (``companion.errors.N_``);
#: ``C_(context, text)`` a text with a context (:data:`GROUP_NAMES`).
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "C_": ((1, "c"), 2)}


def extract_template() -> Any:
    """Every translatable string of the sources (``web/babel.cfg``), as a Babel catalog."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with MAPPING.open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
    template = Catalog(project="companion", domain=DOMAIN, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS):
        template.add(message, None, [(filename, lineno)], auto_comments=comments,
                     context=context)
    return template


def update_catalogues() -> dict[str, list[str]]:
    """Re-extract, write ``companion.pot``, bring ``nb`` and ``sv`` up to date (new strings
    empty, gone strings dropped); returns each language's untranslated msgids."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = extract_template()
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("wb") as pot:
        write_po(pot, template, width=100, no_location=True, sort_output=True,
                 omit_header=True)
    missing: dict[str, list[str]] = {}
    for locale in LANGUAGES:
        path = _po_path(locale)
        if locale == "en":
            continue
        if path.exists():
            with path.open("rb") as po:
                catalog = read_po(po, locale=locale, domain=DOMAIN)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=locale, domain=DOMAIN)
        before = {(m.id, m.string) for m in catalog if m.id}
        dates = catalog.creation_date, catalog.revision_date
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.fuzzy = False
        catalog.project, catalog.version = "companion", "0.1"
        catalog.header_comment = (f"# {LANGUAGE_NAMES[locale]} for companion (web/i18n.py;"
                                  " update with `uv run python -m web.i18n`).")
        catalog.last_translator = catalog.language_team = "companion maintainers"
        catalog.msgid_bugs_address = ""
        if {(m.id, m.string) for m in catalog if m.id} == before:
            catalog.creation_date, catalog.revision_date = dates  # no churn
        with path.open("wb") as po:
            write_po(po, catalog, width=100, no_location=True, sort_output=True,
                     include_previous=False)
        missing[locale] = [str(m.id) for m in catalog if m.id and not _translated(m.string)]
    return missing


def _translated(string: Any) -> bool:
    """True when a catalogue entry is translated (a plural entry: every form)."""
    if isinstance(string, tuple | list):
        return bool(string) and all(string)
    return bool(string)


def main() -> int:
    """``uv run python -m web.i18n``: update the catalogues, list what needs translating."""
    missing = update_catalogues()
    for locale, ids in missing.items():
        print(f"{locale}: {len(ids)} untranslated")
        for msgid in ids:
            print(f"  {msgid!r}")
    return 1 if any(missing.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())

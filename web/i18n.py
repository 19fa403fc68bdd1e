"""Languages at run time: every user-visible string goes through ``_()`` (Flask-Babel).

Catalogues: ``web/translations/<nb|sv>/LC_MESSAGES/companion.po`` (domain ``companion``);
English is the source language.  A ``.po`` file is read (``babel.messages.pofile``) and
compiled in memory the first time its language is used, once per process (issue 19 point
2: nothing on a command's path looks for the file again; a changed ``.po`` file is read at
the next start): no ``.mo`` files, no build step, nothing written anywhere, so a fresh
clone serves translated pages.  Extracting and updating the catalogues is Babel's own
``pybabel extract`` and ``pybabel update`` (``web/babel.cfg``; the commands are in
``web/README.md``).

The rest of the runtime:

- :mod:`web.locale_choice`: which language a request gets (``?lang=``, the cookie, the
  ``LANGUAGE`` setting, the edition, Accept-Language);
- :mod:`web.js_strings`: the browser scripts' strings, translated into each page;
- :mod:`web.refusal_text`: a core refusal (template and params) in the request's language.

Keep the names ``_``, ``gettext``, ``ngettext``, ``N_`` and :func:`init_app`: the pages and
the other modules use them.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

import flask_babel
from babel.support import NullTranslations, Translations
from flask import Flask, g, has_request_context
from werkzeug.utils import cached_property

from web.locale_choice import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    lang_url,
    remember_choice,
    select_locale,
)

__all__ = ["DEFAULT_LANGUAGE", "DOMAIN", "LANGUAGES", "LANGUAGE_NAMES", "LOCALE_DIR", "N_",
           "catalogue", "gettext", "init_app", "language", "ngettext", "speaking"]

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).parent / "translations"
#: The language given explicitly (:func:`speaking`), which wins over the request's.
_SPOKEN: ContextVar[str | None] = ContextVar("companion_spoken", default=None)


@contextmanager
def speaking(locale: str) -> Iterator[None]:
    """Within the block, :func:`gettext`, :func:`ngettext` and :func:`language` speak
    ``locale`` (``nb``, ``sv``, ``en``) with or without a request context: the server's
    fast lane words a command's answer without building one (issue 19 point 2).  Only
    this task or thread is affected (a context variable)."""
    token = _SPOKEN.set(locale)
    try:
        yield
    finally:
        _SPOKEN.reset(token)


def _translations() -> NullTranslations:
    """The catalogue to speak from: :func:`speaking`'s, else the request's, else none
    (outside a request: the English source text)."""
    spoken = _SPOKEN.get()
    if spoken is not None:
        return catalogue(spoken)
    return catalogue(language()) if has_request_context() else _NONE


def gettext(message: str, **variables: Any) -> str:
    """The translation of ``message``, with ``%(name)s`` placeholders filled from ``variables``
    (Flask-Babel's rule: no ``%`` formatting without variables).

    Outside a request (the CLI, tests of plain functions) it is the English source text.
    """
    text = _translations().ugettext(message)
    return str(text % variables if variables else text)


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The form of ``singular``/``plural`` for the count ``num`` in this request's language
    (the catalogue's ``Plural-Forms``; English: ``num == 1`` is singular); ``%(num)d`` is
    always available besides ``variables``."""
    variables.setdefault("num", num)
    return str(_translations().ungettext(singular, plural, num) % variables)


_ = gettext


def N_(message: str) -> str:
    """Mark ``message`` for ``pybabel extract`` where it is not translated at once (a list
    of strings translated later, e.g. :data:`web.js_strings.JS_STRINGS`); returns it."""
    return message


def language() -> str:
    """The language of this request (``nb``, ``sv`` or ``en``): :func:`speaking`'s when
    given, else chosen once per request (:func:`web.locale_choice.select_locale`; amounts
    ask often); bokmål outside a request."""
    spoken = _SPOKEN.get()
    if spoken is not None:
        return spoken
    if not has_request_context():
        return DEFAULT_LANGUAGE
    known = g.get("companion_language")
    if known is None:
        known = g.companion_language = select_locale()
    return str(known)


def _po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue(locale: str) -> NullTranslations:
    """The compiled catalogue of ``locale`` (English and unknown languages: none, so the
    English source text is shown), found and compiled the first time it is asked for:
    later calls are a dict look-up, no file system call (``_found.cache_clear()`` reads
    the files again)."""
    return _found(locale) if locale in LANGUAGES else _NONE


_NONE = NullTranslations()


@cache
def _found(locale: str) -> NullTranslations:
    """``locale``'s catalogue when its ``.po`` file is there, else none (English)."""
    return _compile(locale) if _po_path(locale).is_file() else _NONE


def _compile(locale: str) -> NullTranslations:
    """``locale``'s ``.po`` file compiled to an in-memory ``.mo`` (Babel's reader and
    writer, tens of milliseconds: :func:`catalogue` calls it once per language)."""
    from babel.messages.mofile import write_mo  # at first use: not before the first answer
    from babel.messages.pofile import read_po

    with _po_path(locale).open("rb") as po:
        catalog = read_po(po, locale=locale, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


class _Domain(flask_babel.Domain):  # type: ignore[misc]
    """Flask-Babel's domain, but reading the ``.po`` files (compiled in memory)."""

    def get_translations(self) -> NullTranslations:
        return _translations()


class _Babel(flask_babel.Babel):  # type: ignore[misc]
    @cached_property
    def domain_instance(self) -> _Domain:
        return _Domain(domain=DOMAIN)


def init_app(app: Flask) -> None:
    """Flask-Babel with :func:`web.locale_choice.select_locale`; ``_``, ``gettext``,
    ``ngettext`` (Jinja's i18n extension, new style: ``_("Player %(n)d", n=1)``), the
    ``money`` filter and the globals ``locale``, ``languages`` and ``lang_url`` in every
    template; a ``?lang=`` choice is remembered in a cookie."""
    from web.money import format_money

    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT_LANGUAGE)
    app.config.setdefault("BABEL_DOMAIN", DOMAIN)
    _Babel(app, locale_selector=select_locale)
    app.jinja_env.filters["money"] = format_money
    app.jinja_env.globals.update(
        languages=tuple(LANGUAGE_NAMES.items()), lang_url=lang_url, language_name=LANGUAGE_NAMES)
    app.context_processor(lambda: {"locale": language()})
    app.after_request(remember_choice)

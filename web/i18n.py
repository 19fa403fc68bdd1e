"""A thin gettext shim: every user-visible string goes through ``_()``.

Translations come later (Flask-Babel can replace this module: keep the names ``_``,
``gettext``, ``ngettext`` and :func:`init_app`).  Today the catalogue is looked up with the
standard library's :mod:`gettext` in ``web/translations`` (domain ``companion``) and falls
back to the English source text.
"""

from __future__ import annotations

import gettext as _gettext
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).parent / "translations"

#: Strings the browser scripts show; rendered into each page as ``window.I18N``.
JS_STRINGS = (
    "live", "polling", "offline", "Sending…", "Done.", "Already recorded.",
    "Network trouble, retrying…", "Could not reach the bank.", "bank", "in jail",
    "to roll", "owes", "jail cards", "No deeds yet.", "No debts.", "No open claims.",
    "Nothing yet.", "claims", "from", "undone", "Really end the game?", "Undo the last command?",
    "houses", "hotel", "mortgaged", "Winner", "Claim",
)


@cache
def _catalogue() -> _gettext.NullTranslations:
    return _gettext.translation(DOMAIN, LOCALE_DIR, fallback=True)


def gettext(message: str, **variables: Any) -> str:
    """The translation of ``message``, with ``%(name)s`` placeholders filled from ``variables``."""
    text = _catalogue().gettext(message)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Singular or plural translation for ``num``; ``%(num)d`` is always available."""
    text = _catalogue().ngettext(singular, plural, num)
    return text % {"num": num, **variables}


_ = gettext


def js_strings() -> dict[str, str]:
    """The browser scripts' strings, translated: ``{source: translation}``."""
    return {s: gettext(s) for s in JS_STRINGS}


def init_app(app: Any) -> None:
    """Make ``_``, ``gettext`` and ``ngettext`` available in every template."""
    app.jinja_env.globals.update(_=gettext, gettext=gettext, ngettext=ngettext)

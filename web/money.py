"""Amounts written the local way: ``30 000 kr`` (nb, sv), ``30,000 kr`` (en).

Grouping comes from Babel's CLDR data (nb and sv group with a no-break space, U+00A0);
the unit follows after a no-break space so it never wraps onto a line of its own.  In the
browser ``web/static/money.js`` does the same with ``Intl.NumberFormat``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from web.i18n import language

NBSP = "\u00a0"
#: Quick-entry multipliers ("000", "000 000") by the size of an edition's amounts.
THOUSAND, MILLION = 1_000, 1_000_000


def _locale(locale: str | Locale | None) -> str | Locale:
    return locale if locale is not None else language()


def format_amount(amount: int, locale: str | Locale | None = None) -> str:
    """``amount`` with the locale's digit grouping, e.g. ``15 000 000`` in sv."""
    return _grouped(amount, _locale(locale))


@lru_cache(maxsize=4096)
def _grouped(amount: int, locale: str | Locale) -> str:
    """Babel's ``format_decimal`` (about 30 µs: it parses the locale and its pattern each
    time), remembered: a table says the same amounts again and again (issue 19 point 2,
    a command's answer in words)."""
    return str(format_decimal(amount, locale=locale, group_separator=True))


def format_money(amount: int, unit: str = "kr", locale: str | Locale | None = None) -> str:
    """``amount`` and ``unit`` the local way: ``format_money(30000, "kr", "nb")`` =
    ``"30 000 kr"`` (no-break spaces).  ``locale`` None = this request's language.

    Also the Jinja filter ``money``: ``{{ player.cash | money(state.game.unit) }}``.
    """
    number = format_amount(amount, locale)
    return f"{number}{NBSP}{unit_name(unit, amount)}" if unit else number


def unit_name(unit: str, amount: int | None = None) -> str:
    """The money unit as the page says it: ``kr`` stays, ``coins`` is translated (one
    ``coin`` when ``amount`` is ±1)."""
    from web.i18n import gettext, ngettext

    if unit != "coins":
        return unit
    return gettext("coins") if amount is None else ngettext("coin", "coins", abs(amount))


def quick_keys(edition: Any) -> tuple[int, ...]:
    """The multipliers to offer beside an amount input for ``edition`` (None = no game):
    ``(1000,)`` where amounts run in thousands (30 000 kr), ``(1000, 1000000)`` for the
    million-kronor boxes (monopol-se-2008: 15 000 000 kr), none for small money."""
    if edition is None:
        return (THOUSAND,)
    capital = int(getattr(edition, "start_capital", 0) or 0)
    if capital >= MILLION:
        return (THOUSAND, MILLION)
    if capital >= 10 * THOUSAND:
        return (THOUSAND,)
    return ()

"""A core refusal in the request's language.

Core refusals (:class:`companion.errors.Refused`) carry an English ``template`` and its
``params``; :func:`translate_error` looks the template up and fills it in (amounts, the
money unit and colour-group names the local way).  ``pybabel extract`` finds the templates
in ``companion/`` (``web/babel.cfg``: a refusal's literal first argument, or ``N_("…")``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from web.i18n import catalogue, gettext, language

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


#: The command fields a refusal names by ``%(key)s`` ("The %(key)s must be a whole
#: number…"), in words a player understands: "Beløpet må være et helt tall", not
#: "«amount» må være …" (h17-fix point 7).  Translated with the context "field" into the
#: definite form that begins the nb/sv sentences.  Keys not listed stay as written.
FIELD_CONTEXT = "field"
FIELD_WORDS = {
    "amount": C_("field", "amount"), "price": C_("field", "price"),
    "bet": C_("field", "bet"), "cash": C_("field", "cash"),
    "per_house": C_("field", "amount per house"),
    "per_hotel": C_("field", "amount per hotel"),
    "start": C_("field", "start amount"), "count": C_("field", "count"),
    "dice": C_("field", "dice"), "die": C_("field", "die"),
    "jail_cards": C_("field", "number of jail cards"), "level": C_("field", "level"),
    "minutes": C_("field", "minutes"), "trade": C_("field", "trade"),
}


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
    translated = catalogue(language()).gettext(template)
    if not params:
        return translated
    try:
        text = translated % local_params(translated, params)
    except (KeyError, ValueError, TypeError):  # a broken translation: say it in English
        return str(error)
    return text[:1].upper() + text[1:] if translated.startswith("%(key)s") else text


def local_params(template: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's ``params`` as this request's language writes them:

    - an amount (:class:`companion.money.Money`): grouped, with its unit
      (``1,200 kr``, ``1 200 kr``, ``3 mynt``);
    - ``unit`` (the money unit beside a plain number): ``kr`` stays, ``coins`` is translated;
    - ``why`` (why a damaged row cannot be read, issue 17 point 6): its phrase translated;
    - ``key``: a command field's word (:data:`FIELD_WORDS`), e.g. ``amount`` -> ``beløpet``;
    - ``group``: a colour group's name (:data:`GROUP_NAMES`), e.g. ``brown`` -> ``brune``;
    - any other whole number from 1 000 (to 10**15) shown with ``%(name)s``: grouped (30 000);
    - a nameless space's core label (``brown #3``): the page's placeholder ("Brun 3",
      :mod:`web.place_names`, issue 15 point 8).
    """
    from companion.money import Money
    from web.locale_choice import edition
    from web.money import format_amount, format_money, unit_name
    from web.place_names import localize_value

    out: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, Money):
            value = format_money(int(value), value.unit)
        elif name == "unit" and isinstance(value, str):
            value = unit_name(value)
        elif name == "why" and isinstance(value, str):  # a damaged row's N_ phrase
            value = catalogue(language()).gettext(value)
        elif name == "key" and isinstance(value, str) and value in FIELD_WORDS:
            value = catalogue(language()).pgettext(FIELD_CONTEXT, FIELD_WORDS[value])
        elif name == "group" and isinstance(value, str):
            value = catalogue(language()).pgettext(GROUP_CONTEXT, value)
        elif (isinstance(value, int) and not isinstance(value, bool)
              and 1000 <= abs(value) < 10**15 and f"%({name})s" in template):
            value = format_amount(value)
        elif isinstance(value, str) and "#" in value:
            value = localize_value(value, edition())
        out[name] = value
    return out

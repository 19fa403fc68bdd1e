"""The browser scripts' strings, translated into each page's ``<script id="i18n">`` block.

:func:`js_strings` serves :data:`JS_STRINGS` and every string ``pybabel extract`` finds in
``web/static/*.js`` (Babel's JavaScript extractor with the keywords of ``web/babel.cfg``:
``t("…")``, ``fmt("…", {…})``, ``fill(list, items, "…")``), so a new ``t("…")`` needs no
list; ``static/companion.js`` looks them up (``t``, ``fmt``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import flask_babel
from flask import has_request_context

from web.i18n import N_, gettext, language
from web.locale_choice import edition
from web.place_names import placeholders

STATIC_DIR = Path(__file__).parent / "static"
MAPPING = Path(__file__).parent / "babel.cfg"
#: The section of :data:`MAPPING` for the browser scripts.
JS_PATTERN = "web/static/**.js"

#: Strings the browser scripts show that the extractor cannot find in ``static/*.js``
#: (passed to ``t()`` through a variable, e.g. ``data-confirm``, or nested in another
#: call's arguments).  ``N_`` marks each for ``pybabel extract``.
JS_STRINGS = (
    # companion.js: connection, sending, the common words
    N_("live"), N_("polling"), N_("offline"), N_("reconnecting…"),
    N_("Sending…"), N_("Done."), N_("Already recorded."),
    N_("Network trouble, retrying…"), N_("Could not reach the bank."), N_("bankrupt"),
    N_("in jail"),
    N_("to roll"), N_("%(count)s jail cards"),
    N_("1 house"),
    N_("%(count)s houses"),
    N_("hotel"), N_("mortgaged"), N_("undone"), N_("Nothing yet."), N_("No deeds yet."),
    N_("No debts."),
    N_("No open claims."), N_("The game is over."),
    N_("The game is over. The winner is %(name)s."),
    N_("the bank"), N_("nothing"), N_("Claim"), N_("Really end the game?"),
    N_("Undo the last command?"),
    N_("Done: %(what)s"), N_("Undone: %(what)s"), N_("(undone)"), N_("On %(space)s"),
    N_("This phone's link is no longer valid — ask the banker for a new QR code."),
    N_("This device's link is no longer valid — scan the banker's QR code again."),
    N_("There is nothing to undo."), N_("Undo this: %(what)s"),
    N_("The old QR code stops working. Continue?"),
    N_("Sell the buildings on this colour group first."),
    # console
    N_("Owes %(creditor)s %(amount)s."), N_("Could still raise %(amount)s."),
    N_("Free-parking pot: %(amount)s"),
    N_("Passport: %(visited)s of %(of)s wonders"),
    N_("%(owner)s claims %(amount)s from %(payer)s (%(space)s)."), N_("Time left: %(time)s"),
    # issue 16 point 4: who must roll for a claim to lapse (companion.js lapseText; C5, M11)
    N_("Lapses when %(player)s rolls."), N_("Lapses when %(player)s rolls for Ola Nordmann."),
    N_("Lapses when you roll."), N_("Lapses when you roll for Ola Nordmann."),
    # issue 16 point 2: Ola's rolls on the pad and the roll line (M4)
    N_("Ola Nordmann rolled doubles: roll for him again"), N_("Ola Nordmann: %(dice)s"),
    N_("%(deed)s: lift for %(amount)s"), N_("No deeds to choose from."), N_("No deeds."),
    N_("Choose the deed"),
    N_("Not in this game"), N_("Not now"),  # console_ask.js: a name's skip, a figure's
    N_("Lift at once for %(amount)s"), N_("%(name)s gives: %(items)s."),
    N_("%(proposer)s proposes a trade to %(other)s."), N_("Accept for %(name)s"),
    N_("Cancel the trade"),
    N_("What name is printed on the board at %(space)s?"),  # console_ask.js (issue 15)
    # console_estimate.js (issue 15 point 9)
    N_("Estimated price: %(amount)s (the standard deed × %(factor)s), not read from your card."),
    N_("estimated rent"),
    N_("The rents of %(space)s (%(amount)s) are an estimate: the standard deed × %(factor)s. "
       "Do they match the card?"),
    N_("The price of %(space)s (%(amount)s) is an estimate: the standard deed × %(factor)s. "
       "Does it match the card?"),
    N_("Enter the rents printed on the deed of %(space)s."),
    N_("Enter the price printed on the board for %(space)s."),
    N_("No trades waiting."), N_("Auction of %(deed)s"), N_("Auction of a house"),
    N_("Auction of a hotel"),
    N_("No bids yet. Bidding starts at %(amount)s."), N_("Highest bid: %(amount)s by %(player)s."),
    N_("%(player)s bid %(amount)s."), N_("No bids yet."), N_("Cancel the auction without a sale?"),
    N_("Bid"), N_("Bid %(amount)s"),
    N_("%(player)s has a free flight from %(airport)s: pick a wonder."), N_("Wonder"),
    N_("Fly there"),
    N_("%(player)s owes %(owed)s and could still raise %(raisable)s."),
    N_("%(player)s has failed %(tries)s of 3 tries."), N_("%(player)s is not in jail."),
    N_("%(player)s owes nothing."), N_("Really declare this player bankrupt?"),
    # console_debt.js, console.js: a debt that cannot be paid (C21, h23 debt)
    N_("%(player)s cannot pay %(amount)s to %(creditor)s: %(player)s is bankrupt (C21)"),
    N_("Declare %(player)s bankrupt"),
    N_("%(player)s owes %(creditor)s %(amount)s — next turn anyway?"),
    # wallet
    N_("%(payer)s owes you %(amount)s (%(space)s)."), N_("You owe %(creditor)s %(amount)s."),
    N_("You could still raise %(amount)s by selling buildings and mortgaging."),
    N_("You cannot raise enough to pay %(amount)s: the banker declares you bankrupt (C21)."),
    N_("Build for %(amount)s"), N_("Sell a building"), N_("Lift for %(amount)s"),
    N_("Mortgage for %(amount)s"),
    # the Pay form's own sentences (h17-fix point 6)
    N_("Write the amount with digits only (0–9)."), N_("The amount must be more than zero."),
    N_("The amount must be a whole number, without decimals."),
    # issue 16: confirm_step.js and its questions (point 6), wallet_app.js (point 8)
    N_("Sell"), N_("Mortgage"), N_("Yes"), N_("Cancel"),
    N_("Sell a building on %(deed)s to the bank at half price?"),
    N_("Sell two houses on %(deed)s to the bank?"), N_("Sell %(deed)s to the bank?"),
    N_("Mortgage %(deed)s for %(amount)s? Lifting it later costs more."),
    N_("The screen could not be kept on."),
    N_("This browser can keep the screen on only on a secure (https) address."),
    N_("Lift %(deed)s at once for %(amount)s"), N_("You proposed a trade to %(name)s."),
    N_("%(name)s offers you a trade."), N_("You give: %(items)s."), N_("Withdraw"), N_("Accept"),
    N_("Decline"),
    N_("%(wonder)s: visited"), N_("%(wonder)s: not visited yet"),
    N_("Free flight from %(airport)s: pick a wonder"),
    # Kortstokk-Monopol (issue 15): wallet_deeds.js, wallet_kortstokk.js
    N_("Build two houses for %(amount)s"), N_("Sell two houses"), N_("Sell to the bank"),
    N_("You hold 1 fire insurance."), N_("You hold %(count)s fire insurances."),
    # Multimillionær (issue 6): console_mm.js, wallet_mm.js, trade_form.js
    N_("The amounts as printed, left to right:"),
    N_("The bank owes you %(amount)s (%(space)s)."),
    N_("Series %(series)s: %(before)s → %(after)s — move the marker."), N_("Bank: %(count)s"),
    N_("Worth %(worth)s of %(goal)s."), N_("Your worth: %(worth)s of %(goal)s."),
    N_("Incomplete: the board value of %(deeds)s is not entered yet."),  # h21
    N_("%(owner)s claims %(amount)s from the bank (%(space)s)."),
    N_("%(name)s is a multimillionaire!"), N_("%(player)s's turn: move Ola Nordmann first."),
    N_("%(player)s's turn: build and pay interest, then move the car."),
    N_("%(player)s's turn: the car has moved."), N_("Ola Nordmann stands on %(space)s."),
    N_("Nothing due."), N_("suspended"),
    N_("%(player)s must pay %(amount)s interest before the car moves."),
    N_("%(debtor)s did not pay %(amount)s interest in time: the others may point it out."),
    N_("%(player)s pays no rent this turn (Trafikkfyr)."), N_("%(count)s × series %(series)s"),
    N_("Shares worth %(value)s (%(shares)s); debt notes: %(notes)s."),
    N_("No shares; debt notes: %(notes)s."), N_("Debt notes of %(player)s: %(notes)s."),
    N_("Debt notes of %(player)s: %(notes)s. Interest due now: %(amount)s."),
    N_("Series %(series)s: %(count)s × %(price)s = %(value)s."),
    N_("Series %(series)s: %(count)s held, suspended (no trading)."), N_("You hold no shares."),
    N_("Your shares are worth %(value)s."), N_("This series is suspended: no trading."),
    N_("Today's price: %(price)s a share; the bank holds %(count)s."),
    N_("Pay %(amount)s interest on your debt notes before you move the car."),
    N_("Debt notes: %(notes)s."), N_("Debt notes: %(notes)s. Interest due now: %(amount)s."),
    N_("Debt notes: %(notes)s. After Ola Nordmann's move, %(amount)s interest is due."),
    N_("%(debtor)s did not pay %(amount)s interest in time."), N_("Point out unpaid interest"),
    N_("That costs %(amount)s."), N_("Shares of series %(series)s (held: %(count)s)"),
    N_("shares of series %(series)s: %(count)s"),
    # issue 16 points 1-3 (h16-dice): roll_line.js, wallet_turn.js
    N_("%(player)s rolled %(dice)s"), N_("%(player)s rolls next"), N_("%(space)s is for sale"),
    N_("Buy"),
    # family play-test 3 (h16-words): board.js, board_page.js, wallet*.js, companion.js
    N_("%(name)s has the turn · %(cash)s"), N_("has the turn"), N_("In jail"),
    N_("%(owner)s can claim %(amount)s from %(payer)s (%(space)s)."),
    N_("%(name)s may buy it for %(price)s, else it goes to auction."),
    N_("%(space)s: read the card — pay below, or ask the banker for money from the bank"),
    N_("The highest bid is %(amount)s (%(player)s) — bid more."),
    N_("Bidding starts at %(start)s."),
    N_("Mortgage %(deed)s for %(amount)s? Lifting it later costs %(lift)s."),
    N_("Buy for %(price)s"), N_("Claim %(amount)s"), N_("Claim %(amount)s for %(space)s"),
    N_("In jail: roll for doubles, or"), N_("Pay the jail fine"), N_("To auction"),
    N_("Use a get-out-of-jail card"),
    N_("You roll next: roll for Ola Nordmann to start your turn"),
    N_("You roll next: your dice start your turn"), N_("Your turn: roll for Ola Nordmann first"),
    N_("Your turn: tap the die"), N_("Your turn: tap the two dice"),
    # wallet_turn.js: an owner who rolls next claims first (C5); the fine before rolling (C13)
    N_("Claim the rent first"),
    N_("You stopped on a joker: roll both dice again and tap them"),
    N_("%(player)s must first buy or auction %(space)s"),
    N_("%(space)s is not bought — next turn anyway?"),
    N_("%(player)s rolls again for the joker first"),
    N_("%(player)s stopped on a joker: tap the second roll"),
    N_("Roll without claiming"), N_("Pay %(fine)s and roll"),
    N_("Pay the jail fine of %(fine)s to the bank and then roll?"), N_("Pay %(fine)s"),
    N_("In jail: roll a double to get out, or pay first"),
    # a phone's command refused for a missing figure: the console asks (web/phone_asks.py)
    N_("A figure is missing: the banker is asked for it, and this counts once it is entered."),
    N_("%(player)s asks from their phone: %(prompt)s"),
    # h23 (phone): why the next player waits (C21), why no Buy (C4), no bid (C4), "Not now"
    N_("Waiting: %(player)s must pay their debt first"),
    N_("You do not have enough money to buy %(space)s (price %(price)s)"),
    N_("You cannot bid: you have %(cash)s and the least bid now is %(least)s."),
    N_("Nothing was bought: %(space)s is still for sale. Tap Buy to ask the banker again, "
       "or send it to auction."),
    N_("Nothing was recorded. Try again, or ask the banker."),
    # the board ring and the table screen /board (issue 16 points 4, 7: board.js)
    N_("%(name)s rolled %(dice)s"), N_("%(name)s to roll · %(cash)s"),
    N_("%(name)s: %(visited)s of %(of)s"), N_("Owner: %(name)s"),
    # the console's turn panel (issue 16 point 4: console_turn.js, console.js)
    N_("%(player)s landed on %(space)s"), N_("%(player)s owes %(creditor)s %(amount)s."),
    N_("%(player)s rolls next: their dice start their turn"), N_("%(player)s: tap the die"),
    N_("%(player)s: tap the two dice"), N_("Dice for Ola Nordmann, rolled by %(player)s"),
    N_("Lapses when %(player)s rolls."),
    # bid_raise.js, console_ask.js, wallet_deals.js (h17-mmfix): bids, auction-only lots, names
    N_("Bid more than %(amount)s"), N_("Bids are whole amounts: no decimals."),
    N_("%(space)s is sold only by auction"), N_("Letters, as on the board"),
    N_("A name has letters. Figures such as rents are asked for separately."),
    # wallet_turn.js, console_turn.js (h21): no Buy while the lander owes a debt (C21)
    N_("You owe a debt: raise money to pay it first, then you can buy %(space)s — or send it "
       "to auction"),
    N_("%(player)s owes a debt: once it is paid, %(space)s can be bought — or send it to "
       "auction"),
    # companion.js (h21): what the "estimated rent" badge means, on a tap and as its title
    N_("Estimated rent: the card's own figures are not known here, so the rent is the "
       "standard deed's scaled up. Check it against the card."),
)


def js_strings() -> dict[str, Any]:
    """The browser scripts' strings, translated: ``{source: translation}``; a plural
    entry (``nt``) also under ``"$n:" + singular`` as ``{CLDR category: form}`` (see
    :func:`plural_strings`).

    Also, under keys no script translates: ``$locale`` (the page language, for
    ``Intl.NumberFormat``), ``$unit`` (the game's money unit) and ``$money_keys`` (the
    quick-entry multipliers beside amount inputs, e.g. ``"1000 1000000"``; see
    ``web/static/money.js``) and ``$places`` (the page's placeholders of nameless spaces,
    :func:`web.place_names.placeholders`).
    """
    from web.money import quick_keys, unit_name

    strings: dict[str, Any] = {s: gettext(s) for s in (*JS_STRINGS, *static_literals())}
    strings.update(plural_strings())
    found = edition()
    strings["$locale"] = language()
    strings["$unit"] = found.unit if found is not None else "kr"
    strings[strings["$unit"]] = unit_name(strings["$unit"])  # "coins" -> "mynter"
    strings["$money_keys"] = " ".join(str(k) for k in quick_keys(found))
    strings["$places"] = placeholders(found)  # issue 15 point 8: nameless spaces
    return strings


def static_literals() -> tuple[str, ...]:
    """The strings Babel extracts from ``web/static/*.js`` (re-read when a file changes)."""
    return tuple(m for m in _extract_static(_stamp()) if isinstance(m, str))


def static_plurals() -> tuple[tuple[str, str], ...]:
    """The ``nt("one", "many", n)`` pairs Babel extracts from ``web/static/*.js``."""
    return tuple(m for m in _extract_static(_stamp()) if isinstance(m, tuple))


def plural_strings() -> dict[str, Any]:
    """Each ``nt`` pair in this request's language (Babel's plural forms, issue 15):
    ``{"$n:" + singular: {category: form}}`` for every CLDR category of the language
    (``one``, ``other`` in nb/sv/en; the script picks one with ``Intl.PluralRules``),
    and the singular and plural themselves (``one`` and ``other``) for pages that look
    a text up directly."""
    rule = flask_babel.get_locale().plural_form if has_request_context() else None
    tags = (*rule.tags, "other") if rule is not None else ("one", "other")
    samples = {tag: next((n for n in range(1000) if rule is None or rule(n) == tag), 2)
               for tag in tags}
    if rule is None:
        samples = {"one": 1, "other": 2}
    translations = flask_babel.get_translations() if has_request_context() else None
    out: dict[str, Any] = {}
    for singular, plural in static_plurals():
        def form(n: int, one: str = singular, many: str = plural) -> str:
            if translations is None:
                return one if n == 1 else many
            return str(translations.ungettext(one, many, n))
        forms = {tag: form(n) for tag, n in samples.items()}
        out["$n:" + singular] = forms
        out[singular], out[plural] = forms.get("one", forms["other"]), forms["other"]
    return out


def _stamp() -> tuple[tuple[str, int], ...]:
    files = sorted(STATIC_DIR.glob("*.js"))
    return tuple((f.name, f.stat().st_mtime_ns) for f in files)


@cache
def _extract_static(stamp: tuple[tuple[str, int], ...]) -> tuple[str | tuple[str, str], ...]:
    from babel.messages.extract import extract  # at first use: not before the first answer

    keywords, options = _js_mapping()
    found: dict[str | tuple[str, str], None] = {}
    for name, _mtime in stamp:
        with (STATIC_DIR / name).open("rb") as script:
            for _line, message, _comments, _context in extract(
                    "javascript", script, keywords, (), options):
                if isinstance(message, str):
                    found[message] = None
                elif isinstance(message, tuple) and len(message) == 2:
                    found[(str(message[0]), str(message[1]))] = None
    return tuple(found)


@cache
def _js_mapping() -> tuple[dict[str, Any], dict[str, Any]]:
    """The keywords and options ``pybabel extract`` uses for the scripts (``babel.cfg``)."""
    from babel.messages.extract import DEFAULT_KEYWORDS
    from babel.messages.frontend import parse_mapping_cfg

    with MAPPING.open(encoding="utf-8") as cfg:
        _methods, options_map = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
    options = dict(options_map[JS_PATTERN])
    return {**DEFAULT_KEYWORDS, **options.pop("keywords", {})}, options

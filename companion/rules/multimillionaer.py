"""Multimillionær: the rule module of the ``multimillionaer`` edition (docs/rules.md M1–M23).

Rent is classic (M5: from the deed, doubled on the unbuilt lots of a whole series; M20:
shipping companies by how many the owner has, like stations).  The core calls these
hooks (:func:`companion.rules.hook`); the commands of :mod:`companion.commands.multimillionaer`
and its ``mm_*`` siblings do the rest:

- :func:`after_start` — M2 share split, M3 starting levels, the Ola phase (M4);
- :func:`after_turn` / :func:`after_land` — M4 phases, M18 missed interest, M8 Børsen,
  M14 Ferieparadiset, M15 Trafikkfyr;
- :func:`exempt_from_rent` — M10 (all 10 shares of the series), M15 (Trafikkfyr);
- :func:`at_rent_due` — M6 stock moves at the landing that makes the rent (the roll);
- :func:`after_rent` — M10 the 50 % shareholder cut, with the payment;
- :func:`after_lapse` — M6 an unclaimed rent's stock moves stand, or are undone;
- :func:`tax_due` — M16 Skatt: the printed percentage of the lander's cash;
- :func:`worth`, :func:`values_used`, :func:`raisable`, :func:`after_command`,
  :func:`after_hand_over`, :func:`assets_sale`, :func:`sell_assets`, :func:`loans_sale`,
  :func:`take_loans` — M21, M22.

Money ``int`` kr.
"""

from __future__ import annotations

from companion import events as ev
from companion.editions import Space
from companion.errors import MissingValue
from companion.ledger.draft import Draft
from companion.ledger.payments import charge
from companion.money import half, percent_of
from companion.rules.classic import rent
from companion.rules.mm_market import ALL_SHARES, held, major_holder, moves_for_rent, series_of
from companion.rules.mm_turns import after_land, after_start, after_turn, rent_free
from companion.rules.mm_worth import (
    after_command,
    after_hand_over,
    assets_sale,
    loans_sale,
    raisable,
    sell_assets,
    take_loans,
    values_used,
    worth,
)
from companion.state import Claim, GameState

__all__ = ["after_command", "after_hand_over", "after_land", "after_lapse", "after_rent",
           "after_start", "after_turn", "assets_sale", "at_rent_due", "exempt_from_rent",
           "loans_sale", "raisable", "rent", "sell_assets", "take_loans", "tax_due",
           "values_used", "worth"]


def exempt_from_rent(state: GameState, payer: str, index: int) -> bool:
    """True when ``payer`` owes no rent for landing on ``index``: they hold all 10 shares
    of its series (M10), or stopped at Trafikkfyr the round before (M15)."""
    series = series_of(state.ed, state.ed.space(index))
    if series is not None and held(state, payer, series) >= ALL_SHARES:
        return True
    return rent_free(state, payer)


def after_rent(draft: Draft, payer: str, owner: str, index: int, amount: int) -> None:
    """``payer`` (a player, or ``"bank"`` for Ola Nordmann) paid ``owner`` ``amount`` of
    rent for ``index``.  M10: a player holding 8–10 shares of the series (not the owner)
    gets 50 % of that rent income, from the owner — money, paid with the rent.  (The stock
    board moved at the landing already, :func:`at_rent_due`.)"""
    state = draft.state
    space = state.ed.space(index)
    series = series_of(state.ed, space)
    holder = major_holder(state, series) if series else None
    if holder is not None and holder != owner:
        charge(draft, owner, holder, half(amount), f"50 % of the rent of {space.label} (M10)")


def at_rent_due(draft: Draft, payer: str, index: int, amount: int, claim: int) -> None:
    """M6/M7: a landing made ``payer`` (a player, or ``"bank"`` for Ola) owe ``amount``
    (int kr) of rent for ``index``: the stock board moves now — "gjelder den nye kursen
    umiddelbart etter at terningen er kastet" — not when the rent is claimed, so share
    trades after the roll use the new price.  UP for the rent's series, DOWN for every
    series a payer owns whole, one level per whole 20 000 kr.  ``claim`` is the rent
    claim opened (0: paid at once), recorded on each ``StockMoved`` for :func:`after_lapse`.
    """
    state = draft.state
    series = series_of(state.ed, state.ed.space(index))
    for name, level, why in moves_for_rent(state, payer, series, amount):
        draft.emit(ev.StockMoved(name, level, why, claim))


def after_lapse(draft: Draft, claim: Claim) -> None:
    """M6, M11: rent claim ``claim`` lapsed unclaimed.  With the edition's
    ``lapsed_rent_moves_stand`` (the default: the roll happened, and the seed applies the
    new price at once after it) its stock moves stand; without it each series it moved
    goes back by as many levels, within its column."""
    state = draft.state
    if state.ed.settings.lapsed_rent_moves_stand:
        return
    top = len(state.ed.settings.share_prices)
    for series, delta in state.market.claim_moves.get(claim.id, ()):
        level = state.market.levels.get(series, 0)
        back = min(max(level - delta, 0), top)
        if back != level:
            draft.emit(ev.StockMoved(series, back, "rent lapsed unclaimed"))


def tax_due(state: GameState, player: str, space: Space) -> int:
    """M16: the percentage printed on Skatt (the space's ``tax``) of ``player``'s CASH.

    Raises:
        MissingValue: the percentage is not known yet (asked once, ``edition_value``).
    """
    if space.tax is None:
        raise MissingValue("The percentage of %(deed)s is not known yet: enter the "
                           "percentage printed on the space.", space=space.index, field="tax",
                           deed=space.label)
    return percent_of(state.players[player].cash, space.tax)

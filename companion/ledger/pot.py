"""Payments to the bank that may feed the free-parking pot (docs/rules.md C11, C12, C13).

C12: landing on free parking does nothing.  The pot is an opt-in house rule
(``house_rules.free_parking_pot``, off by default): taxes (C11), jail fines (C13) and
repair bills (cards, C10) still go to the bank, and the bank holds the same amount in the
pot (:class:`~companion.events.PotChanged`); landing on free parking collects the pot.
Money still moves only by :class:`~companion.events.MoneyMoved`.
"""

from __future__ import annotations

from companion import events as ev
from companion.ledger.draft import Draft
from companion.ledger.payments import charge


def pot_on(draft: Draft) -> bool:
    """True when the table plays with the free-parking pot (house rule, C12)."""
    return bool(draft.state.house_rules.get("free_parking_pot"))


def pay_bank(draft: Draft, player: str, amount: int, memo: str, reason: ev.Reason = "",
             space: int | None = None) -> int:
    """``player`` pays the bank a tax, fine or repair bill of ``amount``; a shortfall is a
    debt (C21).  Under the pot house rule the whole amount goes into the pot (the bank
    fronts what is still owed, C25).  ``reason``/``space`` as for
    :func:`~companion.ledger.payments.charge`.  Returns the part still owed."""
    owed = charge(draft, player, ev.BANK, amount, memo, reason, space)
    if amount > 0 and pot_on(draft):
        draft.emit(ev.PotChanged(amount))
    return owed


def collect_pot(draft: Draft, player: str) -> None:
    """``player`` landed on free parking: under the house rule they take the pot (C12)."""
    pot = draft.state.pot
    if pot > 0 and pot_on(draft):
        draft.emit(ev.MoneyMoved(ev.BANK, player, pot, "free-parking pot", "pot"))
        draft.emit(ev.PotChanged(-pot))

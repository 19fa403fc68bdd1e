"""Moving money without ever making a balance negative (C21, C25).

:func:`charge` pays what the payer has and opens a debt for the rest; :func:`settle_debts`
pays open debts, oldest first, from cash that has arrived.  The bank always pays in full
(C25: the bank never goes bankrupt).
"""

from __future__ import annotations

from companion import events as ev
from companion.ledger.draft import Draft
from companion.state import Debt, GameState


def cash_of(draft: Draft, party: str) -> int | None:
    """Cash of a player, or None for the bank (unlimited, C25)."""
    if party == ev.BANK:
        return None
    return draft.state.players[party].cash


def charge(draft: Draft, payer: str, payee: str, amount: int, memo: str = "",
           reason: ev.Reason = "", space: int | None = None) -> int:
    """``payer`` pays ``payee`` ``amount``; what the payer lacks becomes a debt (C21).
    ``reason`` and ``space`` (board index) go on the events (:class:`~companion.events.MoneyMoved`).

    Returns the part of ``amount`` that is still owed (0 when paid in full).
    """
    if amount <= 0 or payer == payee:
        return 0
    cash = cash_of(draft, payer)
    paid = amount if cash is None else min(cash, amount)
    if paid:
        draft.emit(ev.MoneyMoved(payer, payee, paid, memo, reason, space))
    owed = amount - paid
    open_debt(draft, payer, payee, owed, memo, reason, space)
    return owed


def open_debt(draft: Draft, debtor: str, creditor: str, amount: int, memo: str = "",
              reason: ev.Reason = "", space: int | None = None) -> None:
    """``debtor`` owes ``creditor`` ``amount`` (int, the edition's unit; C21): the one way
    a debt is opened; ``reason``/``space`` as for :func:`charge`.  The bank never owes
    (C25: it always pays, and never goes bankrupt): a debt of the bank's is paid to
    ``creditor`` at once instead.  Nothing when ``amount`` ≤ 0 or the debtor is the
    creditor."""
    if amount <= 0 or debtor == creditor:
        return
    if debtor == ev.BANK:
        pay_in_full(draft, ev.BANK, creditor, amount, memo, reason, space)
    else:
        draft.emit(ev.DebtOpened(debtor, creditor, amount, memo, reason, space))


def pay_in_full(draft: Draft, payer: str, payee: str, amount: int, memo: str = "",
                reason: ev.Reason = "", space: int | None = None) -> None:
    """A transfer the caller has checked the payer can afford; ``reason``/``space`` as for
    :func:`charge`."""
    if amount > 0 and payer != payee:
        draft.emit(ev.MoneyMoved(payer, payee, amount, memo, reason, space))


def serving_order(state: GameState, debts: list[Debt]) -> list[Debt]:
    """``debts`` in the order they are paid: oldest first (C21); debts to players before
    debts to the bank where the edition's ``creditor_order`` is ``"players_first"`` (M21:
    "Motspillers krav skal betales før bankens krav").  A new list; the same objects."""
    ordered = list(debts)
    if state.ed.settings.creditor_order == "players_first":
        ordered.sort(key=lambda d: d.creditor == ev.BANK)  # stable: oldest first within each
    return ordered


def settle_debts(draft: Draft) -> None:
    """Every debtor with cash pays their open debts, oldest first, as far as cash goes;
    debts to players before debts to the bank where the edition says so (M21)."""
    for debt in serving_order(draft.state, draft.state.debts):
        player = draft.state.players.get(debt.debtor)
        if player is None or player.bankrupt or player.cash <= 0:
            continue
        part = min(player.cash, debt.amount)
        draft.emit(ev.MoneyMoved(debt.debtor, debt.creditor, part, f"debt: {debt.memo}",
                                 "debt"))
        draft.emit(ev.DebtSettled(debt.debtor, debt.creditor, part))

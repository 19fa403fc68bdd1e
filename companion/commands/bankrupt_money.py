"""The money a bankruptcy raises and whom it pays (docs/rules.md C21, M21, K10).

The edition's ``creditor_order`` says how a bankrupt's debts are met:

- ``"named"`` (C21; seeds 000, 001, 002): the creditor named — any one the player owes —
  takes everything: the cash, the buildings' half price when that is a player, the deeds;
  every other debt is cleared unpaid.
- ``"oldest_first"`` (K10 reading) and ``"players_first"`` (M21: "Motspillers krav skal
  betales før bankens krav"): the *serving order*.  What the bankrupt has or raises pays
  each debt in :func:`~companion.ledger.payments.serving_order`, up to what is owed; the
  first creditor not covered takes what is left.  When a player is owed, the money is
  raised the way ``raisable`` counts it: buildings sold at half price, the rule set's
  ``assets_sale`` (M21 shares, K10 properties), every unmortgaged deed mortgaged (M21
  "låne (pantsettelse …)") and the rule set's ``loans_sale`` (M21 debt notes).

Money ``int`` in the edition's unit.
"""

from __future__ import annotations

from companion import events as ev
from companion.commands.buildings import emit_plan
from companion.ledger.draft import Draft
from companion.ledger.payments import pay_in_full, serving_order
from companion.rules import rules_for
from companion.rules.buildings import plan_for
from companion.state import GameState


def serving(state: GameState) -> bool:
    """True when the edition serves the debts in order (``creditor_order`` is not
    ``"named"``: M21, K10); False when the creditor named takes everything (C21)."""
    return state.ed.settings.creditor_order != "named"


def paid_out(state: GameState, player: str, creditor: str) -> bool:
    """Whether the bank pays for what it takes back (buildings, shares, properties): when
    a player is to receive the money — the creditor named (C21), or any player owed in
    the serving order (M21, K10)."""
    if serving(state):
        return any(d.creditor != ev.BANK for d in state.debts_of(player))
    return creditor != ev.BANK


def payout(state: GameState, player: str) -> list[tuple[str, int, int]]:
    """C21/M21/K10: how the bankrupt ``player``'s money would pay their debts.

    Shape: ``[(creditor, owed, paid), …]`` in serving order (oldest first; players
    before the bank when ``creditor_order`` is ``"players_first"``), ``paid`` ≤ ``owed``,
    from :func:`raised`.
    """
    money = raised(state, player)
    rows = []
    for debt in serving_order(state, state.debts_of(player)):
        part = min(money, debt.amount)
        money -= part
        rows.append((debt.creditor, debt.amount, part))
    return rows


def creditor_due(state: GameState, player: str) -> str:
    """The creditor the bankrupt ``player`` goes bankrupt to in the serving order (M21,
    K10): the first in :func:`payout` order whose debt their money does not cover (the
    last when all are covered); ``"bank"`` when there are no debts."""
    rows = payout(state, player)
    short = [c for c, owed, paid in rows if paid < owed] or [c for c, _, _ in rows[-1:]]
    return short[0] if short else ev.BANK


def raised(state: GameState, player: str) -> int:
    """``player``'s cash plus everything the bank buys at a bankruptcy (C21, M21, K10):
    :func:`buildings_sale` and the rule set's ``assets_sale`` (M21: shares at the
    board price; K8/K10: 1 coin a property, 1 coin a fire insurance); in the serving
    order also :func:`loans` (M21: mortgages and debt notes)."""
    extra = rules_for(state.ed).assets_sale(state, player)
    borrowed = loans(state, player) if serving(state) else 0
    return state.players[player].cash + buildings_sale(state, player) + extra + borrowed


def buildings_sale(state: GameState, player: str) -> int:
    """What the bank pays for every building ``player`` has: half the purchase price
    (C17, C21), or the rule set's own ``buildings_sale`` (K8: 1 coin per two houses)."""
    return rules_for(state.ed).buildings_sale(state, player)


def loans(state: GameState, player: str) -> int:
    """M21 "låne (pantsettelse eller gjeldsbrev)": the mortgage value of every unmortgaged
    deed of ``player``'s (0 where the edition has none) plus the rule set's
    ``loans_sale`` (M18: 50 000 kr a debt note still allowed)."""
    value = sum(state.ed.space(d.space).mortgage or 0 for d in state.owned_by(player)
                if not d.mortgaged)
    return value + rules_for(state.ed).loans_sale(state, player)


def sell_buildings(draft: Draft, player: str, paid: bool) -> None:
    """Every building back to the bank; paid for (:func:`buildings_sale`) when ``paid``."""
    state = draft.state
    if paid:
        pay_in_full(draft, ev.BANK, player, buildings_sale(state, player),
                    "buildings sold (bankrupt)", "house_sale")
    for deed in list(state.owned_by(player)):
        if deed.houses or deed.hotel:
            plan = plan_for(state, state.ed.space(deed.space))
            plan.sell_all()
            emit_plan(draft, plan)


def sell_assets(draft: Draft, player: str, paid: bool) -> None:
    """The rule set's ``sell_assets(draft, player, paid)``: what it sells to the bank
    at a bankruptcy besides buildings (M21 shares, K10 properties and fire insurance)."""
    rules_for(draft.state.ed).sell_assets(draft, player, paid)


def borrow(draft: Draft, player: str) -> None:
    """M21 (serving order, a player owed): every unmortgaged deed of ``player``'s with a
    mortgage value is mortgaged — ``MortgageSet`` and the bank paying the value, as
    ``mortgage`` does (its buildings were sold) — then the rule set's
    ``take_loans(draft, player)`` (M18: the debt notes still allowed)."""
    state = draft.state
    for deed in list(state.owned_by(player)):
        space = state.ed.space(deed.space)
        if not deed.mortgaged and space.mortgage:
            draft.emit(ev.MortgageSet(space.index, True, player))
            pay_in_full(draft, ev.BANK, player, space.mortgage, f"mortgaged {space.label}",
                        "mortgage", space.index)
    rules_for(state.ed).take_loans(draft, player)


def serve(draft: Draft, player: str) -> None:
    """M21/K10: the bankrupt's money pays each debt in :func:`payout` order, up to what
    is owed; then every debt of theirs is cleared (paid or forgiven)."""
    state = draft.state
    for creditor, owed, _ in payout(state, player):
        part = min(state.players[player].cash, owed)
        pay_in_full(draft, player, creditor, part, "bankrupt", "bankrupt")
        draft.emit(ev.DebtSettled(player, creditor, owed))


def forgive(draft: Draft, player: str) -> None:
    """C21 (``"named"``): every debt of the bankrupt ``player`` is cleared; the creditor
    named takes what they have (:func:`~companion.commands.bankruptcy.bankrupt`)."""
    for to, amount in [(d.creditor, d.amount) for d in draft.state.debts_of(player)]:
        draft.emit(ev.DebtSettled(player, to, amount))

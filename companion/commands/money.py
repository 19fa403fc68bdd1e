"""Payments between players and the bank (docs/table-log.md "Money"; docs/rules.md C10,
C11, C20, C21)."""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.errors import NotEnoughCash, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import charge
from companion.money import Money


@command("pay", player_field="from")
def pay(draft: Draft, cmd: Cmd) -> None:
    """``from`` pays ``to`` ``amount`` (either may be ``"bank"``).

    What a player cannot pay in cash becomes a debt they must settle (C21).

    Raises:
        BadAmount: not a positive whole number.  RuleBroken: paying oneself, bank to bank,
        or a bankrupt party.
    """
    payer, payee = cmd.player("from", bank=True), cmd.player("to", bank=True)
    amount = cmd.amount()
    if payer == payee:
        raise RuleBroken("Payer and receiver are the same.")
    _active(draft, payer, payee)
    _within_cash(draft, cmd, payer, amount)
    charge(draft, payer, payee, amount, cmd.text("memo", "")[:200], "payment")


@command("pay_each", player_field="from")
def pay_each(draft: Draft, cmd: Cmd) -> None:
    """``from`` pays ``amount`` to every other active player (a card, C10)."""
    payer = cmd.player("from")
    amount = cmd.amount()
    _active(draft, payer)
    _within_cash(draft, cmd, payer, amount * (len(draft.state.active_players()) - 1))
    for other in draft.state.active_players():
        if other != payer:
            charge(draft, payer, other, amount, cmd.text("memo", "card"), "card")


@command("collect_each")
def collect_each(draft: Draft, cmd: Cmd) -> None:
    """Every other active player pays ``to`` ``amount``; a short player owes a debt (C10, C21)."""
    payee = cmd.player("to")
    amount = cmd.amount()
    _active(draft, payee)
    for other in draft.state.active_players():
        if other != payee:
            charge(draft, other, payee, amount, cmd.text("memo", "card"), "card")


def _active(draft: Draft, *parties: str) -> None:
    for party in parties:
        if party != ev.BANK and draft.state.players[party].bankrupt:
            raise RuleBroken("%(player)s is bankrupt and out of the game.", player=party)


def _within_cash(draft: Draft, cmd: Cmd, payer: str, amount: int) -> None:
    """A payment sent from the payer's own phone is limited to their cash (C20: no loans
    between players).  What a player owes but cannot pay — rent, a card — is recorded by
    the banker and becomes a debt (C21)."""
    if cmd.sender is None or payer == ev.BANK:
        return
    cash = draft.state.players[payer].cash
    if amount > cash:
        raise NotEnoughCash(
            "%(player)s has only %(cash)s and cannot pay %(amount)s from the phone. "
            "Raise money first (sell, mortgage), or ask the banker to record what is owed.",
            player=payer, cash=Money(cash, draft.state.ed.unit),
            amount=Money(amount, draft.state.ed.unit))

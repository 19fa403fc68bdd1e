"""A rent claim paid (docs/rules.md C5, C21): by ``claim`` and by the end of a game.

The owner's claim is closed and the payer charged (a debt when short, C21); the edition's
rule set then has its ``after_rent`` hook (M6, M10).
"""

from __future__ import annotations

from companion import events as ev
from companion.ledger.draft import Draft
from companion.ledger.payments import charge
from companion.rules import rules_for
from companion.state import Claim


def collect_claim(draft: Draft, c: Claim) -> None:
    """Open claim ``c`` is claimed: closed, its payer charges the owner the rent (a debt
    when short, C21); the rule set's ``after_rent`` follows (C5; M10 — the stock board
    moved already at the landing, M6)."""
    draft.emit(ev.ClaimClosed(c.id, "claimed", c.owner, c.payer, c.space, c.amount))
    charge(draft, c.payer, c.owner, c.amount, f"rent {draft.state.ed.space(c.space).label}",
           "rent", c.space)
    rules_for(draft.state.ed).after_rent(draft, c.payer, c.owner, c.space, c.amount)  # M10

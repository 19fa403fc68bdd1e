"""The end of a game, whichever way it comes (docs/rules.md C5, C21–C24, W3, K11).

Every path that ends a game — ``end_game`` (C22–C24), the last player standing and a
quick game's first bankruptcy (``bankrupt``, C22, C23(3)), the 22nd passport mark (W3),
a declared fortune (K11) — calls :func:`finish`.  The game ends inside that command,
before the next roll, so no open rent claim has run out (C5): each is claimed and paid
first, then debts are settled, then the tally names the winner.
"""

from __future__ import annotations

from companion import events as ev
from companion.ledger.claims import collect_claim
from companion.ledger.draft import Draft
from companion.ledger.payments import settle_debts
from companion.valuation import tally


def finish(draft: Draft, winner: str | None = None, how: str = "end_game") -> None:
    """End the game: pay every open rent claim (:func:`pay_open_claims`), settle debts,
    then :class:`~companion.events.GameEnded` with ``winner`` when the rules named one
    (K11: who declared), else the tally's winner (C22, C23, W3); ``how``: the rule that
    ended it (``GameEnded.how``: ``end_game``, ``C22``, ``C23``, ``C24``, ``W3``, ``K11``,
    ``M22``)."""
    pay_open_claims(draft)
    settle_debts(draft)
    named = winner if winner is not None else tally(draft.state)["winner"]
    draft.emit(ev.GameEnded(named, how))


def pay_open_claims(draft: Draft) -> None:
    """C5: every open claim is still within its window, so each is claimed now, oldest
    first: its payer pays the owner (a debt when short, C21)."""
    for claim in sorted(draft.state.claims.values(), key=lambda c: c.id):
        collect_claim(draft, claim)

"""The ledger's primitives, below the rule sets and the commands that both use them.

- :mod:`~companion.ledger.draft`: :class:`~companion.ledger.draft.Draft`, the state a
  command's events are emitted into and folded at once (a layer of its own, below the
  rules, whose hooks take it);
- :mod:`~companion.ledger.payments`: ``charge`` (a shortfall becomes a debt, C21),
  ``pay_in_full``, ``settle_debts`` (C21, M21; the bank pays in full, C25);
- :mod:`~companion.ledger.pot`: ``pay_bank`` for taxes, fines and repairs, and the
  free-parking pot (C11–C13);
- :mod:`~companion.ledger.claims`: ``collect_claim``, a rent claim paid (C5);
- :mod:`~companion.ledger.ending`: ``finish``, every end of a game (C5, C21–C24, W3, K11).

Nothing here parses a command (that is :mod:`companion.commands`); the edition's rule
set is reached only through :func:`companion.rules.rules_for` and the tally
(:mod:`companion.valuation`).
"""

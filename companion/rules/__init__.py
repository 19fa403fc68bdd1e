"""Rule modules behind one interface, chosen by the edition's ``rules`` field.

Every module exposes the functions of :class:`RuleSet`; the core calls them through
:func:`rules_for` and never names an edition (STYLE 6).  A module may also define
optional hooks, fetched with :func:`hook` (a no-op when the module lacks one):

- ``after_land(draft, player, space)``: ``player`` landed on board index ``space``
  (``land`` and ``roll``, after rent/tax/jail).  Wonders: passport mark (W1), free flight (W2).
- ``after_deed_won(draft, player, space)``: ``player`` won the deed at ``space`` at
  auction (``auction_close``, ``auction_sold``).  Wonders: passport mark (W1).
- ``after_deal(draft, player, space)``: ``player`` was dealt the deed at ``space`` in
  quick or timed play (C23(1), C24).  Wonders: passport mark (W1).
- ``after_start(draft)``: the game started, start capital paid (``new_game``).
  Multimillionær: the shares split (M2), the stock board's starting levels (M3).
- ``after_turn(draft, previous)``: ``next_turn`` passed the turn on from ``previous``
  (before the claims lapse, :mod:`companion.rules.lapse`).  Multimillionær: missed
  interest (M18), Ola's phase (M4), Trafikkfyr (M15).
- ``after_lapse(draft, claim)``: open rent claim ``claim`` (a :class:`~companion.state.Claim`)
  lapsed (C5, M11).  Multimillionær: the stock move of its landing is undone when the
  edition's ``lapsed_rent_moves_stand`` is False (M6).
- ``exempt_from_rent(state, payer, space) -> bool``: True when ``payer`` owes no rent for
  landing on board index ``space`` (``land``; no claim is opened).  Multimillionær: all
  10 shares of the series (M10), the round after Trafikkfyr (M15).
- ``at_rent_due(draft, payer, space, amount, claim)``: a landing made ``payer`` (a player,
  or ``"bank"``) owe rent of ``amount`` for ``space``; ``claim`` is the claim opened, 0 when
  paid at once (``auto_rent``).  Multimillionær: the stock board moves at the roll (M6).
- ``after_rent(draft, payer, owner, space, amount)``: ``payer`` (a player, or ``"bank"``)
  paid ``owner`` rent of ``amount`` for ``space`` (``claim``, ``auto_rent``).
  Multimillionær: the 50 % shareholder cut (M10).
- ``after_command(draft)``: every command, after its debts were settled (the table).
  Multimillionær: the multimillionaire ends the game (M22).
- ``after_hand_over(draft, player, creditor)``: a bankrupt's cash and deeds went to the
  creditor (``bankrupt``).  Multimillionær: unsold (suspended) shares to the creditor,
  notes void (M21).

Functions a rule module may define instead of the core's own (``getattr``, not
:func:`hook`): ``worth(state, name)`` and ``values_used(state)`` (the tally: K11, M22),
``raisable(state, name)`` (C21: K10, M21), ``tax_due(state, player, space)`` (C11; M16:
a percentage of the lander's cash), ``buildings_sale(state, name)`` (what the bank pays
for all of a bankrupt's buildings, C21 half price; K8: 1 coin per two houses),
``assets_sale(state, name)`` and ``sell_assets(draft, name, paid)`` (what else the bank
buys at a bankruptcy, and the events that sell it, paid to ``name`` when ``paid``: M21
shares at the board price, K10 properties and fire insurance at the K8 prices);
``loans_sale(state, name)`` and ``take_loans(draft, name)`` (what else a bankrupt borrows
when the debts are served in order and a player is owed: M21 debt notes).

Hooks only emit events (``draft.emit``); they never refuse a command.

A module may also define optional *checks*, fetched with :func:`check` (a no-op when the
module lacks one).  A check only refuses (raises a :class:`~companion.errors.Refused`
with a sentence a player understands); it never emits:

- ``check_build(state, player, space)``: before the generic ``build`` (and a building
  auction's lot, C16).  Kortstokk: houses go on in pairs, use ``build_pair`` (K7).
- ``check_sell_building(state, player, space)``: before the generic ``sell_building``.
  Kortstokk: use ``sell_houses`` (K8).
- ``check_mortgage(state, player, space)``: before ``mortgage`` and ``unmortgage``.
  Kortstokk: no mortgages, sell to the bank (K8).
- ``check_deed_auction(state, space, decliner)``: before the bank auctions the deed at
  ``space`` (``auction_open``, ``auction_sold``); ``decliner`` is the player who declined
  to buy it, ``""`` = not named.  Kortstokk: the decliner must be named (K4).
- ``check_bid(state, player, space, decliner)``: before ``player`` bids for (or buys at
  auction) the deed at ``space``.  Kortstokk: only the OTHER players bid (K4).

And optional values, read with ``getattr(rules_for(edition), name, None)``:

- ``auction_start(state, space) -> int``: the lowest bid for the deed at ``space``
  (the default first bid of ``auction_open``; ``auction_sold`` may not go below it).
  Classic: none (C4: any amount).  Kortstokk: the price (K4).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any, Protocol, cast

from companion.editions import Edition, Space
from companion.state import GameState


class RuleSet(Protocol):
    """What a rule module provides."""

    def rent(self, state: GameState, space: Space, dice: int | None) -> int:
        """Rent owed for landing on ``space`` (0 = none)."""
        ...


def rules_for(edition: Edition) -> ModuleType:
    """The rule module named by ``edition.rules`` (``companion.rules.<name>``)."""
    return _module(edition.rules)


@cache
def _module(name: str) -> ModuleType:
    return import_module(f"companion.rules.{name}")


def hook(edition: Edition, name: str) -> Callable[..., Any]:
    """The optional hook ``name`` of ``edition``'s rule module, or a no-op returning None
    (see above)."""
    found = getattr(rules_for(edition), name, None)
    return cast(Callable[..., Any], found) if callable(found) else _nothing


def check(edition: Edition, name: str) -> Callable[..., None]:
    """The optional check ``name`` of ``edition``'s rule module, or a no-op (see above)."""
    return hook(edition, name)


def _nothing(*args: Any) -> None:
    """The hook of a rule module that does not define it."""

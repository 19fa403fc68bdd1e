"""Trades between two players (docs/rules.md C18, C19, M9; C10 get-out cards; C20 no loans).

Pure: a :class:`Deal` says what each of two parties gives; :func:`check_deal` refuses a
deal the rules forbid; :func:`receive_costs` is what each receiver pays the bank at once
for mortgaged deeds (C19: the 10 %, or mortgage value + 10 % when lifted at once).

Lots of a group with buildings follow the edition's ``settings.built_group_sold_whole``:
C18 (False) — none of them changes hands; M9 (True) — the built series changes hands
only whole, every lot in the same offer, its buildings staying on the lots.  Shares (M9,
editions with a stock board) change hands at any agreed price, never in a suspended
series (M7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.editions import Space
from companion.errors import NotEnoughCash, RuleBroken
from companion.money import Money
from companion.rules import rules_for
from companion.rules.buildings import group_has_buildings
from companion.rules.mortgages import receive_cost
from companion.state import GameState


@dataclass(frozen=True)
class Offer:
    """What one party gives: ``cash`` (int, kroner), deeds at board ``spaces``,
    ``jail_cards`` (get-out-of-jail cards, C10) and ``shares`` ((series, count) pairs in
    series order, M9)."""

    cash: int = 0
    spaces: tuple[int, ...] = ()
    jail_cards: int = 0
    shares: tuple[tuple[str, int], ...] = ()

    @property
    def empty(self) -> bool:
        """True when the party gives nothing."""
        return not (self.cash or self.spaces or self.jail_cards or self.shares)


@dataclass(frozen=True)
class Deal:
    """A trade: ``offers`` maps each of the two parties to what they give; ``lift`` lists
    board indices of mortgaged deeds their receiver lifts at once (C19)."""

    offers: dict[str, Offer]
    lift: tuple[int, ...] = ()

    def other(self, name: str) -> str:
        """The other party."""
        return next(n for n in self.offers if n != name)

    def received(self, name: str) -> tuple[int, ...]:
        """Board indices ``name`` receives."""
        return self.offers[self.other(name)].spaces

    def to_parties(self) -> dict[str, Any]:
        """JSON-ready form, as kept in :class:`~companion.events.TradeProposed`; ``shares``
        ``{series: count}`` only when the party gives shares (M9)."""
        return {n: {"cash": o.cash, "spaces": list(o.spaces), "jail_cards": o.jail_cards,
                    **({"shares": dict(o.shares)} if o.shares else {})}
                for n, o in self.offers.items()}

    @classmethod
    def from_parties(cls, parties: dict[str, Any], lift: tuple[int, ...]) -> Deal:
        """The inverse of :meth:`to_parties`."""
        offers = {n: Offer(int(o["cash"]), tuple(o["spaces"]), int(o["jail_cards"]),
                           tuple((str(k), int(v)) for k, v in (o.get("shares") or {}).items()))
                  for n, o in parties.items()}
        return cls(offers, tuple(lift))


def receive_costs(state: GameState, deal: Deal, name: str) -> int:
    """What ``name`` pays the bank at once for the mortgaged deeds they receive (C19)."""
    return sum(receive_cost(state.ed, state.ed.space(i), i in deal.lift)
               for i in deal.received(name) if state.deeds[i].mortgaged)


def check_deal(state: GameState, deal: Deal) -> None:
    """Refuse a deal the rules forbid.

    Raises:
        RuleBroken: a party out; nothing offered; a deed not the giver's, or of a group
        with buildings (C18) — or, where a built series is sold whole (M9), a lot of it
        left out; too few get-out cards; too few shares, or shares of a suspended series
        (M7, M9); a lift of a deed not received or not mortgaged.  NotEnoughCash: a party
        gives more cash than they have, or cannot pay the 10 % / lift of mortgaged deeds
        received (C19).
    """
    if all(o.empty for o in deal.offers.values()):
        raise RuleBroken("The trade is empty: nobody gives anything.")
    for name, offer in deal.offers.items():
        _check_offer(state, name, offer)
    received = {i for n in deal.offers for i in deal.received(n)}
    for index in deal.lift:
        label = state.ed.space(index).label
        if index not in received:
            raise RuleBroken("%(deed)s is not part of the trade, so it cannot be lifted here.",
                             deed=label)
        if not state.deeds[index].mortgaged:
            raise RuleBroken("%(deed)s is not mortgaged, so there is nothing to lift.",
                             deed=label)
    for name in deal.offers:
        _check_costs(state, deal, name)


def _check_offer(state: GameState, name: str, offer: Offer) -> None:
    player = state.players[name]
    if player.bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=name)
    for index in offer.spaces:
        space = state.ed.space(index)
        deed = state.deeds.get(index)
        if deed is None or deed.owner != name:
            raise RuleBroken("%(deed)s does not belong to %(player)s.", deed=space.label,
                             player=name)
        if group_has_buildings(state, space):
            _check_built_group(state, offer, space)
    if offer.jail_cards > player.jail_cards:
        raise RuleBroken("%(player)s has only %(cards)s get-out-of-jail cards.", player=name,
                         cards=player.jail_cards)
    rules_for(state.ed).check_shares(state, name, offer.shares)  # M7, M9
    if offer.cash > player.cash:
        raise NotEnoughCash("%(player)s has only %(cash)s and cannot give %(amount)s.",
                            player=name, cash=Money.of(state, player.cash),
                            amount=Money.of(state, offer.cash))


def _check_built_group(state: GameState, offer: Offer, space: Space) -> None:
    """``space`` is of a group with buildings: C18 refuses it; M9 (the edition's
    ``built_group_sold_whole``) wants every lot of the group in the same offer."""
    if not state.ed.settings.built_group_sold_whole:
        raise RuleBroken("Sell the buildings on the %(group)s group first — no lot of a group "
                         "with buildings changes hands.", group=space.group)
    missing = [s.label for s in state.ed.group(space.group or "") if s.index not in offer.spaces]
    if missing:
        raise RuleBroken("Series %(group)s has buildings, so it changes hands only whole: "
                         "%(missing)s must go with %(lot)s in the same trade.",
                         group=space.group, missing=", ".join(missing), lot=space.label)


def _check_costs(state: GameState, deal: Deal, name: str) -> None:
    costs = receive_costs(state, deal, name)
    after = state.players[name].cash - deal.offers[name].cash \
        + deal.offers[deal.other(name)].cash
    if costs > after:
        raise NotEnoughCash("%(player)s must pay the bank %(costs)s at once for the mortgaged "
                            "deeds received but would have only %(after)s.", player=name,
                            costs=Money.of(state, costs), after=Money.of(state, after))

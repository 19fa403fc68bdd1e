"""Houses and hotels: build, sell back, repair bills (docs/rules.md C14–C17, C23(2), X2; C10).

docs/table-log.md ``build``, ``sell_building``, ``repairs``.  The rules themselves are in
:mod:`companion.rules.buildings`; every step is planned and checked before any event.
"""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.editions import Space
from companion.errors import N_, BadCommand, NotEnoughCash, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import pay_in_full
from companion.ledger.pot import pay_bank
from companion.money import Money
from companion.rules import rules_for
from companion.rules.build_timing import check_build_time
from companion.rules.buildings import Plan, check_buildable, houses_per_hotel, plan_for
from companion.state import GameState


@command("build", player_field="player")
def build(draft: Draft, cmd: Cmd) -> None:
    """``player`` puts ``count`` (default 1) more building levels on ``space`` (C14–C16).

    Houses first, then the hotel on H houses (H = 4; 3 in quick play, C23); each level
    costs the deed's house price, paid to the bank.  When: the edition's X4
    ``build_timing`` (M19: on the player's turn, after Ola Nordmann moved).

    Raises:
        RuleBroken: not the whole group, a lot mortgaged, uneven, a hotel already, the
        bank out of houses or hotels (C16), the player owes a debt, or not the time to
        build (X4, M19).
        NotEnoughCash: the levels cost more than the player's cash.
    """
    state = draft.state
    player, space = cmd.player(), state.ed.space(cmd.space())
    count = cmd.integer("count", 1, 5, default=1)
    rules_for(state.ed).check_build(state, player, space)  # K7: build_pair
    may_spend(state, player)
    check_build_time(state, player)  # X4, M19
    check_buildable(state, player, space)
    plan = plan_for(state, space)
    for _ in range(count):
        plan.build(space)
    cash = state.players[player].cash
    if plan.money > cash:
        raise NotEnoughCash("%(player)s has %(cash)s; building on %(deed)s costs %(cost)s.",
                            player=player, cash=Money.of(state, cash), deed=space.label,
                            cost=Money.of(state, plan.money))
    pay_in_full(draft, player, ev.BANK, plan.money, f"built on {space.label}", "house", space.index)
    emit_plan(draft, plan)


@command("sell_building", player_field="player")
def sell_building(draft: Draft, cmd: Cmd) -> None:
    """``player`` sells ``count`` (default 1) building levels of ``space`` back to the bank
    at half price, evenly (C17); ``"all": true`` sells every building of the group at once.

    A hotel follows the edition's X2 setting ``hotel_sale``: ``five_houses`` (NO) and
    ``half`` break it back into H houses for half a level's price, only if the bank has
    the houses (C16); ``hotel_plus_houses`` (SE) sells it with its houses at once, or,
    with ``"exchange": true`` (SE's other way), sells the hotel alone at half its price
    and exchanges it for H houses — only if the bank has them (C16).

    Raises:
        BadCommand: ``all`` and ``exchange`` together.
        RuleBroken: not the player's street, nothing to sell, uneven, no hotel to
        exchange, or the bank lacks the houses to break a hotel (C16).
    """
    state = draft.state
    player, space = cmd.player(), state.ed.space(cmd.space())
    rules_for(state.ed).check_sell_building(state, player, space)  # K8: sell_houses
    owner = state.deeds[space.index].owner if space.index in state.deeds else None
    if owner != player:
        raise RuleBroken("%(deed)s does not belong to %(player)s.", deed=space.label,
                         player=player)
    plan = plan_for(state, space)
    exchange = cmd.raw.get("exchange") is True
    if cmd.raw.get("all") is True:
        if exchange:
            raise BadCommand("Sell either 'all' the buildings or 'exchange' the hotel for "
                             "houses, not both.")
        if not any(plan.levels.values()):
            raise RuleBroken("The %(group)s group has no buildings to sell.",
                             group=space.group)
        plan.sell_all()
    else:
        if exchange and not state.deeds[space.index].hotel:
            raise RuleBroken("%(deed)s has no hotel to exchange for houses.", deed=space.label)
        for _ in range(cmd.integer("count", 1, 25, default=1)):
            plan.sell(space, exchange)
    pay_in_full(draft, ev.BANK, player, plan.money, f"sold buildings on {space.label}",
                "house_sale", space.index)
    emit_plan(draft, plan)


@command("repairs", player_field="player")
def repairs(draft: Draft, cmd: Cmd) -> None:
    """A repair card: ``player`` pays ``per_house`` × houses + ``per_hotel`` × hotels to the
    bank (C10); what they cannot pay is a debt (C21).  Under the pot house rule it goes
    into the free-parking pot (C12)."""
    state = draft.state
    player = cmd.player()
    per_house = cmd.amount("per_house", allow_zero=True)
    per_hotel = cmd.amount("per_hotel", allow_zero=True)
    if state.players[player].bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=player)
    deeds = state.owned_by(player)
    houses = sum(d.houses for d in deeds if not d.hotel)
    hotels = sum(1 for d in deeds if d.hotel)
    pay_bank(draft, player, houses * per_house + hotels * per_hotel,
             f"repairs: {houses} houses, {hotels} hotels", "repairs")


def may_spend(state: GameState, player: str) -> None:
    """Raises RuleBroken when ``player`` is out, or owes a debt (C21: pay debts first)."""
    if state.players[player].bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=player)
    if state.debts_of(player):
        raise RuleBroken("%(player)s must pay their debts first.", player=player)


def one_building(state: GameState, player: str, space: Space, building: str) -> Plan:
    """The plan of ``player`` putting one ``building`` (``house``/``hotel``) on ``space``,
    as bought at a building auction (C16).  Raises RuleBroken as :func:`build` does, or
    when the lot's next level is not that kind of building."""
    rules_for(state.ed).check_build(state, player, space)
    check_buildable(state, player, space)
    plan = plan_for(state, space)
    is_hotel = plan.levels[space.index] == houses_per_hotel(state)
    if is_hotel != (building == "hotel") and plan.levels[space.index] < plan.top:
        raise RuleBroken(N_("%(deed)s is ready for a hotel, not a house.") if is_hotel else
                         N_("%(deed)s is ready for a house, not a hotel."), deed=space.label)
    plan.build(space)
    return plan


def emit_plan(draft: Draft, plan: Plan) -> None:
    """Emit :class:`~companion.events.BuildingsSet` for every lot the plan changed."""
    for index, houses, hotel in plan.changes():
        draft.emit(ev.BuildingsSet(index, houses, hotel, draft.state.deeds[index].owner))

"""Mortgaging and lifting deeds with the bank (docs/rules.md C19, X3, M17; C20: the bank's only
credit).

docs/table-log.md ``mortgage`` / ``unmortgage``.  Amounts from :mod:`companion.rules.mortgages`.
Which lots may be mortgaged is the edition's ``settings.mortgage_lot_in_built_group``
(C19 with C14: none of a group with buildings; M17: any lot without buildings of its
own).  A rule module may refuse mortgages altogether (``check_mortgage``: Kortstokk, K8).
"""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.commands.buildings import may_spend
from companion.editions import Space
from companion.errors import NotEnoughCash, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import pay_in_full
from companion.money import Money
from companion.rules import rules_for
from companion.rules.buildings import group_has_buildings
from companion.rules.mortgages import lift_cost, mortgage_value
from companion.state import GameState


@command("mortgage", player_field="player")
def mortgage(draft: Draft, cmd: Cmd) -> None:
    """``player`` mortgages ``space``: the bank pays its mortgage value (C19, M17).

    Allowed while the player owes a debt — it is how money is raised (C21, M21).

    Raises:
        RuleBroken: the edition has no mortgages (K8); not the player's deed; already
        mortgaged; buildings on it (M17) or in its group (C19 with C14, per
        ``settings.mortgage_lot_in_built_group``).
        MissingValue: the edition lacks the mortgage value.
    """
    state = draft.state
    player, space = cmd.player(), state.ed.space(cmd.space())
    rules_for(state.ed).check_mortgage(state, player, space)  # K8: sell to the bank instead
    _own(state, player, space)
    deed = state.deeds[space.index]
    if deed.mortgaged:
        raise RuleBroken("%(deed)s is already mortgaged.", deed=space.label)
    if state.ed.settings.mortgage_lot_in_built_group:
        if deed.houses or deed.hotel:
            raise RuleBroken("Sell the buildings on %(lot)s to the bank first (half price): "
                             "only a lot without buildings is mortgaged.", lot=space.label)
    elif group_has_buildings(state, space):
        raise RuleBroken("Sell the buildings on the %(group)s group first — a lot is "
                         "mortgaged only when its group has no buildings.", group=space.group)
    value = mortgage_value(space)
    draft.emit(ev.MortgageSet(space.index, True, player))
    pay_in_full(draft, ev.BANK, player, value, f"mortgaged {space.label}", "mortgage", space.index)


@command("unmortgage", player_field="player")
def unmortgage(draft: Draft, cmd: Cmd) -> None:
    """``player`` lifts the mortgage on ``space``: mortgage value + 10 % interest, rounded
    per X3 (C19; NO: Parkveien 600 + 60 = 660).  Only the owner may lift it.

    Raises:
        RuleBroken: not the player's deed, not mortgaged, or the player owes a debt.
        NotEnoughCash: the lift costs more than the player's cash.
    """
    state = draft.state
    player, space = cmd.player(), state.ed.space(cmd.space())
    rules_for(state.ed).check_mortgage(state, player, space)  # K8: nothing is mortgaged
    _own(state, player, space)
    if not state.deeds[space.index].mortgaged:
        raise RuleBroken("%(deed)s is not mortgaged.", deed=space.label)
    may_spend(state, player)
    cost, cash = lift_cost(state.ed, space), state.players[player].cash
    if cost > cash:
        raise NotEnoughCash("%(player)s has %(cash)s; lifting %(deed)s costs %(cost)s.",
                            player=player, cash=Money.of(state, cash), deed=space.label,
                            cost=Money.of(state, cost))
    pay_in_full(draft, player, ev.BANK, cost, f"lifted {space.label}", "unmortgage", space.index)
    draft.emit(ev.MortgageSet(space.index, False, player))


def _own(state: GameState, player: str, space: Space) -> None:
    if state.players[player].bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=player)
    deed = state.deeds.get(space.index)
    if deed is None or deed.owner != player:
        raise RuleBroken("%(deed)s does not belong to %(player)s.", deed=space.label,
                         player=player)

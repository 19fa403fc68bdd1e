"""Kortstokk-Monopol's own commands (docs/rules.md K6–K9, K11;
docs/table-log.md "Kortstokk-Monopol").

``build_pair`` / ``sell_houses`` (K7, K8), ``sell_property``, ``sell_insurance`` and
``sell_everything`` (K8, K10), ``trade_insurance`` (K9), ``pass_joker`` and ``joker`` (K6),
``declare_fortune`` (K11).
The rules are in :mod:`companion.rules.kortstokk`; the table refuses these commands in a
game whose rule set is not ``Kortstokk`` (they are its own), except ``declare_fortune``
and ``pass_joker``, which follow the edition's settings ``fortune_goal`` and
``pass_chance_bonus``.  Amounts: coins.
"""

from __future__ import annotations

from types import ModuleType

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.errors import NotEnoughCash, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.ending import finish
from companion.ledger.payments import charge, pay_in_full
from companion.mechanics.fire_insurance import state as insurances
from companion.money import Money
from companion.rules import kortstokk
from companion.rules.build_timing import check_build_time
from companion.state import GameState
from companion.valuation import worth


def _rules(state: GameState) -> ModuleType:
    """The K rules' functions; the table refused these commands already in a game whose
    rule set does not offer them (:meth:`~companion.rules.ruleset.Classic.allows`)."""
    return kortstokk


def _active(state: GameState, player: str) -> None:
    if state.players[player].bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=player)


@command("build_pair", player_field="player")
def build_pair(draft: Draft, cmd: Cmd) -> None:
    """``player`` buys ``count`` (default 1) houses for EACH card of ``space``'s number,
    1 coin each, keeping both cards equal, at most rank − 1 (K7); when the edition's X4
    ``build_timing`` allows (K7: on their turn, after rolling and moving).

    Raises: RuleBroken (not both cards, too many, not the time (K7, X4), a debt), NotEnoughCash,
    MissingValue (house price unknown).
    """
    state, player = draft.state, cmd.player()
    space = state.ed.space(cmd.space())
    count = cmd.integer("count", 1, 12, default=1)
    _active(state, player)
    check_build_time(state, player)  # K7, X4: the edition's build_timing
    cost = _rules(state).build_cost(state, player, space, count)
    if state.debts_of(player):
        raise RuleBroken("%(player)s must pay their debts before building.", player=player)
    if cost > state.players[player].cash:
        raise NotEnoughCash("%(player)s has %(cash)s; %(houses)s houses cost %(cost)s.",
                            player=player, cash=Money.of(state, state.players[player].cash),
                            houses=count * 2, cost=Money.of(state, cost))
    pay_in_full(draft, player, ev.BANK, cost, f"houses on {space.group}", "house", space.index)
    for card in _rules(state).pair(state, space):
        draft.emit(ev.BuildingsSet(card.index, state.deeds[card.index].houses + count,
                                   owner=player))


@command("sell_houses", player_field="player")
def sell_houses(draft: Draft, cmd: Cmd) -> None:
    """``player`` sells ``count`` (default 1) houses from EACH card of ``space``'s number
    to the bank: 1 coin per two houses (K8).  Raises RuleBroken."""
    state, player = draft.state, cmd.player()
    space = state.ed.space(cmd.space())
    count = cmd.integer("count", 1, 12, default=1)
    _active(state, player)
    coins = _rules(state).sell_houses_value(state, player, space, count)
    for card in _rules(state).pair(state, space):
        draft.emit(ev.BuildingsSet(card.index, state.deeds[card.index].houses - count,
                                   owner=player))
    charge(draft, ev.BANK, player, coins, f"houses on {space.group} sold", "house_sale",
           space.index)


@command("sell_property", player_field="player")
def sell_property(draft: Draft, cmd: Cmd) -> None:
    """``player`` sells the unbuilt property ``space`` back to the bank for 1 coin (K8).
    Raises RuleBroken (not theirs, houses on the number)."""
    state, player = draft.state, cmd.player()
    space = state.ed.space(cmd.space())
    _active(state, player)
    coins = _rules(state).sell_property_value(state, player, space)
    draft.emit(ev.DeedMoved(space.index, ev.BANK))
    charge(draft, ev.BANK, player, coins, f"{space.label} sold to the bank", "deed_sale",
           space.index)


@command("sell_everything", player_field="player")
def sell_everything(draft: Draft, cmd: Cmd) -> None:
    """``player`` sells every house, property and fire insurance to the bank at the K8
    prices (K10: a bankrupt player's assets are all sold; the coins pay their debts).
    Raises RuleBroken when there is nothing to sell."""
    state, player = draft.state, cmd.player()
    module = _rules(state)
    owned = state.owned_by(player)
    insurance = insurances.of(state).held.get(player, 0)
    if not owned and not insurance:
        raise RuleBroken("%(player)s has nothing left to sell.", player=player)
    parts = module.worth(state, player)
    coins = parts["deeds"] + parts["buildings"] + parts["insurance"]
    for deed in owned:
        if deed.houses:
            draft.emit(ev.BuildingsSet(deed.space, 0, owner=player))
        draft.emit(ev.DeedMoved(deed.space, ev.BANK))
    if insurance:
        draft.emit(ev.FireInsuranceChanged(player, -insurance))
    charge(draft, ev.BANK, player, coins, "everything sold to the bank", "sale")


@command("sell_insurance", player_field="player")
def sell_insurance(draft: Draft, cmd: Cmd) -> None:
    """``player`` sells one fire insurance back to the bank for 1 coin (K8)."""
    state, player = draft.state, cmd.player()
    module = _rules(state)
    if insurances.of(state).held.get(player, 0) < 1:
        raise RuleBroken("%(player)s has no fire insurance.", player=player)
    draft.emit(ev.FireInsuranceChanged(player, -1))
    charge(draft, ev.BANK, player, module.SALE_PER_INSURANCE, "fire insurance sold",
           "insurance_sale")


@command("trade_insurance")  # banker only: the taker pays (K9 trades are agreed at the table)
def trade_insurance(draft: Draft, cmd: Cmd) -> None:
    """``from`` gives one fire insurance to ``to``, who pays ``price`` coins (default 0)
    (K9: traded freely).  Raises RuleBroken, NotEnoughCash."""
    state = draft.state
    _rules(state)
    giver, taker = cmd.player("from"), cmd.player("to")
    price = cmd.amount("price", allow_zero=True) if cmd.has("price") else 0
    if giver == taker or insurances.of(state).held.get(giver, 0) < 1:
        raise RuleBroken("%(giver)s has no fire insurance to give to %(taker)s.", giver=giver,
                         taker=taker)
    _active(state, taker)
    if price > state.players[taker].cash:
        raise NotEnoughCash("%(player)s has %(cash)s, not %(price)s.", player=taker,
                            cash=Money.of(state, state.players[taker].cash),
                            price=Money.of(state, price))
    draft.emit(ev.FireInsuranceChanged(giver, -1))
    draft.emit(ev.FireInsuranceChanged(taker, 1))
    pay_in_full(draft, taker, giver, price, "fire insurance", "insurance")


@command("pass_joker")  # banker only, like pass_start: a phone could claim it again and again
def pass_joker(draft: Draft, cmd: Cmd) -> None:
    """``player`` passed a joker without stopping: the bank pays the edition's
    ``pass_chance_bonus`` (K6: 1 coin).  Raises RuleBroken when the edition has none."""
    state, player = draft.state, cmd.player()
    bonus = state.ed.settings.pass_chance_bonus
    _active(state, player)
    if not bonus:
        raise RuleBroken("Passing a chance space pays nothing in this edition.")
    charge(draft, ev.BANK, player, bonus, "passed a joker", "joker_bonus")


@command("joker", player_field="player")
def joker(draft: Draft, cmd: Cmd) -> None:
    """``player`` stopped on a joker and rolled ``dice`` (2–12) again: the joker table's
    effect (K6) — ``+N`` from the bank, ``-N`` to the bank (a debt when short),
    ``fire_insurance``, or a note for the table (no money).  A player's phone records
    only its own joker that holds the turn (phase ``joker``), once; the banker any.

    Raises: MissingValue (the effect of that roll is not known yet: asked once);
    RuleBroken (a phone's joker while its turn waits for none; nothing changes).
    """
    state, player = draft.state, cmd.player()
    total = cmd.integer("dice", 2, 12)
    _active(state, player)
    waiting = state.phase == kortstokk.JOKER_PHASE and state.to_roll == player
    if cmd.sender is not None and not waiting:
        raise RuleBroken("%(player)s has no joker to roll for now (K6).", player=player)
    kind, amount = _rules(state).parse_effect(_rules(state).chance_effect(state, total))
    if kind == "coins" and amount > 0:
        charge(draft, ev.BANK, player, amount, f"joker {total}", "joker")
    elif kind == "coins" and amount < 0:
        charge(draft, player, ev.BANK, -amount, f"joker {total}", "joker")
    elif kind == "insurance":
        draft.emit(ev.FireInsuranceChanged(player, 1))
    _rules(state).joker_recorded(draft, player)  # K6: the turn may pass (a note too)


@command("declare_fortune", player_field="player")
def declare_fortune(draft: Draft, cmd: Cmd) -> None:
    """``player`` declares on their turn that selling everything leaves at least the
    edition's ``fortune_goal`` (K11: 50 coins): they win at once.

    Raises: RuleBroken — not their turn, no such goal in this edition, or short of it
    (nothing changes; the message says how much they would have).
    """
    state, player = draft.state, cmd.player()
    goal = state.ed.settings.fortune_goal
    _active(state, player)
    if goal is None:
        raise RuleBroken("This edition has no fortune to declare.")
    if state.to_roll != player:
        raise RuleBroken("%(player)s can declare a fortune only on their own turn (K11).",
                         player=player)
    total = worth(state, player)["total"]
    if total < goal:
        raise RuleBroken("Selling everything would leave %(player)s %(total)s; %(goal)s are "
                         "needed to win (K11).", player=player, total=Money.of(state, total),
                         goal=Money.of(state, goal))
    finish(draft, player, "K11")  # open claims paid first (C5)

"""The ``ola`` mechanic's commands: Multimillionær's turn at the table — Ola Nordmann,
Ferieparadiset and the Casino (docs/table-log.md "Multimillionær"; docs/rules.md M4, M8,
M13–M15).

``ola_land`` (``space``, optional ``dice``), ``ola_roll`` (``player``, ``dice``: the dice
twin for Ola), ``stay`` (``player``), ``casino``
(``player``, ``bet``, ``die``).  Shares and ``stock_level`` are in
:mod:`companion.mechanics.stocks.commands`, debt notes in
:mod:`companion.mechanics.notes.commands`; the rules in each mechanic's ``rules``.  A game
whose edition has no stock board refuses these commands.  Money ``int`` kr.
"""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.commands.buildings import may_spend
from companion.commands.dice import read_dice
from companion.commands.handover import hands_over, pass_turn
from companion.commands.turns import rent_due
from companion.errors import BadCommand, MissingValue, NotEnoughCash, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import pay_in_full
from companion.mechanics.ola import state as ola_turn
from companion.mechanics.ola.rules import BORSEN_OLA, car_moved, rent_free
from companion.mechanics.stocks.commands import multimillionaer
from companion.rules import rules_for
from companion.rules.lapse import lapse_claims
from companion.state import GameState

HOLIDAY_STEP = 10_000  # M14: the 2nd extra round costs 10 000, the 3rd 20 000, …
CASINO_PAYS = 10  # M13: a six pays 10 × the bet


@command("ola_land")
def ola_land(draft: Draft, cmd: Cmd) -> None:
    """Ola Nordmann stopped on ``space`` (M4, before the car; again after doubles).

    An unowned deed is auctioned at once (``AuctionOpened``; the table bids as usual); an
    owned one gets its rent with the bank's money, as a claim like any other (M11), unless
    Ola stopped at Trafikkfyr the turn before (M15); at Børsen the player to roll may buy
    one share at double price (M8).  Prøv lykken, Casino, Ferieparadiset, Skatt: nothing
    (M12–M14, M16).  ``dice`` (1–12) is the roll, when rent depends on it.  Ola's first
    move of a turn is that turn's roll for Ola: the rights and duties of the second turn
    before lapse now (M11, :mod:`companion.rules.lapse`), before Ola's own rent.

    Raises:
        RuleBroken: the car has moved this turn, or another auction is still open.
        MissingValue: the deed's rents are not known yet (asked once).
    """
    multimillionaer(draft.state)
    index = cmd.space()
    ola_stops(draft, index, cmd.integer("dice", 1, 12) if cmd.has("dice") else None)


@command("ola_roll", player_field="player")
def ola_roll(draft: Draft, cmd: Cmd) -> None:
    """The dice twin for Ola Nordmann (M4): ``player``, the player to roll, rolled
    ``dice`` for Ola — [d1, d2], or ONE die [d] when Ola leaves Børsen or Ferieparadiset
    (``settings.one_die_from``; M8, M14: "gjelder også Ola Nordmann").  Ola moves the sum
    from his space and does what ``ola_land`` does there; doubles roll for Ola again.

    Sent by the player next in turn once the current one has finished (car moved or
    stayed, no doubles pending), it passes the turn first, as ``next_turn`` does (C5, M11;
    :mod:`companion.commands.handover`).

    Raises:
        BadCommand: dice not whole numbers 1–6.
        RuleBroken: two dice where one is due or one where two are (M8, M14); not the
        player to roll (nor the next one, after a finished turn); Ola's rolling is
        over this turn (no doubles), or the car has moved (M4); another auction is still open.
        MissingValue: the deed's rents are not known yet (asked once).
    """
    state = draft.state
    multimillionaer(state)
    player = cmd.player()
    handing = hands_over(state, player)  # C5, M11: the next player's roll is the next turn
    if not handing:
        _may_roll_ola(state, player)
    dice = read_dice(state, cmd, "Ola Nordmann", ola_turn.of(state).ola)
    if handing:
        pass_turn(draft)
    double = len(dice) == 2 and dice[0] == dice[1]
    index = (ola_turn.of(state).ola + sum(dice)) % len(state.ed.spaces)
    ola_stops(draft, index, sum(dice), rolled=ev.OlaRolled(dice, state.turn, not double))


def _may_roll_ola(state: GameState, player: str) -> None:
    if state.to_roll != player:
        raise RuleBroken("It is %(turn)s's turn to roll, not %(player)s's.",
                         turn=state.to_roll, player=player)
    if ola_turn.of(state).ola_done == state.turn and state.phase != "car":
        raise RuleBroken("Ola Nordmann has finished rolling this turn (no doubles): move "
                         "the car.")


def ola_stops(draft: Draft, index: int, dice: int | None,
              rolled: ev.OlaRolled | None = None) -> None:
    """Ola Nordmann stopped on board ``index`` (the body of ``ola_land`` and ``ola_roll``,
    which passes its ``rolled`` event, emitted after the checks).  Raises as they do."""
    state = draft.state
    space = state.ed.space(index)
    if state.phase == "car":
        raise RuleBroken("Ola Nordmann moves before the car (M4), and %(player)s's car has "
                         "already moved this turn.", player=state.to_roll)
    unowned = space.is_deed and space.index not in state.deeds
    if unowned and state.auction is not None:
        raise RuleBroken("Another auction is still open — close it first: Ola's lot is "
                         "auctioned at once (M4).")
    amount = 0 if unowned or not space.is_deed else _ola_rent(state, space.index, dice)
    if rolled is not None:
        draft.emit(rolled)
    draft.emit(ev.OlaMoved(space.index))
    if state.phase == "ola":
        draft.emit(ev.PhaseSet("build"))
        lapse_claims(draft)  # M11: the second player after has rolled for Ola
    if unowned:
        draft.emit(ev.AuctionOpened(space.index, "", 1))
    elif amount:
        _ola_pays(draft, space.index, amount)
    elif space.kind == "exchange":
        draft.emit(ev.BorsenRight(state.to_roll, state.turn, BORSEN_OLA))
    elif space.kind == "traffic_light":
        draft.emit(ev.TrafficLight(None, state.turn))


def _ola_rent(state: GameState, index: int, dice: int | None) -> int:
    """The rent Ola owes on owned ``index`` (0 when mortgaged or rent-free, M15)."""
    if rent_free(state, ev.BANK):
        return 0
    try:
        return int(rules_for(state.ed).rent(state, state.ed.space(index), dice))
    except ValueError as exc:
        if isinstance(exc, RuleBroken | MissingValue):
            raise
        raise BadCommand.like(exc) from exc


def _ola_pays(draft: Draft, index: int, amount: int) -> None:
    """M4: the bank owes the owner Ola's rent — a claim, or paid at once under
    ``auto_rent``; the stock board moves now, at Ola's roll (M6)."""
    state = draft.state
    owner = state.deeds[index].owner
    rent_due(draft, ev.BANK, owner, index, amount, f"rent {state.ed.space(index).label} (Ola)")


@command("stay", player_field="player")
def stay(draft: Draft, cmd: Cmd) -> None:
    """``player`` stays another round in Ferieparadiset instead of moving the car (M14):
    the first extra round is free, the second costs 10 000 kr, the third 20 000 kr, …,
    paid to the bank before staying.  It is the car's part of the turn (M4).

    Raises:
        RuleBroken: not in Ferieparadiset, not their turn, Ola not moved yet, the car
        already moved or stayed this turn, or a debt unpaid.  NotEnoughCash: too little.
    """
    state = draft.state
    multimillionaer(state)
    player = cmd.player()
    if state.ed.space(state.players[player].position).kind != "holiday":
        raise RuleBroken("%(player)s's car is not in Ferieparadiset.", player=player)
    _car_turn(state, player)
    stays = ola_turn.of(state).holiday.get(player, 0)
    cost = HOLIDAY_STEP * stays
    if cost:
        may_spend(state, player)
    if cost > state.players[player].cash:
        raise NotEnoughCash("Another round in Ferieparadiset costs %(cost)s %(unit)s; "
                            "%(player)s has %(cash)s %(unit)s.", cost=cost, player=player,
                            cash=state.players[player].cash, unit=state.ed.unit)
    pay_in_full(draft, player, ev.BANK, cost, f"Ferieparadiset, extra round {stays + 1}",
                "holiday")
    draft.emit(ev.HolidayStays(player, stays + 1))
    car_moved(draft, player)


def _car_turn(state: GameState, player: str) -> None:
    """M4: staying is the car's part of ``player``'s own turn, after Ola and before the car
    moved."""
    if state.to_roll != player:
        raise RuleBroken("It is %(turn)s's turn: %(player)s can stay in Ferieparadiset only "
                         "on their own turn.", turn=state.to_roll, player=player)
    if state.phase == "ola":
        raise RuleBroken("Move Ola Nordmann first (M4): %(player)s can stay in Ferieparadiset "
                         "after Ola.", player=player)
    if state.phase == "car":
        raise RuleBroken("%(player)s's car has already moved or stayed this turn.",
                         player=player)


@command("casino", player_field="player")
def casino(draft: Draft, cmd: Cmd) -> None:
    """``player``, whose car just stopped at the Casino, bets ``bet`` to the bank and rolls
    one ``die``: a 6 pays 10 × the bet from the bank (M13).  One bet per stop.

    Raises:
        RuleBroken: not at the Casino on their turn's car move, bet already placed, or a
        debt unpaid.  NotEnoughCash: the bet exceeds their cash.  BadCommand: die not 1–6.
    """
    state = draft.state
    multimillionaer(state)
    player, bet, die = cmd.player(), cmd.amount("bet"), cmd.integer("die", 1, 6)
    may_spend(state, player)
    at_casino = state.ed.space(state.players[player].position).kind == "casino"
    if not at_casino or state.to_roll != player or state.phase != "car":
        raise RuleBroken("%(player)s can bet at the Casino only when their car has just "
                         "stopped there, on their own turn (M13).", player=player)
    if ola_turn.of(state).casino.get(player) == state.turn:
        raise RuleBroken("%(player)s has already bet at the Casino this turn.", player=player)
    if bet > state.players[player].cash:
        raise NotEnoughCash("%(player)s has %(cash)s %(unit)s and cannot bet %(bet)s %(unit)s.",
                            player=player, cash=state.players[player].cash, bet=bet,
                            unit=state.ed.unit)
    pay_in_full(draft, player, ev.BANK, bet, "Casino bet", "casino_bet")
    if die == 6:
        pay_in_full(draft, ev.BANK, player, CASINO_PAYS * bet, "Casino: a six pays 10 × the bet",
                    "casino_win")
    draft.emit(ev.CasinoPlayed(player, state.turn))

"""The ``ola`` mechanic's rules.  Multimillionær's turn: its phases, debt-note interest
(:mod:`companion.mechanics.notes.rules`), lapse, Trafikkfyr, Børsen and
Ferieparadiset bookkeeping (docs/rules.md M2, M4, M8, M11, M14, M15, M18).

A turn has three phases (M4): ``ola`` (roll and move Ola Nordmann), ``build`` (build and
pay the debt notes' interest), ``car`` (the player's own car).  ``ola_land`` ends the Ola
phase; the car's first landing (``land`` / ``roll``) or ``stay`` starts the car phase.
Interest unpaid when the car moves — or when the turn passes without a car move — is
*missed*: any other player may point it out until it lapses (M11).  Rights and duties of
a turn lapse with the rent claims of that turn: when the second player after has rolled
for Ola Nordmann (M11, :func:`companion.rules.lapse.alive`).  Money ``int`` kr.
"""

from __future__ import annotations

from companion import events as ev
from companion.ledger.draft import Draft
from companion.mechanics.notes.rules import miss_interest
from companion.mechanics.ola import state as ola_turn
from companion.mechanics.stocks import state as stock_board
from companion.mechanics.stocks.rules import SHARES_PER_SERIES, series_ids, split_shares
from companion.rules.lapse import alive, lapse_claims
from companion.state import GameState

BORSEN_CAR = 2  # M8: a car at Børsen buys up to two shares from one opponent
BORSEN_OLA = 1  # M8: Ola at Børsen: the roller buys one
PHASES = ("ola", "build", "car")


def borsen_right(state: GameState, player: str) -> int:
    """Shares ``player`` may still buy at Børsen (M8), 0 when none or lapsed (M11)."""
    turn, count = stock_board.of(state).borsen.get(player, (0, 0))
    return count if count and alive(state, turn) else 0


def rent_free(state: GameState, payer: str) -> bool:
    """M15: ``payer`` (a player, or ``"bank"`` for Ola) pays no rent this turn.

    Ola, after stopping at Trafikkfyr in turn t, rides free per the edition's
    ``ola_light_turns``: ``"next_turn"`` = turn t + 1 only (its next move, the seed's
    "neste omgang" for Ola); ``"next_round"`` = turns t + 1 … t + N, N = players still in.
    """
    if payer == ev.BANK:
        light = ola_turn.of(state).ola_light
        if light is None:
            return False
        next_round = state.ed.settings.ola_light_turns == "next_round"
        return 1 <= state.turn - light <= (len(state.active_players()) if next_round else 1)
    return ola_turn.of(state).rent_free.get(payer) == state.turn


def car_moved(draft: Draft, player: str) -> None:
    """M4: the car of the player to roll moved (or stays put, M14): the car phase begins;
    interest not paid by now is missed (M18).  Ola moved before the car, so what lapses at
    this turn's Ola roll has lapsed now if ``ola_land`` was not recorded (M11)."""
    state = draft.state
    if player == state.to_roll and state.phase != "car":
        miss_interest(draft, player, state.turn)
        draft.emit(ev.PhaseSet("car"))
        lapse_claims(draft)


def after_start(draft: Draft) -> None:
    """M2, M3: every series opens at its starting level with its 10 shares in the bank,
    which deals them evenly to the players (4 players: 2 each, 2 left in the bank); then
    the first player moves Ola Nordmann (M4)."""
    state = draft.state
    players = list(state.players)
    each, _ = split_shares(len(players))
    for series, level in zip(series_ids(state.ed), state.ed.settings.share_start_levels,
                             strict=True):
        draft.emit(ev.StockListed(series, level, SHARES_PER_SERIES))
        for name in players:
            draft.emit(ev.SharesMoved(series, ev.BANK, name, each))
    draft.emit(ev.PhaseSet("ola"))


def after_turn(draft: Draft, previous: str) -> None:
    """The turn passed from ``previous``: interest they never paid (no car move, e.g. a
    stay) is missed; the new player starts with Ola (M4); a Trafikkfyr stop of theirs
    frees them from rent during this turn (M15)."""
    state = draft.state
    if state.phase != "car" and not state.players[previous].bankrupt:
        miss_interest(draft, previous, state.turn - 1)
    draft.emit(ev.PhaseSet("ola"))
    player = state.to_roll
    if ola_turn.of(state).light.get(player, state.turn) < state.turn:
        draft.emit(ev.RentFreeTurn(player, state.turn))


def after_land(draft: Draft, player: str, index: int) -> None:
    """The car of ``player`` stopped on ``index``: the car phase (M4); Børsen gives the
    right to buy two shares (M8); Trafikkfyr frees the next round from rent (M15);
    leaving Ferieparadiset ends the stay count (M14)."""
    state = draft.state
    car_moved(draft, player)
    kind = state.ed.space(index).kind
    if kind == "exchange":
        draft.emit(ev.BorsenRight(player, state.turn, BORSEN_CAR))
    elif kind == "traffic_light":
        draft.emit(ev.TrafficLight(player, state.turn))
    if kind != "holiday" and ola_turn.of(state).holiday.get(player):
        draft.emit(ev.HolidayStays(player, 0))

"""The ``passports`` mechanic's rules: Verdens underverker's passports, free flights and the
race to 22 (docs/rules.md W1–W4).

The core calls these through the rule set :class:`~companion.rules.wonders.Wonders`
(registered as ``wonders``; its slice: :mod:`companion.mechanics.passports.state`):

- :func:`after_land` marks a wonder (W1) or offers a free flight on an airport (W2);
- :func:`after_deed_won` and :func:`after_deal` mark a wonder won at auction or dealt in
  quick play (W1).

Wonders are the edition's ``street`` spaces; ``settings.passport_size`` (22) of them make
a full passport, which ends the game at once, pays ``settings.passport_bonus`` (30 000 kr)
and names the winner by the tally (W3).  Board indexes are ``int``; money ``int`` kr.
"""

from __future__ import annotations

from typing import Any

from companion import events as ev
from companion.editions import Edition, Space
from companion.ledger.draft import Draft
from companion.ledger.ending import finish
from companion.mechanics.passports import state as passports
from companion.state import GameState

__all__ = ["after_deal", "after_deed_won", "after_land", "is_wonder", "mark", "passport",
           "pending_flight", "progress", "unvisited", "wonders"]


def is_wonder(edition: Edition, space: Space) -> bool:
    """True when ``space`` goes in a passport (W1): a street of an edition with passports;
    never an airport (station) or a public institution (utility)."""
    return edition.settings.passport_size > 0 and space.kind == "street"


def wonders(edition: Edition) -> tuple[Space, ...]:
    """Every wonder of the board, in board order (empty without passports)."""
    return tuple(s for s in edition.spaces if is_wonder(edition, s))


def unvisited(state: GameState, name: str) -> list[int]:
    """Board indexes of the wonders ``name`` has not marked yet, in board order."""
    visited = set(passports.of(state).marks.get(name, []))
    return [s.index for s in wonders(state.ed) if s.index not in visited]


def pending_flight(state: GameState, name: str) -> int | None:
    """The airport (board index) whose free flight ``name`` may still use, or None (W2).

    The right comes with landing on an airport and lasts while the player stands there
    in the same turn: their next landing, jail or the next turn ends it; so does using it.
    """
    player, flight = state.players[name], passports.of(state).flights.get(name)
    if flight is None or player.bankrupt or state.over:
        return None
    airport, turn = flight
    if turn != state.turn or player.position != airport:
        return None
    return airport


def mark(draft: Draft, player: str, index: int, how: str) -> None:
    """Mark the wonder at ``index`` in ``player``'s passport (W1), once; the full passport
    ends the game (W3).  ``how``: ``landed``, ``auction``, ``dealt`` or ``flight``.

    A space that is no wonder, or one already marked, is left alone (callers that must
    refuse check first, see :mod:`companion.mechanics.passports.commands`).
    """
    state = draft.state
    if state.over or not is_wonder(state.ed, state.ed.space(index)):
        return
    if index in passports.of(state).marks.get(player, []):
        return
    draft.emit(ev.PassportMarked(player, index, how))
    if len(passports.of(state).marks.get(player, [])) >= state.ed.settings.passport_size:
        _finish(draft, player)


def _finish(draft: Draft, player: str) -> None:
    """W3: the first full passport earns the bonus (bank pays in full, C25) and ends the
    game: open rent claims are paid (C5; e.g. the rent of the wonder that was the 22nd
    mark), then the tally names the winner by the game's ``winner_by``."""
    bonus = draft.state.ed.settings.passport_bonus
    if bonus > 0:
        draft.emit(ev.MoneyMoved(ev.BANK, player, bonus, "full passport (W3)",
                                 "passport_bonus"))
    finish(draft, how="W3")


def after_land(draft: Draft, player: str, index: int) -> None:
    """W1: a wonder landed on is marked.  W2: an airport marks nothing itself but offers
    a free flight (owned or not; its rent was handled by ``land``)."""
    state = draft.state
    space = state.ed.space(index)
    if state.ed.settings.passport_size and space.kind == "station" and not state.over:
        draft.emit(ev.FlightOffered(player, index))
    else:
        mark(draft, player, index, "landed")


def after_deed_won(draft: Draft, player: str, index: int) -> None:
    """W1: a wonder won at auction is marked."""
    mark(draft, player, index, "auction")


def after_deal(draft: Draft, player: str, index: int) -> None:
    """W1: a wonder dealt in quick play (C23(1)) is marked."""
    mark(draft, player, index, "dealt")


def progress(state: GameState, name: str) -> dict[str, Any] | None:
    """``name``'s race to a full passport for phones, console and LEDs; None without
    passports.  Shape: ``{"visited": int, "of": int, "unvisited": [{"index", "name"}],
    "free_flight": {"index", "name"} of the airport, or None}``."""
    size = state.ed.settings.passport_size
    if not size:
        return None
    airport = pending_flight(state, name)
    return {
        "visited": len(passports.of(state).marks.get(name, [])), "of": size,
        "unvisited": [_named(state, i) for i in unvisited(state, name)],
        "free_flight": None if airport is None else _named(state, airport),
    }


def passport(state: GameState, name: str) -> list[dict[str, Any]]:
    """The wonders ``name`` has marked, in the order marked: ``[{"index", "name"}]``
    (``name`` = the printed name, or the label "brown #1" until the table enters it)."""
    return [_named(state, i) for i in passports.of(state).marks.get(name, [])]


def _named(state: GameState, index: int) -> dict[str, Any]:
    return {"index": index, "name": state.ed.space(index).label}


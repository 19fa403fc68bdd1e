"""What changed between two states, for the live streams (issue 19 point 1).

Each phone used to get the whole state (~5 kB) on every command.  :class:`Changes` keeps,
per game, the last state it built as JSON text by section and by player, and gives for the
next state both the whole state's text (exactly :func:`web.state_json.encode` of
:func:`companion.view.snapshot`, joined from those parts when asked) and a *change* — for
a section or player whose text differs, the fields that differ
(:mod:`web.change_units`)::

    {"seq": n, "base": b, "set": [[path, value], ...], "events": [event, ...]}

``base``: the sequence of the state the change applies to (the game's previous state; the
log's sequence numbers are shared by every game, so not always ``n - 1``); each ``path`` a
list: ``[section]``, ``[section, field]``, ``["players"]``, ``["players", name]``,
``["players", name, field]`` (a player by name, the list's order kept) or ``["players",
name, "spaces", start, end]``: the entries that replace ``spaces[start:end]`` (a splice:
a deed bought, built on, mortgaged) — never ``["game", "seq"]``: the game's ``seq`` is the
change's own ``n``; ``events``: the
committed events (:func:`companion.events.to_dict`; ``[]`` when not known, e.g. undo).
Nothing is ever dropped: a field that comes or goes replaces its whole section (or
player), and a state whose sections differ gets no change (the whole state instead).
:func:`rebuild` (and ``Companion.applyChange`` in web/static/companion.js, its twin)
turns the state at ``base`` into the state at ``n``.

A player's figures (worth, raisable, deeds) are costly (:func:`companion.view.snapshot`):
they are kept per player and built again only for the players the events name
(:func:`touched`), or for every player when an event's effect is not known from its
fields (undo, a new game, an edition value, the stock board…): correct first.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import orjson

from companion import events as ev
from companion.mechanics.base import active
from companion.state import GameState
from companion.view import player_view, snapshot
from web import change_units as units

#: Events whose effect on the players' figures is only on the players their fields name
#: (and the owners of the deed at ``space``); any other event rebuilds every player, and
#: so does a turn passed in a game with edition mechanics (:func:`touched`).
NAMED_ONLY = (ev.MoneyMoved, ev.DebtOpened, ev.DebtSettled, ev.DeedMoved, ev.Landed,
              ev.ClaimOpened, ev.ClaimClosed, ev.JailEntered, ev.JailLeft,
              ev.JailCardsChanged, ev.BuildingsSet, ev.MortgageSet, ev.AuctionOpened,
              ev.BidPlaced, ev.TradeProposed, ev.Rolled, ev.JailTried, ev.PotChanged)


@dataclass(frozen=True)
class Step:
    """The result of :meth:`Changes.advance`: the state ``seq`` (its whole text
    :attr:`full`, joined from ``parts`` when first asked) and the change from ``base``
    (None: no earlier state kept, or its sections differ)."""

    seq: int
    parts: tuple[tuple[str, bytes], ...]
    base: int | None
    change: bytes | None

    @cached_property
    def full(self) -> bytes:
        """The whole state's JSON text (exactly :func:`web.state_json.encode` of
        :func:`companion.view.snapshot`)."""
        return b"{" + b",".join(units.dumps(k) + b":" + v for k, v in self.parts) + b"}"


def touched(state: GameState, events: Iterable[ev.Event],
            owners: dict[int, str]) -> set[str] | None:
    """The players whose figures ``events`` (just folded into ``state``) may change: the
    names in their fields, and for an event about a deed (``space``) its owner before
    (``owners``: board index → owner in the kept figures) and now.  None: not known from
    the fields (rebuild every player)."""
    names: set[str] = set()
    for event in events:
        # a turn passed may end what an edition mechanic shows of any player (W: a free
        # flight offered); the core's figures of a player change only with its own events
        turn = isinstance(event, ev.TurnPassed) and not active(state)
        if not (turn or isinstance(event, NAMED_ONLY)):
            return None
        for value in vars(event).values():
            if isinstance(value, str) and value in state.players:
                names.add(value)
        space = getattr(event, "space", None)
        if isinstance(space, int):
            for owner in (owners.get(space), getattr(state.deeds.get(space), "owner", None)):
                if owner is not None:
                    names.add(owner)
        if isinstance(event, ev.TradeProposed):
            names.update(n for n in event.parties if n in state.players)
    return names


class Changes:
    """Per game, the last state streamed as units, and the step to the next one.  Call
    :meth:`advance` under the table's lock (the state must not move meanwhile,
    :meth:`web.hub.Hub.committed`); :meth:`prime` and :meth:`forget` from anywhere."""

    def __init__(self) -> None:
        self._frames: dict[str, units.Frame] = {}
        self._lock = threading.Lock()

    def forget(self, game_id: str) -> None:
        """Drop what is kept of ``game_id`` (the next step builds it all)."""
        with self._lock:
            self._frames.pop(game_id, None)

    def prime(self, game_id: str, seq: int, text: str) -> None:
        """Keep the state ``seq`` of ``game_id`` from its whole text (what a stream that
        connects gets) when nothing newer is kept: the next command's step is a change."""
        with self._lock:
            old = self._frames.get(game_id)
            if old is not None and old.seq >= seq:
                return
            snap = orjson.loads(text)
            players = {p["name"]: units.unit(p, None, True) for p in snap["players"]}
            frame = units.frame(seq, snap, players)
            if units.whole(frame) == text.encode():  # else (never seen): the next step is whole
                self._frames[game_id] = frame

    def advance(self, state: GameState,
                known: tuple[int, tuple[ev.Event, ...]] | None = None) -> Step:
        """The step to ``state``.  ``known``: ``(base, events)`` when ``events`` took the
        game from its state ``base`` to ``state`` (then only the players they touch are
        built again, when ``base`` is the state kept); None rebuilds every player."""
        with self._lock:
            return self._advance(state, known)

    def _advance(self, state: GameState,
                 known: tuple[int, tuple[ev.Event, ...]] | None) -> Step:
        old = self._frames.get(state.game_id)
        kept = old.players if old is not None else {}
        names: set[str] | None = None
        if old is not None and known is not None and known[0] == old.seq:
            owners = {i: n for n, p in kept.items() for i in p.owned}
            names = touched(state, known[1], owners)
        players: dict[str, units.Unit] = {}
        for name in state.players:
            unit = kept.get(name)
            if unit is None or names is None or name in names:
                unit = units.unit(player_view(state, name), unit, True)
            players[name] = unit
        new = units.frame(state.seq, snapshot(state, players=[]), players,
                          old.sections if old is not None else {})
        self._frames[state.game_id] = new
        parts = tuple((k, u.text) for k, u in new.sections.items())
        if old is None or list(old.sections) != list(new.sections):
            return Step(state.seq, parts, None, None)
        sets = units.sets(old, new)
        events = known[1] if known is not None and known[0] == old.seq else ()
        return Step(state.seq, parts, old.seq, _change(state.seq, old.seq, sets, events))


def _change(seq: int, base: int, sets: list[tuple[list[Any], bytes]],
            events: tuple[ev.Event, ...]) -> bytes:
    """The change's JSON text (the module's docstring), each set's value text as is."""
    dumps = units.dumps
    return (b'{"seq":' + dumps(seq) + b',"base":' + dumps(base) + b',"set":['
            + b",".join(b"[" + dumps(p) + b"," + v + b"]" for p, v in sets)
            + b'],"events":' + dumps([ev.to_dict(e) for e in events]) + b"}")


def rebuild(state: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """The state ``change`` leads to from ``state`` (the state at ``change["base"]``; not
    changed itself): the Python twin of ``Companion.applyChange`` (for tests).

    Raises ValueError when ``state`` is not at the change's base."""
    if state["game"]["seq"] != change["base"]:
        raise ValueError(f"state {state['game']['seq']} is not the base {change['base']}")
    state = copy.deepcopy(state)
    state["game"]["seq"] = change["seq"]  # not among the sets: the change's own seq
    for path, value in change["set"]:
        if path[0] == "players" and len(path) > 1:
            at = next(i for i, p in enumerate(state["players"]) if p["name"] == path[1])
            if len(path) == 2:
                state["players"][at] = value
            elif len(path) == 5:  # a splice of a list field
                state["players"][at][path[2]][path[3]:path[4]] = value
            else:
                state["players"][at][path[2]] = value
        elif len(path) == 1:
            state[path[0]] = value
        else:
            state[path[0]][path[1]] = value
    return state

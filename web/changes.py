"""What changed between two states, for the live streams (issue 19 point 1).

Each phone used to get the whole state (~5 kB) on every command.  :class:`Changes` keeps,
per game, the last state it built as JSON text by section and by player, and gives for the
next state both the whole state's text (exactly :func:`web.state_json.encode` of
:func:`companion.view.snapshot`, joined from those parts) and a *change* — for a section
or player whose text differs, the fields that differ (parsed from the texts again, which
gives the same text: nothing kept can change under it)::

    {"seq": n, "base": b, "set": [[path, value], ...], "events": [event, ...]}

``base``: the sequence of the state the change applies to (the game's previous state; the
log's sequence numbers are shared by every game, so not always ``n - 1``); each ``path`` a
list: ``[section]``, ``[section, field]``, ``["players"]``, ``["players", name]``,
``["players", name, field]`` (a player by name, the list's order kept) or ``["players",
name, "spaces", start, end]``: the entries that replace ``spaces[start:end]`` (a splice:
a deed bought, built on, mortgaged); ``events``: the
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
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import orjson

from companion import events as ev
from companion.mechanics.base import active
from companion.state import GameState
from companion.view import player_view, snapshot

#: Events whose effect on the players' figures is only on the players their fields name
#: (and the owners of the deed at ``space``); any other event rebuilds every player, and
#: so does a turn passed in a game with edition mechanics (:func:`touched`).
NAMED_ONLY = (ev.MoneyMoved, ev.DebtOpened, ev.DebtSettled, ev.DeedMoved, ev.Landed,
              ev.ClaimOpened, ev.ClaimClosed, ev.JailEntered, ev.JailLeft,
              ev.JailCardsChanged, ev.BuildingsSet, ev.MortgageSet, ev.AuctionOpened,
              ev.BidPlaced, ev.TradeProposed, ev.Rolled, ev.JailTried, ev.PotChanged)

def _text(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


#: The field values kept as they are (immutable; the same type and value give the same
#: text); any other is kept as its text (a list or object could change under it).
_PLAIN = (str, int, bool, type(None))


@dataclass
class _Unit:
    """A section's or a player's JSON text; ``fields``: each field in order, its value when
    of a :data:`_PLAIN` type, else its text (orjson writes an object as its fields' texts
    joined), None when not an object; ``spaces``: a player's deeds (each entry's text) and
    ``owned`` their board indices.  Split when built, from the value just built (nothing
    kept can change under it), and only when its text differs from the one kept."""

    text: bytes
    fields: dict[str, Any] | None = None
    spaces: tuple[bytes, ...] = ()
    owned: frozenset[int] = frozenset()


def _unit(value: Any, kept: _Unit | None, player: bool = False) -> _Unit:
    """The unit of ``value``: ``kept`` itself when the text is the same."""
    text = _text(value)
    if kept is not None and kept.text == text:
        return kept
    if not isinstance(value, dict):
        return _Unit(text)
    unit = _Unit(text, {k: v if type(v) in _PLAIN else _text(v) for k, v in value.items()})
    deeds = value.get("spaces") if player else None
    if isinstance(deeds, list):
        unit.spaces = tuple(map(_text, deeds))
        unit.owned = frozenset(d["index"] for d in deeds if isinstance(d, dict))
    return unit


@dataclass
class _Frame:
    """One state: ``sections[key]`` each section's unit (``"players"`` the list's text
    joined from ``players``, each player's unit)."""

    seq: int
    sections: dict[str, _Unit] = field(default_factory=dict)
    players: dict[str, _Unit] = field(default_factory=dict)


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
        return b"{" + b",".join(_text(k) + b":" + v for k, v in self.parts) + b"}"


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
        self._frames: dict[str, _Frame] = {}
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
            frame = _frame(seq, snap, {p["name"]: _unit(p, None, True) for p in snap["players"]})
            if _whole(frame) == text.encode():  # else (never seen): the next step is whole
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
        players: dict[str, _Unit] = {}
        for name in state.players:
            unit = kept.get(name)
            if unit is None or names is None or name in names:
                unit = _unit(player_view(state, name), unit, True)
            players[name] = unit
        new = _frame(state.seq, snapshot(state, players=[]), players,
                     old.sections if old is not None else {})
        self._frames[state.game_id] = new
        parts = tuple((k, u.text) for k, u in new.sections.items())
        if old is None or list(old.sections) != list(new.sections):
            return Step(state.seq, parts, None, None)
        sets = _sets(old, new)
        events = known[1] if known is not None and known[0] == old.seq else ()
        change = (b'{"seq":' + _text(state.seq) + b',"base":' + _text(old.seq)
                  + b',"set":[' + b",".join(b"[" + _text(p) + b"," + v + b"]" for p, v in sets)
                  + b'],"events":' + _text([ev.to_dict(e) for e in events]) + b"}")
        return Step(state.seq, parts, old.seq, change)


def _frame(seq: int, snap: dict[str, Any], players: dict[str, _Unit],
           kept: dict[str, _Unit] | None = None) -> _Frame:
    """The frame of ``snap`` (its ``players`` section given as ``players``' units); a
    section whose text is the same as in ``kept`` keeps that unit."""
    kept = kept or {}
    frame = _Frame(seq, players=players)
    for key, value in snap.items():
        if key == "players":
            text = b"[" + b",".join(p.text for p in players.values()) + b"]"
            old = kept.get(key)
            frame.sections[key] = old if old is not None and old.text == text else _Unit(text)
        else:
            frame.sections[key] = _unit(value, kept.get(key))
    return frame


def _whole(frame: _Frame) -> bytes:
    return b"{" + b",".join(_text(k) + b":" + u.text for k, u in frame.sections.items()) + b"}"


def _sets(old: _Frame, new: _Frame) -> list[tuple[list[Any], bytes]]:
    """The ``[path, value text]`` pairs that turn ``old`` into ``new`` (same sections)."""
    sets: list[tuple[list[Any], bytes]] = []
    for key, unit in new.sections.items():
        before = old.sections[key]
        if before is unit or before.text == unit.text:
            continue
        if key == "players" and list(old.players) == list(new.players):
            for name, player in new.players.items():
                was = old.players[name]
                if was is not player and was.text != player.text:
                    _fields(["players", name], was, player, sets)
            continue
        _fields([key], before, unit, sets)
    return sets


def _fields(path: list[Any], old: _Unit, new: _Unit,
            sets: list[tuple[list[Any], bytes]]) -> None:
    """The fields of ``new`` whose text differs from ``old``'s; the whole unit when it is
    not an object or its fields differ in name or order."""
    if old.fields is None or new.fields is None or list(old.fields) != list(new.fields):
        sets.append((path, new.text))
        return
    for k, after in new.fields.items():
        was = old.fields[k]
        if type(was) is type(after) and was == after:  # the same type and value: same text
            continue
        if path[0] == "players" and k == "spaces" and type(was) is type(after) is bytes:
            sets.append(_splice(path[1], old.spaces, new.spaces))
        else:
            sets.append(([*path, k], after if type(after) is bytes else _text(after)))


def _splice(name: str, old: tuple[bytes, ...],
            new: tuple[bytes, ...]) -> tuple[list[Any], bytes]:
    """The player's deeds as one splice: ``["players", name, "spaces", start, end]`` with
    the entries that replace ``old[start:end]`` (a deed bought, mortgaged, built on…)."""
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    tail = 0
    while (tail < min(len(old), len(new)) - start
           and old[len(old) - 1 - tail] == new[len(new) - 1 - tail]):
        tail += 1
    items = new[start:len(new) - tail]
    return (["players", name, "spaces", start, len(old) - tail],
            b"[" + b",".join(items) + b"]")


def rebuild(state: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """The state ``change`` leads to from ``state`` (the state at ``change["base"]``; not
    changed itself): the Python twin of ``Companion.applyChange`` (for tests).

    Raises ValueError when ``state`` is not at the change's base."""
    if state["game"]["seq"] != change["base"]:
        raise ValueError(f"state {state['game']['seq']} is not the base {change['base']}")
    state = copy.deepcopy(state)
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

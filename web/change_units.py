"""The texts :class:`web.changes.Changes` keeps of one state, and the change between two.

A state is kept as units (:class:`Unit`): each section's JSON text and each player's, and
for a unit whose text differs from the one kept before, its fields (a plain value as it
is, any other as its text: orjson writes an object as its fields' texts joined, so the
texts are the ones the whole state has).  :func:`sets` compares two frames unit by unit
and field by field, with no JSON parsed again (issue 19: the streams' step under the
table's lock after every commit).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import orjson


def dumps(value: Any) -> bytes:
    """``value``'s compact JSON text, as :func:`web.state_json.encode` writes it."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


#: The field values kept as they are (immutable; the same type and value give the same
#: text); any other is kept as its text (a list or object could change under it).
_PLAIN = (str, int, bool, type(None))
#: The path of the game section, whose ``seq`` field a change does not set: a screen sets
#: it from the change's own ``seq`` (``rebuild``, ``Companion.applyChange``).
_GAME = ["game"]


@dataclass
class Unit:
    """A section's or a player's JSON text; ``fields``: each field in order, its value when
    of a :data:`_PLAIN` type, else its text (orjson writes an object as its fields' texts
    joined), None when not an object; ``spaces``: a player's deeds (each entry's text) and
    ``owned`` their board indices.  Split when built, from the value just built (nothing
    kept can change under it), and only when its text differs from the one kept."""

    text: bytes
    fields: dict[str, Any] | None = None
    spaces: tuple[bytes, ...] = ()
    owned: frozenset[int] = frozenset()


def unit(value: Any, kept: Unit | None, player: bool = False) -> Unit:
    """The unit of ``value``: ``kept`` itself when the text is the same."""
    text = dumps(value)
    if kept is not None and kept.text == text:
        return kept
    if not isinstance(value, dict):
        return Unit(text)
    made = Unit(text, {k: v if type(v) in _PLAIN else dumps(v) for k, v in value.items()})
    deeds = value.get("spaces") if player else None
    if isinstance(deeds, list):
        made.spaces = tuple(map(dumps, deeds))
        made.owned = frozenset(d["index"] for d in deeds if isinstance(d, dict))
    return made


@dataclass
class Frame:
    """One state: ``sections[key]`` each section's unit (``"players"`` the list's text
    joined from ``players``, each player's unit)."""

    seq: int
    sections: dict[str, Unit] = field(default_factory=dict)
    players: dict[str, Unit] = field(default_factory=dict)


def frame(seq: int, snap: dict[str, Any], players: dict[str, Unit],
           kept: dict[str, Unit] | None = None) -> Frame:
    """The frame of ``snap`` (its ``players`` section given as ``players``' units); a
    section whose text is the same as in ``kept`` keeps that unit."""
    kept = kept or {}
    frame = Frame(seq, players=players)
    for key, value in snap.items():
        if key == "players":
            text = b"[" + b",".join(p.text for p in players.values()) + b"]"
            old = kept.get(key)
            frame.sections[key] = old if old is not None and old.text == text else Unit(text)
        else:
            frame.sections[key] = unit(value, kept.get(key))
    return frame


def whole(frame: Frame) -> bytes:
    return b"{" + b",".join(dumps(k) + b":" + u.text for k, u in frame.sections.items()) + b"}"


def sets(old: Frame, new: Frame) -> list[tuple[list[Any], bytes]]:
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
                    fields(["players", name], was, player, sets)
            continue
        fields([key], before, unit, sets)
    return sets


def fields(path: list[Any], old: Unit, new: Unit,
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
        if k == "seq" and path == _GAME:  # the change's own "seq" says it (20 bytes less)
            continue
        if path[0] == "players" and k == "spaces" and type(was) is type(after) is bytes:
            sets.append(splice(path[1], old.spaces, new.spaces))
        else:
            sets.append(([*path, k], after if type(after) is bytes else dumps(after)))


def splice(name: str, old: tuple[bytes, ...],
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

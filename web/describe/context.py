"""What describing one game needs (:class:`Context`), the describers' registry
(:func:`describes`) and the small readers of a stored row every mechanic uses.

A row is a history entry as the API gives it: ``seq``, ``command`` (dict), ``events``
(dicts of :func:`companion.events.to_dict`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from companion import events as ev
from companion.commands.names import name_key
from companion.table import Table
from web.i18n import _
from web.money import format_money
from web.place_names import label

Row = dict[str, Any]
Event = dict[str, Any]
BANK = ev.BANK

#: Command fields that name a player (docs/table-log.md): read as the game stores the name.
PLAYER_FIELDS = frozenset({"player", "from", "to", "debtor", "creditor", "winner", "owner",
                           "payer", "proposer"})


@dataclass
class Context:
    """What describing needs: the game's edition (space names), its money unit, who is
    reading (a player's name on their phone: "Your rent …"; None for the banker)."""

    table: Table
    game_id: str
    viewer: str | None = None
    #: Rows already at hand, by log sequence (the history window).
    known: dict[int, Row] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.ed, names = self.table.names(self.game_id)  # no lock: see Table.names
        self.unit = self.ed.unit
        self.players = name_map(tuple(names))

    def as_stored(self, command: dict[str, Any]) -> dict[str, Any]:
        """``command`` with the players it names written as the game stores them: a
        phone may type "bob" for Bob or a decomposed "Åse" (the core finds them the same
        way, :mod:`companion.commands.names`), and the words must match the events."""
        return {key: self.players.get(_key(value), value)
                if key in PLAYER_FIELDS and isinstance(value, str) else value
                for key, value in command.items()}

    def money(self, amount: int) -> str:
        """``amount`` (int, the edition's unit) the page language's way: "1 200 kr"."""
        return format_money(int(amount), self.unit)

    def space(self, value: Any) -> str:
        """A space's printed name from a board index (or the name a command gave)."""
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int):
            try:
                return label(self.ed.space(value))
            except IndexError:
                return str(value)
        return str(value)

    def row(self, seq: int) -> Row | None:
        """The stored command with log sequence ``seq`` (for an undo's target)."""
        if seq in self.known:
            return self.known[seq]
        for stored in self.table.store.rows(self.game_id, after=seq - 1):
            if stored.seq != seq:
                return None
            return {"seq": stored.seq, "actor": stored.actor, "command": stored.command,
                    "events": [ev.to_dict(e) for e in stored.events]}
        return None


@lru_cache(maxsize=64)
def name_map(names: tuple[str, ...]) -> Mapping[str, str]:
    """``{name_key(name): name}`` of a game's players (read only), made once per set of
    names (a game's players are fixed: every answer of the game shares it)."""
    return MappingProxyType({name_key(name): name for name in names})


#: :func:`~companion.commands.names.name_key` of a name a command gave, remembered (a
#: phone sends the same few names over and over).
_key = lru_cache(maxsize=256)(name_key)


# -- one describer per command ---------------------------------------------------------------

Describer = Callable[[Context, Row], list[str]]
#: Command name -> its describer; each mechanic's module registers its own (:func:`describes`).
DESCRIBERS: dict[str, Describer] = {}


def describes(*names: str) -> Callable[[Describer], Describer]:
    """Register the decorated function as the describer of the commands ``names``."""
    def register(fn: Describer) -> Describer:
        for name in names:
            DESCRIBERS[name] = fn
        return fn
    return register


# -- small pieces ----------------------------------------------------------------------------

def cmd(row: Row) -> dict[str, Any]:
    """The row's command (an empty dict when the log holds something odd)."""
    command = row.get("command")
    return command if isinstance(command, dict) else {}


def of(events: Iterable[Event], *types: str) -> list[Event]:
    """The events of the given types, in order."""
    return [e for e in events if e.get("type") in types]


def first(events: Iterable[Event], kind: str) -> Event | None:
    """The first event of type ``kind``, or None."""
    found = of(events, kind)
    return found[0] if found else None


def paid(events: Iterable[Event], payer: str, payee: str | None = None) -> int:
    """What ``payer`` paid in these events (to ``payee`` when given)."""
    return sum(int(e["amount"]) for e in of(events, "MoneyMoved")
               if e["payer"] == payer and (payee is None or e["payee"] == payee))


def received(events: Iterable[Event], payee: str, payer: str | None = None) -> int:
    """What ``payee`` received in these events (from ``payer`` when given)."""
    return sum(int(e["amount"]) for e in of(events, "MoneyMoved")
               if e["payee"] == payee and (payer is None or e["payer"] == payer))


def party(name: Any) -> str:
    """A player's name, or "the bank"."""
    return _("the bank") if name == BANK else str(name)


def names(items: Iterable[str]) -> str:
    """"Mor, Far, Ola"."""
    return ", ".join(str(n) for n in items)

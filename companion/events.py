"""Events: immutable records of what happened to a game's money, deeds and turns.

Events are frozen dataclasses.  A command produces a list of them; the state is the fold
of every event of every command not undone (:mod:`companion.state`).  Each event has a
``type`` name used in the log; :func:`to_dict` / :func:`from_dict` convert for storage.
Amounts are ``int`` in the edition's unit.  ``"bank"`` names the bank as a party.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

BANK = "bank"

_REGISTRY: dict[str, type[Event]] = {}


@dataclass(frozen=True)
class Event:
    """Base of every event."""

    type: str = field(init=False, default="", repr=False)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _REGISTRY[cls.__name__] = cls


def to_dict(event: Event) -> dict[str, Any]:
    """The event as plain JSON-ready data, with its ``type``."""
    data = {f.name: getattr(event, f.name) for f in dataclasses.fields(event) if f.init}
    data["type"] = type(event).__name__
    return data


def from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event stored by :func:`to_dict`.  Raises KeyError for an unknown type."""
    data = dict(data)
    cls = _REGISTRY[data.pop("type")]
    hints = {f.name: f for f in dataclasses.fields(cls)}
    kwargs = {k: tuple(v) if isinstance(v, list) and k in hints else v for k, v in data.items()}
    return cls(**kwargs)


@dataclass(frozen=True)
class GameStarted(Event):
    """A new game: edition id, seats in order, variant (C23/C24) and house rules."""

    game_id: str
    edition: str
    players: tuple[str, ...]
    variant: str = "standard"
    house_rules: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MoneyMoved(Event):
    """The only event that changes cash: ``payer`` gives ``amount`` (> 0) to ``payee``."""

    payer: str
    payee: str
    amount: int
    memo: str = ""


@dataclass(frozen=True)
class DebtOpened(Event):
    """``debtor`` owes ``creditor`` ``amount`` they could not pay in cash (C21)."""

    debtor: str
    creditor: str
    amount: int
    memo: str = ""


@dataclass(frozen=True)
class DebtSettled(Event):
    """``amount`` of ``debtor``'s debt to ``creditor`` is paid or forgiven."""

    debtor: str
    creditor: str
    amount: int


@dataclass(frozen=True)
class DeedMoved(Event):
    """Deed at board ``space`` passes to ``owner`` (a player, or ``"bank"``)."""

    space: int
    owner: str


@dataclass(frozen=True)
class Landed(Event):
    """``player``'s token stopped on ``space`` (dice as rolled, 0 when not given)."""

    player: str
    space: int
    dice: int = 0


@dataclass(frozen=True)
class ClaimOpened(Event):
    """A rent claim: ``payer`` owes ``owner`` ``amount`` for ``space`` if claimed in time (C5)."""

    claim: int
    owner: str
    payer: str
    space: int
    amount: int


@dataclass(frozen=True)
class ClaimClosed(Event):
    """Claim number ``claim`` is closed: ``how`` is ``claimed`` or ``lapsed`` (C5, M11)."""

    claim: int
    how: str


@dataclass(frozen=True)
class TurnPassed(Event):
    """``player`` is now to roll; ``turn`` counts turns from 0 at setup."""

    player: str
    turn: int


@dataclass(frozen=True)
class JailEntered(Event):
    """``player`` goes to jail (C13)."""

    player: str


@dataclass(frozen=True)
class JailLeft(Event):
    """``player`` leaves jail ``by`` ``fine``, ``card`` or ``doubles`` (C13)."""

    player: str
    by: str


@dataclass(frozen=True)
class JailCardsChanged(Event):
    """``player``'s get-out-of-jail cards change by ``delta`` (C10)."""

    player: str
    delta: int


@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over; ``winner`` as the tally named (None = undecided)."""

    winner: str | None = None


@dataclass(frozen=True)
class CommandUndone(Event):
    """The command with log sequence ``target`` is reversed: its events no longer count."""

    target: int

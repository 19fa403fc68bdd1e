"""The state of one game: a fold of its events.

:func:`companion.folds.fold` replays events into a fresh :class:`GameState`;
:func:`companion.folds.apply` folds one more, through :func:`fold_event`, on which the
modules of :mod:`companion.folds` register each event's fold.  Commands read the state and
never change it; only the folds do.
Amounts are ``int`` in the edition's unit.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import singledispatch
from typing import Any, TypeVar

from companion import events as ev
from companion.editions import Edition
from companion.records import Auction, PendingTrade, RollInfo


@dataclass
class Debt:
    """An open debt (C21): ``debtor`` owes ``creditor`` (a player or ``"bank"``) ``amount``."""

    debtor: str
    creditor: str
    amount: int
    memo: str = ""


@dataclass
class Deed:
    """An owned deed: board ``space``, ``owner``, ``houses`` (0–4), ``hotel``, ``mortgaged``."""

    space: int
    owner: str
    houses: int = 0
    hotel: bool = False
    mortgaged: bool = False


@dataclass
class Player:
    """A seat: ``cash`` (int, never negative), jail status, get-out cards, bankruptcy."""

    name: str
    cash: int = 0
    in_jail: bool = False
    jail_cards: int = 0
    bankrupt: bool = False
    position: int = 0
    jail_tries: int = 0  # failed tries to roll doubles in jail, 0..2 (C13)
    moved: int = -1  # the turn their token last landed, -1 = never (X4/K7: build after it)
    #: C2: the Start bonus of the move under way: "" = none paid since the last landing,
    #: "move" = paid for passing before the landing (``pass_start``), "landing" = paid for
    #: the last landing (passing, by space or dice; on Start; or ``pass_start`` before it).
    start_paid: str = ""


@dataclass
class Claim:
    """An open rent claim (C5): opened at ``turn``; lapses per ``claim_lapse_turns``."""

    id: int
    owner: str
    payer: str
    space: int
    amount: int
    turn: int


@dataclass
class GameState:
    """Everything the bank knows of one game.

    ``players`` keeps seat order; ``deeds`` maps board index -> :class:`Deed` for owned
    deeds only; ``bank_houses``/``bank_hotels`` are the bank's stock (C16);
    ``bank_paid_out`` and ``bank_paid_in`` total the bank's payments (money audit);
    ``seq`` is the log sequence of the last command folded in.  What an edition mechanic
    adds (the stock board, passports, …) is in ``mechanics``, one typed slice per
    mechanic (:mod:`companion.mechanics`).
    """

    game_id: str = ""
    edition: Edition | None = None
    variant: str = "standard"
    house_rules: dict[str, Any] = field(default_factory=dict)
    players: dict[str, Player] = field(default_factory=dict)
    deeds: dict[int, Deed] = field(default_factory=dict)
    debts: list[Debt] = field(default_factory=list)
    claims: dict[int, Claim] = field(default_factory=dict)
    next_claim: int = 1
    turn: int = 0
    to_roll: str = ""
    bank_houses: int = 0
    bank_hotels: int = 0
    bank_paid_out: int = 0
    bank_paid_in: int = 0
    over: bool = False
    winner: str | None = None
    ended_by: str = ""  # how the game ended (GameEnded.how: a rule id or "end_game")
    seq: int = 0
    auction: Auction | None = None  # the open auction (C4, C16); None = none open
    trades: dict[int, PendingTrade] = field(default_factory=dict)  # awaiting a yes (C18)
    next_trade: int = 1
    pot: int = 0  # free-parking pot (house rule C12), held by the bank
    roll: RollInfo | None = None  # the last roll (C3); stale when its turn has passed
    minutes: int | None = None  # timed game length (C24); None = not timed
    ends_at: float | None = None  # timed game end, Unix seconds (C24)
    #: C4: the unowned deed a token stopped on, not yet bought or auctioned (None = none):
    #: no further roll until it is (:func:`companion.rules.turn_order.check_for_sale`).
    for_sale: int | None = None
    phase: str = "car"  # the turn's phase: "ola", "build" or "car" (M4; always "car" else)
    #: Each edition mechanic's slice, by mechanic name (companion.mechanics: read it with
    #: the mechanic's ``of(state)``, which makes it on first use).
    mechanics: dict[str, object] = field(default_factory=dict)

    @property
    def ed(self) -> Edition:
        """The edition; raises RuntimeError before ``GameStarted`` was folded."""
        if self.edition is None:
            raise RuntimeError("game not started")
        return self.edition

    def active_players(self) -> list[str]:
        """Names of the players not bankrupt, in seat order."""
        return [p.name for p in self.players.values() if not p.bankrupt]

    def debts_of(self, name: str) -> list[Debt]:
        """Open debts owed by ``name``, oldest first."""
        return [d for d in self.debts if d.debtor == name]

    def owned_by(self, name: str) -> list[Deed]:
        """Deeds owned by ``name``, in board order."""
        deeds = self.deeds
        keys = [i for i, d in deeds.items() if d.owner == name]
        keys.sort()  # board order (issue 19: the indexes, not (index, deed) pairs)
        return [deeds[i] for i in keys]


T = TypeVar("T")


def slice_of(state: GameState, name: str, kind: type[T]) -> T:
    """The mechanic ``name``'s slice of ``state`` (``state.mechanics[name]``), a ``kind``
    made empty and kept on first use (issue 14: each mechanic's ``of(state)``).
    Raises TypeError when another object sits under that name."""
    found = state.mechanics.setdefault(name, kind())
    if not isinstance(found, kind):
        raise TypeError(f"state.mechanics[{name!r}] is not a {kind.__name__}")
    return found


#: The exact types :func:`clone` shares without a look further (the hot path: a plain
#: dict or list of them is copied in one comprehension, issue 19).
_ATOMS = frozenset({int, str, float, bool, type(None), tuple, frozenset})


def clone(value: Any) -> Any:
    """A copy of ``value`` sharing only immutable parts (frozen records, the edition).

    Much faster than ``copy.deepcopy`` for the state's plain dataclasses and containers.
    """
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is dict:
        return {k: v if type(v) in _ATOMS else clone(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _ATOMS else clone(v) for v in value]
    if isinstance(value, (int, str, float, type(None), tuple, frozenset)):
        return value
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    if isinstance(value, set):
        return {clone(v) for v in value}
    params = getattr(type(value), "__dataclass_params__", None)
    if params is None or params.frozen:
        return value
    new = copy.copy(value)
    for name in value.__dataclass_fields__:
        setattr(new, name, clone(getattr(value, name)))
    return new


@singledispatch
def fold_event(event: ev.Event, state: GameState) -> None:
    """Fold one event into the state; rule modules register more with ``@fold_event.register``."""
    raise TypeError(f"no fold for {type(event).__name__}")

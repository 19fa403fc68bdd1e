"""Events: immutable records of what happened to a game's money, deeds and turns.

Events are frozen dataclasses.  A command produces a list of them; the state is the fold
of every event of every command not undone (:mod:`companion.state`).  Each event has a
``type`` name used in the log; :func:`to_dict` / :func:`from_dict` convert for storage.
Amounts are ``int`` in the edition's unit.  ``"bank"`` names the bank as a party.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

BANK = "bank"

#: Why money moved or a debt opened (:class:`MoneyMoved`, :class:`DebtOpened`): a closed
#: vocabulary the history's words are keyed by; ``""`` = not given (logs written before
#: the field, read by their ``memo``).  ``payment``/``card``: the banker's own words are the
#: memo; ``debt``: paying an open debt (C21); ``bankrupt``: the bankrupt's cash (C21).
Reason = Literal[
    "", "start_capital", "start_bonus", "joker_bonus", "passport_bonus", "rent",
    "shareholder_cut", "tax", "jail_fine", "repairs", "pot", "purchase", "dealt", "auction",
    "house", "house_sale", "mortgage", "unmortgage", "mortgage_interest", "debt_note",
    "note_redeemed", "note_interest", "note_penalty", "shares", "share_sale", "borsen",
    "holiday", "casino_bet", "casino_win", "insurance", "insurance_sale", "deed_sale", "sale",
    "joker", "trade", "payment", "card", "debt", "bankrupt",
]

#: How a missed interest was settled (:class:`InterestClosed`, M18).
InterestHow = Literal["pointed_out"]
#: How a pending trade closed (:class:`TradeClosed`, C18).
TradeHow = Literal["accepted", "cancelled"]
#: What moved the stock board (:class:`StockMoved`, M6): a rent's landing, a lapsed
#: claim's move taken back (M11), the banker setting it; ``""`` = not given (old logs).
StockCause = Literal["", "rent", "lapsed", "banker"]

_REGISTRY: dict[str, type[Event]] = {}
#: Per event class, what :func:`from_dict` needs to build one without calling its frozen
#: ``__init__`` (which sets each field through ``object.__setattr__``): see :func:`_shape`.
_SHAPES: dict[type[Event], tuple[frozenset[str], dict[str, Any], int]] = {}
#: Per event class, the names of its ``__init__`` fields in order (:func:`to_dict`).
_NAMES: dict[type[Event], tuple[str, ...]] = {}


@dataclass(frozen=True)
class Event:
    """Base of every event."""

    type: str = field(init=False, default="", repr=False)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _REGISTRY[cls.__name__] = cls


def to_dict(event: Event) -> dict[str, Any]:
    """The event as plain JSON-ready data: its ``__init__`` fields in order, then its
    ``type`` (each class's field names looked up once, :data:`_NAMES`)."""
    names = _NAMES.get(type(event))
    if names is None:
        names = _NAMES[type(event)] = tuple(f.name for f in dataclasses.fields(event) if f.init)
    data = {name: getattr(event, name) for name in names}
    data["type"] = type(event).__name__
    return data


def from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event stored by :func:`to_dict`: its lists become tuples.  Raises
    KeyError for an unknown type (or none), TypeError for a field the event does not have
    (or a field it lacks), TypeError or ValueError when ``data`` is no mapping."""
    if type(data) is not dict:
        data = dict(data)
    cls = _REGISTRY[data["type"]]
    kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "type"}
    names, defaults, count = _SHAPES.get(cls) or _shape(cls)
    values = defaults | kwargs
    if len(values) != count or not kwargs.keys() <= names:
        return cls(**kwargs)  # a field unknown or missing: its TypeError (or a default_factory)
    event = object.__new__(cls)  # what the frozen __init__ would set, in one step
    event.__dict__.update(values)
    return event


def _shape(cls: type[Event]) -> tuple[frozenset[str], dict[str, Any], int]:
    """The names of ``cls``'s ``__init__`` fields, those with a default value and how
    many there are (``type`` is none: the class holds it): kept in ``_SHAPES``."""
    fields = [f for f in dataclasses.fields(cls) if f.init]
    shape = _SHAPES[cls] = (frozenset(f.name for f in fields),
                            {f.name: f.default for f in fields
                             if f.default is not dataclasses.MISSING}, len(fields))
    return shape


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
    """The only event that changes cash: ``payer`` gives ``amount`` (> 0) to ``payee``;
    ``reason`` (:data:`Reason`) says why and ``space`` (board index, None = no square) where;
    ``memo``: free words (the banker's, or the core's for logs without ``reason``)."""

    payer: str
    payee: str
    amount: int
    memo: str = ""
    reason: Reason = ""
    space: int | None = None


@dataclass(frozen=True)
class DebtOpened(Event):
    """``debtor`` owes ``creditor`` ``amount`` they could not pay in cash (C21); ``reason``
    and ``space`` as for :class:`MoneyMoved`."""

    debtor: str
    creditor: str
    amount: int
    memo: str = ""
    reason: Reason = ""
    space: int | None = None


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
    """Claim number ``claim`` is closed: ``how`` is ``claimed``, ``lapsed`` (C5, M11) or
    ``bankrupt`` (C21).  The claim's facts as :class:`ClaimOpened` had them: ``owner`` may
    claim ``amount`` from ``payer`` for board index ``space`` (``""``/None/0 in logs
    written before these fields: find the claim by its id there)."""

    claim: int
    how: str
    owner: str = ""
    payer: str = ""
    space: int | None = None
    amount: int = 0


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
    """The game is over; ``winner`` as the tally named (None = undecided).  ``how``: the
    rule that ended it — ``end_game`` (the banker), ``C24`` (a timed game's end), ``C22``
    (one player left), ``C23`` (a quick game's first bankruptcy), ``W3`` (a full
    passport), ``K11`` (a declared fortune), ``M22`` (the worth goal); "" in older logs."""

    winner: str | None = None
    how: str = ""


@dataclass(frozen=True)
class CommandUndone(Event):
    """The command with log sequence ``target`` is reversed: its events no longer count."""

    target: int


# --- Buildings, mortgages, auctions, trades, bankruptcy, dice, variants (issue 3) ---


@dataclass(frozen=True)
class BuildingsSet(Event):
    """The lot at ``space`` now has ``houses`` (0–4) and ``hotel``; the bank's stock takes
    back or gives out the difference (C14–C17).  ``owner``: the lot's owner, who built or
    sold (``""`` in logs written before the field)."""

    space: int
    houses: int
    hotel: bool = False
    owner: str = ""


@dataclass(frozen=True)
class MortgageSet(Event):
    """The deed at ``space`` is now ``mortgaged`` (True) or lifted (False) (C19) by its
    ``owner`` (``""`` in logs written before the field)."""

    space: int
    mortgaged: bool
    owner: str = ""


@dataclass(frozen=True)
class AuctionOpened(Event):
    """The bank auctions the deed at ``space`` (C4), or one ``building`` (``house`` /
    ``hotel``, C16; ``space`` None); bids must be at least ``start``.  ``decliner``: the
    player who declined to buy the deed ("" = not named; K4: only the others bid)."""

    space: int | None
    building: str = ""
    start: int = 1
    decliner: str = ""


@dataclass(frozen=True)
class BidPlaced(Event):
    """``player`` bids ``amount`` in the open auction (for a building: to put on ``space``)."""

    player: str
    amount: int
    space: int | None = None


@dataclass(frozen=True)
class AuctionClosed(Event):
    """The open auction ends; ``winner`` None = no bids (the deed stays with the bank)."""

    winner: str | None = None
    amount: int = 0


@dataclass(frozen=True)
class TradeProposed(Event):
    """Trade number ``trade`` awaits the other party's yes (C18).

    ``parties``: {name: {"cash": int, "spaces": [board index], "jail_cards": int}} — what
    each party gives; ``lift``: board indices the receiver lifts at once (C19).
    """

    trade: int
    proposer: str
    parties: dict[str, Any]
    lift: tuple[int, ...] = ()


@dataclass(frozen=True)
class TradeClosed(Event):
    """Pending trade ``trade`` is closed: ``how`` (:data:`TradeHow`) ``accepted`` or
    ``cancelled``, ``by`` the player who said so (``""``: the banker, or a log written
    before the field)."""

    trade: int
    how: TradeHow
    by: str = ""


@dataclass(frozen=True)
class PlayerBankrupt(Event):
    """``player`` is bankrupt and out, to ``creditor`` (a player or ``"bank"``) (C21)."""

    player: str
    creditor: str


@dataclass(frozen=True)
class Rolled(Event):
    """``player`` rolled ``dice`` (two ints 1–6); ``doubles`` in a row this turn so far;
    ``done`` = no further roll this turn (C3, C13)."""

    player: str
    dice: tuple[int, ...]
    doubles: int = 0
    done: bool = True


@dataclass(frozen=True)
class JailTried(Event):
    """``player`` in jail failed to roll doubles; ``tries`` failed so far (C13)."""

    player: str
    tries: int


@dataclass(frozen=True)
class PotChanged(Event):
    """The free-parking pot (house rule C12) changes by ``delta``; the bank holds its money."""

    delta: int


@dataclass(frozen=True)
class ClockStarted(Event):
    """A timed game (C24): ``minutes`` long, ending at ``ends_at`` (Unix seconds)."""

    minutes: int
    ends_at: float


# --- Editions the table completes: ask once (issue 5) ---


@dataclass(frozen=True)
class EditionValueSet(Event):
    """The banker entered a value the edition lacked (ask once): ``field`` of board
    ``space`` (None = a top-level field, or ``chance_effects.N``) is ``value`` (int, text,
    or a tuple of rents), marked ``provenance`` (``table YYYY-MM-DD``).  Folding patches
    this game's edition; the table also stores it in the family's copy."""

    space: int | None
    field: str
    value: Any
    provenance: str


# --- Verdens underverker: passports and free flights (issue 7; docs/rules.md W1–W3) ---


@dataclass(frozen=True)
class PassportMarked(Event):
    """``player``'s passport gets the wonder at board index ``space`` (W1); ``how`` is
    ``landed``, ``auction``, ``dealt`` or ``flight`` (W2: a free flight uses the right)."""

    player: str
    space: int
    how: str = "landed"


@dataclass(frozen=True)
class FlightOffered(Event):
    """``player`` landed on the airport at board index ``space``: one free flight (W2),
    usable until their next landing or the next turn."""

    player: str
    space: int


@dataclass(frozen=True)
class FireInsuranceChanged(Event):
    """``player``'s fire insurances ("brannforsikring", an asset worth 1 coin when sold
    back, K8) change by ``delta``."""

    player: str
    delta: int


@dataclass(frozen=True)
class EditionPinned(Event):
    """The edition a new game is played on (the family's copy or the shipped file), as
    plain data (the edition file layout), logged before ``GameStarted`` so the game keeps
    it even when the family's copy is edited or a file changes later (issue 5; issue 17:
    shipped editions too; older logs of a shipped edition have none)."""

    edition: dict[str, Any]


# --- Multimillionær: stock board, shares, Ola Nordmann, debt notes (issue 6; docs/rules.md M) ---


@dataclass(frozen=True)
class StockListed(Event):
    """Series ``series`` opens on the stock board at ``level`` with ``shares`` shares in
    the bank (M2, M3); logged at setup."""

    series: str
    level: int
    shares: int


@dataclass(frozen=True)
class StockMoved(Event):
    """Series ``series`` now stands at ``level`` (0 = suspended); ``why`` in the core's
    words (M6); ``claim``: the rent claim whose landing moved it (0 = none: paid at once,
    or set by hand), so that a lapse can undo the move when the edition says so.
    ``cause`` (:data:`StockCause`) what moved it; ``was`` the level before (-1 in logs
    written before the field); ``price`` / ``was_price`` kroner per share at ``level`` /
    ``was`` (M3)."""

    series: str
    level: int
    why: str = ""
    claim: int = 0
    cause: StockCause = ""
    was: int = -1
    price: int = 0
    was_price: int = 0


@dataclass(frozen=True)
class SharesMoved(Event):
    """``count`` shares of ``series`` pass from ``giver`` to ``taker`` (a player or
    ``"bank"``); any payment is a separate :class:`MoneyMoved` (M2, M7–M9)."""

    series: str
    giver: str
    taker: str
    count: int


@dataclass(frozen=True)
class OlaMoved(Event):
    """Ola Nordmann stopped on board index ``space`` (M4)."""

    space: int


@dataclass(frozen=True)
class OlaRolled(Event):
    """The player to roll rolled ``dice`` (one or two ints 1–6) for Ola Nordmann in
    ``turn`` (the dice twin ``ola_roll``); ``done`` = no more rolls for Ola this turn (no
    doubles, M4)."""

    dice: tuple[int, ...]
    turn: int
    done: bool = True


@dataclass(frozen=True)
class PhaseSet(Event):
    """The turn is now in ``phase``: ``ola``, ``build`` or ``car`` (M4); ``joker``: the
    player to roll stopped on a joker and the second roll's effect is not recorded (K6)."""

    phase: str


@dataclass(frozen=True)
class DebtNotesChanged(Event):
    """``player``'s debt notes (gjeldsbrev) change by ``delta`` (M18)."""

    player: str
    delta: int


@dataclass(frozen=True)
class InterestPaid(Event):
    """``player`` paid the interest of ``turn`` in time (M18)."""

    player: str
    turn: int


@dataclass(frozen=True)
class InterestMissed(Event):
    """``player`` let the car move (or the turn pass) with the ``amount`` of interest of
    ``turn`` unpaid: any other player may point it out until it lapses (M18, M11)."""

    player: str
    turn: int
    amount: int


@dataclass(frozen=True)
class InterestClosed(Event):
    """``player``'s missed interest is settled: ``how`` (:data:`InterestHow`)
    ``pointed_out`` ``by`` another player (M18).  Logs written before ``by`` hold ``how``
    = ``pointed out by <name>`` and ``by`` ``""``."""

    player: str
    how: InterestHow
    by: str = ""


@dataclass(frozen=True)
class BorsenRight(Event):
    """``player`` may buy up to ``count`` shares from one opponent at double price (M8);
    the right was won in ``turn``; ``count`` 0 = used."""

    player: str
    turn: int
    count: int


@dataclass(frozen=True)
class TrafficLight(Event):
    """``player`` stopped at Trafikkfyr in ``turn`` (None = Ola Nordmann): no rent in the
    next round (M15)."""

    player: str | None
    turn: int


@dataclass(frozen=True)
class RentFreeTurn(Event):
    """``player`` pays no rent during ``turn``: the round after Trafikkfyr (M15)."""

    player: str
    turn: int


@dataclass(frozen=True)
class HolidayStays(Event):
    """``player`` has now stayed ``stays`` extra rounds in Ferieparadiset (M14; 0 = left)."""

    player: str
    stays: int


@dataclass(frozen=True)
class CasinoPlayed(Event):
    """``player`` bet at the Casino in ``turn`` (the money moves separately, M13)."""

    player: str
    turn: int


@dataclass(frozen=True)
class Multimillionaire(Event):
    """``player``'s worth reached the edition's goal (2 000 000 kr): the game ends (M22)."""

    player: str

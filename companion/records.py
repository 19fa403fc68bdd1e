"""Small records of the game state kept by the later rules (C3, C4, C13, C16, C18).

Plain mutable dataclasses folded by :mod:`companion.folds`; they import nothing of the
core so :mod:`companion.state` can use them in :class:`~companion.state.GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Bid:
    """A bid in the open auction: ``player`` offers ``amount``; ``space`` = where a bought
    building goes (C16), None for a deed auction."""

    player: str
    amount: int
    space: int | None = None


@dataclass
class Auction:
    """The open auction: the deed at ``space`` (C4) or one ``building`` (C16, ``space``
    None); ``start`` = lowest first bid; ``bids`` oldest first (the last is the highest);
    ``decliner`` = who declined to buy the deed ("" = not named; K4)."""

    space: int | None
    building: str = ""
    start: int = 1
    bids: list[Bid] = field(default_factory=list)
    decliner: str = ""

    @property
    def highest(self) -> Bid | None:
        """The highest bid so far, or None."""
        return self.bids[-1] if self.bids else None


@dataclass
class PendingTrade:
    """A proposed trade (C18) awaiting the other party's yes.

    ``parties``: {name: {"cash", "spaces", "jail_cards"}} what each gives (as in
    :class:`~companion.events.TradeProposed`); ``lift``: board indices lifted at once (C19).
    """

    id: int
    proposer: str
    parties: dict[str, Any]
    lift: tuple[int, ...] = ()


@dataclass
class RollInfo:
    """The last roll: by ``player`` in ``turn``; ``doubles`` in a row; ``done`` = no more
    rolls this turn (C3, C13); ``dice`` as rolled (1 or 2 ints 1–6; the turn line shows
    them, issue 16); ``landed`` = its token has landed (C4: a roll's landing on an
    unowned deed waits to be bought or auctioned)."""

    player: str
    turn: int
    doubles: int = 0
    done: bool = True
    dice: tuple[int, ...] = ()
    landed: bool = False

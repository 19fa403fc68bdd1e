"""The one place that reads logs written before the events carried their facts
(issue 14 point 4): a payment without ``reason`` is read by its English ``memo``; a
``ClaimClosed`` without ``owner`` is matched to its ``ClaimOpened`` by claim id; a
``BuildingsSet``/``MortgageSet`` without ``owner`` and a ``TradeClosed`` without ``by``
name the player the command named, as the history did then; an ``InterestClosed``
without ``by`` names the pointer from its ``how`` text; a ``StockMoved`` without ``was``
is told by its level alone.

Every other module reads the typed fields only (:func:`reason`, :func:`claim`,
:func:`owner`, :func:`closed_by`, :func:`pointed_out_by`, :func:`stock_level`).
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass, field

from companion import events as ev
from companion.table import Table
from web.describe.context import Context, Event, Row, cmd
from web.i18n import _


def reason(event: Event) -> str:
    """The payment's ``reason`` (:data:`companion.events.Reason`); for an old event the
    reason its memo shows: ``debt`` (paying a debt) or ``""`` (read :func:`memo_words`)."""
    given = str(event.get("reason") or "")
    if given:
        return given
    return "debt" if str(event.get("memo", "")).startswith("debt:") else ""


def memo_words(memo: str) -> str:
    """An old payment's memo in words: "Start" (the bonus), "rent <space>", "jail fine";
    a tax space's name stays as printed; the core's other English words are left out."""
    if memo in ("Start", "passed Start"):
        return _("Start bonus")
    if memo == "jail fine":
        return _("jail fine")
    if memo.startswith("rent "):
        return _("rent on %(space)s", space=memo[5:])
    if memo.isascii() and " " in memo:  # the core's own English words
        return ""
    return memo


def claim(ctx: Context, event: Event, seq: int) -> Event | None:
    """The claim a ``ClaimClosed`` (in the row with log sequence ``seq``) closed, as a dict
    with ``owner``, ``payer``, ``space`` and ``amount``: the event itself, or for an old
    event the newest ``ClaimOpened`` of its id before ``seq`` (None if none)."""
    if event.get("owner"):
        return event
    return ClaimBook.opened(ctx.table, ctx.game_id, int(event["claim"]), seq)


@dataclass
class _Claims:
    seen: int = 0
    opened: dict[int, list[tuple[int, Event]]] = field(default_factory=dict)


class ClaimBook:
    """Every ``ClaimOpened`` of a game, by claim id, read once then only the new rows (an
    id may be reused after an undo: :meth:`opened` picks the newest opened before the
    closing command).  Needed only for ``ClaimClosed`` events logged without their facts."""

    _books: weakref.WeakKeyDictionary[Table, dict[str, _Claims]] = weakref.WeakKeyDictionary()
    _lock = threading.Lock()

    @classmethod
    def opened(cls, table: Table, game_id: str, claim: int, before: int) -> Event | None:
        """The newest ``ClaimOpened`` of ``claim`` at or before log sequence ``before``."""
        with cls._lock:
            book = cls._books.setdefault(table, {}).setdefault(game_id, _Claims())
            for row in table.store.rows(game_id, after=book.seen):
                book.seen = row.seq
                for event in row.events:
                    if isinstance(event, ev.ClaimOpened):
                        book.opened.setdefault(event.claim, []).append(
                            (row.seq, ev.to_dict(event)))
            found = [e for seq, e in book.opened.get(claim, []) if seq <= before]
        return found[-1] if found else None


def owner(row: Row, event: Event) -> str:
    """The ``owner`` of a ``BuildingsSet`` / ``MortgageSet``; for an old event the player
    its command named."""
    return str(event.get("owner") or cmd(row).get("player") or "")


def closed_by(row: Row, event: Event) -> str:
    """Who closed a ``TradeClosed`` (``""`` = the banker); for an old event the player its
    command named."""
    return str(event.get("by") or cmd(row).get("player") or "")


def pointed_out_by(event: Event) -> str:
    """Who pointed out an ``InterestClosed``'s missed interest (M18); for an old event the
    name in its ``how`` ("pointed out by Far")."""
    return str(event.get("by") or str(event.get("how", "")).removeprefix("pointed out by "))


def stock_level(event: Event) -> str:
    """An old ``StockMoved`` (no ``was``): "Series 4 now stands at level 5." (M6)."""
    return _("Series %(series)s now stands at level %(level)s.", series=event["series"],
             level=event["level"])


def level_before(ctx: Context, series: str, seq: int) -> int:
    """The level (0 = suspended) ``series`` stood at before the command ``seq`` (M3), read
    from the log: for an old ``StockMoved`` that does not carry ``was``."""
    level = 0
    for row in ctx.table.store.rows(ctx.game_id):
        if row.seq >= seq:
            break
        for event in row.events:
            if type(event).__name__ in ("StockListed", "StockMoved") and \
                    getattr(event, "series", None) == series:
                level = int(getattr(event, "level", 0))
    return level

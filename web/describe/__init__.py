"""What a recorded command did, in the family's words: "Ola landed on Parkveien.",
"Mor paid Far 100 kr.", "Far bought Parkveien for 1 200 kr.".

The history API (``/api/games/<id>/history``) and the answer to a command carry these
sentences (``text``), so the console and the phones show the same words in the page
language.  One describer per command name, registered by the module of its mechanic
(:func:`~web.describe.context.describes`), reads the command and above all its events'
typed fields (amounts, the space, a payment's ``reason``, the claim a ``ClaimClosed``
closed); the words are gettext templates keyed by event type or reason
(:data:`~web.describe.told.FOLLOW_UPS`, :data:`~web.describe.words.PAYMENT_WORDS`).
Commands without a describer are told from their events
(:func:`~web.describe.told.from_events`).  Logs written before the events carried these
fields are read in one place, :mod:`web.describe.legacy`.

Modules: ``context`` (the game, the registry, small readers), ``words`` (shared
templates), ``told`` (follow-ups, the dispatcher), then one per mechanic: ``money``,
``turns``, ``jail``, ``buildings`` (and mortgages), ``auctions``, ``trades``,
``multimillionaer``, ``wonders``, ``kortstokk``.  A new mechanic's commands: a module here with its
``@describes`` functions, and one line in the import below.
"""

from __future__ import annotations

from companion.table import Table
from web.describe import (  # noqa: F401  (each registers its describers)
    auctions,
    buildings,
    jail,
    kortstokk,
    money,
    multimillionaer,
    trades,
    turns,
    wonders,
)
from web.describe import yours as _yours
from web.describe.context import DESCRIBERS, Context, Row
from web.describe.told import describe

__all__ = ["DESCRIBERS", "Context", "describe", "describe_rows", "yours_rows"]


def describe_rows(table: Table, game_id: str, rows: list[Row],
                  viewer: str | None = None) -> list[str]:
    """:func:`describe` for each of ``rows`` (history entries) of ``game_id``, as read by
    ``viewer`` (a player's name, None for the banker)."""
    ctx = Context(table, game_id, viewer, {int(r["seq"]): r for r in rows})
    return [describe(ctx, row) for row in rows]


def yours_rows(table: Table, game_id: str, rows: list[Row], viewer: str) -> list[list[str]]:
    """For each of ``rows``: the lines about ``viewer``'s own money, in the second person
    (:func:`web.describe.yours.yours`, issue 16 point 5)."""
    ctx = Context(table, game_id, viewer, {int(r["seq"]): r for r in rows})
    return [_yours.yours(ctx, row) for row in rows]

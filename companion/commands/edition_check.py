"""Can the games already in the log still be folded with an edition about to be stored?
(issue 17 point 2)

Every new game pins its edition's content (``EditionPinned``), so storing a family copy
never changes it.  A game logged before that has no pinned content and folds with the
edition its ``GameStarted`` names as the table's library has it now: storing a copy of
that id that such a game cannot be folded with (a board without the space its log names)
would break the game after the next restart (its state answered 500).
:func:`replay_problems` replays each such game with the new edition and says why it
could not; :meth:`EditionLibrary.save` then refuses, so nothing changes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from companion import events as ev
from companion.editions import EditionLibrary
from companion.editions.model import Edition
from companion.errors import CompanionError, Problem
from companion.folds import fold
from companion.store import Store
from companion.view import snapshot


def unpinned_games(store: Store) -> dict[str, str]:
    """``{game id: edition id}`` of the games whose log pins no edition (logged before
    issue 17), read from each game's first command (a game whose first command cannot be
    read is left out: the store's rescue deals with it)."""
    found: dict[str, str] = {}
    for game_id in store.game_ids():
        try:
            first = next(store.rows(game_id), None)
        except Exception:  # a damaged first row: that game cannot be folded anyway
            continue
        events = first.events if first is not None else ()
        if any(isinstance(e, ev.EditionPinned) for e in events):
            continue
        started = next((e for e in events if isinstance(e, ev.GameStarted)), None)
        if started is not None:
            found[game_id] = started.edition
    return found


def replay_problems(store: Store, game_ids: Iterable[str], edition: Edition) -> list[Problem]:
    """One problem for each game of ``game_ids`` that cannot be folded with ``edition``
    (as if it were the family's copy of its id) into a state the bank can show (its
    snapshot with the tally, as JSON), naming the game and the reason."""
    trial = EditionLibrary.trying(edition)
    found = []
    for game_id in game_ids:
        try:
            with trial.active():
                json.dumps(snapshot(fold(_counted(store, game_id)), with_tally=True))
        except Exception as exc:  # whatever breaks the fold would break the game
            found.append(Problem("", f"the game {game_id} was started on {edition.id!r} "
                                     f"and could not go on with this edition: {_reason(exc)}"))
    return found


def _counted(store: Store, game_id: str) -> Iterator[tuple[int, ev.Event]]:
    undone, undos = store.undo_targets(game_id)
    for row in store.rows(game_id):
        if row.seq not in undone and row.seq not in undos:
            for event in row.events:
                yield row.seq, event


def _reason(exc: Exception) -> str:
    if isinstance(exc, IndexError | KeyError):
        return "its log names a space, a deed or a player this edition does not have"
    if isinstance(exc, CompanionError):
        return str(exc)
    return f"its log does not fit it ({type(exc).__name__})"

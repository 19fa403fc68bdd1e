"""Which client ids a game's log holds, known from memory (issue 19 point 2).

docs/table-log.md "client id": a command whose id the game already applied is
acknowledged, never applied again — across restarts too.  The log's
``UNIQUE (game_id, client_id)`` index answers that, but asking it costs an SQL look-up
per command.  :class:`ClientIds` keeps, per game:

- the newest :data:`WINDOW` ids with what the log stored (seq, the command's JSON text,
  the sender): a phone's retry (seconds later) is answered without SQL;
- a 32-bit hash of EVERY id the log holds (4 bytes an id: a sorted ``array`` plus a small
  set of this session's ids, merged now and then), so a fresh id — nearly every command —
  is known to be fresh without SQL (two ids with one hash: one look-up too many).

An id whose hash is known but that is outside the window is looked up in SQL
(:meth:`companion.store.Store.seq_of_client_id`): the memory never says "new" for an id
the log holds.  A game the memory is not sure of (a write that failed) answers
:data:`ASK`, and the caller asks SQL.
"""

from __future__ import annotations

import json
from array import array
from bisect import bisect_left
from collections import OrderedDict, deque
from collections.abc import Iterable
from typing import Any, Final

#: How many of a game's newest client ids are kept with their stored command.
WINDOW: Final = 256
#: This session's hashes are merged into the sorted array once there are this many.
MERGE_AT: Final = 8192

#: A stored command: ``(seq, the command, the sender)``; the command is its JSON text as
#: the store wrote it, or that text already parsed (a dict), see :func:`same_command`.
Stored = tuple[int, str | dict[str, Any], str]
#: :meth:`ClientIds.find`'s answer when only SQL can tell.
ASK: Final = "ask"
#: :meth:`ClientIds.find`'s answer for an id the game's log does not hold.
NEW: Final = "new"


def _key(client_id: str) -> int:
    """The id's 32-bit hash (this process's ``hash``; the memory is rebuilt at start)."""
    return hash(client_id) & 0xFFFF_FFFF


class _Game:
    """One game's ids: the window, the sorted hashes of older ones, this session's."""

    __slots__ = ("recent", "sorted", "pending")

    def __init__(self, hashes: array[int], recent: Iterable[tuple[str, Stored]] = ()):
        self.recent: OrderedDict[str, Stored] = OrderedDict(recent)
        self.sorted = array("I", sorted(hashes))
        self.pending: set[int] = set()

    def holds(self, key: int) -> bool:
        if key in self.pending:
            return True
        at = bisect_left(self.sorted, key)
        return at < len(self.sorted) and self.sorted[at] == key

    def add(self, client_id: str, stored: Stored) -> None:
        self.recent[client_id] = stored
        if len(self.recent) > WINDOW:
            self.recent.popitem(last=False)
        self.pending.add(_key(client_id))
        if len(self.pending) >= MERGE_AT:
            self.sorted = array("I", sorted([*self.sorted, *self.pending]))
            self.pending = set()


class Loader:
    """Notes a game's ids while its log streams past (:meth:`ClientIds.load`): 4 bytes an
    id and the newest :data:`WINDOW` rows, however long the log."""

    def __init__(self) -> None:
        self.hashes = array("I")
        self.recent: deque[tuple[str, Stored]] = deque(maxlen=WINDOW)

    def note(self, client_id: str | None, stored: Stored) -> None:
        """One stored row (every row, undone ones too), oldest first."""
        if client_id is not None:
            self.hashes.append(_key(client_id))
            self.recent.append((client_id, stored))


class ClientIds:
    """Per game: the client ids its log holds (see the module's docstring).  Not
    thread-safe on its own: the table calls it under its lock."""

    def __init__(self) -> None:
        self._games: dict[str, _Game] = {}

    def load(self, game_id: str, loader: Loader) -> None:
        """Know ``game_id``'s ids from its whole log, as ``loader`` noted them."""
        self._games[game_id] = _Game(loader.hashes, loader.recent)

    def forget(self, game_id: str) -> None:
        """Not sure of ``game_id`` any more (a write failed): :meth:`find` says ASK until
        :meth:`load` is called again."""
        self._games.pop(game_id, None)

    def add(self, game_id: str, client_id: str, stored: Stored) -> None:
        """The log now holds ``client_id`` for ``game_id`` (after its durable commit)."""
        game = self._games.get(game_id)
        if game is not None:
            game.add(client_id, stored)

    def find(self, game_id: str, client_id: str) -> Stored | str:
        """What the log stored with ``client_id`` in ``game_id`` when it is in the window,
        :data:`NEW` when the log does not hold it, else :data:`ASK` (look it up in SQL)."""
        game = self._games.get(game_id)
        if game is None:
            return ASK
        stored = game.recent.get(client_id)
        if stored is not None:
            return stored
        return ASK if game.holds(_key(client_id)) else NEW


def same_command(stored: str | dict[str, Any], command: dict[str, Any]) -> bool:
    """Whether ``command`` equals the one stored (its JSON text, or that text parsed):
    fields in any order, as docs/table-log.md "client id" compares a retry."""
    return (json.loads(stored) if isinstance(stored, str) else stored) == command

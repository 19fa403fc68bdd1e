"""What the table knows of its games, from memory: the live states and the bookkeeping
of the log they were folded from (issue 19 point 2: nothing asked of SQL that the table
already knows), rebuilt from the log by a refold.

:class:`Memory` is the base of :class:`companion.table.Table`; every method is called
under the table's lock.
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from companion import events as ev
from companion.client_ids import ClientIds, Loader
from companion.editions import EditionLibrary
from companion.errors import N_, GameDamaged, UnknownGame, UnreadableRow
from companion.folds import fold
from companion.ledger.draft import Draft
from companion.outcome import Actor, Outcome
from companion.state import GameState
from companion.store import Store

Listener = Callable[[str, int], None]
#: Called under the table's lock just before a batch's commit waits for the disk, per game
#: of the batch: ``(game_id, its live state (read only!), (seq before, the batch's events
#: of that game))`` — what the state will be once the commit succeeds (issue 19, pace).
Foresight = Callable[[str, GameState, tuple[int, tuple[ev.Event, ...]]], None]


class Memory:
    """The games' live states and what the log holds, per game.

    Args:
        store: the :class:`~companion.store.Store` (SQLite log).
    """

    editions: EditionLibrary  # set by the table before the first refold

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._games: dict[str, GameState] = {}
        self._live: dict[str, array[int]] = {}  # per game: seqs that undo may still reverse
        self._undone: dict[str, set[int]] = {}  # per game: seqs reversed by undo
        self._listeners: list[Listener] = []
        self._foresight: list[tuple[Foresight, Callable[[str], None]]] = []
        self._committed: dict[str, int] = {}  # per game: the seq of its committed state
        # per game: (seq before, seq, events) of the last command applied (issue 19)
        self._last_events: dict[str, tuple[int, int, tuple[ev.Event, ...]]] = {}
        self._damaged: dict[str, UnreadableRow] = {}  # games whose log cannot be read
        # issue 19 point 2: what the log holds, from memory (each refold sets them again)
        self._next: dict[str, int] = {}  # per game: the next log sequence
        self._ids = ClientIds()  # per game: the client ids the log holds

    def state(self, game_id: str | None) -> GameState:
        """The live state of ``game_id`` (read only!).

        Raises:
            UnknownGame: there is no such game.
            GameDamaged: its log could not be read at the start (issue 17 point 6).
        """
        with self._lock:
            if game_id in self._damaged:
                hurt = self._damaged[game_id]
                raise GameDamaged("This game could not be read from command %(seq)s: %(why)s. "
                                  "Run “companion rescue” on the bank's machine.",
                                  seq=hurt.seq, why=hurt.why)
            if game_id is None or game_id not in self._games:
                raise UnknownGame("There is no game %(game)r.", game=game_id)
            return self._games[game_id]

    def _refold(self, game_id: str) -> GameState:
        """Fold the game's log as it streams from the store (never all in memory: RSS stays
        flat however long the log); ``_live`` is an ``array`` (8 bytes a command)."""
        undone, undos = self.store.undo_targets(game_id)
        self._undone[game_id] = undone
        live = array("q")
        last = 0
        ids = Loader()

        def events() -> Iterator[tuple[int, ev.Event]]:
            nonlocal last
            for row in self.store.rows(game_id):
                last = row.seq
                ids.note(row.client_id, (row.seq, row.command, row.actor))
                if row.seq in undone or row.seq in undos:
                    continue
                if row.seq > 1:
                    live.append(row.seq)
                for event in row.events:
                    yield row.seq, event

        with self.editions.active():
            try:
                state = fold(events())
            except (UnreadableRow, RecursionError, MemoryError):
                raise
            except Exception as exc:  # a stored event that no longer folds
                why = N_("its events do not fit the game")
                raise UnreadableRow(game_id, last, why, repr(exc)) from exc
        self._live[game_id] = live
        self._next[game_id] = last + 1
        self._ids.load(game_id, ids)
        state.seq = self._committed[game_id] = last
        return state

    def _restore(self, game_ids: set[str]) -> None:
        """After a failed commit: each game back to its last committed state, its log."""
        for game_id in game_ids:
            try:
                self._games[game_id] = self._refold(game_id)
            except UnreadableRow as exc:  # the log cannot be read back: the game stops
                self._damaged[game_id] = exc

    def _append(self, game_id: str, client_id: str | None, actor: Actor,
                command: dict[str, Any], text: str, events: list[ev.Event]) -> int:
        """Store one command of ``game_id`` (:meth:`Store.append`) at the sequence the
        table knows is next, then note it in memory; returns its seq.  A failed write
        leaves the memory unsure of the game: the log is asked until it is refolded."""
        try:
            seq = self.store.append(game_id, client_id, str(actor), command, events,
                                    seq=self._next.get(game_id))
        except BaseException:
            self._next.pop(game_id, None)
            self._ids.forget(game_id)
            raise
        self._next[game_id] = seq + 1
        if client_id:
            self._ids.add(game_id, client_id, (seq, text, str(actor)))
        return seq

    def _commit(self, game_id: str, draft: Draft, seq: int) -> Outcome:
        # the draft folds its events as the state's next seq (Draft(state, state.seq + 1))
        self._last_events[game_id] = (draft.seq - 1, seq, tuple(draft.events))
        draft.state.seq = self._committed[game_id] = seq
        self._games[game_id] = draft.state
        self._live.setdefault(game_id, array("q")).extend([seq] if seq > 1 else [])
        self._undone.setdefault(game_id, set())
        self._notify(game_id, seq)
        return Outcome(game_id, seq, tuple(draft.events))

    def _foretell(self, told: dict[str, tuple[int, tuple[ev.Event, ...]]]) -> None:
        """Tell the foresight listeners (:data:`Foresight`) of each game in ``told``."""
        for game_id, known in told.items():
            for ahead, _drop in list(self._foresight):
                try:
                    ahead(game_id, self._games[game_id], known)
                except Exception:  # a broken display must never stop the bank
                    pass

    def _unforetell(self, game_ids: Iterable[str]) -> None:
        """The commit told of by :meth:`_foretell` failed: each listener's ``drop``."""
        for game_id in game_ids:
            for _ahead, drop in list(self._foresight):
                try:
                    drop(game_id)
                except Exception:
                    pass

    def _notify(self, game_id: str, seq: int) -> None:
        self._changed.notify_all()
        for listener in list(self._listeners):
            try:
                listener(game_id, seq)
            except Exception:  # a broken display must never stop the bank
                pass

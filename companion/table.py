"""The table: executes commands against games kept in the SQLite log.

``Table.execute(command, actor, game_id)`` validates a command against the game's
current state, appends its events in one transaction and folds them in; a refused
command raises :class:`~companion.errors.Refused` and changes nothing.  A command whose
client ``id`` was already applied in that game is acknowledged, not applied again.

Group commit (issue 19 point 3): every command goes through one writer thread
(:mod:`companion.group`); the commands waiting while a commit is in flight are applied in
order as one batch, each refused alone if it breaks a rule, and written in one
transaction with one fsync; only then are the listeners told and each command answered.
The table lock is held from the first command's checks to the last one's answer being
ready, so nothing outside sees a state that is not yet on the disk.  ``new_game``,
``undo`` and ``edition_value`` (which write the family's copy) are applied alone, as
before, after the commands ahead of them are committed.  A command sent to a quiet table
(nothing queued or running, no commit in the last few ms) is applied and committed in its
caller's thread at once, by the same code (:meth:`companion.group.Writer.hand`).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any, cast

from companion import events as ev
from companion.batch import AFTER_THE_END, ALONE, Batches
from companion.budget import DAY, PLAYER_BYTES_A_DAY
from companion.client_ids import Loader
from companion.command_text import check_text
from companion.commands import Cmd
from companion.commands.base import unknown_field
from companion.commands.edition_check import replay_problems, unpinned_games
from companion.commands.editions import pin_edition
from companion.commands.setup import new_game_event, start_game
from companion.editions import Edition, EditionLibrary
from companion.errors import (
    BadCommand,
    NotAllowed,
    NothingToUndo,
    Problem,
    Refused,
    UnreadableRow,
)
from companion.group import BURST, Job, Writer
from companion.ledger.draft import Draft
from companion.memory import Foresight, Listener
from companion.outcome import BANKER, Actor, Outcome
from companion.state import GameState
from companion.store import LogRow, Store
from companion.valuation import WorthPoint, worth_series
from companion.view import snapshot

__all__ = ["AFTER_THE_END", "ALONE", "BANKER", "Actor", "Listener", "Outcome", "Table",
           "compact_json"]

#: Turns the state dict into its JSON text (see :func:`compact_json`).
Encoder = Callable[[dict[str, Any]], str]


def compact_json(value: dict[str, Any]) -> str:
    """``value`` as compact JSON text (no spaces, non-ASCII kept): the standard library's
    encoder, the table's default for the state's text."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


#: Who may undo: the banker, a replay file, and the banker's button at the table (issue 4).
UNDO_ROLES = ("banker", "replay", "hardware")


class Table(Batches):
    """Every game in one log.  Thread-safe: commands are applied one at a time.

    Args:
        store: the :class:`~companion.store.Store` (SQLite log).
        encode: the state's JSON text (:meth:`snapshot_json`); it must give exactly the
            text of :func:`compact_json` (a server may pass a faster encoder).
        budget: bytes a player's commands may write to the log in 24 hours
            (:mod:`companion.budget`; 0: no limit).
        burst: seconds after a commit during which :meth:`submit` queues a command for
            the writer (group commit) instead of committing it at once in its caller's
            thread (:data:`companion.group.BURST`; ``math.inf``: always queued).
    """

    def __init__(self, store: Store, encode: Encoder = compact_json,
                 budget: int = PLAYER_BYTES_A_DAY, burst: float = BURST) -> None:
        super().__init__(store, budget)
        self.burst = burst
        self.budget.load(store.written_since(self.budget.clock() - DAY))
        self._encode = encode
        self._json: dict[str, tuple[GameState, int, str]] = {}  # snapshot_json's cache
        self._writer = Writer(self.run_batch)  # group commit (issue 19 point 3)
        # shipped + the family's copies (issue 5); a copy the old games cannot fold is
        # refused (issue 17: new games pin their edition, older ones did not)
        self.editions = EditionLibrary(store, guard=self._replays_with)
        self._unpinned = unpinned_games(store)
        for game_id in store.game_ids():
            try:
                self._games[game_id] = self._refold(game_id)
            except UnreadableRow as exc:  # the healthy games play on (issue 17 point 6)
                self._damaged[game_id] = exc

    @classmethod
    def open(cls, path: str | Path, durable: bool = True,
             encode: Encoder = compact_json, burst: float = BURST) -> Table:
        """A table on the SQLite file ``path`` (created when missing); replays the log.
        ``durable=False``: no fsync per command (a throw-away log, ``companion replay``);
        ``encode``, ``burst``: as for :class:`Table`."""
        return cls(Store(path, durable), encode, burst=burst)

    def close(self) -> None:
        """Answer the commands still queued, then close the log; idempotent."""
        self._writer.close()
        self.store.close()

    def execute(
        self, command: dict[str, Any], actor: Actor = BANKER, game_id: str | None = None
    ) -> Outcome:
        """Validate and apply one command; returns once it is durably committed.

        Args:
            command: a docs/table-log.md command dict (``cmd``, optional ``id``, fields).
            actor: who sends it; a player may act only for themself.
            game_id: the game; ignored for ``new_game``, which starts one.

        Raises:
            Refused (and subclasses): nothing changed; the message says why.
            StorageError: the log could not be written; nothing changed.
        """
        job = self._job(command, actor, game_id)
        self._writer.hand(job, 0.0)  # nothing waiting: applied in this thread
        return cast(Outcome, job.future.result())

    def submit(self, command: dict[str, Any], actor: Actor = BANKER,
               game_id: str | None = None) -> Future[Outcome]:
        """One command for the writer (group commit, issue 19 point 3): the future gets
        its :class:`Outcome` once its batch is durably committed and the listeners were
        told, or the refusal or StorageError :meth:`execute` would raise.  On a quiet
        table (nothing queued or running, the last commit ``burst`` s ago or more) the
        command is applied and committed in this thread at once, its listeners called
        here, and the future is done when this returns (issue 19: the table's pace);
        commands back to back are queued and share a commit.

        Raises:
            BadCommand: at once, for a command that is no object, a bad client id, or
                text that cannot be stored (nothing queued).
            StorageError: the table is closed.
        """
        job = self._job(command, actor, game_id)
        self._writer.hand(job, self.burst)
        return job.future

    def _job(self, command: Any, actor: Actor, game_id: str | None) -> Job:
        """The checks that need no state, then the command as a queued job."""
        if not isinstance(command, dict):
            raise BadCommand("A command must be a JSON object with a 'cmd' field.")
        client_id = command.get("id")
        if client_id is not None and (not isinstance(client_id, str)
                                      or not 0 < len(client_id) <= 200):
            raise BadCommand("The command's 'id' must be text of 1 to 200 characters.")
        return Job(command, actor, game_id, client_id, check_text(command))

    def _alone(self, job: Job) -> Outcome:
        """``new_game``, ``undo``, ``edition_value``: applied and committed by itself."""
        if job.command.get("cmd") == "new_game":
            return self._new_game(job.command, job.actor, job.client_id, job.text)
        self.state(job.game_id)  # UnknownGame, GameDamaged
        assert job.game_id is not None
        if job.command.get("cmd") == "undo":
            return self._undo(job.game_id, job.command, job.actor, job.client_id, job.text)
        return self._apply(job.game_id, job.command, job.actor, job.client_id, job.text)

    def _new_game(self, command: dict[str, Any], actor: Actor, client_id: str | None,
                  text: str) -> Outcome:
        if actor.role == "player":
            raise NotAllowed("Only the banker can start a game.")
        duplicate = self._duplicate(None, client_id, command, actor)
        if duplicate:
            return duplicate
        game_id = uuid.uuid4().hex[:12]
        fields = Cmd(command)
        started = new_game_event(fields, game_id)
        unknown_field(fields)
        draft = Draft(GameState(), 1)
        pin_edition(draft, self.editions, started.edition)  # a family copy: kept as it is now
        start_game(draft, started)
        seq = self.store.append(game_id, client_id, str(actor), command, draft.events, True,
                                seq=1)
        loader = Loader()
        loader.note(client_id, (seq, text, str(actor)))
        self._ids.load(game_id, loader)
        self._next[game_id] = seq + 1
        return self._commit(game_id, draft, seq)

    def _apply(self, game_id: str, command: dict[str, Any], actor: Actor,
               client_id: str | None, text: str) -> Outcome:
        """One command applied and committed by itself (``edition_value``)."""
        draft = self._draft(game_id, command, actor, client_id, text, [])
        if isinstance(draft, Outcome):
            return draft
        try:
            seq = self._append(game_id, client_id, actor, command, text, draft.events)
        except BaseException:
            self._games[game_id] = self._refold(game_id)  # folded in, never stored
            raise
        self.editions.learn(draft.state.ed.id, draft.events)  # ask once: the family's copy
        if actor.role == "player" and actor.player is not None:
            events = json.dumps([ev.to_dict(e) for e in draft.events], ensure_ascii=False)
            self.budget.add(game_id, actor.player,
                            len(text.encode("utf-8")) + len(events.encode("utf-8")))
        return self._commit(game_id, draft, seq)

    def _undo(self, game_id: str, command: dict[str, Any], actor: Actor,
              client_id: str | None, text: str) -> Outcome:
        if actor.role not in UNDO_ROLES:
            raise NotAllowed("Only the banker can undo.")
        unknown_field(Cmd(command), frozenset({"seq"}))  # issue 17 point 5
        duplicate = self._duplicate(game_id, client_id, command, actor)
        if duplicate:
            return duplicate
        if not self._live[game_id]:
            raise NothingToUndo("There is nothing left to undo.")
        target = self._live[game_id][-1]
        expected = command.get("seq")
        if expected is not None and expected != target:
            raise Refused("Another command arrived meanwhile: look at the history again "
                          "before undoing.")
        event = ev.CommandUndone(target)
        seq = self._append(game_id, client_id, actor, command, text, [event])
        undone = next(self.store.rows(game_id, after=target - 1)).events
        if any(isinstance(e, ev.EditionValueSet) for e in undone):  # ask once, taken back
            before = self.editions.as_logged(self._counted_events(game_id))
            if before is not None:
                self.editions.unlearn(before.id, undone, before)
        self._games[game_id] = self._refold(game_id)  # after unlearn: the copy it reads
        self._notify(game_id, seq)
        return Outcome(game_id, seq, (event,))

    def _replays_with(self, edition: Edition) -> list[Problem]:
        """Why a game of the log that pins no edition could not be folded with
        ``edition`` as its family copy (:mod:`companion.commands.edition_check`); empty =
        none."""
        games = [g for g, e in self._unpinned.items()  # a damaged game: refused anyway
                 if e == edition.id and g not in self._damaged]
        return replay_problems(self.store, games, edition) if games else []

    def _counted_events(self, game_id: str) -> Iterator[ev.Event]:
        """The events of ``game_id``'s commands that count, streamed from the log."""
        undone, undos = self.store.undo_targets(game_id)
        for row in self.store.rows(game_id):
            if row.seq not in undone and row.seq not in undos:
                yield from row.events

    def applied_rows(self, game_id: str) -> list[LogRow]:
        """The stored commands of ``game_id`` that count: neither undone nor an ``undo``,
        oldest first (fold their events to rebuild the state).  Raises UnknownGame."""
        self.state(game_id)
        return applied(list(self.store.rows(game_id)))[0]

    def undo_target(self, game_id: str) -> int | None:
        """The log sequence ``undo`` would reverse now: the newest command that counts
        (not undone, not an undo, not the game's start), or None when nothing is left to
        undo.  Raises UnknownGame."""
        with self._lock:
            self.state(game_id)
            live = self._live.get(game_id)
            return live[-1] if live else None

    def worth_series(self, game_id: str) -> list[WorthPoint]:
        """Every player's C23 worth after each command of ``game_id`` that counts (``undo``
        rows and what they reversed add nothing), oldest first: the log refolded once
        (:func:`companion.valuation.worth_series`); the live state is not touched.
        Raises UnknownGame."""
        rows = self.applied_rows(game_id)
        with self.editions.active():
            return worth_series(rows)

    def damaged(self) -> dict[str, UnreadableRow]:
        """The games whose log could not be read at the start, by id (oldest first), each
        with the first command that could not be read (``seq``) and ``why``."""
        with self._lock:
            return dict(self._damaged)

    def snapshot_json(self, game_id: str) -> tuple[int, str]:
        """``(seq, the state JSON as compact text)``, built once per state and shared by
        every reader (the live streams, a command's answer).  Raises UnknownGame.

        The text of the last committed state is given without the lock, so the server's
        loop answers while the writer holds it through the next batch's fsync; any other
        text is built under the lock, from a committed state."""
        hit = self._json.get(game_id)
        if (hit is not None and hit[1] == self._committed.get(game_id)
                and game_id not in self._damaged):
            return hit[1], hit[2]
        with self._lock:
            state = self.state(game_id)
            hit = self._json.get(game_id)
            if hit is None or hit[0] is not state or hit[1] != state.seq:
                text = self._encode(snapshot(state))
                hit = self._json[game_id] = (state, state.seq, text)
            return hit[1], hit[2]

    def committed_seq(self, game_id: str) -> int:
        """The log sequence of ``game_id``'s last committed command, without the lock (a
        long poll in the loop).  Raises UnknownGame, GameDamaged."""
        seq = self._committed.get(game_id)
        return self.state(game_id).seq if seq is None or game_id in self._damaged else seq

    def names(self, game_id: str) -> tuple[Edition, list[str]]:
        """The game's edition and its players' names, for words (:mod:`web.describe`),
        without the lock: the loop must not wait for a commit's fsync, and a batch not
        yet committed changes neither (a player's name is fixed for the game).
        Raises UnknownGame, GameDamaged."""
        if game_id in self._damaged or game_id not in self._games:
            return self._names_locked(game_id)
        state = self._games[game_id]
        return state.ed, list(state.players)

    def _names_locked(self, game_id: str) -> tuple[Edition, list[str]]:
        state = self.state(game_id)  # raises
        return state.ed, list(state.players)

    def last_events(self, game_id: str, seq: int) -> tuple[int, tuple[ev.Event, ...]] | None:
        """``(the seq before, events)`` of the command committed as ``seq`` in ``game_id``
        when it is the last one applied by a command (not undo), else None (issue 19: the
        live streams build again only the players those events touch)."""
        with self._lock:
            hit = self._last_events.get(game_id)
            return (hit[0], hit[2]) if hit is not None and hit[1] == seq else None

    def snapshot(self, game_id: str, with_tally: bool = False) -> dict[str, Any]:
        """The docs/table-log.md state JSON of ``game_id``.  Raises UnknownGame."""
        with self._lock:
            return snapshot(self.state(game_id), with_tally)

    def game_ids(self) -> list[str]:
        """Every game, oldest first.  Takes no lock (copying the keys is one step under
        the GIL): the server's loop asks it for every request and must not wait while the
        writer holds the lock through a commit's fsync."""
        return list(self._games)

    def current_game(self) -> str | None:
        """The newest game that is not over, else the newest game, else None."""
        with self._lock:
            ids = list(self._games)
            live = [g for g in ids if not self._games[g].over]
            return (live or ids)[-1] if ids else None

    def wait(self, game_id: str, after: int, timeout: float) -> int:
        """Block until ``game_id``'s seq exceeds ``after`` or ``timeout`` s pass; returns seq."""
        with self._changed:
            self._changed.wait_for(lambda: self.state(game_id).seq > after, timeout)
            return self.state(game_id).seq

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(game_id, seq)`` after every committed command (keep it quick).
        Returns a function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def foresee(self, ahead: Foresight, drop: Callable[[str], None]) -> Callable[[], None]:
        """Call ``ahead(game_id, state, (seq before, events))`` just before a batch's commit
        waits for the disk (:data:`companion.memory.Foresight`; what is started there runs
        while the disk writes: the live streams' next step, issue 19), and ``drop(game_id)``
        if that commit then fails (nothing of it happened).  Returns a function that
        unsubscribes.  Both are called under the table's lock: keep them quick."""
        pair = (ahead, drop)
        self._foresight.append(pair)
        return lambda: self._foresight.remove(pair) if pair in self._foresight else None

    def history(self, game_id: str, limit: int = 30) -> list[dict[str, Any]]:
        """The newest ``limit`` commands: seq, actor, command, time, whether undone."""
        rows = self.store.last_rows(game_id, limit)
        with self._lock:
            undone = set(self._undone.get(game_id, ()))
        return [{"seq": r.seq, "actor": r.actor, "command": r.command, "at": r.at,
                 "undone": r.seq in undone, "events": [ev.to_dict(e) for e in r.events]}
                for r in rows]


def applied(rows: list[LogRow]) -> tuple[list[LogRow], set[int]]:
    """Split a game's log: the rows that count (neither undone nor an ``undo`` command),
    and the set of log sequences that ``undo`` reversed."""
    undone = {e.target for r in rows for e in r.events if isinstance(e, ev.CommandUndone)}
    counted = [r for r in rows if r.seq not in undone
               and not any(isinstance(e, ev.CommandUndone) for e in r.events)]
    return counted, undone

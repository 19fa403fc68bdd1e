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
import threading
import uuid
from array import array
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from companion import events as ev
from companion.budget import DAY, PLAYER_BYTES_A_DAY, WriteBudget
from companion.client_ids import ASK, NEW, ClientIds, Loader, same_command
from companion.commands import REGISTRY, Cmd
from companion.commands.base import MAX_COMMAND, MAX_TEXT, unknown_field
from companion.commands.edition_check import replay_problems, unpinned_games
from companion.commands.editions import pin_edition
from companion.commands.setup import new_game_event, start_game
from companion.commands.trades import deed_marks, void_changed_trades
from companion.editions import Edition, EditionLibrary
from companion.errors import (
    N_,
    BadCommand,
    GameDamaged,
    GameOver,
    NotAllowed,
    NothingToUndo,
    Problem,
    Refused,
    ReusedId,
    StorageError,
    UnknownGame,
    UnreadableRow,
)
from companion.folds import apply, fold
from companion.group import BURST, Job, Writer
from companion.ledger.draft import Draft
from companion.ledger.payments import settle_debts
from companion.rules import rules_for
from companion.rules.ruleset import owner_of
from companion.state import GameState
from companion.store import LogRow, Row, Store, encoded
from companion.valuation import WorthPoint, worth_series
from companion.view import snapshot

Listener = Callable[[str, int], None]
#: Turns the state dict into its JSON text (see :func:`compact_json`).
Encoder = Callable[[dict[str, Any]], str]


def compact_json(value: dict[str, Any]) -> str:
    """``value`` as compact JSON text (no spaces, non-ASCII kept): the standard library's
    encoder, the table's default for the state's text."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class Actor:
    """Who sends a command: ``role`` is ``banker``, ``player``, ``hardware`` or ``replay``;
    ``player`` names the sender when ``role`` is ``player``."""

    role: str = "banker"
    player: str | None = None

    def __str__(self) -> str:
        return f"player:{self.player}" if self.role == "player" else self.role


BANKER = Actor("banker")
#: Who may undo: the banker, a replay file, and the banker's button at the table (issue 4).
UNDO_ROLES = ("banker", "replay", "hardware")
#: Commands still taken once the game is over: ``edition_value`` enters a value the tally
#: needs and the edition lacks, so the tally can name the winner (issue 15, ask once).
AFTER_THE_END = frozenset({"edition_value"})
#: Commands applied alone, once the commands ahead of them are committed: they read or
#: write more of the store than their own row (the games table, the rows to reverse,
#: the family's edition copy).
ALONE = frozenset({"new_game", "undo", "edition_value"})


@dataclass(frozen=True)
class Outcome:
    """An acknowledged command: its game, log ``seq``, events; ``duplicate`` when its client
    id had already been applied (nothing new happened)."""

    game_id: str
    seq: int
    events: tuple[ev.Event, ...] = ()
    duplicate: bool = False


@dataclass
class _Pending:
    """A command of the batch being built: its job, and once applied its seq and events
    and the row to write (``row`` None: a retry of a command of the same batch, or a
    refusal, ``refused``)."""

    job: Job
    game_id: str = ""
    seq: int = 0
    events: tuple[ev.Event, ...] = ()
    row: Row | None = None
    duplicate: bool = False
    refused: Exception | None = None


class Table:
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
                 budget: int = PLAYER_BYTES_A_DAY, burst: float = BURST):
        self.store = store
        self.burst = burst
        self.budget = WriteBudget(budget)  # derived from the log: a restart keeps it
        self.budget.load(store.written_since(self.budget.clock() - DAY))
        self._encode = encode
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._games: dict[str, GameState] = {}
        self._live: dict[str, array[int]] = {}  # per game: seqs that undo may still reverse
        self._undone: dict[str, set[int]] = {}  # per game: seqs reversed by undo
        self._listeners: list[Listener] = []
        self._json: dict[str, tuple[GameState, int, str]] = {}  # snapshot_json's cache
        self._committed: dict[str, int] = {}  # per game: the seq of its committed state
        # per game: (seq before, seq, events) of the last command applied (issue 19)
        self._last_events: dict[str, tuple[int, int, tuple[ev.Event, ...]]] = {}
        self._damaged: dict[str, UnreadableRow] = {}  # games whose log cannot be read
        self._writer = Writer(self.run_batch)  # group commit (issue 19 point 3)
        self._batch: dict[tuple[str, str], _Pending] = {}  # client ids not yet committed
        # issue 19 point 2: what the log holds, from memory (each refold sets them again)
        self._next: dict[str, int] = {}  # per game: the next log sequence
        self._ids = ClientIds()  # per game: the client ids the log holds
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
        return Job(command, actor, game_id, client_id, _check_text(command))

    def run_batch(self, jobs: list[Job]) -> None:
        """Apply ``jobs`` in order and commit them in one transaction (the writer thread):
        each job's future gets its Outcome, or its own refusal (nothing of it changed),
        only after the commit; if the commit fails, every job of the batch gets the
        StorageError and the games are refolded from the log (the last committed state).
        """
        with self._lock, self.editions.active():
            batch: list[_Pending] = []
            for job in jobs:
                if not job.future.set_running_or_notify_cancel():
                    continue  # its sender gave up before it was applied
                if job.command.get("cmd") in ALONE:
                    self._flush(batch)
                    batch = []
                    try:
                        job.future.set_result(self._alone(job))
                    except Exception as exc:
                        job.future.set_exception(exc)
                    continue
                pending = _Pending(job)
                try:
                    self._prepare(pending, batch)
                except Exception as exc:
                    pending.refused = exc
                batch.append(pending)
            self._flush(batch)

    def _alone(self, job: Job) -> Outcome:
        """``new_game``, ``undo``, ``edition_value``: applied and committed by itself."""
        if job.command.get("cmd") == "new_game":
            return self._new_game(job.command, job.actor, job.client_id, job.text)
        self.state(job.game_id)  # UnknownGame, GameDamaged
        assert job.game_id is not None
        if job.command.get("cmd") == "undo":
            return self._undo(job.game_id, job.command, job.actor, job.client_id, job.text)
        return self._apply(job.game_id, job.command, job.actor, job.client_id, job.text)

    def _prepare(self, pending: _Pending, batch: list[_Pending]) -> None:
        """Apply ``pending``'s command to its game's live state (under the lock, not yet
        committed); a refusal after an event was folded in rebuilds the state from the log
        and the batch's commands before it."""
        job = pending.job
        self.state(job.game_id)  # UnknownGame, GameDamaged
        assert job.game_id is not None
        pending.game_id = game_id = job.game_id
        ahead = self._batch.get((game_id, job.client_id)) if job.client_id else None
        if ahead is not None:  # a retry of a command of this batch: answered with it
            self._same_command(ahead.job.command, ahead.job.actor, job.command, job.actor)
            pending.seq, pending.duplicate = ahead.seq, True
            return
        state = self._games[game_id]
        draft = self._draft(game_id, job.command, job.actor, job.client_id, job.text, batch)
        if isinstance(draft, Outcome):  # already committed: a duplicate
            pending.seq, pending.duplicate = draft.seq, True
            return
        try:
            text, body = encoded(job.command, draft.events)
        except BaseException:
            self._rebuild(game_id, batch)
            raise
        pending.seq = draft.seq
        pending.events = tuple(draft.events)
        pending.row = (game_id, draft.seq, job.client_id, str(job.actor), text, body)
        state.seq = draft.seq  # the next command of the batch follows it
        if job.client_id:
            self._batch[(game_id, job.client_id)] = pending
        if job.actor.role == "player" and job.actor.player is not None:  # counted now:
            self.budget.add(game_id, job.actor.player,  # a failed commit only refuses sooner
                            len(job.text.encode("utf-8")) + len(body.encode("utf-8")))

    def _rebuild(self, game_id: str, batch: list[_Pending]) -> None:
        """The live state of ``game_id``: the log's, then the batch's applied commands."""
        state = self._refold(game_id)
        for pending in batch:
            if pending.row is not None and pending.game_id == game_id:
                for event in pending.events:
                    apply(state, event, pending.seq)
                state.seq = pending.seq
        self._games[game_id] = state

    def _flush(self, batch: list[_Pending]) -> None:
        """Commit the batch's rows in one transaction, tell the listeners, then answer each
        command in order (all with the StorageError when the write failed)."""
        rows = [p.row for p in batch if p.row is not None]
        self._batch.clear()
        failed: Exception | None = None
        if rows:
            try:
                self.store.append_rows(rows)
            except Exception as exc:
                for game_id in {row[0] for row in rows}:  # the log is asked until refolded
                    self._next.pop(game_id, None)
                    self._ids.forget(game_id)
                failed = exc if isinstance(exc, StorageError) else StorageError(
                    f"The game log could not be written: {exc}")
                self._restore({row[0] for row in rows})
        if failed is None:
            last: dict[str, int] = {}
            before: dict[str, int] = {}  # per game: its committed seq before this batch
            events: dict[str, list[ev.Event]] = {}  # per game: the batch's events, in order
            for p in batch:
                if p.row is not None:
                    before.setdefault(p.game_id, self._committed.get(p.game_id, -1))
                    events.setdefault(p.game_id, []).extend(p.events)
                    self.editions.learn(self._games[p.game_id].ed.id, p.events)
                    self._live.setdefault(p.game_id, array("q")).append(p.seq)
                    self._undone.setdefault(p.game_id, set())
                    last[p.game_id] = self._committed[p.game_id] = p.seq
                    self._next[p.game_id] = p.seq + 1  # issue 19 point 2: from memory
                    if p.job.client_id:
                        self._ids.add(p.game_id, p.job.client_id,
                                      (p.seq, p.job.text, str(p.job.actor)))
            for game_id, seq in last.items():
                # issue 19: the streams build again only the players the batch's events touch
                self._last_events[game_id] = (before[game_id], seq, tuple(events[game_id]))
                self._notify(game_id, seq)
        for p in batch:
            if failed is not None:
                p.job.future.set_exception(failed)
            elif p.refused is not None:
                p.job.future.set_exception(p.refused)
            else:
                p.job.future.set_result(
                    Outcome(p.game_id, p.seq, p.events, duplicate=p.duplicate))

    def _restore(self, game_ids: set[str]) -> None:
        """After a failed commit: each game back to its last committed state, its log."""
        for game_id in game_ids:
            try:
                self._games[game_id] = self._refold(game_id)
            except UnreadableRow as exc:  # the log cannot be read back: the game stops
                self._damaged[game_id] = exc

    def _duplicate(self, game_id: str | None, client_id: str | None,
                   command: dict[str, Any], actor: Actor) -> Outcome | None:
        """The acknowledgement of an already applied client id (phones retry), or None.

        docs/table-log.md "client id": the same id with the same command (equal to the one the
        store wrote, fields in any order) from the same sender is a retry; with another
        command or sender it is refused (ReusedId, nothing changes).  ``game_id`` None: a
        ``new_game``'s id.  Issue 19 point 2: a fresh id or a recent one is known from
        memory (:mod:`companion.client_ids`); an older one is looked up in the log.
        """
        if not client_id:
            return None
        memory = self._ids.find(game_id, client_id) if game_id is not None else ASK
        if memory == NEW:
            return None
        if isinstance(memory, tuple) and game_id is not None:
            found, (seq, text, sender) = game_id, memory
        else:
            known = self.store.seq_of_client_id(game_id, client_id)
            if not known:
                return None
            found, seq, text, sender = known
        if sender != str(actor) or not same_command(text, command):
            raise ReusedId("This command's id was already used for another command; send "
                           "it again as a new command.")
        return Outcome(found, seq, duplicate=True)

    @staticmethod
    def _same_command(first: dict[str, Any], sender: Actor | str, command: dict[str, Any],
                      actor: Actor) -> None:
        """Refuse (ReusedId) a client id sent again with another command or sender (a
        retry of a command of the batch not yet committed)."""
        if str(sender) != str(actor) or first != command:
            raise ReusedId("This command's id was already used for another command; send "
                           "it again as a new command.")

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

    def _draft(self, game_id: str, command: dict[str, Any], actor: Actor,
               client_id: str | None, text: str, batch: list[_Pending]) -> Draft | Outcome:
        """The command's checks and events folded into the live state (not stored), or
        the acknowledgement of a committed client id.  A refusal after an event was folded
        in rebuilds the state: the log, then ``batch``'s applied commands."""
        state = self._games[game_id]
        name = command.get("cmd")
        spec = REGISTRY.get(name) if isinstance(name, str) else None
        if spec is None:
            raise BadCommand("There is no command %(name)r.", name=name)
        cmd = Cmd(command, state, actor.player if actor.role == "player" else None)
        _authorize(cmd, actor, spec.player_field)
        duplicate = self._duplicate(game_id, client_id, command, actor)
        if duplicate:
            return duplicate
        if state.over and spec.name not in AFTER_THE_END:
            raise GameOver("The game is over; only undo can change it now.")
        size = len(text.encode("utf-8"))
        if actor.role == "player" and actor.player is not None:  # the day's bytes
            self.budget.check(game_id, actor.player, size)
        _offered(state, spec.name)
        draft = Draft(state, state.seq + 1)
        marks = deed_marks(state)  # C18: the deeds of pending trades, as offered
        try:
            spec.handler(draft, cmd)
            settle_debts(draft)
            void_changed_trades(draft, marks)
            rules_for(draft.state.ed).after_command(draft)  # e.g. M22: a multimillionaire
            unknown_field(cmd, spec.fields)  # issue 17 point 5: nothing stored unread
        except BaseException:
            if draft.events:  # folded into the live state but never stored: rebuild
                self._rebuild(game_id, batch)
            raise
        return draft

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

    def _notify(self, game_id: str, seq: int) -> None:
        self._changed.notify_all()
        for listener in list(self._listeners):
            try:
                listener(game_id, seq)
            except Exception:  # a broken display must never stop the bank
                pass

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

    def history(self, game_id: str, limit: int = 30) -> list[dict[str, Any]]:
        """The newest ``limit`` commands: seq, actor, command, time, whether undone."""
        rows = self.store.last_rows(game_id, limit)
        with self._lock:
            undone = set(self._undone.get(game_id, ()))
        return [{"seq": r.seq, "actor": r.actor, "command": r.command, "at": r.at,
                 "undone": r.seq in undone, "events": [ev.to_dict(e) for e in r.events]}
                for r in rows]


def _check_text(command: dict[str, Any]) -> str:
    """Refuse text that is not valid Unicode (a lone surrogate): it could not be stored;
    NaN or Infinity (issue 17 point 4: not JSON, every history would stop); a
    string longer than ``MAX_TEXT`` (a value or a field name, at any depth); a command
    longer than ``MAX_COMMAND``: the log keeps every command, the history shows it.
    Returns the command's JSON text as the log keeps it."""
    try:
        text = json.dumps(command, ensure_ascii=False)
        text.encode("utf-8")
    except (UnicodeEncodeError, TypeError, ValueError, RecursionError) as exc:
        raise BadCommand("The command holds text or values that cannot be stored.") from exc
    if "NaN" in text or "Infinity" in text:  # NaN is no JSON: the history would break
        try:
            json.dumps(command, allow_nan=False)
        except ValueError as exc:
            raise BadCommand("A number in the command is not a number (%(name)s); send "
                             "real numbers.", name="NaN, Infinity") from exc
    key = _long_text(command)
    if key is not None:
        raise BadCommand("The text in %(key)r is longer than %(most)s characters; write it "
                         "shorter.", key=key, most=MAX_TEXT)
    if len(text) > MAX_COMMAND:
        raise BadCommand("The command is longer than %(most)s characters; send only the "
                         "fields it needs.", most=MAX_COMMAND)
    return text


def _long_text(command: dict[str, Any]) -> str | None:
    """The field of ``command`` holding a string longer than ``MAX_TEXT`` (its name cut
    short when that is the long string), else None.  No recursion: nesting is deep."""
    for field, value in command.items():
        todo: list[Any] = [field, value]
        while todo:
            item = todo.pop()
            if isinstance(item, str) and len(item) > MAX_TEXT:
                name = str(field)
                return name if len(name) <= 40 else name[:40] + "…"
            if isinstance(item, dict):
                todo.extend(item.items())
            elif isinstance(item, list | tuple):
                todo.extend(item)
    return None


def applied(rows: list[LogRow]) -> tuple[list[LogRow], set[int]]:
    """Split a game's log: the rows that count (neither undone nor an ``undo`` command),
    and the set of log sequences that ``undo`` reversed."""
    undone = {e.target for r in rows for e in r.events if isinstance(e, ev.CommandUndone)}
    counted = [r for r in rows if r.seq not in undone
               and not any(isinstance(e, ev.CommandUndone) for e in r.events)]
    return counted, undone


def _authorize(cmd: Cmd, actor: Actor, player_field: str | None) -> None:
    """A player's phone may send only its own commands (``player_field`` = its name)."""
    if actor.role in ("banker", "replay"):
        return
    if actor.role == "hardware" and cmd.name in ("claim", "next_turn"):
        return
    if actor.role != "player" or player_field is None:
        raise NotAllowed("Only the banker can do that.")
    if cmd.player(player_field, bank=True) != actor.player:
        raise NotAllowed("%(player)s can only act for themself.", player=actor.player)


def _offered(state: GameState, name: str) -> None:
    """Refuse command ``name`` when the game's rule set does not offer it because it is
    another rule set's own (``ola_roll`` in a classic game): that set's sentence, e.g.
    "That is not a rule of this game's edition."  Table commands a rule set withholds
    (Kortstokk's ``build``) are refused by its checks, which say what to use instead."""
    rules = rules_for(state.ed)
    owner = owner_of(name)
    if owner is not None and not rules.allows(name):
        raise owner.not_offered()

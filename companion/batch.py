"""Applying commands in batches (group commit, issue 19 point 3).

:meth:`Batches.run_batch` (the writer thread of :mod:`companion.group`, or a caller's own
on a quiet table) applies the batch's commands in order to the live states, each refused
alone if it breaks a rule, writes them in one transaction with one fsync, and only then
tells the listeners and answers each command.  A failed commit answers every command of
its batch with the StorageError and refolds its games from the log.  ``new_game``,
``undo`` and ``edition_value`` are applied alone (:meth:`Batches._alone`, the table's),
once the commands ahead of them are committed.

:class:`Batches` is the base of :class:`companion.table.Table`, on :class:`Memory`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion import events as ev
from companion.budget import WriteBudget
from companion.client_ids import ASK, NEW, same_command
from companion.commands import REGISTRY, Cmd
from companion.commands.base import unknown_field
from companion.commands.trades import deed_marks, void_changed_trades
from companion.errors import BadCommand, GameOver, NotAllowed, ReusedId, StorageError
from companion.folds import apply
from companion.group import Job
from companion.ledger.draft import Draft
from companion.ledger.payments import settle_debts
from companion.memory import Memory
from companion.outcome import Actor, Outcome
from companion.rules import rules_for
from companion.rules.ruleset import owner_of, rule_set_commands
from companion.state import GameState
from companion.store import Row, Store, encoded

#: Commands still taken once the game is over: ``edition_value`` enters a value the tally
#: needs and the edition lacks, so the tally can name the winner (issue 15, ask once).
AFTER_THE_END = frozenset({"edition_value"})
#: Commands applied alone, once the commands ahead of them are committed: they read or
#: write more of the store than their own row (the games table, the rows to reverse,
#: the family's edition copy).
ALONE = frozenset({"new_game", "undo", "edition_value"})


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


class Batches(Memory):
    """The batch machinery on the table's memory.

    Args:
        store: the :class:`~companion.store.Store` (SQLite log).
        budget: bytes a player's commands may write to the log in 24 hours
            (:mod:`companion.budget`; 0: no limit).
    """

    def __init__(self, store: Store, budget: int) -> None:
        super().__init__(store)
        self.budget = WriteBudget(budget)  # derived from the log: a restart keeps it
        self._batch: dict[tuple[str, str], _Pending] = {}  # client ids not yet committed

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
        """Apply and commit ``new_game``, ``undo`` or ``edition_value`` by itself (the
        table's; called under the lock with the commands ahead of it committed)."""
        raise NotImplementedError

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
            text, body = encoded(job.command, draft.events, job.text)
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
        failed: StorageError | None = None
        if rows:
            told = self._told(batch)
            try:  # the listeners' foresight runs while the disk writes
                self.store.append_rows(rows, lambda: self._foretell(told))
            except Exception as exc:
                failed = exc if isinstance(exc, StorageError) else StorageError(
                    f"The game log could not be written: {exc}")
                self._failed(set(told))
                self._unforetell(told)
            else:
                self._committed_rows(batch, told)
        for p in batch:
            if failed is not None:
                p.job.future.set_exception(failed)
            elif p.refused is not None:
                p.job.future.set_exception(p.refused)
            else:
                p.job.future.set_result(
                    Outcome(p.game_id, p.seq, p.events, duplicate=p.duplicate))

    def _failed(self, game_ids: set[str]) -> None:
        """After a failed commit: the log is asked until each game is refolded from it."""
        for game_id in game_ids:
            self._next.pop(game_id, None)
            self._ids.forget(game_id)
        self._restore(game_ids)

    def _told(self, batch: list[_Pending]) -> dict[str, tuple[int, tuple[ev.Event, ...]]]:
        """Per game of the batch's applied commands: ``(its committed seq before the batch,
        the batch's events of that game in order)`` (issue 19: the streams build again
        only the players those events touch)."""
        told: dict[str, tuple[int, tuple[ev.Event, ...]]] = {}
        for p in batch:
            if p.row is not None:
                before, events = told.get(p.game_id, (self._committed.get(p.game_id, -1), ()))
                told[p.game_id] = (before, events + p.events)
        return told

    def _committed_rows(self, batch: list[_Pending],
                        told: dict[str, tuple[int, tuple[ev.Event, ...]]]) -> None:
        """Note the batch's committed rows in memory (issue 19 point 2), then tell the
        listeners once per game, with ``told`` (:meth:`_told`)."""
        for p in batch:
            if p.row is None:
                continue
            game_id, job = p.game_id, p.job
            self.editions.learn(self._games[game_id].ed.id, p.events)  # ask once
            self._live[game_id].append(p.seq)
            self._committed[game_id] = p.seq
            self._next[game_id] = p.seq + 1
            if job.client_id:
                self._ids.add(game_id, job.client_id, (p.seq, job.text, str(job.actor)))
        for game_id, (before, events) in told.items():
            seq = self._committed[game_id]
            self._last_events[game_id] = (before, seq, events)
            self._notify(game_id, seq)

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
    if name not in rule_set_commands():  # a table command: nearly every one
        return
    owner = owner_of(name)
    if owner is not None and not rules_for(state.ed).allows(name):
        raise owner.not_offered()

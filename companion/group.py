"""Group commit's writer (issue 19 point 3): one thread takes the commands waiting.

Commands are queued (:meth:`Writer.put`) from any thread — the server's loop, the Flask
workers, the hardware — and one writer thread hands every command waiting, in the order
they came, to the table as a batch (:meth:`companion.table.Table.run_batch`): it applies
each in order, writes them all in one transaction with one fsync, and only then answers
each one's :class:`~concurrent.futures.Future`.  While a batch's fsync is in flight the
next commands wait here, so the loop that queued them never waits on the disk.

A quiet table (issue 19, pace): when nothing is queued or running and the last batch
ended more than ``burst`` seconds ago, :meth:`Writer.hand` runs the command in the
caller's own thread at once, alone in its batch — the same code, lock and commit — so a
command from the server's loop is committed, its listeners told and its future answered
before ``submit`` returns: no thread hop.  Commands arriving back to back (within
``burst`` of the last commit, or while one runs) are queued and share a commit.

The thread starts with the first queued command and ends after ``idle`` seconds without
one: nothing runs at import time, and an idle table holds no thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from companion.errors import StorageError

#: Most commands one batch takes: bounds how long the first of them waits for its answer.
MAX_BATCH = 64
#: Seconds after a batch's end during which the next command is queued for the writer
#: (commands back to back: group commit) rather than committed in its caller's thread.
#: At the table's pace (1 command per 50 ms or slower) every command is committed at once.
BURST = 0.005


@dataclass
class Job:
    """One queued command: what :meth:`companion.table.Table.execute` was given, the
    client id and the command's JSON text as the log keeps it (checked before queueing),
    and the future that gets its :class:`~companion.table.Outcome` or its refusal."""

    command: dict[str, Any]
    actor: Any
    game_id: str | None
    client_id: str | None
    text: str
    future: Future[Any] = field(default_factory=Future)


class Writer:
    """The queue and its one thread.

    Args:
        run: applies and commits a batch of jobs (in order), answering each job's future.
        idle: seconds the thread waits for a command before it ends.
    """

    def __init__(self, run: Callable[[list[Job]], None], idle: float = 5.0) -> None:
        self._run = run
        self._idle = idle
        self._jobs: list[Job] = []
        self._cond = threading.Condition(threading.Lock())
        self._thread: threading.Thread | None = None
        self._closed = False
        self._busy = 0  # batches running: the thread's, and callers' own (:meth:`hand`)
        self._owners: set[int] = set()  # threads running a batch of their own
        self._ended = 0.0  # time.monotonic() when the last batch ended

    def put(self, job: Job) -> None:
        """Queue ``job`` (starting the thread when none runs).

        Raises:
            StorageError: the table is closed.
        """
        with self._cond:
            if self._closed:
                raise StorageError("The game log is closed.")
            self._jobs.append(job)
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="companion-writer",
                                                daemon=True)
                self._thread.start()
            self._cond.notify()

    def hand(self, job: Job, burst: float) -> None:
        """Run ``job`` as a batch of its own in this thread when this thread is running a
        batch (a listener sending a command), or when nothing is queued or running and
        the last batch ended ``burst`` seconds ago or more; else queue it (:meth:`put`).
        Either way its future is answered as the writer would answer it.

        Raises:
            StorageError: the table is closed.
        """
        if self.is_writer():
            self._guarded([job])
            return
        if not self._claim(burst):
            self.put(job)
            return
        try:
            self._guarded([job])
        finally:
            with self._cond:
                self._busy -= 1
                self._owners.discard(threading.get_ident())
                self._ended = time.monotonic()

    def _claim(self, burst: float) -> bool:
        with self._cond:
            if self._closed:
                raise StorageError("The game log is closed.")
            if self._jobs or self._busy or time.monotonic() - self._ended < burst:
                return False
            self._busy += 1
            self._owners.add(threading.get_ident())
            return True

    def is_writer(self) -> bool:
        """True in a thread running a batch: the writer thread, or a caller's own."""
        return (threading.current_thread() is self._thread
                or threading.get_ident() in self._owners)

    def close(self) -> None:
        """Answer the commands still queued, then end the thread; idempotent."""
        with self._cond:
            self._closed = True
            thread = self._thread
            self._cond.notify()
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def _take(self) -> list[Job] | None:
        """The next batch, or None when the thread should end (idle or closed)."""
        with self._cond:
            while not self._jobs:
                if self._closed or not self._cond.wait(self._idle) and not self._jobs:
                    self._thread = None
                    return None
            jobs, self._jobs = self._jobs[:MAX_BATCH], self._jobs[MAX_BATCH:]
            self._busy += 1
            return jobs

    def _guarded(self, jobs: list[Job]) -> None:
        """Run ``jobs``; whatever goes wrong, never leave a sender waiting forever."""
        try:
            self._run(jobs)
        except BaseException as exc:
            for job in jobs:
                if not job.future.done():
                    job.future.set_exception(exc)
            if not isinstance(exc, Exception):
                raise

    def _loop(self) -> None:
        try:
            while (jobs := self._take()) is not None:
                try:
                    self._guarded(jobs)
                finally:
                    with self._cond:
                        self._busy -= 1
                        self._ended = time.monotonic()
        finally:
            with self._cond:
                if self._thread is threading.current_thread():
                    self._thread = None  # the next put starts another

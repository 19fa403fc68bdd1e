"""Group commit's writer (issue 19 point 3): one thread takes the commands waiting.

Commands are queued (:meth:`Writer.put`) from any thread — the server's loop, the Flask
workers, the hardware — and one writer thread hands every command waiting, in the order
they came, to the table as a batch (:meth:`companion.table.Table.run_batch`): it applies
each in order, writes them all in one transaction with one fsync, and only then answers
each one's :class:`~concurrent.futures.Future`.  While a batch's fsync is in flight the
next commands wait here, so the loop that queued them never waits on the disk.

The thread starts with the first command and ends after ``idle`` seconds without one:
nothing runs at import time, and an idle table holds no thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from companion.errors import StorageError

#: Most commands one batch takes: bounds how long the first of them waits for its answer.
MAX_BATCH = 64


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

    def __init__(self, run: Callable[[list[Job]], None], idle: float = 5.0):
        self._run = run
        self._idle = idle
        self._jobs: list[Job] = []
        self._cond = threading.Condition(threading.Lock())
        self._thread: threading.Thread | None = None
        self._closed = False
        self._running = False  # the thread is inside a batch

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

    def quiet(self) -> bool:
        """True when no command is queued and no batch is running: a caller that waits
        for its answer anyway (a replay, a button) may then apply its own command in its
        own thread, under the same table lock, sparing two thread switches."""
        with self._cond:
            return not self._jobs and not self._running

    def is_writer(self) -> bool:
        """True in the writer thread itself (a listener that sends a command)."""
        return threading.current_thread() is self._thread

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
            self._running = True
            return jobs

    def _loop(self) -> None:
        try:
            while (jobs := self._take()) is not None:
                try:
                    self._run(jobs)
                except BaseException as exc:  # never leave a sender waiting forever
                    for job in jobs:
                        if not job.future.done():
                            job.future.set_exception(exc)
                    if not isinstance(exc, Exception):
                        raise
                finally:
                    with self._cond:
                        self._running = False
        finally:
            with self._cond:
                if self._thread is threading.current_thread():
                    self._thread = None  # the next put starts another

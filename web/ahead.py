"""The live streams' next step, built while its commit waits for the disk (issue 19, pace).

After every commit the hub builds the step to the new state (:meth:`web.changes.Changes.
advance`: the touched players' figures, the change's text) and only then writes the
streams.  The commit's fsync is dead time for the committing thread (SQLite lets other
threads run meanwhile), so :class:`Ahead` starts that step in a thread of its own as the
commit begins (:meth:`companion.table.Table.foresee`) and the hub takes it once the commit
succeeded: the streams are written as soon as the disk has the command, and never before.
A commit that fails drops its step and what :class:`~web.changes.Changes` kept of the
game (the next step is then built whole, from the state read back from the log).

A step that has not started when its commit ends (a fast disk, a busy machine) is
cancelled and built in the committing thread, as without this module.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from companion import events as ev
from companion.state import GameState
from web.changes import Changes, Step


class Ahead:
    """Steps under way, by game.  Every method runs in the committing thread under the
    table's lock (the table's foresight listener, :meth:`drop`, the hub's
    :meth:`step`), so the steps of one game never cross.

    Args:
        changes: the hub's, which builds and keeps each game's last step.
        wanted: whether ``game_id`` has streams (no step is started for a game nobody
            follows).
    """

    def __init__(self, changes: Changes, wanted: Callable[[str], bool]) -> None:
        self.changes, self._wanted = changes, wanted
        self._pool: ThreadPoolExecutor | None = None  # its thread starts with the first step
        self._under_way: dict[str, tuple[int, Future[Step]]] = {}

    def start(self, game_id: str, state: GameState,
              known: tuple[int, tuple[ev.Event, ...]]) -> None:
        """Start building the step to ``state`` (not committed yet: its commit is about to
        wait for the disk) from ``known`` = (seq before, events), in the committing
        thread's context (the table's edition library stays the one read)."""
        if not self._wanted(game_id):
            return
        self.drop(game_id, forget=False)  # never two steps of one game at once
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="companion-ahead")
        run = contextvars.copy_context().run
        future = self._pool.submit(run, self.changes.advance, state, known)
        self._under_way[game_id] = (state.seq, future)

    def step(self, game_id: str, state: GameState,
             known: tuple[int, tuple[ev.Event, ...]] | None) -> Step:
        """The step to the committed ``state``: the one built ahead when it is for this
        state and has started (waited for), else built now (:meth:`Changes.advance`)."""
        ahead = self._under_way.pop(game_id, None)
        if ahead is not None and not ahead[1].cancel():  # started: wait for it
            seq, future = ahead
            if seq == state.seq:
                return future.result()
            future.exception()  # a step to another state (never seen): build it whole
            self.changes.forget(game_id)
        return self.changes.advance(state, known)

    def drop(self, game_id: str, forget: bool = True) -> None:
        """No step of ``game_id`` under way any more (its commit failed, or nobody follows
        the game); ``forget``: nor anything kept of it (the next step is whole)."""
        ahead = self._under_way.pop(game_id, None)
        if ahead is not None:
            _settle(ahead[1])
        if forget:
            self.changes.forget(game_id)

    def close(self) -> None:
        """End the thread (steps not started are cancelled)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _settle(future: Future[Step]) -> None:
    """Cancel ``future``, or wait until it has run (its step kept or failed: either way
    nothing of it runs after this)."""
    if not future.cancel():
        future.exception()  # waits; a failed step is only dropped

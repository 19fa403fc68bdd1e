"""One worker thread that turns button events into table commands (issue 4, part 2).

- seat press: ``claim`` for that seat's player (C5; M11 in Multimillionær); when that player
  has no open claim, nothing is sent and the seat LED flashes "nothing to claim";
- banker press: ``next_turn`` (open claims lapse in the core, C5/M11);
- banker held for ``long_press`` seconds: ``undo`` (then the release does nothing).  With
  long press disabled the banker press sends ``next_turn`` at once.

Debounce: an edge of a button less than ``bounce_time`` s after that button's last accepted
edge is dropped.  A bounce that gets through anyway cannot double-claim: the first claim
closed every claim, so the second finds nothing and only flashes.  Every command carries a
fresh client id and is sent as ``Actor("hardware")``; a refusal never stops the worker.
"""

from __future__ import annotations

import logging
import queue
import threading
import uuid
from collections.abc import Callable
from typing import Any

from companion.errors import Refused
from companion.table import Actor, Table
from hardware.buttons import BANKER, Press

HARDWARE = Actor("hardware")
_STOP = object()
log = logging.getLogger(__name__)


class Dispatcher:
    """Consumes :class:`~hardware.buttons.Press` events from ``events`` on its own thread.

    Args:
        table: the core; commands go to ``table.current_game()``.
        events: the queue :class:`~hardware.buttons.Buttons` fills.
        bounce_time: seconds (see module doc); 0 = no software debounce.
        long_press: True when a held banker button means ``undo``.
        flash: called with a seat index when that seat had nothing to claim.
    """

    def __init__(self, table: Table, events: queue.Queue[Any], *, bounce_time: float,
                 long_press: bool, flash: Callable[[int], None]):
        self.table, self.events, self.flash = table, events, flash
        self._bounce, self._long_press = bounce_time, long_press
        self._accepted: dict[int, float] = {}
        self._armed = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="button-worker", daemon=True)
        self._thread.start()

    def drain(self) -> None:
        """Block until every queued event was handled (tests, the simulation)."""
        self.events.join()

    def close(self) -> None:
        """Finish queued events, then stop the thread; idempotent."""
        if not self._closed:
            self._closed = True
            self.events.put(_STOP)
            self._thread.join(timeout=10)

    def __enter__(self) -> Dispatcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _run(self) -> None:
        while True:
            item = self.events.get()
            try:
                if item is _STOP:
                    return
                self.handle(item)
            except Exception:  # the bank must never stop because of a button
                log.exception("button event %r failed", item)
            finally:
                self.events.task_done()

    def handle(self, press: Press) -> None:
        """Act on one event (called on the worker thread)."""
        last = self._accepted.get(press.seat)
        if last is not None and press.at - last < self._bounce:
            return
        self._accepted[press.seat] = press.at
        if press.seat == BANKER:
            self._banker(press.kind)
        elif press.kind == "press":
            self._claim(press.seat)

    def _banker(self, kind: str) -> None:
        if kind == "press" and not self._long_press:
            self._send({"cmd": "next_turn"})
        elif kind == "press":
            self._armed = True
        elif kind == "held":  # only a real hold fires it, even if the press edge bounced
            self._armed = False
            self._send({"cmd": "undo"})
        elif kind == "release" and self._armed:
            self._armed = False
            self._send({"cmd": "next_turn"})

    def _claim(self, seat: int) -> None:
        player = self._claimant(seat)
        if player is None or not self._send({"cmd": "claim", "player": player}):
            self.flash(seat)

    def _claimant(self, seat: int) -> str | None:
        """The player at ``seat`` if they have an open claim in the current game, else None."""
        game_id = self.table.current_game()
        if game_id is None:
            return None
        snapshot = self.table.snapshot(game_id)
        players = snapshot["players"]
        if seat >= len(players):
            return None
        name = players[seat]["name"]
        return name if any(c["owner"] == name for c in snapshot["claims"]) else None

    def _send(self, command: dict[str, Any]) -> bool:
        """Execute ``command`` in the current game with a fresh client id; False if refused."""
        game_id = self.table.current_game()
        if game_id is None:
            return False
        command["id"] = f"hw-{uuid.uuid4().hex}"
        try:
            self.table.execute(command, actor=HARDWARE, game_id=game_id)
        except Refused as exc:
            log.info("button %s refused: %s", command["cmd"], exc)
            return False
        return True

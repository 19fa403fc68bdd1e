"""How fast a player's phone may send commands: a token bucket per player token.

A family at a table sends a few commands a minute per phone, in bursts of a few a second
(a turn: roll, buy, claim; a sell-off: mortgage after mortgage).  A phone (or a script
holding its token) that sends faster is refused with 429 and ``Retry-After`` before the
command reaches the table, so it cannot fill the log (and the SD card) or bury every
phone's history.  Settings (:mod:`web.settings`): ``RATE_COMMANDS`` (commands a second a
phone may keep up; 0 = no limit) and ``RATE_BURST`` (how many it may send at once).

Only player tokens are limited.  The banker runs the game (and holds the key to
everything anyway: a leaked banker token is answered by ``--new-banker-token``, not by a
limit), and the table's buttons are physical presses that reach the table without HTTP
(:mod:`hardware.dispatch`).

Each command request is counted once, where the identity is known and the command is
about to be applied: in the loop's fast lane (:meth:`web.front.Front._command`) for a
request it applies itself, else in the Flask view (:func:`web.api.send_command`) for a
request the fast lane hands over unchanged (or one through a plain WSGI server).  One
:class:`CommandLimits` per app, shared by both (a lock: the loop and the worker threads).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from typing import NoReturn, cast

from flask import Flask
from werkzeug.exceptions import TooManyRequests

from web.i18n import _
from web.tokens import Identity

#: Where the app keeps its :class:`CommandLimits`.
KEY = "companion.limits"
#: Past this many buckets, full ones (the same as none) are dropped: what stays is one
#: bucket per token that sent a command in the last ``burst / rate`` seconds (7 s).
MAX_BUCKETS = 256


class CommandLimits:
    """One token bucket per player token: ``burst`` commands at once, refilled at
    ``rate`` a second.  Thread-safe; monotonic clock.

    Args:
        rate: commands a second a phone may keep up (0 or less: no limit).
        burst: commands a phone may send back to back (at least 1).
        clock: seconds, monotonic (the tests of this module may pass their own).
    """

    def __init__(self, rate: float, burst: float,
                 clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = float(rate), max(1.0, float(burst)), clock
        self._buckets: dict[str, tuple[float, float]] = {}  # token hash -> (tokens, when)
        self._lock = threading.Lock()

    def take(self, identity: Identity) -> float:
        """Count one command from ``identity``: 0.0 when it may go ahead, else the seconds
        until it may send one (nothing is taken: waiting that long always works)."""
        if self.rate <= 0 or identity.role != "player":
            return 0.0
        with self._lock:
            now = self.clock()
            tokens, then = self._buckets.get(identity.token_hash, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            if tokens >= 1.0:
                tokens -= 1.0
                wait = 0.0
            else:
                wait = (1.0 - tokens) / self.rate
            self._buckets[identity.token_hash] = (tokens, now)
            if len(self._buckets) > MAX_BUCKETS:
                self._forget_full(now)
            return wait

    def _forget_full(self, now: float) -> None:
        """Drop the buckets that have filled up again (a missing bucket is a full one)."""
        full = self.burst / self.rate
        self._buckets = {k: (tokens, then) for k, (tokens, then) in self._buckets.items()
                         if now - then < full}

    def __len__(self) -> int:
        return len(self._buckets)


class TooManyCommands(TooManyRequests):
    """429: the phone is over its limit (answered by :func:`web.errors.handle_too_many`
    with ``Retry-After``)."""


def init_app(app: Flask) -> None:
    """Give ``app`` its :class:`CommandLimits` from ``RATE_COMMANDS`` and ``RATE_BURST``."""
    app.extensions[KEY] = CommandLimits(float(app.config["RATE_COMMANDS"] or 0),
                                        float(app.config["RATE_BURST"] or 1))


def limits_of(app: Flask) -> CommandLimits:
    """The app's :class:`CommandLimits`."""
    return cast(CommandLimits, app.extensions[KEY])


def refuse(wait: float) -> NoReturn:
    """Raise the 429 for a phone that may send again in ``wait`` seconds (in a request
    context: the message is in the request's language)."""
    raise TooManyCommands(_("Too many commands from this phone; wait a moment and try again."),
                          retry_after=max(1, math.ceil(wait)))


def check(app: Flask, identity: Identity) -> None:
    """Count one command from ``identity``.  Raises TooManyCommands over the limit."""
    wait = limits_of(app).take(identity)
    if wait:
        refuse(wait)

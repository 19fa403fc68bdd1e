"""How many connections the table server holds, so that a guest cannot fill it (issue 17).

A break test of the server held ~1 000 idle keep-alive or slow-header connections open (a
script on the Wi-Fi, no token needed): the process had 1 024 file descriptors, and every
phone's request then failed.  Three answers, all below uvicorn (:mod:`web.server`):

- ``companion serve`` raises its soft ``RLIMIT_NOFILE`` to the hard limit at start
  (:func:`raise_fd_limit`; the systemd unit sets ``LimitNOFILE=``), and the caps are derived
  from the limit it got (:func:`caps_for`): the connections never use the descriptors the
  game log, the worker threads and the hardware need.
- past :attr:`Caps.calm` open connections, the *waiting* ones (no request under way: idle
  keep-alives, and connections still sending their request's head, which a slow-header
  script never finishes) are closed, least recently active first, so that
  :attr:`Caps.connections` - :attr:`Caps.calm` connections stay free for the table.  A
  phone's keep-alive connection is active at every tap, so it is the last one closed, and a
  browser sends a request again on a new connection when a kept-alive one was closed.
- a connection past :attr:`Caps.connections` with none waiting to close is closed at once.

Why not uvicorn's ``limit_concurrency``: past it uvicorn answers every new request 503
while the idle connections stay open — the phones would get the refusals, not the script.
Its ``timeout_keep_alive`` (:data:`web.server.KEEP_ALIVE`) and the head deadline of
:class:`web.server._Protocol` (:data:`web.server.HEAD_SECONDS`) still close a quiet
connection in calm times.  Live streams are capped per token by :mod:`web.hub`.
"""

from __future__ import annotations

import resource
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from web.tokens import Identity

T = TypeVar("T")

#: File descriptors kept for everything but connections (at least): the game log and its
#: WAL, the editions read, the worker threads, the serial ports and GPIO chips, the journal.
RESERVED_FDS = 128
#: Connections kept free for the table (at least): a table of six phones with two streams
#: each, the console, the board and the table page need about forty.
ROOM = 64
#: The soft limit :func:`raise_fd_limit` asks for when the hard limit is unlimited.
WANTED_FDS = 8192


@dataclass(frozen=True)
class Caps:
    """Open connections the server holds.

    Attributes:
        connections: most open connections; a new one past it, with none waiting to close,
            is closed at once.
        calm: past this many, the waiting connections are closed, least recently active
            first.
    """

    connections: int
    calm: int


def fd_limit() -> int:
    """This process's soft ``RLIMIT_NOFILE`` (file descriptors it may open)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return WANTED_FDS if soft == resource.RLIM_INFINITY else int(soft)


def raise_fd_limit() -> int:
    """Raise the soft ``RLIMIT_NOFILE`` to the hard limit (:data:`WANTED_FDS` when that is
    unlimited); returns the soft limit now in force (unchanged when the system refuses).
    Called by ``companion serve`` at start, never at import."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = WANTED_FDS if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):  # a container may refuse: serve with what there is
            pass
    return fd_limit()


def caps_for(fds: int) -> Caps:
    """The caps for a process that may open ``fds`` file descriptors: an eighth (at least
    :data:`RESERVED_FDS`) kept for other files, an eighth of the rest (at least
    :data:`ROOM`) kept free for the table.  ``caps_for(1024)`` is ``Caps(896, 784)``;
    ``caps_for(8192)`` (the unit's ``LimitNOFILE``) is ``Caps(7168, 6272)``."""
    connections = max(2 * ROOM, fds - max(RESERVED_FDS, fds // 8))
    return Caps(connections, connections - max(ROOM, connections // 8))


class Connection(Protocol):
    """What the gate closes: a connection (:class:`web.server._Protocol`)."""

    def evict(self) -> None:
        """Close the connection (it has no request under way)."""


class Gate:
    """The open connections against :class:`Caps`: which wait (no request under way), in
    the order they last began waiting.  Used by the loop only (no lock).

    Args:
        caps: the caps to hold.
    """

    def __init__(self, caps: Caps):
        self.caps = caps
        self.open = 0  # connections made and not yet lost
        self.waiting: OrderedDict[Connection, None] = OrderedDict()  # least recent first
        self.closing: set[Connection] = set()  # evicted, not yet lost
        self.evicted = 0  # how many were closed for room (a figure for the tests)

    def opened(self, conn: Connection) -> bool:
        """A new connection (waiting for its first request).  Closes waiting ones past
        :attr:`Caps.calm`; False when ``conn`` itself is past :attr:`Caps.connections`
        (the caller closes it)."""
        self.open += 1
        self.waiting[conn] = None
        while self.open - len(self.closing) > self.caps.calm and len(self.waiting) > 1:
            oldest = next(iter(self.waiting))
            del self.waiting[oldest]
            self.closing.add(oldest)
            self.evicted += 1
            oldest.evict()
        return self.open - len(self.closing) <= self.caps.connections

    def wait(self, conn: Connection) -> None:
        """``conn`` answered its request and waits for the next one (the newest waiting)."""
        if conn not in self.closing:
            self.waiting[conn] = None
            self.waiting.move_to_end(conn)

    def busy(self, conn: Connection) -> None:
        """``conn``'s request head arrived: it is not closed for room until answered."""
        self.waiting.pop(conn, None)

    def lost(self, conn: Connection) -> None:
        """``conn`` is closed."""
        self.open -= 1
        self.waiting.pop(conn, None)
        self.closing.discard(conn)


#: Live streams (and, apart, long polls) one token may hold at once, by role: a phone
#: needs 1–2 (its page, and the reconnection after sleep while the old stream is not yet
#: seen dead); the banker's token serves the console, the board, the table and games pages
#: (and the benchmarks' nine streams: a leaked banker token is answered by
#: ``--new-banker-token``, not by a cap), a table screen's a screen or two.  300 streams on
#: one player token took the bank offline; a guest holding a player's token keeps at most
#: one stream beside the phone's, and every command of the game is written to each stream
#: it keeps (the load test's attacked tail: 2 of a phone, not 4).
STREAMS_PER_TOKEN = {"player": 2, "viewer": 4, "banker": 16}


class PerToken(Generic[T]):
    """What each token holds (its live streams, or its long polls), oldest first, against
    :data:`STREAMS_PER_TOKEN`.  Used by the loop only (no lock)."""

    def __init__(self) -> None:
        self.held: dict[str, deque[T]] = {}  # by token hash

    def hold(self, identity: Identity, item: T) -> list[T]:
        """Count ``item`` for ``identity``'s token; the items past its cap, oldest first
        (the caller ends them: the newest is the one a reconnecting phone wants)."""
        held = self.held.setdefault(identity.token_hash, deque())
        held.append(item)
        cap = STREAMS_PER_TOKEN.get(identity.role, 1)
        return [held.popleft() for _ in range(len(held) - cap)]

    def release(self, identity: Identity, item: T) -> None:
        """``item`` ended (whether or not it was pushed out)."""
        held = self.held.get(identity.token_hash)
        if held is not None and item in held:
            held.remove(item)
        if held is not None and not held:
            del self.held[identity.token_hash]

    def count(self, identity: Identity) -> int:
        """How many items ``identity``'s token holds."""
        return len(self.held.get(identity.token_hash, ()))

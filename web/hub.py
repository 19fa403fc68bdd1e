"""Live updates by Server-Sent Events, written by one asyncio loop (issue 8).

``GET /api/games/<id>/events`` under ``companion serve`` (:mod:`web.front`): when a command
is committed, :class:`Hub` builds the step to the new state (:class:`web.changes.Changes`:
the whole state's text and the change from the state before, issue 19) and the loop writes
it to every open stream of that game itself: no thread per phone, no hand-offs between
threads.  A stream that is slower than the table skips to the newest state (what its phone
shows).

The messages: ``retry: 2000``, then the whole state (unless ``Last-Event-ID`` already is
the newest log sequence), then per command an ``event: change`` (:mod:`web.changes`, a few
hundred bytes) when the phone holds the change's base (the state last sent to it), else the
whole state as :mod:`web.live` sends it (after a skip, a reconnection) — each with ``id:``
= the log sequence — and a visible ``event: ping`` (``data:`` the newest sequence
sent) once a stream has been quiet for ``SSE_HEARTBEAT`` seconds (10): the pages' ``live()``
takes a stream that brought nothing for 25 s as dead and reconnects (issue 16).  A state
sent resets the quiet time, so a busy table gets no pings and an idle phone one write per
heartbeat, as the keep-alive comment it replaces.
A token holds at most :data:`web.capacity.STREAMS_PER_TOKEN` streams at once (issue 17:
300 streams on one player token took the bank offline): a new one past the cap ends that
token's oldest, the kindest to a phone that reconnects after sleep while its old stream is
not yet seen dead.  Another token's streams are never touched; its long polls count apart.
A stream ends after ``SSE_MAX_SECONDS`` (the browser reconnects with ``Last-Event-ID``),
when the server stops, and as soon as the token it was opened with is replaced ("New QR
code (lost phone)"); the reconnection is then answered 401 by the Flask app.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from companion.table import Table
from web.ahead import Ahead
from web.capacity import PerToken
from web.changes import Changes, Step
from web.tokens import Identity, Tokens

Message = MutableMapping[str, Any]
Send = Callable[[Message], Awaitable[None]]
Receive = Callable[[], Awaitable[Message]]

HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"),
           (b"cache-control", b"no-cache, no-store"), (b"x-accel-buffering", b"no"),
           (b"x-content-type-options", b"nosniff")]
#: Seconds between the hub's checks of heartbeats, time limits and replaced tokens.
TICK = 0.5


class Offer:
    """One state for the streams of a game: ``seq``, the SSE bytes of the change from
    ``base`` (``change``, b"" when none) and of the whole state (:attr:`message`, made
    when a stream first needs it: a phone at the base gets the change alone)."""

    __slots__ = ("seq", "base", "change", "_whole", "_message")

    def __init__(self, seq: int, whole: Step | bytes, base: int | None = None,
                 change: bytes = b"") -> None:
        self.seq, self.base, self.change = seq, base, change
        self._whole = whole  # the whole state's JSON text, or the step that joins it
        self._message: bytes | None = None

    @property
    def message(self) -> bytes:
        """The whole state's SSE message (:func:`event_bytes`)."""
        if self._message is None:
            whole = self._whole
            self._message = event_bytes(self.seq, whole if isinstance(whole, bytes)
                                        else whole.full)
        return self._message

    def body(self, sent: int) -> bytes:
        """What a stream that last sent state ``sent`` writes: the change when the phone
        holds its base, else the whole state (issue 19: a phone that missed a state, or
        just connected)."""
        return self.change if self.change and self.base == sent else self.message


NOTHING = Offer(-1, b"")


@dataclass(eq=False)
class Stream:
    """One open stream: the newest state offered (``offered``, its ``seq``) and the one
    sent."""

    identity: Identity
    sent: int
    ends_at: float
    beat_at: float
    offered: Offer = NOTHING
    ended: bool = False
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    send: Send | None = None  # while its task waits for news: the hub may write at once

    @property
    def seq(self) -> int:
        """The log sequence of the newest state offered (-1: none yet)."""
        return self.offered.seq

    def offer(self, offer: Offer) -> None:
        """Make ``offer`` the state to send next (a newer one replaces it)."""
        if offer.seq > self.offered.seq:
            self.offered = offer
            self.wake.set()

    def next_message(self) -> bytes:
        """The newest state offered, as the phone needs it (:meth:`Offer.body`)."""
        return self.offered.body(self.sent)

    def end(self) -> None:
        """Stop the stream at its next wake-up."""
        self.ended = True
        self.wake.set()


class Hub:
    """Every open stream, by game; all its methods run in the loop but :meth:`committed`.

    Args:
        table: the table whose commits are streamed.
        tokens: the token registry (a stream ends when its token is replaced).
        heartbeat: seconds of quiet before a ``ping`` event (≤ 15; 10 by default).
        max_seconds: seconds after which a stream ends (the browser reconnects).
    """

    def __init__(self, table: Table, tokens: Tokens, heartbeat: float, max_seconds: float):
        self.table, self.tokens = table, tokens
        self.heartbeat, self.max_seconds = heartbeat, max_seconds
        self.streams: dict[str, set[Stream]] = {}
        self.held: PerToken[Stream] = PerToken()  # streams, by token
        self.waiting: dict[str, set[asyncio.Event]] = {}  # long polls, by game
        self.polls: PerToken[asyncio.Event] = PerToken()  # long polls, by token
        self.cut: set[asyncio.Event] = set()  # long polls past their token's cap
        self.loop: asyncio.AbstractEventLoop | None = None
        self.last_tick = time.monotonic()  # the watchdog's sign that the loop is alive
        self._token_generation = tokens.generation
        self.changes = Changes()  # under the table's lock (committed)
        self.steps: dict[str, Step] = {}  # per game: the last step streamed
        self.ahead = Ahead(self.changes, lambda game_id: bool(self.streams.get(game_id)))
        self._unsubscribe: Callable[[], None] | None = None
        self._unforesee: Callable[[], None] | None = None
        self._stopping = False
        self._loop_thread = -1

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Follow the table's commits and start the periodic checks (in the loop)."""
        self.loop = loop
        self._loop_thread = threading.get_ident()
        self._unsubscribe = self.table.subscribe(self.committed)
        self._unforesee = self.table.foresee(self.ahead.start, self.ahead.drop)
        loop.call_later(TICK, self._tick)

    def stop(self) -> None:
        """End every stream and stop following the table (in the loop; idempotent)."""
        self._stopping = True
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._unforesee is not None:
            self._unforesee()
            self._unforesee = None
        self.ahead.close()
        for streams in self.streams.values():
            for stream in streams:
                stream.end()
        for events in self.waiting.values():
            for event in events:
                event.set()

    def committed(self, game_id: str, _seq: int) -> None:
        """Table listener (the committing thread, under the table lock): hand the new
        state's JSON to the streams of ``game_id`` — at once when the loop itself
        committed (a command from a phone), else through the loop (a button, a page)."""
        loop = self.loop
        if loop is None:
            return
        if self.waiting.get(game_id):
            loop.call_soon_threadsafe(self._wake_polls, game_id)
        if not self.streams.get(game_id):
            self.ahead.drop(game_id)  # nobody to tell: the next viewer gets it whole
            self.steps.pop(game_id, None)
            return
        step = self.ahead.step(game_id, self.table.state(game_id),  # built during the fsync
                               self.table.last_events(game_id, _seq))
        self.steps[game_id] = step
        if threading.get_ident() == self._loop_thread:
            self._publish(game_id, step)
        else:
            loop.call_soon_threadsafe(self._publish, game_id, step)

    def for_answer(self, game_id: str, seq: int,
                   duplicate: bool) -> tuple[bytes | None, bytes | None]:
        """``(change, state)`` for the answer to the command committed as ``seq`` (issue
        19 point 2: the sender's answer built from what the streams got), from the last
        step streamed of ``game_id``: its change's JSON text when it covers the command
        (from a state before ``seq`` to ``seq`` or later: the commands of one batch share
        one step; never for a ``duplicate``), else its whole state's text when it is at
        ``seq`` or later; ``(None, None)``: nothing streamed since (the answer then reads
        :meth:`companion.table.Table.snapshot_json`)."""
        step = self.steps.get(game_id)
        if step is None or step.seq < seq:
            return None, None
        if (step.change is not None and step.base is not None and not duplicate
                and step.base < seq):
            return step.change, None
        return None, step.full

    def full(self, game_id: str, seq: int) -> bytes | None:
        """The whole state's JSON text of state ``seq`` of ``game_id`` (exactly
        :meth:`companion.table.Table.snapshot_json`'s), when it was the last one streamed
        (joined once, shared by every reader); else None."""
        step = self.steps.get(game_id)
        return step.full if step is not None and step.seq == seq else None

    def state_text(self, game_id: str) -> tuple[int, bytes]:
        """``(seq, the whole state's JSON text)`` of ``game_id``'s last committed state:
        the streams' own (:meth:`full`) when they have it, else the table's
        (:meth:`companion.table.Table.snapshot_json`), then kept as the base of the next
        change.  Raises UnknownGame, GameDamaged."""
        seq = self.table.committed_seq(game_id)
        full = self.full(game_id, seq)
        if full is not None:
            return seq, full
        seq, text = self.table.snapshot_json(game_id)
        self.changes.prime(game_id, seq, text)  # the next command: a change
        return seq, text.encode()

    def _wake_polls(self, game_id: str) -> None:
        for event in self.waiting.get(game_id, ()):
            event.set()

    async def wait_news(self, game_id: str, after: int, timeout: float,
                        identity: Identity | None = None) -> None:
        """Return once ``game_id``'s log is not at ``after`` (newer, or behind it after a
        restored backup), ``timeout`` seconds pass or the server stops: a long poll
        (``?after=N&wait=S``) that holds no thread.  The long polls of one ``identity``
        count against :data:`web.capacity.STREAMS_PER_TOKEN` (apart from its streams):
        past it, the oldest returns at once (its phone polls again)."""
        event = asyncio.Event()
        waiting = self.waiting.setdefault(game_id, set())
        waiting.add(event)
        if identity is not None:
            for oldest in self.polls.hold(identity, event):  # past the token's cap
                self.cut.add(oldest)
                oldest.set()
        try:
            async with asyncio.timeout(timeout):
                while (not self._stopping and event not in self.cut
                       and self.table.committed_seq(game_id) == after):
                    await event.wait()
                    event.clear()
        except TimeoutError:
            pass
        finally:
            waiting.discard(event)
            self.cut.discard(event)
            if not waiting:
                self.waiting.pop(game_id, None)
            if identity is not None:
                self.polls.release(identity, event)

    def _publish(self, game_id: str, step: Step) -> None:
        # once for every stream of the game; the whole state only if one needs it
        offer = Offer(step.seq, step, step.base,
                      b"" if step.change is None else change_bytes(step.seq, step.change))
        beat_at = time.monotonic() + self.heartbeat
        for stream in self.streams.get(game_id, ()):
            if not self._write_now(stream, offer, beat_at):
                stream.offer(offer)  # its own task sends it

    def _write_now(self, stream: Stream, offer: Offer, beat_at: float) -> bool:
        """Write ``offer`` on ``stream`` in this pass of the loop, all streams of a commit
        back to back (no task switch per phone): True when written (the next heartbeat
        then due at ``beat_at``).  False when the stream's task is busy or the
        connection's buffer is full: then its task sends it.  An ASGI ``send`` of a body
        chunk finishes without waiting unless the buffer is full, and then it waits
        *before* writing anything (uvicorn's flow control), so a send that would wait is
        closed unwritten."""
        send = stream.send
        if send is None or stream.ended or offer.seq <= stream.offered.seq:
            return False
        body = offer.body(stream.sent)
        step = send({"type": "http.response.body", "body": body, "more_body": True})
        try:
            step.send(None)  # type: ignore[attr-defined]
        except StopIteration:
            stream.offered, stream.sent, stream.beat_at = offer, offer.seq, beat_at
            return True
        except Exception:  # a closed connection: its task ends the stream
            return False
        step.close()  # type: ignore[attr-defined]
        return False

    def _tick(self) -> None:
        """Every TICK seconds: heartbeats due, streams past their time, replaced tokens."""
        now = self.last_tick = time.monotonic()
        generation = self.tokens.generation
        rotated, self._token_generation = generation != self._token_generation, generation
        for streams in self.streams.values():
            for stream in streams:
                if now >= stream.ends_at or (rotated and not self.tokens.current(stream.identity)):
                    stream.end()
                elif now >= stream.beat_at:
                    stream.wake.set()
        if not self._stopping and self.loop is not None:
            self.loop.call_later(TICK, self._tick)

    async def serve(self, game_id: str, identity: Identity, last_id: int | None,
                    receive: Receive, send: Send) -> None:
        """Stream ``game_id`` to one client that has seen ``last_id`` (None: nothing; a
        number beyond the log, e.g. after a backup was restored, counts as nothing)."""
        now = time.monotonic()
        stream = Stream(identity, -1, now + self.max_seconds, now + self.heartbeat)
        # registered before the state is read: a commit from another thread (a button)
        # in between is published to this stream too
        self.streams.setdefault(game_id, set()).add(stream)
        for oldest in self.held.hold(identity, stream):  # past the token's cap
            oldest.end()
        seq, text = self.state_text(game_id)
        if last_id is not None and last_id <= seq:  # beyond the log (a restore): nothing
            stream.sent = last_id
        watcher = asyncio.ensure_future(_watch_disconnect(receive, stream))
        try:
            stream.offer(Offer(seq, text))
            await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
            await self._write(stream, send, b"retry: 2000\n\n" + self._next_chunk(stream))
            while not (stream.ended or self._stopping):
                stream.send = send
                await stream.wake.wait()
                stream.send = None
                stream.wake.clear()
                if not stream.ended:
                    await self._write(stream, send, self._next_chunk(stream))
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            watcher.cancel()
            self.held.release(identity, stream)
            streams = self.streams.get(game_id)
            if streams is not None:
                streams.discard(stream)
                if not streams:
                    del self.streams[game_id]

    def _next_chunk(self, stream: Stream) -> bytes:
        """The newest state if it was not sent yet, else a heartbeat if due, else b""."""
        now = time.monotonic()
        if stream.seq > stream.sent:
            message = stream.next_message()
            stream.sent = stream.seq
            return message
        if now >= stream.beat_at:
            return ping_bytes(stream.sent)
        return b""

    async def _write(self, stream: Stream, send: Send, chunk: bytes) -> None:
        """Send ``chunk`` and whatever became due meanwhile (a newer state while a slow
        client drained)."""
        while chunk and not stream.ended:
            stream.beat_at = time.monotonic() + self.heartbeat
            await send({"type": "http.response.body", "body": chunk, "more_body": True})
            chunk = self._next_chunk(stream)


def event_bytes(seq: int, text: str | bytes) -> bytes:
    """The SSE message of the state ``text`` (JSON on one line) with log sequence ``seq``."""
    data = text.encode() if isinstance(text, str) else text
    return b"id: %d\ndata: %s\n\n" % (seq, data)


def change_bytes(seq: int, change: bytes) -> bytes:
    """The SSE ``change`` event (:mod:`web.changes`) that leads to state ``seq``."""
    return b"event: change\nid: %d\ndata: %s\n\n" % (seq, change)


def ping_bytes(seq: int) -> bytes:
    """The heartbeat: an SSE ``ping`` event the pages see (a comment they would not), with
    the newest log sequence the stream sent (issue 16: a silent stream is reconnected)."""
    return f"event: ping\ndata: {seq}\n\n".encode()


async def _watch_disconnect(receive: Receive, stream: Stream) -> None:
    """End ``stream`` when its client goes away."""
    while (await receive())["type"] != "http.disconnect":
        pass
    stream.end()

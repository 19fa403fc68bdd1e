"""uvicorn running :class:`web.front.Front`: for ``companion serve`` and the tests.

:class:`TableServer` binds its socket when built (a taken port raises ``OSError`` before
anything starts), serves with uvicorn's httptools parser on one asyncio loop, and stops on
SIGTERM / SIGINT (in the main thread) or :meth:`TableServer.stop`: the live streams end,
open requests get GRACE seconds to finish, then :meth:`run` returns — it never re-raises the
signal, so the caller can still turn the strip off and close the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import threading
import time
from collections.abc import Callable, Generator
from types import FrameType

import uvicorn
from flask import Flask
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from web.capacity import Caps, Gate, caps_for, fd_limit
from web.front import THREADS, Front

#: Seconds that open connections get to finish when the server stops.
GRACE = 3
#: Most bytes a request's line and headers may take.
MAX_HEAD = 32 * 1024
#: Seconds a connection may take to send a request's line and headers (also the first).
HEAD_SECONDS = 15
#: Seconds an idle keep-alive connection stays open (a phone reuses it for its next tap).
KEEP_ALIVE = 75


#: The 400's text when a request's line and headers pass MAX_HEAD.
HEAD_TOO_LARGE = "Request line and headers too large."
#: Seconds a connection answered 400 stays half-closed, its further input read and dropped,
#: before it is closed: closing with unread bytes makes the kernel answer them with a
#: reset, and a reset can reach the client before it has read the 400.
LINGER_SECONDS = 2.0


class _HeadTooLarge(Exception):
    """Raised in a parser callback when the head passed MAX_HEAD: httptools stops."""


class _Protocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a cap on a request's line and headers: httptools
    keeps an unfinished header in memory however long it grows (a phone's head is under
    2 KiB); past :data:`MAX_HEAD` bytes the connection gets 400 and is closed.

    Two counts, so the cap holds however the bytes arrive: the bytes received while the
    head is unfinished (a head that never ends, read after read), and the bytes of the URL
    and of each header as the parser hands them over (a long head that arrives whole in
    one read, which the first count would only see once it was parsed)."""

    _head = 0  # bytes received while a request's head was still open
    _parsed = 0  # bytes of this request's URL and headers, as parsed
    _too_large = False
    _in_body = False
    _lingering = False  # answered 400: input is dropped until the close
    _deadline: asyncio.TimerHandle | None = None  # for the head under way
    _linger: asyncio.TimerHandle | None = None  # the close after LINGER_SECONDS
    gate: Gate  # the server's (:mod:`web.capacity`), set on the class TableServer makes

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if not self.gate.opened(self):
            transport.close()  # past the cap, none waiting to close: no room for it
            return
        self._start_head_clock()

    def evict(self) -> None:
        """Close this waiting connection to make room (:class:`web.capacity.Gate`)."""
        if not self.transport.is_closing():
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.pipeline and not self.transport.is_closing():
            self.gate.wait(self)  # a kept-alive connection waits for its next request

    def data_received(self, data: bytes) -> None:
        if self._lingering:
            return  # after the 400: read and dropped, so closing sends no reset
        if not self._in_body:
            self._head += len(data)
            self._start_head_clock()
        super().data_received(data)
        if (not self._in_body and self._head > MAX_HEAD and not self._lingering
                and not self.transport.is_closing()):
            self.send_400_response(HEAD_TOO_LARGE)  # still no end of the head

    def on_message_begin(self) -> None:
        self._parsed = 0
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)  # with ": " and CRLF
        super().on_header(name, value)

    def _count(self, size: int) -> None:
        """Add ``size`` bytes to the head; past MAX_HEAD stop the parser (uvicorn then
        answers 400 and closes: :meth:`send_400_response` gives the reason)."""
        self._parsed += size
        if self._parsed > MAX_HEAD:
            self._too_large = True
            raise _HeadTooLarge(HEAD_TOO_LARGE)

    def send_400_response(self, msg: str) -> None:
        """uvicorn's 400 (the same bytes), then a lingering close instead of its
        ``transport.close()``: our side is shut for writing at once, the rest of what the
        client sends is dropped, and the connection is closed after LINGER_SECONDS (or
        when the client closes), so the client always gets to read the 400."""
        text = HEAD_TOO_LARGE if self._too_large else msg
        content = [STATUS_LINE[400]]
        for name, value in self.server_state.default_headers:
            content.extend([name, b": ", value, b"\r\n"])
        content.extend([b"content-type: text/plain; charset=utf-8\r\n",
                        b"content-length: " + str(len(text)).encode("ascii") + b"\r\n",
                        b"connection: close\r\n", b"\r\n", text.encode("ascii")])
        self.transport.write(b"".join(content))
        if self._lingering or not self.transport.can_write_eof():
            self.transport.close()
            return
        self._lingering = True
        self.transport.write_eof()
        self._linger = self.loop.call_later(LINGER_SECONDS, self.transport.close)

    def on_headers_complete(self) -> None:
        self._in_body = True
        self.gate.busy(self)
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.lost(self)
        for timer in (self._deadline, self._linger):
            if timer is not None:
                timer.cancel()
        super().connection_lost(exc)

    def _start_head_clock(self) -> None:
        """A connection that does not finish its request's head in HEAD_SECONDS is closed
        (it would hold a file descriptor for good)."""
        if self._deadline is None:
            self._deadline = self.loop.call_later(HEAD_SECONDS, self._head_too_slow)

    def _head_too_slow(self) -> None:
        self._deadline = None
        if not self._in_body:
            self.transport.close()

    def on_message_complete(self) -> None:
        self._in_body, self._head = False, 0
        super().on_message_complete()


class _Uvicorn(uvicorn.Server):
    """uvicorn's server; a stop signal also ends the live streams (``on_exit`` first)."""

    def __init__(self, config: uvicorn.Config, front: Front, on_exit: Callable[[], None],
                 on_ready: Callable[[], object] | None = None):
        super().__init__(config)
        self.front, self.on_exit, self.on_ready = front, on_exit, on_ready

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started and self.on_ready is not None:
            self.on_ready()  # e.g. systemd's READY=1: serving, signal handlers in place

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if not self.should_exit:
            self.on_exit()
            self.front.stop()
        super().handle_exit(sig, frame)

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        """Like uvicorn's, but without raising the signal again afterwards."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        signals = (signal.SIGTERM, signal.SIGINT)
        before = {sig: signal.signal(sig, self.handle_exit) for sig in signals}
        try:
            yield
        finally:
            for sig, handler in before.items():
                signal.signal(sig, handler)


class TableServer:
    """The Flask ``app`` served on ``host:port`` (0: any free port, see :attr:`port`).

    Args:
        app: from :func:`web.create_app`.
        threads: worker threads for pages and ordinary requests.
        on_exit: called once when a stop signal arrives (systemd's ``STOPPING=1``).
        on_ready: called once the server answers (systemd's ``READY=1``).
        caps: the connections it holds (:mod:`web.capacity`); None: derived from this
            process's file descriptor limit when built.

    Raises:
        OSError: the address cannot be bound (port taken, no such address).
    """

    def __init__(self, app: Flask, host: str, port: int, threads: int = THREADS,
                 on_exit: Callable[[], None] = lambda: None,
                 on_ready: Callable[[], object] | None = None, caps: Caps | None = None):
        self.front = Front(app, threads)
        self.gate = Gate(caps or caps_for(fd_limit()))
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # NODELAY
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self.sock.bind((host, port))
            self.sock.listen(128)
        except OSError:
            self.sock.close()
            raise
        self.sock.set_inheritable(True)
        config = uvicorn.Config(
            self.front, lifespan="on", loop="uvloop",
            http=type("_GatedProtocol", (_Protocol,), {"gate": self.gate}), access_log=False,
            log_config=None, server_header=False, timeout_graceful_shutdown=GRACE,
            timeout_keep_alive=KEEP_ALIVE, proxy_headers=False)  # no proxy in front of a Pi
        self.server = _Uvicorn(config, self.front, on_exit, on_ready)
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        """The bound TCP port."""
        return int(self.sock.getsockname()[1])

    def run(self) -> None:
        """Serve until stopped (blocks).  In the main thread SIGTERM and SIGINT stop it,
        from this call on (also while it is still starting)."""
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGTERM, signal.SIGINT):
                signal.signal(sig, self.server.handle_exit)
        try:
            self.server.run(sockets=[self.sock])
        finally:
            self.sock.close()

    def start(self) -> TableServer:
        """Serve in a background thread; returns once the server answers."""
        self._thread = threading.Thread(target=self.run, name="table-server", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the table server did not start")
            time.sleep(0.005)
        return self

    def stop(self, timeout: float = 10) -> None:
        """Stop serving (from any thread) and wait for a background :meth:`start` to end."""
        self.front.stop()
        self.server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)

    def alive(self) -> bool:
        """True while the loop runs its periodic checks (the watchdog asks)."""
        return self.front.alive()

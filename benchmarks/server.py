"""Shared parts of the benchmarks: a real ``companion serve`` process, prepared data
folders, its memory, a keep-alive API client and many raw-socket SSE streams in one thread.

Nothing is mocked: the server is the ``companion serve`` a family runs (uvicorn with its
defaults, hardware off), on a real SQLite file with ``synchronous=FULL``.
"""

from __future__ import annotations

import bisect
import http.client
import json
import math
import os
import selectors
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from benchmarks.games import PLAYERS, game_commands
from benchmarks.serve import free_port, read_token, serve_command
from companion.replay import replay_into
from companion.table import Table
from web.front import THREADS

DB_NAME = "companion.sqlite3"
#: A folder on tmpfs (when the machine has one) to build big logs fast (fsync is free there).
FAST_TMP = "/dev/shm" if os.path.isdir("/dev/shm") else None


def build_log(data: Path, count: int, seed: int = 1) -> str:
    """A data folder holding one 6-player game of ``count`` accepted commands; its id.

    The log is written by the real :class:`Table` (every command validated and appended)
    on tmpfs when there is one, then copied into ``data``, so a 100 000-command log takes
    seconds, not the minutes that one fsync per command on a disk would cost.
    """
    data.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=FAST_TMP) as tmp:
        db = Path(tmp) / DB_NAME
        table = Table.open(db)
        try:
            game, rejected = replay_into(table, (json.dumps(c) for c in game_commands(count, seed)))
        finally:
            table.close()
        assert game is not None and not rejected, rejected[:3]
        for suffix in ("", "-wal", "-shm"):
            if (Path(tmp) / (DB_NAME + suffix)).exists():
                shutil.copyfile(Path(tmp) / (DB_NAME + suffix), data / (DB_NAME + suffix))
    return game


def rss_kib(pid: int) -> int:
    """Resident set size of ``pid`` in KiB (``VmRSS`` of ``/proc/PID/status``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


class Remote:
    """A table server already running on ``127.0.0.1:port``; ``token`` is the banker's."""

    def __init__(self, port: int, token: str, pid: int | None = None):
        self.port, self.token, self._pid = port, token, pid

    @property
    def pid(self) -> int:
        assert self._pid is not None, "no process id for this server"
        return self._pid

    def rss_mib(self) -> float:
        """The server's resident memory in MiB."""
        return rss_kib(self.pid) / 1024

    def cpu_seconds(self) -> float:
        """User + system CPU seconds the server process has used so far."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def client(self, token: str | None = None) -> Api:
        """A keep-alive API client (the banker's token unless ``token``)."""
        return Api(self.port, token or self.token)


class Server(Remote):
    """``companion serve`` on ``data`` (a subprocess); ``token`` is the banker's token.

    ``started`` is the seconds from launching the process to the first HTTP answer of
    ``first_path`` (``/api/games`` with the banker's token: the log is replayed by then;
    ``/``: the banker's console page, the app built), ``first`` that answer's status and
    body; ``env``: added to its environment.
    """

    def __init__(self, data: Path, threads: int = THREADS, first_path: str = "/api/games",
                 env: Mapping[str, str] | None = None):
        self.data = data
        super().__init__(free_port(), "")
        cmd = serve_command(data, self.port, "--threads", str(threads))
        begin = time.perf_counter()
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, env={**os.environ, "PYTHONUNBUFFERED": "1",
                                                     **(env or {})})
        self.token = self._read_token()
        threading.Thread(target=self._drain, daemon=True).start()
        self.first = self._wait_answer(first_path)
        self.started = time.perf_counter() - begin

    def _read_token(self) -> str:
        assert self.proc.stdout is not None
        token = read_token(self.proc.stdout)
        if token:
            return token
        self.stop()
        raise RuntimeError("companion serve printed no banker token")

    def _drain(self) -> None:
        assert self.proc.stdout is not None
        for _line in self.proc.stdout:
            pass

    def ask(self, path: str) -> tuple[int, bytes]:
        """One ``GET path`` with the banker's token: the answer's status and body.  Raises
        OSError when the server does not answer (30 s)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request("GET", path, headers={"Authorization": f"Bearer {self.token}"})
            answer = conn.getresponse()
            return answer.status, answer.read()
        finally:
            conn.close()

    def _wait_answer(self, path: str) -> tuple[int, bytes]:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                return self.ask(path)
            except OSError:
                time.sleep(0.002)
        raise RuntimeError("companion serve did not answer")

    @property
    def pid(self) -> int:
        return self.proc.pid

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it does not end within 10 s."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        if self.proc.stdout is not None:
            self.proc.stdout.close()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class Api:
    """One keep-alive HTTP/1.1 connection to the JSON API with a Bearer token."""

    def __init__(self, port: int, token: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """(status, parsed JSON or None)."""
        data = None if body is None else json.dumps(body)
        self.conn.request(method, path, body=data, headers=self.headers)
        answer = self.conn.getresponse()
        raw = answer.read()
        return answer.status, (json.loads(raw) if raw else None)

    def new_game(self, players: Iterable[str] = PLAYERS) -> dict[str, Any]:
        status, body = self.call("POST", "/api/games", {"players": list(players)})
        assert status == 201, body
        return dict(body)

    def close(self) -> None:
        self.conn.close()


class Sender:
    """A phone sending commands on one keep-alive connection, as lean as a client gets:
    the request bytes are made before the clock starts (:meth:`request`), then
    :meth:`send` writes them and reads the answer (status, JSON body) — so that the
    latency measured is the server's, not ``http.client``'s own work."""

    def __init__(self, port: int, token: str):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.token, self.buffer = token, b""

    def request(self, path: str, body: Any) -> bytes:
        """The bytes of ``POST path`` with ``body`` as JSON."""
        data = json.dumps(body).encode()
        return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Authorization: Bearer {self.token}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(data)}\r\n\r\n").encode() + data

    def send(self, request: bytes) -> tuple[int, Any]:
        """Write ``request``; ``(status, parsed JSON)`` of the answer (Content-Length)."""
        self.sock.sendall(request)
        while b"\r\n\r\n" not in self.buffer:
            self.buffer += self._recv()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        fields = dict(line.lower().split(": ", 1) for line in lines[1:])
        length = int(fields["content-length"])
        while len(self.buffer) < length:
            self.buffer += self._recv()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return int(lines[0].split()[1]), json.loads(body)

    def _recv(self) -> bytes:
        chunk = self.sock.recv(1 << 16)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        return chunk

    def close(self) -> None:
        self.sock.close()


#: ``SO_TIMESTAMPNS`` / ``SCM_TIMESTAMPNS`` (Linux; Python 3.11 has no name for it): the
#: kernel stamps each received packet, so a stream's arrival is known without the reader.
SO_TIMESTAMPNS = 35
_STAMP = struct.Struct("qq")


class Streams:
    """``count`` Server-Sent-Events streams of one game on raw sockets, read by ONE thread
    (a selector), as a phone each.  ``arrivals[i]`` lists ``(time, kernel time, seq)`` of
    every state stream ``i`` received (``perf_counter`` seconds).

    Two clocks per arrival: ``time``, when the reader saw the socket readable (what an
    application on the client could know: it includes waking this process), and ``kernel
    time``, when the kernel received the packet (``SO_TIMESTAMPNS``: the message was at
    the client; None where the kernel gives no stamp).  The reader thread only stamps and
    keeps what each ``recv`` returned; the text is split into messages later, in the thread
    that asks (so parsing 6 kB states does not delay noticing the next stream's arrival).
    """

    def __init__(self, port: int, game: str, token: str, count: int):
        self._raw: list[list[tuple[float, float | None, bytes]]] = [[] for _ in range(count)]
        self._arrivals: list[list[tuple[float, float | None, int]]] = [[] for _ in range(count)]
        self._parsed = [0] * count
        self._rest = [b""] * count
        self._selector = selectors.DefaultSelector()
        self._socks: list[socket.socket] = []
        self._stop = threading.Event()
        self._offset = time.time() - time.perf_counter()  # the kernel's stamps: real time
        request = (f"GET /api/games/{game}/events HTTP/1.0\r\nHost: 127.0.0.1\r\n"
                   f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n")
        for index in range(count):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            try:
                sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
            except OSError:
                pass  # no kernel stamps here: kernel times are None
            sock.sendall(request.encode())
            sock.setblocking(False)
            self._selector.register(sock, selectors.EVENT_READ, index)
            self._socks.append(sock)
        self._thread = threading.Thread(target=self._run, name="sse-streams", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        space = socket.CMSG_SPACE(_STAMP.size)
        while not self._stop.is_set():
            ready = self._selector.select(0.2)
            seen = time.perf_counter()  # every ready stream had its bytes by now
            for key, _mask in ready:
                try:
                    chunk, notes, _flags, _addr = key.fileobj.recvmsg(  # type: ignore[union-attr]
                        1 << 16, space)
                except BlockingIOError:
                    continue
                if not chunk:
                    self._selector.unregister(key.fileobj)
                    continue
                self._raw[key.data].append((seen, self._kernel_time(notes), chunk))

    def _kernel_time(self, notes: list[tuple[int, int, bytes]]) -> float | None:
        for level, kind, data in notes:
            if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
                seconds, nanoseconds = _STAMP.unpack(data)
                return float(seconds + nanoseconds / 1e9 - self._offset)
        return None

    @property
    def arrivals(self) -> list[list[tuple[float, float | None, int]]]:
        """Per stream, ``(time, kernel time, seq)`` of each state as it arrived (parsed on
        demand)."""
        for index, raw in enumerate(self._raw):
            upto = len(raw)
            for seen, kernel, chunk in raw[self._parsed[index]:upto]:
                *lines, self._rest[index] = (self._rest[index] + chunk).split(b"\n")
                self._arrivals[index].extend(
                    (seen, kernel, int(line[4:])) for line in lines if line.startswith(b"id: "))
            self._parsed[index] = upto
        return self._arrivals

    def bytes(self) -> list[int]:
        """Per stream, the bytes its socket has received so far (HTTP framing included)."""
        return [sum(len(chunk) for _s, _k, chunk in list(raw)) for raw in self._raw]

    def newest(self) -> int:
        """The lowest newest sequence over all streams (-1 before every one got a state)."""
        return min(((a[-1][2] if a else -1) for a in self.arrivals), default=2**62)

    def wait_for(self, seq: int, timeout: float = 10.0) -> None:
        """Block until every stream has a state with sequence >= ``seq``."""
        deadline = time.monotonic() + timeout
        while self.newest() < seq:
            if time.monotonic() > deadline:
                raise TimeoutError(f"not every stream reached seq {seq}")
            time.sleep(0.001)

    def reached(self, seq: int, kernel: bool = False) -> float | None:
        """When the LAST stream first held a state with sequence >= ``seq`` (None: not yet,
        or no kernel stamp): as the reader saw it, or by the kernel's stamp."""
        times = []
        for arrivals in self.arrivals:  # in arrival order, so sequences rise
            at = bisect.bisect_left([s for _t, _k, s in arrivals], seq)
            if at == len(arrivals):
                return None
            seen, stamped, _seq = arrivals[at]
            if kernel and stamped is None:
                return None
            times.append(stamped if kernel else seen)
        return max(t for t in times if t is not None)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        for sock in self._socks:
            sock.close()
        self._selector.close()


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]

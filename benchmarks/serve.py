"""Start ``companion serve`` as a family does and read its banker token — for the benchmarks
and the tests that need the real process (tests import this module; it imports nothing of
companion, web or tests, only the standard library).

- :func:`free_port` — a TCP port on 127.0.0.1 that was free a moment ago.
- :func:`serve_command` — the ``companion serve`` command line (hardware off).
- :func:`read_token` — the banker token from the ``token: …`` line it prints.
- :func:`ended` — a ``with`` block around a started process: killed at the end if it still
  runs, its readers joined, its stdout closed; :func:`terminated` its status after SIGTERM.
- :class:`Served` — the process, started, its token read, its output drained, up on its port;
  ``stop(signal)`` returns its exit status.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import IO


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve_command(data: Path, port: int, *extra: str) -> list[str]:
    """``companion serve`` on ``127.0.0.1:port`` with ``data`` as its folder, hardware off,
    then ``extra`` arguments (``"--threads", "4"``, say)."""
    return [sys.executable, "-m", "web.cli", "serve", "--host", "127.0.0.1", "--port",
            str(port), "--data", str(data), "--hardware", "off", *extra]


def read_token(output: IO[str], seconds: float = 30) -> str:
    """Read ``output`` (the server's stdout) up to its ``token: <token>`` line; the token, or
    ``""`` when the output ends or ``seconds`` pass between lines first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        line = output.readline()
        if not line:
            return ""
        if line.startswith("token:"):
            return line.split()[1]
    return ""


@contextmanager
def ended(proc: subprocess.Popen[str],
          *readers: threading.Thread) -> Iterator[subprocess.Popen[str]]:
    """``proc`` for the ``with`` block; afterwards (also after a failed assertion) killed if
    it still runs, the ``readers`` of its output joined (10 s each), its stdout closed."""
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for reader in readers:
            reader.join(10)
        if proc.stdout is not None:
            proc.stdout.close()


def terminated(proc: subprocess.Popen[str], seconds: float = 15) -> int:
    """Send SIGTERM to ``proc``; its exit status within ``seconds`` (TimeoutExpired else)."""
    proc.send_signal(signal.SIGTERM)
    return proc.wait(timeout=seconds)


class Served:
    """``companion serve`` on ``data`` (a subprocess, stdout and stderr in one drained pipe)
    on ``port`` (a free one unless given), with ``env`` added to the environment.

    ``token`` is the banker's (the same across restarts on the same data).  Raises
    RuntimeError (after killing the process) when no token is printed or the port does not
    accept connections within ``seconds``.
    """

    def __init__(self, data: Path, port: int | None = None,
                 env: Mapping[str, str] | None = None, *extra: str, seconds: float = 30):
        self.port = port or free_port()
        self.proc = subprocess.Popen(
            serve_command(data, self.port, *extra), stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
        assert self.proc.stdout is not None
        self.token = read_token(self.proc.stdout, seconds)
        self._reader = threading.Thread(target=self.proc.stdout.read, daemon=True)
        self._reader.start()
        if not self.token:
            self.stop(signal.SIGKILL)
            raise RuntimeError("companion serve printed no banker token")
        if not self._up(seconds):
            self.stop(signal.SIGKILL)
            raise RuntimeError("companion serve did not come up")

    def _up(self, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return True
            except OSError:
                time.sleep(0.01)
        return False

    def stop(self, how: int = signal.SIGTERM, seconds: float = 15) -> int:
        """Send ``how`` (unless it has ended), wait up to ``seconds`` and close the pipe;
        the exit status (negative: the signal that ended it).  Safe to call again."""
        if self.proc.poll() is None:
            self.proc.send_signal(how)
        status = self.proc.wait(seconds)
        self._reader.join(10)
        assert self.proc.stdout is not None
        self.proc.stdout.close()
        return status

"""The game log's file and rows, checked as they are read (issue 17 point 6).

:func:`check_log_file` and :func:`check_schema` refuse a file that is no companion log (empty,
foreign, someone else's SQLite file) before :class:`companion.store.Store` would make it an
empty bank; :func:`decode_row` turns one stored row into a :class:`LogRow` or says, with an
:class:`~companion.errors.UnreadableRow`, why it cannot.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import events as ev
from companion.errors import N_, ForeignLog, StorageError, UnreadableRow

#: The first 16 bytes of every SQLite 3 file (sqlite.org/fileformat.html, 1.3).
SQLITE_MAGIC = b"SQLite format 3\x00"
#: The tables a companion log has; a SQLite file without them is someone else's.
LOG_TABLES = frozenset({"games", "log", "meta"})


def check_log_file(path: Path) -> None:
    """Refuse a file at ``path`` that is no companion log (a missing file is fine: a new
    log).  Never makes a foreign or empty file into an empty bank (issue 17 point 6).

    Raises:
        ForeignLog: the file is empty (0 bytes) or does not start as a SQLite file.
    """
    try:
        with open(path, "rb") as file:
            head = file.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StorageError(f"Cannot read the game log at {path}: {exc}") from exc
    advice = "move it away (or run companion rescue) if a new, empty bank is what you want"
    if not head:
        raise ForeignLog(f"The game log at {path} is an empty file (0 bytes), so it holds no "
                         f"games; it was left as it is: {advice}.")
    if head != SQLITE_MAGIC:
        raise ForeignLog(f"The file at {path} is not a SQLite file, so it is no companion "
                         f"game log; it was left as it is: {advice}.")


def check_schema(db: sqlite3.Connection, path: Path) -> None:
    """Refuse a SQLite file that has tables, but not the log's (ForeignLog)."""
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not LOG_TABLES <= names:
        raise ForeignLog(f"The SQLite file at {path} is not a companion game log (it has no "
                         "games/log/meta tables); it was left as it is: move it away, or "
                         "choose another --data folder.")


@dataclass(frozen=True)
class LogRow:
    """One stored command: ``seq``, client id, actor, the command dict, its events, time."""

    seq: int
    client_id: str | None
    actor: str
    command: dict[str, Any]
    events: tuple[ev.Event, ...]
    at: float


def load_json(game_id: str, seq: int, text: Any) -> Any:
    """``text`` parsed as JSON; UnreadableRow when it is not JSON text."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise UnreadableRow(game_id, seq, N_("its text is not valid JSON"), exc) from exc


def decode_row(game_id: str, seq: int, client_id: str | None, actor: str, command: Any,
               events: Any, at: float) -> LogRow:
    """One ``log`` row as a :class:`LogRow`.  Raises UnreadableRow (not JSON, an event of
    an unknown type or with an unknown field, a command that is not an object)."""
    cmd, found = load_json(game_id, seq, command), load_json(game_id, seq, events)
    if not isinstance(cmd, dict) or not isinstance(found, list):
        raise UnreadableRow(game_id, seq, N_("its command or events have the wrong shape"))
    try:
        return LogRow(seq, client_id, str(actor), cmd, tuple(ev.from_dict(e) for e in found),
                      float(at))
    except KeyError as exc:
        raise UnreadableRow(game_id, seq, N_("it holds an event this version does not know"),
                            exc) from exc
    except (TypeError, ValueError, AttributeError) as exc:
        raise UnreadableRow(game_id, seq, N_("one of its events has a field this version does not "
                                         "know"), exc) from exc

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

import orjson

from companion import events as ev
from companion.errors import N_, ForeignLog, StorageError, UnreadableRow

#: The first 16 bytes of every SQLite 3 file (sqlite.org/fileformat.html, 1.3).
SQLITE_MAGIC = b"SQLite format 3\x00"
#: The tables a companion log has; a SQLite file without them is someone else's.
LOG_TABLES = frozenset({"games", "log", "meta"})
#: Every byte to a space but the digits (to "0"): 19 zeros in a row may be an integer
#: beyond 64 bits, which orjson reads as a float (json as the int).
_DIGITS_ONLY = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG_NUMBER = b"0" * 19
#: Text with more opening brackets than this may nest deeper than :func:`json.loads`
#: recurses (it raises RecursionError near 1 000 levels, orjson only past 1 024).
_BRACKETS = 200


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
    """``text`` parsed as JSON, exactly as :func:`json.loads` parses it (by orjson where
    both read it alike); UnreadableRow when it is not JSON text."""
    if _alike(text):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass  # NaN, Infinity, lone surrogates, broken text: json decides, as before
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise UnreadableRow(game_id, seq, N_("its text is not valid JSON"), exc) from exc


def _alike(text: Any) -> bool:
    """Whether orjson, when it reads ``text`` at all, reads it as json does: a ``str``
    without 19 digits in a row (a big int: orjson makes it a float) and nested no deeper
    than ``_BRACKETS`` (json's recursion limit)."""
    if type(text) is not str:
        return False  # bytes: json.loads guesses UTF-16/32 and skips a BOM; orjson not
    try:
        data = text.encode()
    except UnicodeEncodeError:
        return False  # a lone surrogate: orjson refuses it, json keeps it
    if len(data) > 2 * _BRACKETS and data.count(b"[") + data.count(b"{") > _BRACKETS:
        return False  # (shorter text cannot nest deeper: a level takes two bytes)
    return _LONG_NUMBER not in data.translate(_DIGITS_ONLY)


def decode_row(game_id: str, seq: int, client_id: str | None, actor: str, command: Any,
               events: Any, at: float) -> LogRow:
    """One ``log`` row as a :class:`LogRow`.  Raises UnreadableRow (not JSON, an event of
    an unknown type or with an unknown field, a command that is not an object)."""
    cmd, found = load_json(game_id, seq, command), load_json(game_id, seq, events)
    if not isinstance(cmd, dict) or not isinstance(found, list):
        raise UnreadableRow(game_id, seq, N_("its command or events have the wrong shape"))
    try:
        return LogRow(seq, client_id, str(actor), cmd, tuple([ev.from_dict(e) for e in found]),
                      float(at))
    except KeyError as exc:
        raise UnreadableRow(game_id, seq, N_("it holds an event this version does not know"),
                            exc) from exc
    except (TypeError, ValueError, AttributeError) as exc:
        raise UnreadableRow(game_id, seq, N_("one of its events has a field this version does not "
                                         "know"), exc) from exc

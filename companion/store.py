"""The append-only log in SQLite.

One row per accepted command: its log sequence (per game, from 1), the client's id, who
sent it, the command as sent and the events it produced, written in one transaction
(``BEGIN IMMEDIATE``) on a database in WAL mode with ``synchronous=FULL``, so a command
that was acknowledged survives a power cut.  Rows are never updated or deleted.  A row
that cannot be read back raises :class:`~companion.errors.UnreadableRow` naming its game
and command; a file that is no companion log is refused (:mod:`companion.logfile`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from companion import events as ev
from companion.errors import N_, ForeignLog, StorageError, UnreadableRow
from companion.logfile import LogRow, check_log_file, check_schema, decode_row, load_json

__all__ = ["LOG_JSON", "LogRow", "Row", "Store", "encoded"]

DAMAGED = N_("the file is damaged there")  # why a row cannot be read: SQLite's error

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, created REAL NOT NULL, client_id TEXT UNIQUE);
CREATE TABLE IF NOT EXISTS log (
    game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
    client_id TEXT, actor TEXT NOT NULL, command TEXT NOT NULL, events TEXT NOT NULL,
    at REAL NOT NULL, PRIMARY KEY (game_id, seq), UNIQUE (game_id, client_id));
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


#: The log's JSON text: ``json.dumps(value, ensure_ascii=False)``, the encoder made once.
LOG_JSON = json.JSONEncoder(ensure_ascii=False)
#: One row of the log (its seven columns, the time last).
INSERT = "INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)"
#: A row for :meth:`Store.append_rows`: game id, seq, client id, actor, command text,
#: events text.
Row = tuple[str, int, str | None, str, str, str]


def encoded(command: dict[str, Any], events: list[ev.Event],
            text: str | None = None) -> tuple[str, str]:
    """``(command text, events text)`` as the log keeps them (JSON, non-ASCII kept);
    ``text``: the command's text already made and checked (the table's
    :func:`companion.command_text.check_text`), kept as it is.

    Raises:
        StorageError: text that cannot be stored (a lone surrogate); ValueError: NaN.
    """
    body = LOG_JSON.encode([ev.to_dict(e) for e in events])
    try:
        body.encode("utf-8")
        if text is None:
            text = json.dumps(command, ensure_ascii=False, allow_nan=False)  # NaN: no JSON
            text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise StorageError(f"The command holds text that cannot be stored: {exc}") from exc
    return text, body


class Store:
    """The SQLite log.  Thread-safe: every call holds one lock.

    Args:
        path: the database file (created with its folder if missing).

    Raises:
        StorageError: the file cannot be opened or written.
    """

    def __init__(self, path: str | Path, durable: bool = True):
        self.path = Path(path)
        self._lock = threading.RLock()
        check_log_file(self.path)
        existed = self.path.exists()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            if existed:
                check_schema(self._db, self.path)
            self._db.execute("PRAGMA journal_mode=WAL")
            # durable=False: no fsync, for a throw-away log (``companion replay``)
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'OFF'}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
        except ForeignLog:
            self._db.close()
            raise
        except sqlite3.Error as exc:
            raise StorageError(f"Cannot open the game log at {self.path}: {exc}; "
                               "companion rescue copies what can still be read") from exc

    def close(self) -> None:
        """Close the database; idempotent."""
        with self._lock:
            self._db.close()

    def append(
        self, game_id: str, client_id: str | None, actor: str,
        command: dict[str, Any], events: list[ev.Event], new_game: bool = False,
        seq: int | None = None,
    ) -> int:
        """Append one command and its events atomically; returns its log sequence:
        ``seq`` when given (the table knows it, issue 19 point 2; a taken one is refused
        by the primary key), else the game's next.

        Raises:
            StorageError: the write failed (disk full, read-only); nothing was written.
        """
        text, body = encoded(command, events)
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                if new_game:
                    self._db.execute(
                        "INSERT INTO games VALUES (?, ?, ?)", (game_id, time.time(), client_id))
                if seq is None:
                    seq = self._next_seq(game_id)
                self._db.execute(
                    "INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (game_id, seq, client_id, actor, text, body, time.time()))
                self._db.execute("COMMIT")
            except BaseException as exc:
                self._rollback()  # never leave a transaction open for the next command
                if isinstance(exc, sqlite3.Error):
                    raise StorageError(f"The game log could not be written: {exc}") from exc
                raise
        return seq

    def append_rows(self, rows: list[Row], meanwhile: Callable[[], object] | None = None
                    ) -> None:
        """Append several commands in one transaction and one fsync (group commit, issue
        19 point 3): ``(game_id, seq, client_id, actor, command text, events text)`` each,
        the texts from :func:`encoded`, the seqs the next ones of their games in order.
        All are written or none.  ``meanwhile``: called just before the statement that
        commits (and waits for the disk) runs, which lets other threads run: what it
        starts there runs while the disk writes (issue 19, pace).

        Raises:
            StorageError: the write failed (disk full, read-only, a seq already taken);
                nothing was written.
        """
        now = time.time()
        with self._lock:
            try:
                if len(rows) == 1:  # one statement: its own transaction (autocommit)
                    if meanwhile is not None:
                        meanwhile()
                    self._db.execute(INSERT, (*rows[0], now))
                    return
                self._db.execute("BEGIN IMMEDIATE")
                self._db.executemany(INSERT, [(*row, now) for row in rows])
                if meanwhile is not None:
                    meanwhile()
                self._db.execute("COMMIT")
            except BaseException as exc:
                self._rollback()
                if isinstance(exc, sqlite3.Error):
                    raise StorageError(f"The game log could not be written: {exc}") from exc
                raise

    def _next_seq(self, game_id: str) -> int:
        row = self._db.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM log WHERE game_id = ?", (game_id,)).fetchone()
        return int(row[0]) + 1

    def _rollback(self) -> None:
        try:
            self._db.execute("ROLLBACK")
        except sqlite3.Error:
            pass

    def seq_of_client_id(self, game_id: str | None,
                         client_id: str) -> tuple[str, int, str, str] | None:
        """``(game_id, seq, command, actor)`` of the command stored with this client id
        (``command``: its JSON text as :meth:`append` wrote it), or None.  One indexed
        SELECT: ``UNIQUE (game_id, client_id)``, or ``games.client_id`` joined to seq 1.

        With ``game_id`` None, looks for a ``new_game`` sent with this id.
        """
        with self._lock:
            if game_id is None:
                row = self._db.execute(
                    "SELECT g.id, l.command, l.actor FROM games g JOIN log l "
                    "ON l.game_id = g.id AND l.seq = 1 WHERE g.client_id = ?",
                    (client_id,)).fetchone()
                return (row[0], 1, row[1], row[2]) if row else None
            row = self._db.execute(
                "SELECT seq, command, actor FROM log WHERE game_id = ? AND client_id = ?",
                (game_id, client_id)).fetchone()
            return (game_id, int(row[0]), row[1], row[2]) if row else None

    def rows(self, game_id: str, after: int = 0) -> Iterator[LogRow]:
        """Every stored command of ``game_id`` with seq > ``after``, in order.

        Raises:
            UnreadableRow: a row cannot be read (damaged page, bad JSON, unknown event
                field, a gap in the sequence); its ``seq`` says from which command on.
        """
        expected = after + 1
        try:
            with self._lock:  # in batches: a long log is never all in memory at once
                cursor = self._db.execute(
                    "SELECT seq, client_id, actor, command, events, at FROM log "
                    "WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after))
        except sqlite3.DatabaseError as exc:
            raise UnreadableRow(game_id, expected, DAMAGED, exc) from exc
        try:
            while True:
                failed: UnreadableRow | None = None
                try:
                    with self._lock:
                        batch = cursor.fetchmany(512)
                except sqlite3.DatabaseError:  # a damaged page: read up to its first row
                    batch, failed = self._one_by_one(game_id, expected)
                for seq, cid, actor, command, events, at in batch:
                    if seq != expected:
                        raise UnreadableRow(game_id, expected, N_("it is missing from the log"))
                    yield decode_row(game_id, seq, cid, actor, command, events, at)
                    expected = seq + 1
                if failed is not None:
                    raise failed
                if not batch:
                    return
        finally:
            with self._lock:
                cursor.close()

    def _one_by_one(self, game_id: str,
                    seq: int) -> tuple[list[tuple[Any, ...]], UnreadableRow | None]:
        """The rows from ``seq`` on, read singly, and the UnreadableRow of the first one
        that fails (None: the game's end was reached): a damaged page loses the fewest."""
        found: list[tuple[Any, ...]] = []
        while True:
            try:
                with self._lock:
                    row = self._db.execute(
                        "SELECT seq, client_id, actor, command, events, at FROM log "
                        "WHERE game_id = ? AND seq = ?", (game_id, seq)).fetchone()
            except sqlite3.DatabaseError as exc:
                return found, UnreadableRow(game_id, seq, DAMAGED, exc)
            if row is None:
                return found, None
            found.append(row)
            seq += 1

    def undo_targets(self, game_id: str) -> tuple[set[int], set[int]]:
        """``(sequences reversed by an undo, sequences of the undo commands)`` of a game."""
        try:
            with self._lock:
                found = self._db.execute(
                    "SELECT seq, events FROM log WHERE game_id = ? AND events LIKE ?",
                    (game_id, "%CommandUndone%")).fetchall()
        except sqlite3.DatabaseError as exc:  # which command: the first row that fails
            for _ in self.rows(game_id):
                pass
            raise UnreadableRow(game_id, 1, DAMAGED, exc) from exc
        targets: set[int] = set()
        undos: set[int] = set()
        for seq, events in found:
            for event in load_json(game_id, seq, events):
                if event.get("type") == "CommandUndone":
                    targets.add(int(event["target"]))
                    undos.add(int(seq))
        return targets, undos

    def last_rows(self, game_id: str, limit: int) -> list[LogRow]:
        """The newest ``limit`` commands of ``game_id``, oldest first."""
        with self._lock:
            row = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM log WHERE game_id = ?", (game_id,)).fetchone()
        return list(self.rows(game_id, after=max(0, int(row[0]) - limit)))

    def game_ids(self) -> list[str]:
        """Every game id, oldest first."""
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM games ORDER BY created, id")]

    def get_meta(self, key: str) -> str | None:
        """A stored setting (e.g. a token hash), or None."""
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def put_meta(self, key: str, value: str) -> None:
        """Store a setting durably (replacing any old value).  Raises StorageError."""
        with self._lock:
            try:
                self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))
            except sqlite3.Error as exc:
                raise StorageError(f"Cannot save {key}: {exc}") from exc

    def integrity(self) -> str:
        """SQLite's ``PRAGMA integrity_check`` answer (``ok`` when sound)."""
        with self._lock:
            return str(self._db.execute("PRAGMA integrity_check").fetchone()[0])

    def written_since(self, since: float) -> list[tuple[str, str, float, int]]:
        """``(game id, player, at, bytes)`` of every player's command stored at or after
        ``since`` (s since the epoch): the UTF-8 bytes of its command and events as kept
        (:class:`companion.budget.WriteBudget`, issue 17 point 5).  A log SQLite cannot
        read to the end (issue 17 point 6: its healthy games still play) counts none."""
        try:
            with self._lock:
                found = self._db.execute(
                    "SELECT game_id, actor, at, LENGTH(CAST(command AS BLOB)) "
                    "+ LENGTH(CAST(events AS BLOB)) FROM log "
                    "WHERE at >= ? AND actor LIKE 'player:%'", (since,)).fetchall()
        except sqlite3.Error:
            return []
        return [(g, a.removeprefix("player:"), float(at), int(n)) for g, a, at, n in found]

"""Rescue a damaged game log with Python's own ``sqlite3`` (issue 17 point 6).

:func:`rescue` copies every row that can still be read into a new log, keeps the damaged
file aside (renamed ``<name>.damaged-<UTC time>``, never deleted) and says what was lost:
which games, from which command on.  Rows are read by rowid range, so a damaged b-tree
page loses only its own rows; a range that fails is halved down to single rows.  A game
keeps its commands up to the first one that cannot be read (or is missing, or does not
fold): the commands after it would fold to wrong money, so they stay in the kept file
only.  Nothing is put in place when nothing could be read; a foreign file is left alone.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import StorageError, UnreadableRow
from companion.store import SQLITE_MAGIC, Store, check_log_file, decode_row

WINDOW = 256  # rowids read at once; a failing window is halved down to single rows
LOG_COLUMNS = "game_id, seq, client_id, actor, command, events, at"


@dataclass
class Rescue:
    """What :func:`rescue` did: ``lines()`` says it in words.

    Attributes:
        path: the log; ``kept_aside``: where the damaged file now is (None: not moved).
        commands: commands kept in the new log; ``games``: games kept;
            ``commands_of``: commands kept per game id.
        lost: per game id, ``(first seq lost, why)``; ``unreadable``: rows SQLite could
            not read at all (their game is unknown); ``end_lost``: the log's end could not
            be read (how many rows it held is unknown); ``maybe``: per game id, commands
            kept, for a game unreadable rows came after (it may have lost its newest
            commands); ``left_out``: per lost game, readable commands after the lost one
            (left out: they would fold to wrong money); ``settings_lost``: meta rows lost.
        replaced: the new log is in place; ``verdict``: a sentence when nothing was done;
        ``refused``: the file was left as it is because it is no log or nothing reads.
    """

    path: Path
    kept_aside: Path | None = None
    commands: int = 0
    games: int = 0
    commands_of: dict[str, int] = field(default_factory=dict)
    lost: dict[str, tuple[int, str]] = field(default_factory=dict)
    unreadable: int = 0
    end_lost: bool = False
    maybe: dict[str, int] = field(default_factory=dict)
    left_out: dict[str, int] = field(default_factory=dict)
    settings_lost: int = 0
    replaced: bool = False
    verdict: str = ""
    refused: bool = False

    def lines(self) -> list[str]:
        """The report, one sentence a line."""
        if self.verdict:
            return [self.verdict]
        out = [f"kept {self.commands} command(s) of {self.games} game(s) in a new {self.path}"]
        for game_id, (seq, why) in self.lost.items():
            after = self.left_out.get(game_id, 0)
            tail = (f"; {after} readable command(s) after it are left out, they stay in "
                    "the kept file" if after else "")
            out.append(f"LOST game {game_id}: from command {seq} on ({why}{tail})"
                       if seq > 1 else f"LOST game {game_id}: all of it ({why}{tail})")
        for game_id, count in self.maybe.items():
            out.append(f"MAYBE LOST game {game_id}: any command after command {count} (stored "
                       "rows that could not be read came after it)")
        if self.end_lost:
            out.append("LOST the end of the log: it could not be read, so how many commands "
                       "it held is not known (see the games above)")
        elif self.unreadable:
            out.append(f"LOST {self.unreadable} stored row(s) SQLite could not read at all "
                       "(they belong to the games above)")
        if self.settings_lost:
            out.append(f"LOST {self.settings_lost} setting(s): the banker's token may need "
                       "companion serve --new-banker-token; a family's edition copy may be gone")
        out.append(f"the damaged file is kept as {self.kept_aside} (nothing was deleted)")
        return out


def rescue(path: Path, now: float | None = None) -> Rescue:
    """Rescue the log at ``path`` (no server may be running on it: the caller holds the
    data folder's lock).  ``now``: the time in the kept file's name (default: now).

    Returns a :class:`Rescue`; a sound log, a missing or foreign file is left as it is
    (``verdict`` says why).  Raises StorageError when the folder cannot be written.
    """
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(time.time() if now is None else now))
    report = Rescue(path)
    if not path.exists():
        report.verdict = f"there is no game log at {path}: nothing to rescue"
        return report
    if path.stat().st_size == 0:
        report.kept_aside = _keep_aside(path, stamp)
        report.verdict = (f"the game log at {path} was an empty file (0 bytes): there was "
                          f"nothing to rescue; it is kept as {report.kept_aside}, and the next "
                          "companion serve starts an empty bank")
        return report
    with open(path, "rb") as file:
        if file.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
            report.verdict = (f"{path} is not a SQLite file, so no companion log: it was left "
                              "as it is (move it away to start an empty bank)")
            report.refused = True
            return report
    if _sound(path):
        report.verdict = f"{path}: integrity ok, every command reads and folds: nothing to do"
        return report
    return _rebuild(path, stamp, report)


def _sound(path: Path) -> bool:
    """True when SQLite finds no damage and every game folds (a Table opens clean)."""
    from companion.table import Table

    try:
        check_log_file(path)
        table = Table.open(path)
    except (StorageError, sqlite3.Error):
        return False
    try:
        return table.store.integrity() == "ok" and not table.damaged()
    except sqlite3.Error:
        return False
    finally:
        table.close()


def _rebuild(path: Path, stamp: str, report: Rescue) -> Rescue:
    work = Path(tempfile.mkdtemp(prefix=".rescue-", dir=path.parent))
    try:
        copy = work / path.name  # read a copy: opening the kept file would change it
        for src in _siblings(path):
            shutil.copy2(src, work / src.name)
        new = work / f"{path.name}.new"
        _copy_rows(copy, new, report)
        _cut_unfoldable(new, report)
        if report.commands == 0:
            report.verdict = (f"not one command of {path} could be read: it was left as it "
                              "is (nothing replaced); move it away to start an empty bank")
            report.refused = True
            return report
        report.kept_aside = _keep_aside(path, stamp)
        os.replace(new, path)
        _sync_dir(path.parent)
        report.replaced = True
        return report
    finally:
        shutil.rmtree(work, ignore_errors=True)  # our own copies; the damaged file is kept


def _siblings(path: Path) -> list[Path]:
    """The log and its ``-wal``/``-shm`` files that exist."""
    found = [path.with_name(path.name + end) for end in ("", "-wal", "-shm")]
    return [p for p in found if p.exists()]


def _keep_aside(path: Path, stamp: str) -> Path:
    """Rename the log (and its WAL, so it stays readable) to ``<name>.damaged-<stamp>``."""
    kept = path.with_name(f"{path.name}.damaged-{stamp}")
    for src in _siblings(path):
        os.replace(src, kept.with_name(kept.name + src.name[len(path.name):]))
    _sync_dir(path.parent)
    return kept


def _sync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@dataclass
class Read:
    """What :func:`read_table` found: ``rows`` (each starts with its rowid), the rowids
    that could not be read (``bad``), and whether the table's last rowid was known."""

    rows: list[tuple[Any, ...]]
    bad: list[int]
    end_known: bool


def read_table(db: sqlite3.Connection, table: str, columns: str) -> Read:
    """Every readable row of ``table`` (``rowid, columns``, rowid order) and the rowids that
    could not be read: a damaged page costs only the rows on it.  When the last page is
    lost too, rowids are tried up to 128 a page of the file (``end_known`` False)."""
    try:
        top, known = int(db.execute(f"SELECT MAX(rowid) FROM {table}").fetchone()[0] or 0), True
    except sqlite3.DatabaseError:  # the rightmost page is damaged: look far enough
        top, known = int(db.execute("PRAGMA page_count").fetchone()[0]) * 128, False
    found = Read([], [], known)
    for low in range(1, top + 1, WINDOW):
        high = min(top, low + WINDOW - 1)
        for rowid, got in _window(db, table, columns, low, high):
            if got is None:
                found.bad.append(rowid)
            else:
                found.rows.append(got)
    if not known:  # rowids past the last readable row may never have been written
        last = found.rows[-1][0] if found.rows else 0
        found.bad = [b for b in found.bad if b < last] + [b for b in found.bad if b > last][:1]
    return found


def _window(db: sqlite3.Connection, table: str, columns: str, low: int,
            high: int) -> Iterator[tuple[int, tuple[Any, ...] | None]]:
    """``(rowid, row)`` of rowids ``low..high``; ``row`` None for each single rowid that
    fails.  A single rowid is sought with ``=`` (a range scan steps onto the next row)."""
    where, args = ("rowid = ?", (low,)) if low == high else ("rowid BETWEEN ? AND ?",
                                                                (low, high))
    try:
        found = db.execute(f"SELECT rowid, {columns} FROM {table} WHERE {where}",
                           args).fetchall()
    except sqlite3.DatabaseError:
        if low == high:
            yield low, None
            return
        middle = (low + high) // 2
        yield from _window(db, table, columns, low, middle)
        yield from _window(db, table, columns, middle + 1, high)
        return
    for row in found:
        yield int(row[0]), row


def _copy_rows(copy: Path, new: Path, report: Rescue) -> None:
    """Read the copy table by table; write what counts into the new log ``new``."""
    db = sqlite3.connect(copy)
    # A truncated file: its header counts more pages than it holds; with writable_schema
    # SQLite reads what is there instead of refusing the whole file (btree.c, lockBtree).
    # Only read here, never written.
    db.execute("PRAGMA writable_schema = ON")
    try:
        games = _try(lambda: read_table(db, "games", "id, created, client_id"))
        log = _try(lambda: read_table(db, "log", LOG_COLUMNS))
        meta = _try(lambda: read_table(db, "meta", "key, value"))
    finally:
        db.close()
    report.settings_lost = len(meta.bad)
    report.unreadable, report.end_lost = len(log.bad), not log.end_known and bool(log.bad)
    kept, gaps = _prefixes([row[1:] for row in log.rows], report)
    if report.end_lost or gaps < len(log.bad):  # some unreadable row may be a game's newest
        last_rowid = {str(row[1]): row[0] for row in log.rows}
        report.maybe = {game_id: len(rows) for game_id, rows in kept.items()
                        if game_id not in report.lost
                        and any(b > last_rowid[game_id] for b in log.bad)}
    created = {row[1]: row[1:] for row in games.rows if isinstance(row[1], str)}
    meta_rows = [row[1:] for row in meta.rows]
    for game_id in created.keys() - kept.keys() - report.lost.keys():
        report.lost[game_id] = (1, "its first command could not be read")
    Store(new).close()  # the schema
    out = sqlite3.connect(new, isolation_level=None)
    try:
        out.execute("BEGIN IMMEDIATE")
        for game_id, rows in sorted(kept.items(), key=lambda item: item[1][0][6]):
            first = rows[0]
            known = created.get(game_id, (game_id, first[6], first[2]))
            out.execute("INSERT INTO games VALUES (?, ?, ?)", known)
            out.executemany("INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        out.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", meta_rows)
        out.execute("COMMIT")
    finally:
        out.close()
    report.commands_of = {game_id: len(rows) for game_id, rows in kept.items()}
    report.games, report.commands = len(kept), sum(report.commands_of.values())


def _try(read: Any) -> Read:
    """``read()``, or no rows when the table cannot be found at all (its root is lost)."""
    try:
        result: Read = read()
        return result
    except sqlite3.DatabaseError:
        return Read([], [0], False)


def _prefixes(log: list[tuple[Any, ...]],
              report: Rescue) -> tuple[dict[str, list[tuple[Any, ...]]], int]:
    """Per game, its rows from seq 1 up to the first missing or unreadable one; and how
    many commands are missing before a readable one of the same game."""
    by_game: dict[str, list[tuple[Any, ...]]] = {}
    for row in sorted(log, key=lambda r: (str(r[0]), r[1] if isinstance(r[1], int) else 0)):
        by_game.setdefault(str(row[0]), []).append(row)
    kept: dict[str, list[tuple[Any, ...]]] = {}
    gaps = 0  # missing commands with a readable one after them: unreadable rows explained
    for game_id, rows in by_game.items():
        good: list[tuple[Any, ...]] = []
        for row in rows:
            if row[1] != len(good) + 1:
                report.lost[game_id] = (len(good) + 1, "it could not be read from the file")
                gaps += int(row[1]) - len(good) - 1 if isinstance(row[1], int) else 0
                break
            try:
                decode_row(*row)
            except UnreadableRow as exc:
                report.lost[game_id] = (exc.seq, exc.why)
                break
            good.append(row)
        if game_id in report.lost:
            first = report.lost[game_id][0]
            report.left_out[game_id] = sum(1 for r in rows
                                           if isinstance(r[1], int) and r[1] > first)
        if good:
            kept[game_id] = good
        else:
            report.lost.setdefault(game_id, (1, "its first command could not be read"))
    return kept, gaps


def _cut_unfoldable(new: Path, report: Rescue) -> None:
    """Open the new log as a table; a game that does not fold from command N on keeps
    only the commands before N (this file is not yet the live log)."""
    from companion.table import Table

    table = Table.open(new)
    try:
        hurt = table.damaged()
    finally:
        table.close()
    if not hurt:
        return
    db = sqlite3.connect(new, isolation_level=None)
    try:
        for game_id, exc in hurt.items():
            report.lost[game_id] = (exc.seq, exc.why)
            gone = db.execute("DELETE FROM log WHERE game_id = ? AND seq >= ?",
                              (game_id, exc.seq)).rowcount
            report.commands -= gone
            report.commands_of[game_id] -= gone
            if exc.seq <= 1:
                db.execute("DELETE FROM games WHERE id = ?", (game_id,))
                report.games -= 1
                del report.commands_of[game_id]
    finally:
        db.close()


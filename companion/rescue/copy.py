"""Copy a damaged log's readable rows into a new log (issue 17 point 6): every game keeps
its commands from 1 up to the first one that cannot be read, is missing, or does not fold;
the games table is rebuilt from the log where its row is lost; settings are copied."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from companion.errors import UnreadableRow
from companion.logfile import decode_row
from companion.rescue.leaves import leaf_rows, log_shaped
from companion.rescue.report import Rescue
from companion.rescue.rows import Read, read_table
from companion.store import Store

LOG_COLUMNS = "game_id, seq, client_id, actor, command, events, at"


def copy_rows(copy: Path, new: Path, report: Rescue) -> None:
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
    if log.bad:
        log = with_leaves(copy, log)
    report.settings_lost = len(meta.bad)
    report.unreadable, report.end_lost = len(log.bad), not log.end_known
    kept, gaps = _prefixes([row[1:] for row in log.rows], report)
    if report.end_lost or gaps < len(log.bad):  # some unreadable row may be a game's newest
        last_rowid = {str(row[1]): row[0] for row in log.rows}
        report.maybe = {game_id: len(rows) for game_id, rows in kept.items()
                        if game_id not in report.lost
                        and (report.end_lost or any(b > last_rowid[game_id] for b in log.bad))}
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


def with_leaves(copy: Path, log: Read) -> Read:
    """``log`` with the rows SQLite could not reach added from the file's leaf pages
    (:mod:`companion.rescue.leaves`), by rowid; those rowids are no longer ``bad``."""
    have = {row[0] for row in log.rows}
    extra: dict[int, tuple[Any, ...]] = {}
    for rowid, values in leaf_rows(copy):
        if rowid not in have and log_shaped(values):
            extra.setdefault(rowid, (rowid, *values))
    rows = sorted([*log.rows, *extra.values()], key=lambda row: int(row[0]))
    # log rowids run 1, 2, 3, ... (rows are never deleted): a hole is a lost row
    found = have | extra.keys()
    top = max(found, default=0)
    holes = [rowid for rowid in range(1, top + 1) if rowid not in found]
    return Read(rows, holes + [b for b in log.bad if b > top], log.end_known)


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
                report.lost[game_id] = (exc.seq, _reason(exc))
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


def cut_unfoldable(new: Path, report: Rescue) -> None:
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
            report.lost[game_id] = (exc.seq, _reason(exc))
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


def _reason(exc: UnreadableRow) -> str:
    """The row's trouble for the operator: the phrase and SQLite's or Python's words."""
    return f"{exc.why} ({exc.detail})" if exc.detail else exc.why

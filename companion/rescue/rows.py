"""Reading a damaged SQLite table row by row (issue 17 point 6): by rowid range, a range
that fails halved down to single rows, so a damaged b-tree page loses only its own rows
(SQLite's file format: sqlite.org/fileformat.html, 1.6 b-tree pages)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

WINDOW = 256  # rowids read at once; a failing window is halved down to single rows


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

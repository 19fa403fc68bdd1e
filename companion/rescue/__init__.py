"""Rescue a damaged game log with Python's own ``sqlite3`` (issue 17 point 6).

:func:`rescue` copies every row that can still be read into a new log, keeps the damaged
file aside (renamed ``<name>.damaged-<UTC time>``, never deleted) and says what was lost:
which games, from which command on.  Rows are read by rowid range, so a damaged b-tree
page loses only its own rows; a range that fails is halved down to single rows; rows SQLite
cannot reach at all (a lost root or interior page) are read from the leaf pages themselves
(:mod:`companion.rescue.leaves`).  A game keeps its commands up to the first one that
cannot be read (or is missing, or does not fold): the commands after it would fold to
wrong money, so they stay in the kept file only.  Nothing is put in place when nothing
could be read; a foreign file is left alone.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import time
from pathlib import Path

from companion.errors import StorageError
from companion.logfile import SQLITE_MAGIC, check_log_file
from companion.rescue.copy import copy_rows, cut_unfoldable
from companion.rescue.report import Rescue

__all__ = ["Rescue", "rescue"]


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
    try:  # read copies only: opening the damaged file would change it (a WAL checkpoint)
        if _sound(_copy(path, work / "check")):
            report.verdict = f"{path}: integrity ok, every command reads and folds: nothing to do"
            return report
        copy = _copy(path, work / "read")
        new = work / f"{path.name}.new"
        copy_rows(copy, new, report)
        cut_unfoldable(new, report)
        _without_wal(new)
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


def _copy(path: Path, folder: Path) -> Path:
    """A copy of the log and its ``-wal``/``-shm`` in ``folder``; the copy's path."""
    folder.mkdir()
    for src in _siblings(path):
        shutil.copy2(src, folder / src.name)
    return folder / path.name


def _without_wal(new: Path) -> None:
    """Fold the new log's WAL into the file itself (it is moved alone), and sync it."""
    db = sqlite3.connect(new)
    try:
        db.execute("PRAGMA journal_mode = DELETE")
    finally:
        db.close()
    if new.with_name(new.name + "-wal").exists():
        raise StorageError(f"The new log {new} kept its WAL; nothing was replaced.")
    fd = os.open(new, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


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

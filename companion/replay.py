"""Replay files (docs/table-log.md "Replay files"): JSON Lines of commands.

One command per line; blank lines and lines starting with ``#`` are ignored.  The first
command is normally ``new_game``; every later one applies to that game.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from companion.errors import BadCommand, CompanionError
from companion.table import Actor, Table

#: A rejected line: (line number from 1, the command's name, the reason).
Rejection = tuple[int, str, str]

REPLAY = Actor("replay")


def parse_lines(lines: Iterable[str]) -> Iterator[tuple[int, Any]]:
    """``(line number, parsed JSON or the BadCommand raised)`` per non-blank, non-comment line."""
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            yield number, json.loads(text)
        except json.JSONDecodeError as exc:
            yield number, BadCommand("not valid JSON (%(reason)s)", reason=exc.msg)


def replay_into(
    table: Table, lines: Iterable[str], keep_going: bool = False, game_id: str | None = None
) -> tuple[str | None, list[Rejection]]:
    """Apply every command of ``lines`` to ``table``; returns (game id, rejections).

    Stops at the first rejected line unless ``keep_going``.
    """
    rejected: list[Rejection] = []
    for number, command in parse_lines(lines):
        name = command.get("cmd", "?") if isinstance(command, dict) else "?"
        try:
            if isinstance(command, Exception):
                raise command
            outcome = table.execute(command, REPLAY, game_id)
            game_id = outcome.game_id
        except CompanionError as exc:
            rejected.append((number, str(name), str(exc)))
            if not keep_going:
                break
    return game_id, rejected


def replay_file(
    path: str | Path, db: str | Path | None = None, keep_going: bool = False
) -> tuple[dict[str, Any] | None, list[Rejection]]:
    """Replay the file at ``path`` into a fresh database (a temporary one unless ``db``).

    Returns (the final state JSON, or None when no game was started; the rejections).
    Raises OSError when the file cannot be read.
    """
    text = Path(path).read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        table = Table.open(db or Path(tmp) / "replay.sqlite3", durable=db is not None)
        try:
            game_id, rejected = replay_into(table, text.splitlines(), keep_going)
            state = table.snapshot(game_id, with_tally=True) if game_id else None
        finally:
            table.close()
    return state, rejected

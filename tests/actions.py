"""An actions helper (like flaskr's ``AuthActions``) so core tests read like the table."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from companion.errors import Refused
from companion.table import BANKER, Actor, Outcome, Table


class Game:
    """One game on a real SQLite file, driven by docs/table-log.md commands."""

    def __init__(self, table: Table, players: list[str], edition: str = "monopol-no-1996",
                 **fields: Any):
        self.table = table
        start = {"cmd": "new_game", "edition": edition, "players": players, **fields}
        self.id = table.execute(start).game_id

    def do(self, cmd: str, actor: Actor = BANKER, **fields: Any) -> Outcome:
        """Send ``cmd`` with ``fields`` (``from_`` is sent as ``from``)."""
        if "from_" in fields:
            fields["from"] = fields.pop("from_")
        return self.table.execute({"cmd": cmd, **fields}, actor, self.id)

    def state(self) -> dict[str, Any]:
        return self.table.snapshot(self.id)

    def cash(self) -> dict[str, int]:
        return {p["name"]: p["cash"] for p in self.state()["players"]}

    def player(self, name: str) -> dict[str, Any]:
        return next(p for p in self.state()["players"] if p["name"] == name)

    @contextmanager
    def refused(self, match: str, error: type[Exception] = Refused) -> Any:
        """Assert the block raises ``error`` matching ``match`` and the state is unchanged."""
        before = self.state()
        with pytest.raises(error, match=match):
            yield
        assert self.state() == before


def open_table(tmp_path: Path) -> Table:
    return Table.open(tmp_path / "table.sqlite3")

"""A game at a real table (SQLite file, :class:`companion.table.Table`) for the rule tests.

``with Game(tmp_path) as g:`` starts a NO 1996 game of Alice, Bob and Carol; ``g.do``
sends a command as the banker, ``g.phone`` as a player's phone; ``g.refused`` asserts a
refusal's type and exact message AND that the snapshot (and so the log) is unchanged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.errors import Refused
from companion.state import Deed
from companion.table import BANKER, Actor, Outcome, Table

PLAYERS = ("Alice", "Bob", "Carol")


class Game:
    """One game on a fresh table file under ``where`` (or on ``where`` when it is a
    :class:`Table` already, e.g. conftest's ``table`` fixture); extra ``new_game`` fields
    as kwargs.  Subclasses pick another :attr:`EDITION`."""

    EDITION = "monopol-no-1996"

    def __init__(self, where: Path | Table, players: tuple[str, ...] = PLAYERS, **fields: Any):
        self.table = where if isinstance(where, Table) else Table.open(where / "table.sqlite3")
        command = {"cmd": "new_game", "edition": self.EDITION, "players": list(players)}
        self.id = self.table.execute({**command, **fields}).game_id

    def __enter__(self) -> Game:
        return self

    def __exit__(self, *exc: object) -> None:
        self.table.close()

    def do(self, cmd: str, actor: Actor = BANKER, **fields: Any) -> Outcome:
        """Send ``cmd`` with ``fields`` (``from_`` is sent as ``from``), as the banker
        unless ``actor``."""
        if "from_" in fields:
            fields["from"] = fields.pop("from_")
        return self.table.execute({"cmd": cmd, **fields}, actor, self.id)

    def phone(self, name: str, cmd: str, **fields: Any) -> Outcome:
        """Send ``cmd`` from ``name``'s phone."""
        return self.do(cmd, Actor("player", name), **fields)

    def refused(self, error: type[Refused], message: str, cmd: str,
                actor: Actor = BANKER, **fields: Any) -> None:
        """Assert ``cmd`` raises ``error`` with exactly ``message`` and changes nothing."""
        before = self.snap()
        with pytest.raises(error) as info:
            self.do(cmd, actor, **fields)
        assert str(info.value) == message, str(info.value)
        assert self.snap() == before

    def snap(self) -> dict[str, Any]:
        """The snapshot, with the tally."""
        return self.table.snapshot(self.id, with_tally=True)

    def player(self, name: str) -> dict[str, Any]:
        """``name``'s row of the snapshot."""
        return next(p for p in self.snap()["players"] if p["name"] == name)

    def cash(self, name: str) -> int:
        """``name``'s cash."""
        return int(self.table.state(self.id).players[name].cash)

    def deed(self, index: int) -> Deed | None:
        """The deed at board ``index``, or None while the bank has it."""
        return self.table.state(self.id).deeds.get(index)

    def buy(self, name: str, *spaces: str) -> None:
        """``name`` buys each space at its printed price."""
        for space in spaces:
            self.do("buy", player=name, space=space)

    def give(self, name: str, amount: int) -> None:
        """The bank pays ``name`` ``amount`` (a card, say)."""
        self.do("pay", **{"from": "bank", "to": name, "amount": amount})

    def take(self, name: str, amount: int) -> None:
        """``name`` pays the bank ``amount``."""
        self.do("pay", **{"from": name, "to": "bank", "amount": amount})

    def debts(self, name: str) -> list[dict[str, Any]]:
        """``name``'s open debts as in the snapshot."""
        return list(self.player(name)["debts"])

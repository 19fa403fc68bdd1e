"""The one test kit: a game at a real table, driven like the table (flaskr's ``AuthActions``).

A :class:`Game` is one game on a real SQLite file (:class:`companion.table.Table`), started
with ``new_game``; nothing of companion is mocked.  The API, all of it:

- ``Game(where, players=("Alice", "Bob", "Carol"), edition=None, **new_game_fields)`` —
  ``where`` is a :class:`Table` (conftest's ``table`` fixture) or a folder (a fresh
  ``table.sqlite3`` in it, closed by ``with Game(tmp_path) as g:``); ``edition`` defaults to
  the class's :attr:`Game.EDITION` (NO 1996).  conftest's ``game`` fixture is ``Game(table)``;
  ``@pytest.mark.game(edition=..., players=[...])`` on a module or test changes its arguments.
- ``g.do(cmd, actor=BANKER, **fields)`` sends a command (``from_`` is sent as ``from``);
  ``g.phone(name, cmd, **fields)`` sends it from ``name``'s phone.
- ``g.state()`` the snapshot; ``g.snap()`` the snapshot with the tally; ``g.player(name)``
  one player's row; ``g.cash(name)`` one player's cash (``int``); ``g.cashes()`` every
  player's cash (``{name: int}``); ``g.deed(index)``; ``g.debts(name)``.
- ``open_table(folder)`` opens the table file a folder's Game uses;
  ``logged_without_values(table, game_id, folder, *spaces)`` copies a game's log there as
  a table before h21 wrote it (deeds changed hands without their board values) and opens it.
- ``g.buy(name, *spaces)``, ``g.give(name, amount)`` (bank pays), ``g.take(name, amount)``
  (name pays the bank).
- ``g.refused(Error, "exact message", cmd, **fields)`` asserts that the command raises exactly
  ``Error`` (or a subclass) with exactly that message, and that the snapshot with its tally is
  unchanged.  Without ``cmd`` it is a context manager for a block:
  ``with g.refused(Error, "exact message"): ...``.  Where a test really needs a pattern (a
  message built from a parameter, say), pass ``re.compile(...)``: it must ``search`` the text.

``answering(status, body, path=None)`` is another program's web server on 127.0.0.1 (a
thread) for a ``with`` block: every GET (of ``path`` only, when given) gets ``status`` and the
JSON ``body``; the port is yielded.

:class:`MMGame` adds the Multimillionær helpers (``enter``, ``own``, ``turn_of``, ``level``)
with TEST deed values (:data:`DEEDS`).
"""

from __future__ import annotations

import http.server
import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

import pytest

from companion import events as ev
from companion.state import Deed
from companion.store import Store
from companion.table import BANKER, Actor, Outcome, Table

PLAYERS = ("Alice", "Bob", "Carol")


class Game:
    """One game at a real table; see the module docstring for the whole API."""

    EDITION = "monopol-no-1996"
    PLAYERS: tuple[str, ...] = PLAYERS

    def __init__(self, where: Path | Table, players: Sequence[str] | None = None,
                 edition: str | None = None, **fields: Any):
        self._owned = not isinstance(where, Table)
        self.table = where if isinstance(where, Table) else Table.open(where / "table.sqlite3")
        command = {"cmd": "new_game", "edition": edition or self.EDITION,
                   "players": list(self.PLAYERS if players is None else players)}
        self.id = self.table.execute({**command, **fields}).game_id

    def __enter__(self) -> Game:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._owned:
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

    def refused(self, error: type[Exception], message: str | re.Pattern[str],
                cmd: str | None = None, actor: Actor = BANKER,
                **fields: Any) -> AbstractContextManager[None]:
        """Assert ``cmd`` (or, without ``cmd``, the ``with`` block) raises ``error`` with
        exactly ``message`` (a compiled pattern: ``search``-ed) and changes nothing."""
        if cmd is None:
            return self._refusal(error, message)
        with self._refusal(error, message):
            self.do(cmd, actor, **fields)
        return nullcontext()

    @contextmanager
    def _refusal(self, error: type[Exception],
                 message: str | re.Pattern[str]) -> Iterator[None]:
        before = self.snap()
        with pytest.raises(error) as info:
            yield
        text = str(info.value)
        if isinstance(message, re.Pattern):
            assert message.search(text), text
        else:
            assert text == message, text
        assert self.snap() == before, "the refusal changed the state"

    def state(self) -> dict[str, Any]:
        """The snapshot (as the API serves it)."""
        return self.table.snapshot(self.id)

    def snap(self) -> dict[str, Any]:
        """The snapshot, with the tally."""
        return self.table.snapshot(self.id, with_tally=True)

    def player(self, name: str) -> dict[str, Any]:
        """``name``'s row of the snapshot."""
        return next(p for p in self.snap()["players"] if p["name"] == name)

    def cash(self, name: str) -> int:
        """``name``'s cash."""
        return int(self.table.state(self.id).players[name].cash)

    def cashes(self) -> dict[str, int]:
        """Every player's cash, ``{name: cash}`` in seat order."""
        return {p["name"]: p["cash"] for p in self.state()["players"]}

    def deed(self, index: int) -> Deed | None:
        """The deed at board ``index``, or None while the bank has it."""
        return self.table.state(self.id).deeds.get(index)

    def debts(self, name: str) -> list[dict[str, Any]]:
        """``name``'s open debts as in the snapshot."""
        return list(self.player(name)["debts"])

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


@contextmanager
def answering(status: int, body: bytes, path: str | None = None) -> Iterator[int]:
    """A JSON web server on 127.0.0.1 for the ``with`` block; its port.  A GET of ``path``
    (of anything when None) is answered ``status`` with ``body``, any other path 404."""

    class Answer(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            self.send_response(status if path in (None, self.path) else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    with http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield int(server.server_address[1])
        finally:
            server.shutdown()
            thread.join()


def open_table(folder: Path) -> Table:
    """The table on ``folder``'s ``table.sqlite3`` (again, after a restart, say)."""
    return Table.open(folder / "table.sqlite3")


def logged_without_values(src: Table, game_id: str, folder: Path, *spaces: int) -> Table:
    """``game_id``'s log copied to ``folder``'s ``table.sqlite3`` as a table before h21
    wrote it, and that table opened: the ``edition_value`` rows of the board indexes
    ``spaces`` left out, so those deeds changed hands without their board values (a
    worth counting them 0 until they are entered)."""
    store = Store(folder / "table.sqlite3")
    for row in src.store.rows(game_id):
        entered = {e.space for e in row.events if isinstance(e, ev.EditionValueSet)}
        if not entered & set(spaces):
            store.append(game_id, row.client_id, row.actor, row.command, list(row.events),
                         row.seq == 1)
    store.close()
    return open_table(folder)


# Multimillionær.  The edition's deed values are NOT public (docs/rules.md "Edition values"):
# a test enters the ones it needs through the ask-once command ``edition_value`` — exactly
# what a banker does the first time a deed is used.  They are TEST values, made up to give the
# round amounts the rule texts speak of (a 45 000 kr rent, a 19 900 kr rent…), never a claim
# about the real box.

MM_PLAYERS = ("Alice", "Bob", "Carol", "Dave")
DAY = "2026-11-30"

#: Test deed values: name -> (price, rents 0..4 houses + hotel, house cost, mortgage).
DEEDS: dict[str, tuple[int, list[int], int, int]] = {
    "Kirkeveien": (20_000, [1_000, 5_000, 15_000, 45_000, 80_000, 125_000], 10_000, 10_000),
    "Frognerveien": (24_000, [19_900, 22_000, 30_000, 50_000, 90_000, 130_000], 10_000, 12_000),
    "Karl Johans gate": (60_000, [45_000, 60_000, 90_000, 150_000, 200_000, 300_000],
                         30_000, 30_000),
    "Stortingsgata": (56_000, [20_000, 40_000, 60_000, 100_000, 150_000, 200_000],
                      30_000, 28_000),
    "Studenterlunden": (56_000, [20_000, 40_000, 60_000, 100_000, 150_000, 200_000],
                        30_000, 28_000),
    "Aker Brygge": (80_000, [25_000, 60_000, 120_000, 200_000, 300_000, 400_000],
                    40_000, 40_000),
    "Gyldenløves gate": (50_000, [10_000, 30_000, 60_000, 100_000, 150_000, 200_000],
                         25_000, 25_000),
    "Slottsplassen": (90_000, [30_000, 70_000, 140_000, 250_000, 350_000, 500_000],
                      50_000, 45_000),
    "Ullevål hageby": (80_000, [25_000, 60_000, 120_000, 200_000, 300_000, 450_000],
                       50_000, 40_000),
}


class MMGame(Game):
    """A Multimillionær game of four (Alice to roll first); the same arguments as
    :class:`Game`."""

    EDITION = "multimillionaer"
    PLAYERS = MM_PLAYERS

    def enter(self, *names: str) -> None:
        """Ask once: the banker enters the (test) deed values of ``names``."""
        for name in names:
            price, rents, house, mortgage = DEEDS[name]
            for field, value in (("price", price), ("rents", rents), ("house_cost", house),
                                 ("mortgage", mortgage)):
                self.do("edition_value", space=name, field=field, value=value, date=DAY)

    def own(self, player: str, *names: str) -> None:
        """``player`` gets each lot (values entered first): bought, or at auction (M4)."""
        self.enter(*names)
        for name in names:
            if name in ("Aker Brygge", "Gyldenløves gate"):
                self.do("auction_sold", space=name, player=player, price=DEEDS[name][0])
            else:
                self.do("buy", player=player, space=name)

    def turn_of(self, player: str) -> None:
        """Pass the turn on to ``player`` and move Ola Nordmann to Prøv lykken (nothing
        happens to Ola there, M12): the moment ``player`` may build (X4, M19)."""
        while self.snap()["turn"]["player"] != player:
            self.do("next_turn")
        self.do("ola_land", space="Prøv lykken")

    def level(self, series: str) -> int:
        """The stock board's level of ``series`` (M3)."""
        return int(self.snap()["stocks"][series]["level"])

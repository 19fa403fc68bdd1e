"""The family's games ``/games`` (issue 16 point 9): the finished games of this data folder
(date, edition, players, winner, a link to the tally) and each player's record across them
(games played, games won).  Banker only; it reads the game logs the server already has and
writes nothing.

Players are matched by name, ignoring case and spaces around it ("kari " and "Kari" are one
player); the record shows the spelling of their newest game.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, render_template

from companion.table import Table
from web.api import table
from web.auth import banker_required

bp = Blueprint("games", __name__)


@dataclass(frozen=True)
class Finished:
    """One finished game: ``id``; ``ended`` the time of its last command (seconds since the
    epoch); ``edition`` the edition's printed name; ``players`` in seat order; ``winner`` a
    name, or None when the tally names none (C22/C23: tied, or a value still missing)."""

    id: str
    ended: float
    edition: str
    players: tuple[str, ...]
    winner: str | None

    @property
    def date(self) -> str:
        """The day it ended, ``YYYY-MM-DD`` in the server's local time."""
        return time.strftime("%Y-%m-%d", time.localtime(self.ended))


@dataclass
class Record:
    """One player's record: ``name`` (the newest spelling), games ``played`` and ``won``."""

    name: str
    played: int = 0
    won: int = 0


def finished_games(source: Table) -> list[Finished]:
    """Every game of ``source`` that is over, newest first (by the time of its last
    command).  Reads the live states and the log; writes nothing."""
    found = []
    for game_id in source.game_ids():
        state = source.state(game_id)
        if not state.over:
            continue
        snap = source.snapshot(game_id, with_tally=True)
        last = source.store.last_rows(game_id, 1)
        ended = last[-1].at if last else 0.0
        found.append(Finished(game_id, ended, state.ed.name,
                              tuple(p["name"] for p in snap["players"]),
                              (snap["tally"] or {}).get("winner")))
    return sorted(found, key=lambda g: (g.ended, g.id), reverse=True)


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def records(games: list[Finished]) -> list[Record]:
    """Each player's record over ``games`` (newest first, as :func:`finished_games`),
    players matched by name ignoring case and spaces; sorted by games won, then played
    (most first), then name."""
    found: dict[str, Record] = {}
    for game in games:
        for name in game.players:
            record = found.setdefault(_key(name), Record(name))
            record.played += 1
            if game.winner is not None and _key(game.winner) == _key(name):
                record.won += 1
    return sorted(found.values(), key=lambda r: (-r.won, -r.played, r.name.casefold()))


@bp.get("/games")
@banker_required
def page() -> Any:
    """The list of finished games and the players' records (``templates/games.html``)."""
    games = finished_games(table())
    return render_template("games.html", games=games, records=records(games))

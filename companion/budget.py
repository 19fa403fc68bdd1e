"""How much a player's phone may write to the log in a day (issue 17 point 5).

The rate limit (``web.limits``) bounds commands a second, not what they weigh: a phone
(or a script holding its token) sending the largest command the table takes, over and
over, or proposing and cancelling a trade all day, would otherwise fill the SD card.
So each player of each game may write at most :data:`PLAYER_BYTES_A_DAY` bytes of
commands and events (their JSON text as the log keeps it) in the last 24 hours; past
that their commands are refused with a sentence, and the banker enters the rest.  A
family's whole evening writes well under 1 MB.  The banker, a replay and the table's
buttons are never counted.

The count is derived from the log itself (every row has its sender and time), so a
restart does not reset it: :meth:`WriteBudget.load` reads the last day's rows once, at
start, then :meth:`WriteBudget.add` counts each new one.  Counted by the hour: the window
is the current hour and the 23 before it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from companion.errors import NotAllowed

#: Bytes of commands and events one player may write to the log in 24 hours: 20 MB, so
#: six phones at their limit write 120 MB a day, where a Pi's card holds gigabytes.
PLAYER_BYTES_A_DAY = 20_000_000
#: Seconds in the window, and in one of its buckets.
DAY, HOUR = 86_400, 3_600


class WriteBudget:
    """Bytes written per ``(game id, player)`` in the last 24 hours, by the hour.

    Args:
        limit: bytes a player may write in 24 hours (0 or less: no limit).
        clock: seconds since the epoch, as the log's ``at`` (tests pass their own).
    """

    def __init__(self, limit: int = PLAYER_BYTES_A_DAY,
                 clock: Callable[[], float] = time.time):
        self.limit, self.clock = limit, clock
        self._hours: dict[tuple[str, str], dict[int, int]] = {}

    def load(self, rows: Iterable[tuple[str, str, float, int]]) -> None:
        """Count stored rows: ``(game id, player, at in s since the epoch, bytes)``."""
        for game_id, player, at, size in rows:
            self.add(game_id, player, size, at)

    def add(self, game_id: str, player: str, size: int, at: float | None = None) -> None:
        """Count ``size`` bytes written for ``player`` at ``at`` (default: now)."""
        hours = self._hours.setdefault((game_id, player), {})
        hour = int((self.clock() if at is None else at) // HOUR)
        hours[hour] = hours.get(hour, 0) + size
        for old in [h for h in hours if h <= hour - DAY // HOUR]:
            del hours[old]

    def used(self, game_id: str, player: str) -> int:
        """Bytes ``player`` wrote in ``game_id`` in this hour and the 23 before it."""
        first = int(self.clock() // HOUR) - DAY // HOUR + 1
        hours = self._hours.get((game_id, player), {})
        return sum(size for hour, size in hours.items() if hour >= first)

    def check(self, game_id: str, player: str, size: int) -> None:
        """Refuse a command of ``size`` bytes that would take ``player`` past the limit.

        Raises:
            NotAllowed: the player's phone wrote its day's worth; nothing changed.
        """
        if self.limit > 0 and self.used(game_id, player) + size > self.limit:
            raise NotAllowed("%(player)s's phone has sent more than a day's worth of "
                             "commands (%(most)s MB in 24 hours); the banker can enter the "
                             "rest.", player=player, most=self.limit // 1_000_000)

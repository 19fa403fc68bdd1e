"""What the kill -9 tests share (``tests/test_soak_kill.py``, ``tests/test_group_commit_kill.py``):
a phone's stream of payments, and the balances a list of logged commands gives.

Both games are of the NO 1996 edition: every player starts with :data:`START_CAPITAL`
(C1) and passing Start pays :data:`START_BONUS` (C2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

START_CAPITAL = 30_000  # C1
START_BONUS = 4_000  # C2, monopol-no-1996
#: A sender's commands: the ``n``-th (from 1) as the JSON body of a command request.
Make = Callable[[int], dict[str, Any]]


def pays_next(players: Sequence[str], me: str) -> Make:
    """Phone ``me``'s commands: the ``n``-th pays ``n % 9 + 1`` kr to the player after
    ``me`` in ``players`` (the first after the last), with the client id ``"{me}-{n}"``."""
    to = players[(players.index(me) + 1) % len(players)]
    return lambda n: {"cmd": "pay", "from": me, "to": to, "amount": n % 9 + 1,
                      "id": f"{me}-{n}"}


def expected_cash(players: Sequence[str], logged: list[dict[str, Any]]) -> dict[str, int]:
    """Every player's cash (kr) after ``logged``, the commands in the log in order: ``pay``
    (``to`` a player or ``"bank"``) and ``pass_start`` (C2), from :data:`START_CAPITAL`."""
    cash = dict.fromkeys(players, START_CAPITAL)
    for command in logged:
        if command["cmd"] == "pass_start":
            cash[command["player"]] += START_BONUS
            continue
        cash[command["from"]] -= command["amount"]
        if command["to"] != "bank":
            cash[command["to"]] += command["amount"]
    return cash

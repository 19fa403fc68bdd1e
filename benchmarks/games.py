"""Synthetic but rule-abiding games for the benchmarks: a long stream of table commands."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

PLAYERS = ["Alice", "Bob", "Carol", "Dag", "Eva", "Finn"]
DEEDS = [1, 3, 5, 6, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 21, 23, 24, 25, 26, 27, 28, 29,
         31, 32, 34, 35, 37, 39]
OTHER = [0, 2, 4, 7, 10, 17, 20, 22, 33, 36, 38]


def game_commands(count: int, seed: int = 1) -> Iterator[dict[str, Any]]:
    """``count`` commands of a 6-player monopol-no-1996 game (new_game first): landings with
    rent claims, buys early on, payments, Start, turns; every one is accepted by the rules."""
    rng = random.Random(seed)
    yield {"cmd": "new_game", "edition": "monopol-no-1996", "players": PLAYERS}
    owner: dict[int, str] = {}
    seat = 0
    for n in range(1, count):
        player = PLAYERS[seat]
        kind = n % 5
        if kind == 0:
            seat = (seat + 1) % len(PLAYERS)
            yield {"cmd": "next_turn", "id": f"c{n}"}
        elif kind == 1 and len(owner) < len(DEEDS):
            space = rng.choice([d for d in DEEDS if d not in owner])
            owner[space] = player
            yield {"cmd": "buy", "player": player, "space": space, "id": f"c{n}"}
        elif kind == 2:  # Start first: a landing behind the token then pays no second bonus (C2)
            yield {"cmd": "pass_start", "player": player, "id": f"c{n}"}
        elif kind == 3:
            yield {"cmd": "land", "player": player, "space": rng.choice(DEEDS + OTHER),
                   "dice": rng.randint(2, 12), "id": f"c{n}"}
        else:
            other = PLAYERS[(seat + 1) % len(PLAYERS)]
            yield {"cmd": "pay", "from": player, "to": other, "amount": rng.randint(1, 400),
                   "id": f"c{n}"}

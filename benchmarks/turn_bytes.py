"""Bytes a live stream carries per command in a normal turn (issue 19: ≤ 600).

A new 6-player classic game on a real ``companion serve``; ``count`` streams on the
banker's token follow it (what the console, ``/board`` and the benchmarks' streams get)
while one normal turn each for two players is played through the API: a roll onto a free
deed and its purchase, the next turn, a roll onto that deed and the owner's rent claim,
the next turn.  A stream's bytes are what its socket received (HTTP chunk framing
included) from the state it had before the turn until the one after each command.

Run alone: ``uv run python -m benchmarks.turn_bytes``.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.games import PLAYERS
from benchmarks.server import Remote, Server, Streams

#: One normal turn each for Alice and Bob (monopol-no-1996: space 3 is Trondheimsveien).
TURN: list[dict[str, Any]] = [
    {"cmd": "roll", "player": "Alice", "dice": [1, 2]},
    {"cmd": "buy", "player": "Alice", "space": 3},
    {"cmd": "next_turn"},
    {"cmd": "roll", "player": "Bob", "dice": [1, 2]},
    {"cmd": "claim", "player": "Alice"},
    {"cmd": "next_turn"},
]


def measure(server: Remote, count: int = 9) -> dict[str, int]:
    """Median bytes per stream for each command of :data:`TURN` (key: its ``cmd``, numbered
    when repeated) and ``"mean"``: the turn's bytes per command."""
    api = server.client()
    game = api.new_game(PLAYERS)
    streams = Streams(server.port, game["game"], server.token, count)
    try:
        streams.wait_for(game["seq"])
        before = streams.bytes()
        figures: dict[str, int] = {}
        start = before
        for n, command in enumerate(TURN):
            status, answer = api.call("POST", f"/api/games/{game['game']}/commands",
                                      {**command, "id": f"turn-{n}"})
            assert status == 200 and answer.get("ok"), answer
            streams.wait_for(int(answer["seq"]))
            now = streams.bytes()
            figures[f"{n + 1}. {command['cmd']}"] = int(statistics.median(
                b - a for a, b in zip(before, now, strict=True)))
            before = now
        figures["mean"] = int(statistics.median(
            (b - a) / len(TURN) for a, b in zip(start, before, strict=True)))
        return figures
    finally:
        streams.close()
        api.close()


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp, Server(Path(tmp)) as server:
        for name, size in measure(server).items():
            print(f"{name:>14}: {size:6,} bytes per stream")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The server's state encoder (orjson) gives exactly the core's text (issue 8).

Every phone gets the state as the text :meth:`companion.table.Table.snapshot_json` makes;
``companion serve`` makes it with :func:`web.state_json.encode`, the core with
:func:`companion.table.compact_json`.  The two must never differ by a byte.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.replay import replay_into
from companion.table import Table, compact_json
from web.state_json import encode

REPLAYS = sorted(p for p in (Path(__file__).parent / "replays").glob("*.jsonl")
                 if not p.with_suffix(".edition.toml").exists())


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_every_state_of_a_replayed_game_encodes_to_the_same_text(tmp_path: Path,
                                                                   path: Path) -> None:
    table = Table.open(tmp_path / "log.sqlite3", durable=False, encode=encode)
    compared: list[int] = []

    def compare(game_id: str, seq: int) -> None:
        state = table.snapshot(game_id, with_tally=True)
        assert encode(state) == compact_json(state)
        assert table.snapshot_json(game_id) == (seq, compact_json(table.snapshot(game_id)))
        compared.append(seq)

    table.subscribe(compare)
    game_id, _rejected = replay_into(table, path.read_text(encoding="utf-8").splitlines(),
                                     keep_going=True)
    table.close()
    assert game_id is not None and len(compared) > 10


@pytest.mark.parametrize("value", [
    {"name": "Ærlige Åse Øvrebø", "note": "“quoted” \\ \"escaped\"\n\t", "emoji": "🎲"},
    {"stocks": {1: {"level": 3}, 2: {"level": -1}}, "ends_at": 1764489600.125, "x": None},
    {"big": 10**12, "negative": -30_000, "flags": [True, False], "empty": {}, "list": []},
    {"nested": [[{"deep": [1, [2, [3]]]}]], "float": 0.1, "zero": 0.0, "int_float": 2.0},
])
def test_odd_values_encode_to_the_same_text(value: dict[str, Any]) -> None:
    assert encode(value) == compact_json(value)

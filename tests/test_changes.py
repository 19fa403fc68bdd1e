"""Each screen gets what changed (issue 19 point 1): for every state of every replay the
state rebuilt from the changes equals the whole state, byte for byte.

The whole state is :func:`companion.table.compact_json` of
:meth:`companion.table.Table.snapshot` (what a phone that connects gets); the change is
:class:`web.changes.Changes`' (what the live streams send), rebuilt by
:func:`web.changes.rebuild` (the twin of ``Companion.applyChange``).  One
:class:`~web.changes.Changes` builds only the players the events touch, the other every
player, and one that starts from the whole text of the state before (a stream that just
connected, :meth:`~web.changes.Changes.prime`): all must give the same text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.events import to_dict
from companion.replay import replay_into
from companion.table import Table, compact_json
from web import change_units as units
from web.ahead import Ahead
from web.changes import Changes, rebuild
from web.state_json import encode

REPLAYS = sorted(p for p in (Path(__file__).parent / "replays").glob("*.jsonl")
                 if not p.with_suffix(".edition.toml").exists())


def replay_steps(tmp_path: Path, path: Path,
                 durable: bool = False) -> list[tuple[str, bytes | None, dict[str, Any]]]:
    """Replay ``path``; per commit ``(whole text, change text, whole state)``, checked.
    The touched players' steps are built as the hub builds them: started as each commit
    begins, in :class:`~web.ahead.Ahead`'s thread (``durable``: while its fsync runs)."""
    table = Table.open(tmp_path / "log.sqlite3", durable=durable, encode=encode)
    cached, every = Changes(), Changes()
    ahead = Ahead(cached, lambda _game_id: True)
    table.foresee(ahead.start, ahead.drop)
    seen: list[tuple[str, bytes | None, dict[str, Any]]] = []
    before: dict[str, dict[str, Any]] = {}

    def compare(game_id: str, seq: int) -> None:
        state = table.state(game_id)
        whole = compact_json(table.snapshot(game_id))
        step = ahead.step(game_id, state, table.last_events(game_id, seq))
        assert step.seq == seq and step.full.decode() == whole  # byte for byte
        plain = every.advance(state)
        assert plain.full == step.full
        if game_id in before:  # a stream that connected at the state before: the same change
            primed = Changes()
            primed.prime(game_id, before[game_id]["game"]["seq"], seen[-1][0])
            assert primed.advance(state, table.last_events(game_id, seq)) == step
        if step.change is not None:
            change = json.loads(step.change)
            assert change["seq"] == seq and change["base"] == before[game_id]["game"]["seq"]
            assert encode(rebuild(before[game_id], change)) == whole  # byte for byte
            assert change["set"] == json.loads(plain.change or b"{}")["set"]
            known = table.last_events(game_id, seq)
            assert change["events"] == json.loads(json.dumps(  # the log's events, as stored
                [to_dict(e) for e in known[1]] if known else []))
        before[game_id] = json.loads(whole)
        seen.append((whole, step.change, before[game_id]))

    table.subscribe(compare)
    game_id, _rejected = replay_into(table, path.read_text(encoding="utf-8").splitlines(),
                                     keep_going=True)
    table.close()
    ahead.close()
    assert game_id is not None and len(seen) > 10
    return seen


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_every_state_of_a_replay_is_rebuilt_byte_for_byte_from_the_changes(
        tmp_path: Path, path: Path) -> None:
    steps = replay_steps(tmp_path, path)
    changes = [json.loads(change) for _w, change, _s in steps if change is not None]
    assert len(changes) >= len(steps) - 2
    splices = [p for c in changes for p, _v in c["set"] if len(p) == 5]
    if path.stem == "classic_full_game":  # deeds bought, built on, mortgaged, traded
        assert len(splices) >= 30 and any(p[3] == p[4] for p in splices)


def test_steps_built_while_each_fsync_runs_are_the_same_byte_for_byte(tmp_path: Path) -> None:
    """The classic full game on a durable log: each step is built in the ahead thread
    while its commit waits for the disk, and checked as above."""
    path = next(p for p in REPLAYS if p.stem == "classic_full_game")
    assert len(replay_steps(tmp_path, path, durable=True)) > 10


def test_a_field_is_compared_by_its_text_and_kept_apart_from_the_value_built() -> None:
    """The units (:mod:`web.change_units`) keep each field of a changed unit as its value
    when plain (str, int, bool, None) and as its text otherwise: ``1`` then ``True`` is
    a change (the same ``==``, another text), and a list changed in place after its unit
    was built still shows as changed (nothing kept can change under it)."""
    deeds: list[Any] = [{"index": 1}]
    value = {"cash": 1, "flag": 0, "spaces": deeds}
    old = units.frame(1, {"bank": value}, {})
    first = units.unit(value, None)  # split now: the list's text is kept, not the list
    deeds.append({"index": 3})
    new = units.frame(2, {"bank": {"cash": True, "flag": 0, "spaces": deeds}}, {},
                      {"bank": first})
    assert [(p, json.loads(v)) for p, v in units.sets(old, new)] == [
        (["bank", "cash"], True), (["bank", "spaces"], [{"index": 1}, {"index": 3}])]
    assert units.whole(new) == encode({"bank": {"cash": True, "flag": 0,
                                                "spaces": deeds}}).encode()

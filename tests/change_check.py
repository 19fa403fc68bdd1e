"""``pytest --check-changes`` (issue 19 point 1): every table a test opens is watched; after
each commit the live stream's step (:class:`web.changes.Changes`, built as the hub builds
it) must give the whole state byte for byte, and its change must rebuild that state from
the one before (:func:`web.changes.rebuild`).  A listener's failure never reaches the
command (:meth:`companion.table.Table._notify`), so problems are kept and the test fails
at its end (:func:`tests.conftest.check_changes`)."""

from __future__ import annotations

import json
from typing import Any

from companion.table import Table, compact_json
from web.changes import Changes, rebuild
from web.state_json import encode


def watch(table: Table, problems: list[str]) -> None:
    """Check every commit of ``table``; each mismatch is appended to ``problems``."""
    changes = Changes()
    before: dict[str, dict[str, Any]] = {}

    def check(game_id: str, seq: int) -> None:
        try:
            whole = compact_json(table.snapshot(game_id))
            step = changes.advance(table.state(game_id), table.last_events(game_id, seq))
            if step.full.decode() != whole:
                known = table.last_events(game_id, seq)
                problems.append(f"{game_id} {seq}: the step's whole state differs after "
                                f"{[type(e).__name__ for e in known[1]] if known else None}: "
                                f"{_first_difference(step.full.decode(), whole)}")
            if step.change is not None:
                change = json.loads(step.change)
                if encode(rebuild(before[game_id], change)) != whole:
                    problems.append(f"{game_id} {seq}: the change rebuilds another state")
            before[game_id] = json.loads(whole)
        except Exception as exc:  # noqa: BLE001 - kept for the test's end
            problems.append(f"{game_id} {seq}: {exc!r}")

    table.subscribe(check)


def _first_difference(ours: str, whole: str) -> str:
    at = next((i for i, (a, b) in enumerate(zip(ours, whole, strict=False)) if a != b), 0)
    return f"…{ours[max(at - 80, 0):at + 40]!r} vs …{whole[max(at - 80, 0):at + 40]!r}"

"""``companion replay FILE --edition EDITION_FILE`` (issue 5): the edition file is imported
into the replay's database first, so a replay on a family's own box runs from the shell."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
REPLAYS = Path(__file__).parent / "replays"
GAME, BOX = REPLAYS / "ask_once.jsonl", REPLAYS / "ask_once.edition.toml"


def companion(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m web.cli ARGS`` in a real process, from the repository's root."""
    return subprocess.run([sys.executable, "-m", "web.cli", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


def cash(out: str) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in json.loads(out)["players"]}


def test_replay_with_the_edition_file_prints_the_asserted_balances() -> None:
    done = companion("replay", GAME, "--edition", BOX)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert cash(done.stdout) == {"Alice": 24960, "Bob": 28640}
    assert json.loads(done.stdout)["game"]["edition"] == "ask-once-box"


def test_without_the_edition_file_the_first_line_is_refused() -> None:
    done = companion("replay", GAME)
    assert done.returncode == 1
    assert done.stderr.strip() == "line 3: new_game: There is no edition called 'ask-once-box'."


def test_a_bad_edition_file_names_its_line_and_nothing_is_replayed(tmp_path: Path) -> None:
    text = BOX.read_text(encoding="utf-8").replace("start_capital = 30000",
                                                   "start_capital = -5")
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    line = text.splitlines().index("start_capital = -5") + 1
    done = companion("replay", GAME, "--edition", bad)
    assert done.returncode == 2 and done.stdout == ""
    assert "bad.toml" in done.stderr and "start_capital" in done.stderr
    assert f"line {line}" in done.stderr


def test_an_unreadable_edition_file(tmp_path: Path) -> None:
    done = companion("replay", GAME, "--edition", tmp_path / "nope.toml")
    assert done.returncode == 2 and "cannot read" in done.stderr


def test_a_kept_database_keeps_the_familys_copy(tmp_path: Path) -> None:
    db = tmp_path / "family.sqlite3"
    assert companion("replay", GAME, "--edition", BOX, "--db", db).returncode == 0
    again = companion("replay", GAME, "--edition", BOX, "--db", db)
    assert again.returncode == 0, again.stderr
    assert "has the edition 'ask-once-box' already" in again.stderr
    assert cash(again.stdout) == {"Alice": 24960, "Bob": 28640}

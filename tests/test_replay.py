"""Replay files (docs/table-log.md "Replay files") give the balances the rules give (issue 2)."""

from pathlib import Path

from companion.replay import replay_file

REPLAYS = Path(__file__).parent / "replays"


def cash(state: dict) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in state["players"]}


def test_opening_replay_gives_the_rule_balances() -> None:
    """C1, C2, C4, C5 (claimed and lapsed), C8 (one and both utilities), C9, C11, undo, ids."""
    state, rejected = replay_file(REPLAYS / "opening.jsonl")
    assert rejected == []
    assert state is not None
    assert cash(state) == {"Alice": 27900, "Bob": 25940, "Carol": 28160}
    assert state["claims"] == []
    assert state["turn"]["player"] == "Alice"
    # Money adds up: start capital + what the bank paid out - what it took in.
    bank = state["bank"]
    assert bank["paid_out"] == 3 * 30000 + 4000
    assert sum(cash(state).values()) == bank["paid_out"] - bank["paid_in"]
    assert bank["paid_in"] == 2000 + 3000 + 4000 + 3000
    owners = {p["name"]: [s["name"] for s in p["spaces"]] for p in state["players"]}
    assert owners == {"Alice": ["Kongens gate"], "Bob": ["Oslo Lysverker", "Vannverket"],
                      "Carol": ["Skøyen stasjon"]}


def test_rejected_line_stops_the_replay_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"cmd": "new_game", "players": ["A", "B"]}\n'
        "# a comment\n\n"
        '{"cmd": "pay", "from": "A", "to": "Nobody", "amount": 5}\n'
        '{"cmd": "pay", "from": "A", "to": "B", "amount": 5}\n'
        "not json\n",
        encoding="utf-8",
    )
    state, rejected = replay_file(path)
    assert rejected == [(4, "pay", "There is no player called 'Nobody' in this game.")]
    assert state is not None and cash(state) == {"A": 30000, "B": 30000}
    state, rejected = replay_file(path, keep_going=True)
    assert [r[0] for r in rejected] == [4, 6]
    assert state is not None and cash(state) == {"A": 29995, "B": 30005}

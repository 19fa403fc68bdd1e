"""A whole Verdens underverker game to a full passport, replayed from a file (issue 7).

docs/rules.md W1 (marks by landing and free flight; never airports or public institutions),
W2 (free flight; airport rent still owed; undo gives the flight back), W3 (the 22nd mark
ends the game, pays the 30 000 bonus once, most money wins; cash and worth side by side).
"""

from pathlib import Path

from companion.replay import replay_file

REPLAYS = Path(__file__).parent / "replays"
WONDERS = {1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39}


def test_full_passport_replay_ends_with_the_bonus_and_the_tally() -> None:
    state, rejected = replay_file(REPLAYS / "wonders_full_passport.jsonl")
    assert rejected == []
    assert state is not None and state["game"]["over"] is True
    players = {p["name"]: p for p in state["players"]}
    ada, bo = players["Ada"], players["Bo"]
    assert {w["index"] for w in ada["passport"]} == WONDERS
    assert ada["passport"][1] == {"index": 3, "name": "brown #3"}
    assert ada["passport_progress"]["visited"] == 22 and ada["passport_progress"]["of"] == 22
    assert ada["passport_progress"]["unvisited"] == []
    assert [w["index"] for w in bo["passport"]] == [39, 1, 9, 23, 13, 14, 16, 18, 21]
    # The mistaken flight to red #24 was undone; Ada landed on it later (13th mark).
    assert [w["index"] for w in ada["passport"]][10:13] == [18, 23, 24]
    assert {"Ada": ada["cash"], "Bo": bo["cash"]} == {"Ada": 53800, "Bo": 10200}
    tally = state["tally"]
    assert tally["winner"] == "Ada" and tally["winner_by"] == "cash"
    sides = {n: (r["cash"], r["total"]) for n, r in tally["players"].items()}
    assert sides == {"Ada": (53800, 61400), "Bo": (10200, 27600)}
    bank = state["bank"]
    assert bank["paid_out"] == 2 * 30000 + 4000 + 30000  # start, one Start bonus, W3 bonus
    assert bank["paid_in"] == 30000
    assert ada["cash"] + bo["cash"] == bank["paid_out"] - bank["paid_in"]
    assert state["claims"] == []

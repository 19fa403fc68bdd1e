"""Whole games played with the dice twin, replayed through the real core (issue 13 "Also").

``tests/replays/kortstokk_dice_game.jsonl`` (seed 004, K1–K11) and
``tests/replays/multimillionaer_dice_game.jsonl`` (seed 003, M1–M23) go from ``new_game``
to the tally with ``roll`` (and ``ola_roll``) only: no landing is entered by hand.  Every
figure below is worked out from the rule book and the TEST values the files enter with
``edition_value``; the comments give the arithmetic.  ``companion replay`` (the same
:func:`companion.replay.replay_file`) prints the final state and exits 0.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.replay import replay_file
from web.cli import main

REPLAYS = Path(__file__).parent / "replays"
KORTSTOKK = REPLAYS / "kortstokk_dice_game.jsonl"
MULTI = REPLAYS / "multimillionaer_dice_game.jsonl"


def played(path: Path) -> dict[str, Any]:
    """The final state of the replay at ``path``; no line may be refused."""
    state, rejected = replay_file(path)
    assert rejected == [] and state is not None
    return state


def cash(state: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in state["players"]}


def conserved(state: dict[str, Any]) -> None:
    """Money is neither made nor lost: what the bank paid out less what it took in is what
    the players hold (start capital included in paid_out)."""
    bank = state["bank"]
    assert sum(cash(state).values()) == bank["paid_out"] - bank["paid_in"]


def test_k1_to_k11_a_kortstokk_game_with_the_dice_twin_ends_with_the_tally() -> None:
    state = played(KORTSTOKK)
    # Alice: 8 (K1) - 1 Spar 3 - 2 Hjerter 3 at auction (K4) - 1 Hjerter 4 - 2 houses (K7)
    #  + 1 joker passed (K6) - 2 houses + 2 joker roll of 10 - 2 Spar 7 at auction
    #  + 3 Carol's rent (K5: 1 + 2 houses) - 1 Spar 2 + 2 Carol's K10 coins = 5.
    # Bob: 8 - 3 Hjerter 6 at auction - 4 joker - 1 (of the next 4; 3 owed) -> out, 0.
    # Carol: 8 - 1 Spar 4 - 4 joker - 3 rent = 0; the second rent of 3 makes her bankrupt.
    assert cash(state) == {"Alice": 5, "Bob": 0, "Carol": 0}
    players = {p["name"]: p for p in state["players"]}
    assert [p["bankrupt"] for p in players.values()] == [False, True, True]
    assert {s["name"]: s["houses"] for s in players["Alice"]["spaces"]} == {
        "Spar 2": 0, "Spar 3": 2, "Hjerter 3": 2, "Hjerter 4": 0, "Spar 7": 0}
    # K10: Carol's Spar 4 and Bob's Hjerter 6 went back to the bank unowned, her fire
    # insurance too (it was sold for its coin).
    assert players["Carol"]["spaces"] == [] and players["Carol"]["fire_insurance"] == 0
    assert players["Bob"]["spaces"] == []
    assert state["game"]["over"] and state["tally"]["winner"] == "Alice"
    rows = {n: {k: r[k] for k in ("cash", "deeds", "buildings", "insurance", "debts", "total")}
            for n, r in state["tally"]["players"].items()}
    assert rows == {
        # K11's count: 5 coins + 5 properties at 1 + 4 houses at 1 per two = 12.
        "Alice": {"cash": 5, "deeds": 5, "buildings": 2, "insurance": 0, "debts": 0,
                  "total": 12},
        "Bob": {"cash": 0, "deeds": 0, "buildings": 0, "insurance": 0, "debts": 0,
                "total": 0},
        "Carol": {"cash": 0, "deeds": 0, "buildings": 0, "insurance": 0, "debts": 0,
                  "total": 0},
    }
    # Paid out: 3 x 8 start + 1 joker passed + 2 joker + 2 for Carol's Spar 4 and
    # insurance (K10) = 29.  Paid in: purchases 1+2+1+1+3+2+1 = 11, houses 2+2 = 4,
    # jokers 4+4+1 = 9: 24.
    assert (state["bank"]["paid_out"], state["bank"]["paid_in"]) == (29, 24)
    conserved(state)


def test_m1_to_m23_a_multimillionaer_game_with_ola_roll_and_roll_ends_with_the_tally() -> None:
    state = played(MULTI)
    # Alice: 150 000 - 25 000 Frognerveien (Ola's auction) + 50 000 note - 2 500 interest
    #  - 30 000 Prinsens gate + 20 000 Ola's rent (the bank) + 20 000 Bob's rent (claimed in
    #  Carol's turn, M11) - 2 500 - 50 000 note redeemed - 40 000 Gyldenløves gate
    #  + 14 000 Børsen (1 share at 2 x 7 000, M8) + 10 000 mortgage - 20 000 house
    #  - 60 000 Karl Johans gate + 14 000 Bob's share (M21) + 20 000 Ola's rent = 68 000.
    # Carol: 150 000 - 7 000 share at the moved price (M6, M7) - 14 000 Børsen + 50 000 note
    #  - 2 500 interest - 176 500 bet + 1 765 000 (10 x the bet, M13) = 1 765 000.
    assert cash(state) == {"Alice": 68_000, "Bob": 0, "Carol": 1_765_000}
    # M6: series 2 from 5: +1 Ola's 20 000, +1 Bob's 20 000 (Carol bought at 7 000), +1 Ola's
    # last 20 000 = 8; series 7 from 10: +2 for Bob's 45 000 = 12 (12 000 kr).
    assert state["stocks"]["2"] == {"level": 8, "price": 8_000, "suspended": False}
    assert state["stocks"]["7"] == {"level": 12, "price": 12_000, "suspended": False}
    assert state["multimillionaire"] == "Carol" and state["game"]["over"]
    tally = state["tally"]
    assert tally["winner"] == "Carol"
    keys = ("cash", "deeds", "mortgaged", "buildings", "shares", "notes", "debts", "total")
    rows = {n: {k: r[k] for k in keys} for n, r in tally["players"].items()}
    # Shares at the end: 3 x (4 000 + 6 000 + 7 000 + 8 000 + 9 000 + 12 000 + 11 000
    #  + 12 000 + 14 000) = 249 000 for the series 1, 3-10, plus series 2 at 8 000.
    assert rows == {
        # Deeds: Prinsens gate 30 000 + Karl Johans gate 60 000 + Gyldenløves gate at twice
        # its mortgage value, 2 x 20 000 (M22); Frognerveien mortgaged: 10 000; the house
        # 20 000; 2 shares of series 2.  68 000 + 130 000 + 10 000 + 20 000 + 265 000.
        "Alice": {"cash": 68_000, "deeds": 130_000, "mortgaged": 10_000, "buildings": 20_000,
                  "shares": 249_000 + 2 * 8_000, "notes": 0, "debts": 0, "total": 493_000},
        "Bob": {"cash": 0, "deeds": 0, "mortgaged": 0, "buildings": 0, "shares": 0,
                "notes": 0, "debts": 0, "total": 0},
        # 1 765 000 + 249 000 + 5 x 8 000 - the 50 000 note (M22) = 2 004 000.
        "Carol": {"cash": 1_765_000, "deeds": 0, "mortgaged": 0, "buildings": 0,
                  "shares": 249_000 + 5 * 8_000, "notes": 50_000, "debts": 0,
                  "total": 2_004_000},
    }
    conserved(state)


def test_m21_the_bankrupt_pays_alice_before_the_older_bank_debt(tmp_path: Path) -> None:
    """In the Multimillionær replay Bob owes the bank 14 500 (a card's 20 000 less his
    5 500, first) and Alice 45 000 (rent, after): his one share of series 10, 14 000, goes
    to Alice and the bank gets nothing (M21: "Motspillers krav skal betales før bankens")."""
    lines = MULTI.read_text(encoding="utf-8").splitlines()
    cut = next(n for n, line in enumerate(lines) if '"bankrupt"' in line)
    before = tmp_path / "before.jsonl"
    before.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    state = played(before)
    bob = next(p for p in state["players"] if p["name"] == "Bob")
    assert [(d["to"], d["amount"]) for d in bob["debts"]] == [("bank", 14_500),
                                                              ("Alice", 45_000)]
    assert bob["shares"] == {"10": 1} and cash(state)["Alice"] == 34_000
    paid_in = state["bank"]["paid_in"]
    after = tmp_path / "after.jsonl"
    after.write_text("\n".join(lines[:cut + 1]) + "\n", encoding="utf-8")
    state = played(after)
    assert cash(state)["Alice"] == 34_000 + 14_000
    assert state["bank"]["paid_in"] == paid_in  # the bank's 14 500: nothing


@pytest.mark.parametrize("path", [KORTSTOKK, MULTI], ids=lambda p: p.stem)
def test_companion_replay_prints_the_final_state_and_exits_0(
        path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["game"]["over"] and printed["tally"]["winner"] in ("Alice", "Carol")

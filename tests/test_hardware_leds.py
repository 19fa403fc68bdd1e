"""What the strip shows for a state (issue 4, part 3): a pure function of snapshot and time."""

from __future__ import annotations

from typing import Any

import pytest

from hardware.config import Colours, StripConfig
from hardware.leds import BLACK, passport_lit, render, stock_position

CLAIM, NOTHING, TURN = (9, 9, 0), (9, 0, 0), (0, 0, 9)
STOCK, SUSPENDED = (0, 9, 0), (8, 0, 0)
SEATS = ((1, 0, 0), (2, 0, 0), (3, 0, 0))
STRIP = StripConfig(
    seat_leds=(0, 1, 2), turn_leds=(3, 4, 5),
    stock_start=6, stock_series=2, stock_leds=4, stock_levels=8,
    passport_start=14, passport_leds=2, wonders=22, blink=0.5,
    colours=Colours(claim=CLAIM, nothing=NOTHING, turn=TURN, stock=STOCK,
                    suspended=SUSPENDED, seats=SEATS),
)
ON, OFF = 0.1, 0.6  # times in the lit and dark half of a 0.5 s blink


def state(**extra: Any) -> dict[str, Any]:
    players = [{"name": n, "passport": []} for n in ("Alice", "Bob", "Carol")]
    return {"players": players, "turn": {"player": "Alice"}, "claims": [], **extra}


def test_no_game_is_dark() -> None:
    assert render(None, STRIP, ON) == [BLACK] * STRIP.led_count


def test_turn_led_of_the_player_to_roll() -> None:
    frame = render(state(turn={"player": "Bob"}), STRIP, ON)
    assert frame[3:6] == [BLACK, TURN, BLACK]
    assert frame[0:3] == [BLACK] * 3


def test_seat_led_blinks_while_a_claim_is_open() -> None:
    """C5: the owner's seat LED blinks until the claim is collected or lapses."""
    s = state(claims=[{"owner": "Bob", "from": "Alice", "space": "Parkveien", "amount": 40}])
    assert render(s, STRIP, ON)[0:3] == [BLACK, CLAIM, BLACK]
    assert render(s, STRIP, OFF)[0:3] == [BLACK, BLACK, BLACK]


def test_nothing_to_claim_flash_is_solid_until_it_ends() -> None:
    assert render(state(), STRIP, OFF, {2: OFF + 0.1})[2] == NOTHING
    assert render(state(), STRIP, OFF, {2: OFF})[2] == BLACK


def test_stock_board_lights_the_level_and_blinks_suspended_series() -> None:
    """M3: one segment per series; level 0 = suspended, shown blinking red."""
    stocks = {"10": {"level": 0, "suspended": True}, "2": {"level": 8, "suspended": False}}
    frame = render(state(stocks=stocks), STRIP, ON)
    assert frame[6:10] == [BLACK, BLACK, BLACK, STOCK]  # series "2" sorts before "10"
    assert frame[10:14] == [SUSPENDED] * 4
    assert render(state(stocks=stocks), STRIP, OFF)[10:14] == [BLACK] * 4


@pytest.mark.parametrize(
    ("level", "leds", "levels", "position"),
    [(1, 4, 8, 0), (2, 4, 8, 0), (3, 4, 8, 1), (8, 4, 8, 3), (99, 4, 8, 3),
     (1, 10, 26, 0), (26, 10, 26, 9), (5, 30, 26, 4)],
)
def test_stock_position(level: int, leds: int, levels: int, position: int) -> None:
    assert stock_position(level, leds, levels) == position


def test_passport_progress_per_seat() -> None:
    """W1: the bar grows with wonders visited; a full passport lights every LED."""
    s = state()
    s["players"][0]["passport"] = [f"w{i}" for i in range(22)]
    s["players"][2]["passport"] = [f"w{i}" for i in range(11)]
    frame = render(s, STRIP, ON)
    assert frame[14:20] == [SEATS[0], SEATS[0], BLACK, BLACK, SEATS[2], BLACK]


def test_passport_progress_of_the_snapshot_wins_over_the_layout() -> None:
    """W1: the core's ``passport_progress`` {visited, of} (a list of {index, name} in
    ``passport``): 5 of 10 fill half the bar, whatever the layout's ``wonders`` says."""
    s = state()
    s["players"][0]["passport"] = [{"index": i, "name": f"w{i}"} for i in range(5)]
    s["players"][0]["passport_progress"] = {"visited": 5, "of": 10, "unvisited": [],
                                            "free_flight": None}
    assert render(s, STRIP, ON)[14:16] == [SEATS[0], BLACK]  # round(5 x 2 / 10) = 1
    s["players"][0]["passport_progress"] = None  # no progress: 5 of the layout's 22
    assert render(s, STRIP, ON)[14:16] == [BLACK, BLACK]  # round(5 x 2 / 22) = 0


def test_passport_lit() -> None:
    assert [passport_lit(n, 4, 22) for n in (0, 2, 3, 11, 22, 30)] == [0, 0, 1, 2, 4, 4]
    assert passport_lit(5, 4, 0) == 0


def test_classic_snapshot_without_stocks_or_passports() -> None:
    s = {"players": [{"name": "Alice"}], "turn": {"player": "Alice"}, "claims": []}
    frame = render(s, STRIP, ON)
    assert frame[3] == TURN
    assert frame[6:] == [BLACK] * (STRIP.led_count - 6)

"""Frame tests on real games (issue 6 "Frame test: the stock board segment bytes for a
known state", issue 4 part 3): a Multimillionær and a Verdens underverker game played on
the core, ``Table.snapshot`` rendered by :func:`hardware.leds.render`, dimmed as
:class:`hardware.lights.Lights` does and encoded by :mod:`hardware.adalight` — the bytes
asserted one by one, hand-computed from the defaults of :mod:`hardware.config`.

Default layout: seat LEDs 0–5, turn LEDs 6–11, the stock board at 12 (10 series x 10
LEDs, 26 levels), passports at 112 (6 seats x 4 LEDs, of 22 wonders): 136 LEDs.  Colours
at brightness 0.5 (Python's round, halves to even): stock (0, 200, 0) -> (0, 100, 0);
suspended (255, 0, 0) -> (128, 0, 0); turn white -> (128, 128, 128); seat 1
(230, 25, 25) -> (115, 12, 12); seat 2 (25, 80, 230) -> (12, 40, 115).
"""

from __future__ import annotations

from typing import Any

from companion.table import Table
from hardware import adalight
from hardware.config import StripConfig
from hardware.leds import render
from tests.kit import MMGame

STRIP = StripConfig()  # every default
ON, OFF = 0.1, 0.6  # in the lit and the dark half of the default 0.5 s blink
HEADER = [0x41, 0x64, 0x61, 0x00, 0x87, 0xD2]  # "Ada", 136 - 1 = 0x0087, 0x00^0x87^0x55
STOCK_BYTES = slice(6 + 12 * 3, 6 + 112 * 3)  # LEDs 12..111
PASSPORT_BYTES = slice(6 + 112 * 3, 6 + 136 * 3)  # LEDs 112..135
DARK, GREEN, RED = [0, 0, 0], [0, 100, 0], [128, 0, 0]


def wire(snapshot: dict[str, Any], now: float) -> bytes:
    """The bytes the strip gets for ``snapshot`` at ``now`` (as Lights.update sends them)."""
    return adalight.encode(adalight.scale(render(snapshot, STRIP, now), STRIP.brightness))


def segment(lit: int | None) -> list[int]:
    """One series' 10 LEDs as bytes: only LED ``lit`` green (None: all dark)."""
    return [b for led in range(10) for b in (GREEN if led == lit else DARK)]


def test_m3_the_stock_board_bytes_for_a_known_state(table: Table) -> None:
    g = MMGame(table)  # series 1..10 start at levels 4..13 (transcribed, M3)
    g.own("Carol", "Kirkeveien", "Frognerveien")  # series 1, whole
    g.own("Bob", "Karl Johans gate")  # series 7
    g.do("stock_level", series="1", level=1)
    g.do("land", player="Carol", space="Karl Johans gate")
    g.do("claim", player="Bob")  # 45 000 kr: series 7 up two (10 -> 12); Carol owns
    snapshot = table.snapshot(g.id)  # series 1 whole, so it drops two: 1 -> 0 (M6)
    levels = {s: v["level"] for s, v in snapshot["stocks"].items()}
    assert levels == {"1": 0, "2": 5, "3": 6, "4": 7, "5": 8, "6": 9, "7": 12, "8": 11,
                      "9": 12, "10": 13}
    assert snapshot["stocks"]["1"] == {"level": 0, "price": 0, "suspended": True}
    # LED of level L among 10 for 26 levels: ceil(10 L / 26) - 1 —
    # 5 -> 1, 6 -> 2, 7 -> 2, 8 -> 3, 9 -> 3, 11 -> 4, 12 -> 4, 13 -> 4.
    others = (segment(1) + segment(2) + segment(2) + segment(3) + segment(3) + segment(4)
              + segment(4) + segment(4) + segment(4))
    lit, dark = wire(snapshot, ON), wire(snapshot, OFF)
    assert list(lit[:6]) == HEADER and len(lit) == 6 + 136 * 3
    assert list(lit[STOCK_BYTES]) == RED * 10 + others  # suspended series 1 blinks red...
    assert list(dark[STOCK_BYTES]) == DARK * 10 + others  # ...and is dark in the other half
    assert list(lit[6:6 + 12 * 3]) == DARK * 6 + [128, 128, 128] + DARK * 5  # Alice to roll
    assert list(lit[PASSPORT_BYTES]) == DARK * 24  # no passports in Multimillionær


def test_m3_a_series_rising_moves_its_lit_led(table: Table) -> None:
    g = MMGame(table)
    g.own("Bob", "Karl Johans gate")
    before = wire(table.snapshot(g.id), ON)
    g.do("stock_level", series="7", level=25)
    g.do("land", player="Alice", space="Karl Johans gate")
    g.do("claim", player="Bob")  # 25 -> 27, clamped to the top level 26 (M6)
    after = wire(table.snapshot(g.id), ON)
    seventh = slice(6 + (12 + 6 * 10) * 3, 6 + (12 + 7 * 10) * 3)
    assert list(before[seventh]) == segment(3)  # level 10
    assert list(after[seventh]) == segment(9)  # level 26: the last LED
    assert before[:seventh.start] == after[:seventh.start]
    assert before[seventh.stop:] == after[seventh.stop:]


def test_w1_the_passport_bars_from_a_real_wonders_game(table: Table) -> None:
    started = table.execute({"cmd": "new_game", "edition": "verdens-underverker-2003",
                             "players": ["Alice", "Bob", "Carol"]})
    wonders = [1, 3, 6, 8, 9, 11, 13, 14, 16]  # the first nine wonders (streets)
    for index in wonders:
        table.execute({"cmd": "land", "player": "Alice", "space": index}, game_id=started.game_id)
    for index in wonders[:3]:
        table.execute({"cmd": "land", "player": "Bob", "space": index}, game_id=started.game_id)
    snapshot = table.snapshot(started.game_id)
    alice = snapshot["players"][0]
    assert alice["passport_progress"]["visited"] == 9 and alice["passport_progress"]["of"] == 22
    assert alice["passport"][0] == {"index": 1, "name": alice["passport"][0]["name"]}
    frame = wire(snapshot, ON)
    # lit = round(visited x 4 / 22): Alice 9 -> 2, Bob 3 -> 1, Carol 0 -> 0; seats 4-6 empty
    alice_bar = [115, 12, 12] * 2 + DARK * 2
    bob_bar = [12, 40, 115] + DARK * 3
    assert list(frame[PASSPORT_BYTES]) == alice_bar + bob_bar + DARK * 4 + DARK * 12
    assert list(frame[STOCK_BYTES]) == DARK * 100  # no stock board in Wonders
    assert wire(snapshot, OFF)[PASSPORT_BYTES] == frame[PASSPORT_BYTES]  # bars never blink

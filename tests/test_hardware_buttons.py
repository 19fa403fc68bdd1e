"""Seat and banker buttons on gpiozero MockFactory pins, against the real core on SQLite.

Issue 4, part 2.  Rules: C5 (rent must be claimed before the next player rolls), C6 (a
whole colour group doubles the rent of unimproved lots).  Rents are from monopol-no-1996:
Parkveien 40 kr unimproved, 80 kr with Kirkeveien in the same hand.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from companion.table import Table
from hardware import Hardware, start_hardware
from hardware.buttons import BANKER, Buttons, Press
from hardware.config import ButtonConfig, Layout

LAYOUT = Layout(buttons=ButtonConfig(long_press=0.3))  # a short hold keeps tests fast
BOB = 1


@pytest.fixture
def hw(table: Table, game_id: str) -> Iterator[Hardware]:
    with start_hardware(table, "sim", LAYOUT) as hw:
        yield hw


def cash(table: Table, game_id: str) -> dict[str, int]:
    return {p["name"]: p["cash"] for p in table.snapshot(game_id)["players"]}


def do(table: Table, game_id: str, **command: Any) -> None:
    table.execute(command, game_id=game_id)


def test_press_claims_the_rent_within_the_window(table: Table, game_id: str, hw: Hardware) -> None:
    """C5: Bob presses before the next roll and collects Parkveien's 40 kr."""
    do(table, game_id, cmd="buy", player="Bob", space="Parkveien")
    do(table, game_id, cmd="land", player="Alice", space="Parkveien")
    before = cash(table, game_id)
    hw.sim.press(BOB)
    after = cash(table, game_id)
    assert after["Bob"] - before["Bob"] == 40
    assert after["Alice"] - before["Alice"] == -40
    assert table.snapshot(game_id)["claims"] == []


def test_press_claims_double_rent_for_a_whole_group(table: Table, game_id: str,
                                                    hw: Hardware) -> None:
    """C6: Bob owns both brown lots, so the unimproved rent doubles to 80 kr."""
    do(table, game_id, cmd="buy", player="Bob", space="Parkveien")
    do(table, game_id, cmd="buy", player="Bob", space="Kirkeveien")
    do(table, game_id, cmd="land", player="Carol", space="Parkveien")
    before = cash(table, game_id)
    hw.sim.press(BOB)
    assert cash(table, game_id)["Bob"] - before["Bob"] == 80


def test_press_after_next_turn_claims_nothing(table: Table, game_id: str, hw: Hardware) -> None:
    """C5: a rent not claimed before the next player rolls is not owed; the seat flashes."""
    do(table, game_id, cmd="buy", player="Bob", space="Parkveien")
    do(table, game_id, cmd="land", player="Alice", space="Parkveien")
    do(table, game_id, cmd="next_turn")
    before = cash(table, game_id)
    hw.sim.press(BOB)
    assert cash(table, game_id) == before
    assert hw.settle()[LAYOUT.strip.seat_leds[BOB]] == LAYOUT.strip.colours.nothing


@pytest.mark.parametrize("bounce_time", [0.05, 0.0])
def test_bounce_does_not_double_claim(table: Table, game_id: str, bounce_time: float) -> None:
    """Contact bounce: low/high/low within microseconds claims once; with software debounce
    off (0.0) the second edge finds nothing open and only flashes."""
    layout = Layout(buttons=ButtonConfig(bounce_time=bounce_time))
    do(table, game_id, cmd="buy", player="Bob", space="Parkveien")
    do(table, game_id, cmd="land", player="Alice", space="Parkveien")
    before = cash(table, game_id)
    with start_hardware(table, "sim", layout) as hw:
        pin = hw.buttons.pin(BOB)
        for _ in range(3):
            pin.drive_low()
            pin.drive_high()
        hw.dispatcher.drain()
    assert cash(table, game_id)["Bob"] - before["Bob"] == 40


def test_second_rent_needs_a_second_landing(table: Table, game_id: str, hw: Hardware) -> None:
    do(table, game_id, cmd="buy", player="Bob", space="Parkveien")
    do(table, game_id, cmd="land", player="Alice", space="Parkveien")
    before = cash(table, game_id)
    hw.sim.press(BOB)
    hw.sim.press(BOB)
    do(table, game_id, cmd="land", player="Carol", space="Parkveien")
    hw.sim.press(BOB)
    assert cash(table, game_id)["Bob"] - before["Bob"] == 80


def test_banker_button_advances_the_turn_and_the_turn_led(table: Table, game_id: str,
                                                          hw: Hardware) -> None:
    turn_leds = LAYOUT.strip.turn_leds
    assert hw.settle()[turn_leds[0]] == LAYOUT.strip.colours.turn
    hw.sim.press_banker()
    assert table.snapshot(game_id)["turn"]["player"] == "Bob"
    frame = hw.settle()
    assert frame[turn_leds[1]] == LAYOUT.strip.colours.turn
    assert frame[turn_leds[0]] == (0, 0, 0)


def test_long_press_undoes_the_last_command(table: Table, game_id: str, hw: Hardware) -> None:
    do(table, game_id, cmd="buy", player="Bob", space="Parkveien")
    before = cash(table, game_id)
    hw.sim.press_banker(long=True)
    assert cash(table, game_id)["Bob"] - before["Bob"] == 1200  # the purchase is undone
    assert table.snapshot(game_id)["turn"]["player"] == "Alice"  # and no turn was passed


def test_long_press_can_be_disabled(table: Table, game_id: str) -> None:
    layout = Layout(buttons=ButtonConfig(long_press=None))
    with start_hardware(table, "sim", layout) as hw:
        pin = hw.buttons.pin(BANKER)
        pin.drive_low()  # without undo, the press itself passes the turn
        hw.dispatcher.drain()
        assert table.snapshot(game_id)["turn"]["player"] == "Bob"
        pin.drive_high()
        with pytest.raises(LookupError, match="disabled"):
            hw.sim.press_banker(long=True)


def test_seat_without_a_player_or_game_only_flashes(tmp_path: Path) -> None:
    table = Table.open(tmp_path / "empty.sqlite")
    try:
        with start_hardware(table, "sim", LAYOUT) as hw:
            hw.sim.press(5)  # no game at all
            hw.sim.press_banker()
            assert hw.settle()[LAYOUT.strip.seat_leds[5]] == LAYOUT.strip.colours.nothing
    finally:
        table.close()


def test_callbacks_only_queue_events() -> None:
    """Pull-up wiring: idle pins read high; a press pulls low and queues one event."""
    events: queue.Queue[Press] = queue.Queue()
    with Buttons(ButtonConfig(seats=(17, 27), banker=5, long_press=0.1), events,
                 MockFactory()) as buttons:
        assert buttons.pin(0).state == 1 and not buttons.seats[0].is_pressed
        buttons.pin(1).drive_low()
        buttons.pin(1).drive_high()
        buttons.pin(BANKER).drive_low()
        assert buttons.held.wait(2)
        buttons.pin(BANKER).drive_high()
        kinds = [(e.seat, e.kind) for e in _drain(events)]
    assert kinds == [(1, "press"), (1, "release"), (BANKER, "press"), (BANKER, "held"),
                     (BANKER, "release")]


def test_close_is_idempotent_and_frees_the_pins() -> None:
    factory = MockFactory()
    buttons = Buttons(ButtonConfig(), queue.Queue(), factory)
    buttons.close()
    buttons.close()
    with Buttons(ButtonConfig(), queue.Queue(), factory):  # the same pins again
        pass


def _drain(events: queue.Queue[Press]) -> list[Press]:
    out = []
    deadline = time.monotonic() + 1
    while time.monotonic() < deadline and not events.empty():
        out.append(events.get_nowait())
    return out

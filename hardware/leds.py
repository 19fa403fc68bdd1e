"""What the strip shows for a game state: a pure function of the snapshot and the time.

:func:`render` maps a docs/table-log.md state snapshot to one ``(r, g, b)`` per LED:

- seat LEDs blink (``claim`` colour) while that seat's player has an open rent claim (C5, M11),
  and show a solid ``nothing`` flash after a press with nothing to claim;
- the turn LED of the player to roll is lit (``turn`` colour);
- Multimillionær stock board (M3): one segment per series, the LED at the price level lit,
  a suspended series (level 0) blinks red over its whole segment;
- Verdens underverker passports (W1): per seat, a bar of lit LEDs for wonders visited.

The shapes read are those of :func:`companion.view.snapshot`: ``stocks`` is
``{"1": {"level", "price", "suspended"}, …}`` (series ids as text, level 0..N); each
player's ``passport_progress`` is ``{"visited", "of", …}`` (None without passports) and
``passport`` a list of ``{"index", "name"}`` (its length is the fallback count).
Stocks and passports may be absent or empty (classic games): their segments stay dark.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hardware.config import MAX_SEATS, StripConfig

Colour = tuple[int, int, int]
BLACK: Colour = (0, 0, 0)


def render(snapshot: Mapping[str, Any] | None, strip: StripConfig, now: float,
           flashes: Mapping[int, float] | None = None) -> list[Colour]:
    """The frame for ``snapshot`` at monotonic time ``now`` (seconds; drives blinking).

    Args:
        snapshot: ``Table.snapshot(game_id)``, or None when no game is running (all dark).
        strip: the segment layout and colours.
        flashes: seat index -> time until which that seat shows "nothing to claim".
    """
    frame = [BLACK] * max(strip.led_count, strip.needed())  # a short strip: cut below
    on = blink_on(now, strip.blink)
    if snapshot is not None:
        players = list(snapshot.get("players") or [])[:MAX_SEATS]
        _seats(frame, strip, players, snapshot.get("claims") or [], on)
        _turn(frame, strip, players, (snapshot.get("turn") or {}).get("player"))
        _stocks(frame, strip, snapshot.get("stocks") or {}, on)
        _passports(frame, strip, players)
    for seat, until in (flashes or {}).items():
        if now < until and seat < len(strip.seat_leds):
            frame[strip.seat_leds[seat]] = strip.colours.nothing
    return frame[:strip.led_count]


def blink_on(now: float, half_period: float) -> bool:
    """True during the lit half of a blink of ``half_period`` seconds on, then off."""
    return int(now / half_period) % 2 == 0


def stock_position(level: int, leds: int, levels: int) -> int:
    """LED (0-based within a series segment) for price ``level`` 1..``levels`` (M3).

    With fewer LEDs than levels, levels share LEDs evenly; the top level is the last LED.
    """
    level = min(max(level, 1), levels)
    if leds >= levels:
        return level - 1
    return min(leds - 1, -(-level * leds // levels) - 1)


def passport_lit(visited: int, leds: int, wonders: int) -> int:
    """How many of ``leds`` LEDs to light for ``visited`` of ``wonders`` wonders (W1)."""
    if wonders <= 0:
        return 0
    return min(leds, round(visited * leds / wonders))


def _seats(frame: list[Colour], strip: StripConfig, players: list[Any],
           claims: list[Any], on: bool) -> None:
    owners = {c.get("owner") for c in claims}
    for led, player in zip(strip.seat_leds, players, strict=False):
        if player.get("name") in owners and on:
            frame[led] = strip.colours.claim


def _turn(frame: list[Colour], strip: StripConfig, players: list[Any], to_roll: Any) -> None:
    for led, player in zip(strip.turn_leds, players, strict=False):
        if player.get("name") == to_roll:
            frame[led] = strip.colours.turn


def _stocks(frame: list[Colour], strip: StripConfig, stocks: Mapping[str, Any], on: bool) -> None:
    for i, series in enumerate(sorted(stocks, key=_series_order)[: strip.stock_series]):
        entry = stocks[series] or {}
        start = strip.stock_start + i * strip.stock_leds
        level = int(entry.get("level") or 0)
        if entry.get("suspended") or level <= 0:
            colour = strip.colours.suspended if on else BLACK
            frame[start:start + strip.stock_leds] = [colour] * strip.stock_leds
        else:
            frame[start + stock_position(level, strip.stock_leds, strip.stock_levels)] = (
                strip.colours.stock)


def passport_count(player: Mapping[str, Any], wonders: int) -> tuple[int, int]:
    """(wonders visited, wonders in a full passport) of one snapshot player (W1): the
    core's ``passport_progress`` ``{"visited", "of"}``, else the length of ``passport``
    out of the layout's ``wonders``."""
    progress = player.get("passport_progress")
    if isinstance(progress, Mapping) and progress.get("of"):
        return int(progress.get("visited") or 0), int(progress["of"])
    return len(player.get("passport") or []), wonders


def _passports(frame: list[Colour], strip: StripConfig, players: list[Any]) -> None:
    seat_colours = strip.colours.seats
    for i, player in enumerate(players):
        visited, of = passport_count(player, strip.wonders)
        lit = passport_lit(visited, strip.passport_leds, of)
        start = strip.passport_start + i * strip.passport_leds
        frame[start:start + lit] = [seat_colours[i % len(seat_colours)]] * lit


def _series_order(series: str) -> tuple[int, str]:
    """Series ids sort numerically when they are numbers ("2" before "10")."""
    return (int(series), "") if str(series).isdigit() else (1 << 30, str(series))

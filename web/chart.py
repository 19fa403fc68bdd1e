"""A plain SVG line chart drawn on the server: each player's net worth over the game.

No chart library: one ``<polyline>`` per player, a few horizontal grid lines with their
amounts, and a legend.  Colours come with dash patterns so a black-and-white print still
tells the lines apart.  Everything text is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from companion.valuation import WorthPoint as Point
from web.money import format_money

WIDTH, HEIGHT = 720, 320
LEFT, RIGHT, TOP, BOTTOM = 78, 12, 12, 34
#: Width of one character of a 12 px axis label, generously (digits and "kr" are ~6.7 px).
LABEL_CHAR_W = 7.5
#: The players' token colours by seat, as the board draws them (``SEATS`` in
#: web/static/board.js; family play-test 3, finding 8): Kari's red token, Kari's red line.
SEAT_COLOURS = ("#d7262e", "#1f4fa3", "#1d9a4b", "#e3a008", "#6a3d9a", "#00897b", "#c2185b",
                "#5d4037")
#: (colour, dash pattern) per seat: the token's colour, a dash for a black-and-white print.
STYLES = tuple(zip(SEAT_COLOURS, ("", "8 4", "2 3", "10 3 2 3", "4 4", "12 2", "1 2",
                                  "6 2 1 2"), strict=True))


def nice_step(span: int, lines: int = 4) -> int:
    """A round grid step (1, 2 or 5 × 10^n) giving about ``lines`` lines over ``span``."""
    raw = max(span / lines, 1)
    power = 1
    while power * 10 <= raw:
        power *= 10
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def scale(points: Sequence[Point], names: Sequence[str]) -> tuple[int, int, int]:
    """The y-axis as ``(low, high, step)`` in money units: grid lines every ``step`` from 0.

    ``high`` is the highest worth rounded up to a ``step``; ``low`` is 0 unless a worth went
    below 0, then the next tenth of a step strictly below the lowest worth (C21 debt, C23 count):
    a 20 kr debt on a 30 000 kr game gives a 2 000 kr margin below 0, not a 20 000 kr band
    (family play-test 4, the tally chart).
    """
    values = [p.totals.get(n, 0) for p in points for n in names] or [0]
    lowest, highest = min(min(values), 0), max(max(values), 0)
    step = nice_step(highest - lowest)
    fine = max(step // 10, 1)
    low = (lowest - 1) // fine * fine if lowest < 0 else 0
    high = -(-highest // step) * step
    return low, max(high, low + step), step


def left_margin(labels: Sequence[str]) -> int:
    """The room (SVG px) left of the plot so the widest y-axis label fits whole: at least
    ``LEFT``; "15 000 000 kr" of Swedish 2008 needs about 104 px (was cut off at 78)."""
    widest = max((len(label) for label in labels), default=0)
    return max(LEFT, int(widest * LABEL_CHAR_W) + 12)


def line_chart(points: Sequence[Point], names: Sequence[str], unit: str, title: str,
               axis_label: str) -> Markup:
    """The chart as inline SVG markup: x = commands in order, y = worth in ``unit``."""
    low, high, step = scale(points, names)
    first = -(-low // step) * step
    labels = {value: format_money(value, unit) for value in range(first, high + 1, step)}
    left = left_margin(list(labels.values()))
    inner_w, inner_h = WIDTH - left - RIGHT, HEIGHT - TOP - BOTTOM
    last = max(len(points) - 1, 1)

    def x(i: int) -> float:
        return left + inner_w * i / last

    def y(value: int) -> float:
        return TOP + inner_h * (high - value) / (high - low)

    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT + 22 * len(names)}" '
             f'role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
             f"<title>{escape(title)}</title>"]
    for value, label in labels.items():
        parts.append(f'<line x1="{left}" x2="{WIDTH - RIGHT}" y1="{y(value):.1f}" '
                     f'y2="{y(value):.1f}" stroke="#d8d3c7" stroke-width="1"/>')
        parts.append(f'<text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end" '
                     f'font-size="12" fill="#6b6b66">{escape(label)}</text>')
    parts.append(f'<text x="{left + inner_w / 2:.1f}" y="{HEIGHT - 8}" text-anchor="middle" '
                 f'font-size="12" fill="#6b6b66">{escape(axis_label)}</text>')
    for seat, name in enumerate(names):
        colour, dash = STYLES[seat % len(STYLES)]
        coords = " ".join(f"{x(i):.1f},{y(p.totals.get(name, 0)):.1f}"
                          for i, p in enumerate(points))
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<polyline class="worth-line" data-player="{escape(name)}" fill="none" '
                     f'stroke="{colour}" stroke-width="2.5"{dashes} points="{coords}"/>')
        ly = HEIGHT + 22 * seat + 10
        parts.append(f'<line x1="{left}" x2="{left + 40}" y1="{ly}" y2="{ly}" '
                     f'stroke="{colour}" stroke-width="3"{dashes}/>')
        parts.append(f'<text x="{left + 48}" y="{ly + 4}" font-size="13">{escape(name)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))

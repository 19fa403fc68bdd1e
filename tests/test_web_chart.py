"""The tally's worth chart (web/chart.py): labels fit inside the SVG; the axis follows the data."""

from __future__ import annotations

import re

from pytest import approx

from companion.valuation import WorthPoint
from web.chart import BOTTOM, HEIGHT, LABEL_CHAR_W, TOP, line_chart, scale


def test_c23_swedish_2008_chart_labels_fit_whole_left_of_the_plot() -> None:
    """Swedish 2008 starts at 15 000 000 kr (seed 001): its labels ("20 000 000 kr") were cut
    off at the left edge on the 1024 tablet; each label's start stays at x ≥ 0 now."""
    points = [WorthPoint(seq=i, turn=i, totals={"Anna": 15_000_000 + i * 1_400_000,
                                                "Bo": 15_000_000 - i * 900_000})
              for i in range(4)]
    svg = line_chart(points, ["Anna", "Bo"], "kr", "Worth", "Commands")
    labels = re.findall(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="end"[^>]*>([^<]+)</text>',
                        svg)
    assert any(text.startswith("20") for _, text in labels)
    for x, text in labels:
        assert float(x) - len(text) * LABEL_CHAR_W >= 0, text
    polyline = re.search(r'class="worth-line" data-player="Anna"[^>]*points="([\d.]+),', svg)
    assert polyline is not None and float(polyline[1]) > max(float(x) for x, _ in labels)


def test_c21_a_20_kr_dip_below_0_is_a_hair_below_the_0_line_not_a_20_000_kr_band() -> None:
    """Family play-test 4 (Classic 1996, 30 000 kr each): Per owed Ola 20 kr with 0 kr cash
    (C21), so his C23 worth was -20 kr for one command; Kari ended at 61 520 kr.  The axis
    went down to -20 000 kr; now it runs from -2 000 kr (a tenth of the 20 000 kr step below
    the lowest worth) to 80 000 kr, labelled 0 kr to 80 000 kr only."""
    series = [{"Ola": 30_000, "Kari": 30_000, "Per": 30_000},
              {"Ola": 30_000, "Kari": 32_200, "Per": 29_800},
              {"Ola": 30_000, "Kari": 62_200, "Per": -20},
              {"Ola": 30_700, "Kari": 61_520, "Per": 480}]
    points = [WorthPoint(seq=i, turn=i, totals=totals) for i, totals in enumerate(series)]
    names = ["Ola", "Kari", "Per"]
    assert scale(points, names) == (-2_000, 80_000, 20_000)
    svg = line_chart(points, names, "kr", "Formue", "Kommandoer")
    labels = dict((text, float(y)) for y, text in re.findall(
        r'<text x="[\d.]+" y="([\d.]+)" text-anchor="end"[^>]*>([^<]+)</text>', svg))
    assert [text.replace("\u00a0", " ") for text in labels] == [
        "0 kr", "20 000 kr", "40 000 kr", "60 000 kr", "80 000 kr"]
    zero_y = labels[next(t for t in labels if t.startswith("0"))] - 4  # text sits 4 px low
    per = re.search(r'data-player="Per"[^>]*points="([^"]+)"', svg)
    assert per is not None
    dip_y = float(per[1].split()[2].split(",")[1])
    per_px = (HEIGHT - TOP - BOTTOM) / 82_000  # plot height over the 82 000 kr range
    assert dip_y - zero_y == approx(20 * per_px, abs=0.1)  # 20 kr: a hair (< 0.1 px) below 0
    bottom = HEIGHT - BOTTOM
    assert bottom - zero_y == approx(2_000 * per_px, abs=0.1)  # 2 000 kr margin, ~7 px


def test_c23_worth_never_below_0_keeps_0_as_the_bottom_line() -> None:
    """No debt: the axis starts at 0 kr exactly (C23 count), as before."""
    points = [WorthPoint(seq=0, turn=0, totals={"Ola": 30_000}),
              WorthPoint(seq=1, turn=1, totals={"Ola": 45_500})]
    assert scale(points, ["Ola"]) == (0, 60_000, 20_000)


def test_c21_a_deep_debt_gets_a_margin_below_the_lowest_worth() -> None:
    """A worth of -25 000 kr (a big C21 debt) over a 95 000 kr span: step 50 000 kr, and the
    bottom is the next 5 000 kr strictly below -25 000 kr, so the line never sits on the edge."""
    points = [WorthPoint(seq=0, turn=0, totals={"Ola": 30_000, "Per": 30_000}),
              WorthPoint(seq=1, turn=1, totals={"Ola": 70_000, "Per": -25_000})]
    assert scale(points, ["Ola", "Per"]) == (-30_000, 100_000, 50_000)

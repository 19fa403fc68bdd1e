"""The tally's worth chart (web/chart.py): every y-axis label fits inside the SVG."""

from __future__ import annotations

import re

from companion.valuation import WorthPoint
from web.chart import LABEL_CHAR_W, line_chart


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

"""The page side of ``benchmarks/table_flow.py``: the probe every screen runs, and what is read
back from it (taps, the pages' state markers, layout shifts, control sizes, page height).

Every page of the app marks ``performance.mark("companion-state", {detail: seq})`` once it
has drawn a live state (``web/static/companion.js``, ``C.start``); the probe below, added to
each browser context before any page script runs, stamps every tap (a click, captured) and
keeps every ``layout-shift`` entry.  Times are epoch milliseconds
(``performance.timeOrigin + startTime``), so the screens' clocks compare.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from playwright.sync_api import Page

PROBE = r"""
(() => {
  const flow = window.__flow = {taps: [], shifts: []};
  const now = () => performance.timeOrigin + performance.now();
  document.addEventListener("click", () => flow.taps.push(now()), true);
  const name = (n) => !n ? "?" : n.nodeType !== 1 ? "#text"
    : `${n.tagName.toLowerCase()}${n.id ? "#" + n.id : ""}${n.className && typeof n.className
      === "string" ? "." + n.className.trim().split(/\s+/).join(".") : ""}`;
  const box = (r) => [r.x, r.y, r.width, r.height].map(Math.round);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const node = (e.sources || []).map((s) => s.node).find((n) => n && n.nodeType === 1);
      const what = node ? `${node.tagName.toLowerCase()}${node.id ? "#" + node.id : ""}` : "?";
      const sources = (e.sources || []).map((s) =>
        [name(s.node), box(s.previousRect), box(s.currentRect)]);
      flow.shifts.push([e.startTime, e.value, e.hadRecentInput, what, sources]);
    }
  }).observe({type: "layout-shift", buffered: true});
})();
"""

MARKS = """() => performance.getEntriesByName("companion-state")
  .map((e) => [e.detail, performance.timeOrigin + e.startTime])"""

#: Every visible control's size: [min side, width, height, a short description] (a check box
#: or radio button inside a label is measured by its label: the label is what is tapped).
CONTROLS = """() => [...document.querySelectorAll(
    "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button]")]
  .filter((e) => e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}))
  .map((e) => { const box = /^(checkbox|radio)$/.test(e.type) && e.closest("label");
    const r = (box || e).getBoundingClientRect();  // a box's target is its label
    return [Math.min(r.width, r.height), r.width, r.height,
      `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""} `
      + `"${(e.textContent || e.name || "").trim().slice(0, 30)}"`]; })
  .filter((c) => c[1] > 0 && c[2] > 0)"""


def newest(page: Page) -> int:
    """The highest sequence number ``page`` has drawn (-1: none yet)."""
    marks = page.evaluate(MARKS)
    return max((int(seq) for seq, _ in marks), default=-1)


def shown_at(page: Page, seq: int) -> float | None:
    """When ``page`` first drew a state at least as new as ``seq`` (epoch ms), or None."""
    times = [at for got, at in page.evaluate(MARKS) if int(got) >= seq]
    return min(times) if times else None


def last_tap(page: Page) -> float:
    """When ``page`` was last tapped (epoch ms)."""
    return float(page.evaluate("() => window.__flow.taps.at(-1)"))


def wait_drawn(page: Page, seq: int, timeout: float = 5_000) -> None:
    """Wait until ``page`` drew a state with sequence number ``seq`` or newer."""
    page.wait_for_function(
        "(seq) => performance.getEntriesByName('companion-state').some((e) => e.detail >= seq)",
        arg=seq, timeout=timeout)


def controls(page: Page) -> list[tuple[float, str]]:
    """``page``'s visible controls: (the shorter side in CSS px, what it is)."""
    return [(float(c[0]), f"{c[3]} {c[1]:.0f}×{c[2]:.0f}") for c in page.evaluate(CONTROLS)]


def page_height(page: Page) -> int:
    """The page's full height in CSS px (``scrollHeight``)."""
    return int(page.evaluate("() => document.documentElement.scrollHeight"))


def layout_shift(page: Page) -> tuple[float, float, str]:
    """``page``'s layout shifts not caused by its own input: (the largest session window —
    CLS as web-vitals defines it: shifts < 1 s apart, a window at most 5 s —, the sum of
    them all, and the element that moved most in all).  Shifts within 0.5 s of the
    page's own input do not count (``hadRecentInput``)."""
    shifts: list[Any] = page.evaluate("() => window.__flow.shifts")
    best = window = 0.0
    first = last = -1e9
    moved: dict[str, float] = defaultdict(float)
    for at, value, by_input, what, _sources in shifts:
        if by_input:
            continue
        moved[what] += value
        if at - last > 1_000 or at - first > 5_000:
            window, first = 0.0, at
        window += value
        last = at
        best = max(best, window)
    return best, sum(moved.values()), max(moved, key=lambda w: moved[w], default="")


def shift_sources(page: Page) -> list[str]:
    """``page``'s counted layout shifts (not within 0.5 s of its own input), one line each:
    when (ms after the page opened), the score, and every moved node with its box before and
    after (x, y, width, height in CSS px) — what ``--shifts`` prints, to find what moves."""
    lines = []
    for at, value, by_input, _what, sources in page.evaluate("() => window.__flow.shifts"):
        if by_input:
            continue
        moved = "; ".join(f"{node} {before} → {after}" for node, before, after in sources)
        lines.append(f"{at:7.0f} ms {value:.4f}: {moved}")
    return lines

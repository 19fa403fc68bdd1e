"""Helpers for browser tests: launch the machine's Debian Chromium through Playwright.

Playwright must never download its own browsers here; we always point it at a system
Chromium (``/usr/bin/chromium`` by default, overridable with ``CHROMIUM_PATH``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium"

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    """Path of the Chromium binary to drive (env ``CHROMIUM_PATH`` wins)."""
    return os.environ.get("CHROMIUM_PATH") or DEFAULT_CHROMIUM_PATH


def launch_chromium(playwright: Playwright) -> Browser:
    """Launch headless system Chromium; raise a clear error if it is missing."""
    path = chromium_path()
    if not Path(path).is_file() or not os.access(path, os.X_OK):
        raise RuntimeError(
            f"Chromium not found or not executable at {path!r}. "
            "Install Debian's chromium (`apt-get install -y chromium`) "
            "or set CHROMIUM_PATH to a Chromium binary."
        )
    return playwright.chromium.launch(
        executable_path=path,
        headless=True,
        args=list(CHROMIUM_ARGS),
    )


def open_more(page: Any) -> None:
    """On the banker's console, tap "More" (issue 16 point 4) so that the by-hand forms
    below the first screen are shown; nothing on other pages or when already open."""
    toggle = page.locator("#more-toggle")
    if toggle.count() and toggle.get_attribute("aria-expanded") != "true":
        toggle.click()


def joined(browser: Any, url: str, token: str, viewport: dict[str, int], lang: str,
           lands: str, live: str | None = None) -> Any:
    """A new screen of ``viewport`` in language ``lang`` that opened the join link of
    ``token`` on the server at ``url``: once it is at the page matching the regular
    expression ``lands`` and its connection badge reads ``live`` (any text when None).
    Returns the Playwright page."""
    import re

    from playwright.sync_api import expect

    context = browser.new_context(viewport=viewport)
    context.add_cookies([{"name": "companion_lang", "value": lang, "url": url}])
    page = context.new_page()
    page.goto(f"{url}/join/{token}")
    page.wait_for_url(re.compile(lands), timeout=10_000)
    expect(page.locator("#conn")).to_have_text(live if live is not None else re.compile("."),
                                               timeout=10_000)
    return page


def shoot(page: Any, name: str) -> None:
    """A screenshot of ``page`` as ``name``.png in the folder ``$COMPANION_SHOTS`` names, to
    look at what a test built; nothing when it is not set (a test run leaves no files)."""
    folder = os.environ.get("COMPANION_SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(Path(folder) / f"{name}.png"))

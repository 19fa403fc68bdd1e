"""Smoke test: the Playwright + system Chromium stack works on this machine / in CI."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import sync_playwright

from tests.browser import launch_chromium

PAGE = b"""<!doctype html>
<html><head><meta charset="utf-8"><title>smoke</title></head>
<body>
  <button id="btn" onclick="document.getElementById('out').textContent = 'clicked'">Click</button>
  <p id="out">waiting</p>
</body></html>
"""


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server API
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@pytest.fixture
def page_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        host, port = server.server_address[:2]
        yield f"http://{host!s}:{port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def test_chromium_clicks_button(page_url: str) -> None:
    with sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            page = browser.new_page()
            page.goto(page_url)
            assert page.text_content("#out") == "waiting"
            page.click("#btn")
            assert page.text_content("#out") == "clicked"
        finally:
            browser.close()

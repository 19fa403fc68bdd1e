"""Every HTML page of the app sends one Content-Security-Policy (issue 17 point 9).

The test walks the app's url_map: every GET rule is requested (its arguments filled with a
real game, the banker's token, a built-in edition), signed in as the banker; every answer
that is HTML must carry exactly :data:`web.CSP`, and must not need what that policy
forbids (an inline ``<style>``, a ``style=""`` attribute, an inline script that runs).
"""

from __future__ import annotations

import re
from typing import Any

from web import CSP

#: An inline script that runs (a ``<script>`` without ``src`` that is not a JSON block).
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>")


def _arguments(web_game: Any) -> dict[str, str]:
    return {"token": web_game.banker, "game_id": web_game.game,
            "edition_id": "monopol-no-1996", "filename": "style.css"}


def test_every_html_page_sends_the_same_policy(web_game: Any) -> None:
    app, client = web_game.app, web_game.client
    web_game.sign_in(web_game.banker)
    values = _arguments(web_game)
    pages: dict[str, str] = {}
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()):
            continue
        url = rule.build({name: values[name] for name in rule.arguments})[1]
        with client.get(url, headers={"Accept": "text/html"}) as answer:
            if answer.mimetype != "text/html":
                continue
            pages[url] = answer.headers.get("Content-Security-Policy", "")
            html = answer.get_data(as_text=True)
        assert "<style" not in html and ' style="' not in html, url
        assert not INLINE_SCRIPT.search(html), url
    assert {"/", "/wallet", "/table", "/editions", "/games", "/board",
            f"/tally/{web_game.game}", "/join"} <= set(pages)
    assert pages == dict.fromkeys(pages, CSP)


def test_an_error_page_sends_the_policy_too(client: Any) -> None:
    answer = client.get("/no-such-page", headers={"Accept": "text/html"})
    assert answer.status_code == 404
    if answer.mimetype == "text/html":
        assert answer.headers["Content-Security-Policy"] == CSP

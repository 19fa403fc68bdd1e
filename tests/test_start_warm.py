"""The pages' first drawing done ahead once ``companion serve`` answers (issue 19 point 4,
:mod:`web.warm`), and what the start answers first.

The warm-up compiles every page template, reads the scripts' strings, imports the QR
code drawing and parses the shipped editions, in one of the
server's worker threads (a real :class:`web.server.TableServer`), never while the app
serves a request (a real request held open in the app).  The real ``companion serve``: a
page asked for first thing gets 200 and the console; the first answer to ``GET /api/games``
is the game as the log holds it and equals a later one (after the warm-up).
"""

from __future__ import annotations

import http.client
import json
import sys
import threading
import time
from pathlib import Path

from flask import Flask

from benchmarks.serve import Served
from companion.editions.library import load_shipped, shipped_ids
from companion.table import Table
from web.js_strings import _extract_static
from web.serve import DB_NAME, LATER, warm_soon
from web.server import TableServer
from web.warm import Warmup


def compiled(app: Flask) -> set[str]:
    """The page templates in ``app``'s Jinja cache."""
    return {key[1] for key in app.jinja_env.cache.keys() if key[1].endswith(".html")}


def test_the_warmup_compiles_every_page_in_a_worker_thread(app: Flask) -> None:
    warmup = Warmup(app)
    every = set(warmup.names())
    assert {"console.html", "wallet.html", "board.html", "base.html"} <= every
    server = TableServer(app, "127.0.0.1", 0).start()
    load_shipped.cache_clear()  # (only a cache: parsed again at the next use)
    try:
        assert compiled(app) == set()
        warm_soon(server, warmup)
        assert warmup.done.wait(30)
        assert compiled(app) == every
        assert _extract_static.cache_info().currsize >= 1  # the scripts' strings read
        assert load_shipped.cache_info().currsize == len(shipped_ids()) >= 5
        assert "qrcode.image.svg" in sys.modules
    finally:
        server.stop()


def test_the_warmup_waits_while_the_app_serves_a_request(app: Flask) -> None:
    held, entered = threading.Event(), threading.Event()

    @app.get("/test-held")
    def hold() -> str:
        entered.set()
        held.wait(10)
        return "done"

    warmup = Warmup(app)
    client = app.test_client()
    assert client.get("/api/games").status_code == 401  # refused in a before_request hook
    assert warmup.serving == 0  # counted out again all the same
    asking = threading.Thread(target=lambda: client.get("/test-held"))
    asking.start()
    assert entered.wait(10) and warmup.serving == 1
    warming = threading.Thread(target=warmup.run)
    warming.start()
    time.sleep(0.3)
    assert compiled(app) == set() and not warmup.done.is_set()  # nothing while it serves
    held.set()
    asking.join(10)
    assert warmup.done.wait(30) and warmup.serving == 0
    assert compiled(app) == set(warmup.names())
    warming.join(10)


def a_game(data: Path) -> str:
    table = Table.open(data / DB_NAME)
    game = table.execute({"cmd": "new_game", "players": ["Alice", "Bob"]}).game_id
    table.execute({"cmd": "roll", "player": "Alice", "dice": [2, 3]}, game_id=game)
    table.close()
    return game


def get(port: int, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request("GET", path, headers=headers)
        answer = conn.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        conn.close()


def test_a_page_first_thing_after_the_start_is_the_console(tmp_path: Path) -> None:
    game = a_game(tmp_path)
    served = Served(tmp_path)
    try:  # the port answers: the warm-up has not begun
        status, headers, body = get(served.port, "/",
                                    {"Cookie": f"companion_banker={served.token}"})
        assert status == 200 and headers["content-type"].startswith("text/html")
        assert "content-security-policy" in headers
        page = body.decode()
        assert 'class="console' in page and game in page and "Alice" in page
        time.sleep(LATER + 0.5)  # the warm-up waited for that page, then ran
        again = get(served.port, "/", {"Cookie": f"companion_banker={served.token}"})
        assert again[0] == 200 and 'class="console' in again[2].decode()
    finally:
        assert served.stop() == 0


def test_the_first_answer_is_the_log_and_stays_the_same(tmp_path: Path) -> None:
    a_game(tmp_path)
    served = Served(tmp_path)
    try:
        bearer = {"Authorization": f"Bearer {served.token}"}
        first = get(served.port, "/api/games", bearer)
        time.sleep(LATER + 1.0)  # the warm-up has run by now
        later = get(served.port, "/api/games", bearer)
        assert first[0] == later[0] == 200 and first[2] == later[2]
        games = json.loads(first[2])["games"]
        assert [g["players"] for g in games] == [["Alice", "Bob"]]
        assert games[0]["seq"] == 2  # new_game and the roll (2 + 3)
    finally:
        assert served.stop() == 0

"""Shared fixtures: a real table on a SQLite file, the Flask app and its clients, the app
served as `companion serve` serves it (uvicorn) on a free port, and the machine's Chromium.

Nothing of companion is mocked.  ``game`` is a :class:`tests.kit.Game` on ``table`` (see
tests/kit.py for its API; ``@pytest.mark.game(...)`` picks the edition and players);
``game_id`` and ``parkveien_id`` are game ids for tests that drive ``table`` directly.
``web_actions`` (like flaskr's ``AuthActions``) lets web tests read like the table:
``web_actions.new_game("Alice", "Bob")``, ``web_actions.send(...)``; ``web_game`` is it
after a game of Alice, Bob and Carol started.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.table import Table
from tests.kit import Game
from web import create_app

TEST_SECRET = "test-secret-" * 4


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--check-changes", action="store_true",
                     help="issue 19: check the live change of every commit of every table")


@pytest.fixture(autouse=True)
def check_changes(request: pytest.FixtureRequest,
                  monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """With ``--check-changes``: every table the test opens is watched
    (:mod:`tests.change_check`); the test fails at its end if a change was wrong."""
    if not request.config.getoption("--check-changes"):
        yield
        return
    from tests.change_check import watch
    problems: list[str] = []
    opened = Table.__init__

    def init(self: Table, *args: Any, **kwargs: Any) -> None:
        opened(self, *args, **kwargs)
        watch(self, problems)

    monkeypatch.setattr(Table, "__init__", init)
    yield
    assert not problems, problems[:5]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """A table on a fresh SQLite file."""
    the_table = Table.open(tmp_path / "companion.sqlite3")
    yield the_table
    the_table.close()


@pytest.fixture
def game(request: pytest.FixtureRequest, table: Table) -> Game:
    """A game on ``table`` (:class:`tests.kit.Game`): NO 1996, Alice, Bob and Carol, unless
    the module or test is marked ``@pytest.mark.game(edition=..., players=[...], **fields)``
    (the ``new_game`` arguments; the closest mark wins)."""
    mark = request.node.get_closest_marker("game")
    return Game(table, **(mark.kwargs if mark else {}))


@pytest.fixture
def game_id(game: Game) -> str:
    """The id of the ``game`` fixture's game (for tests that drive ``table`` directly)."""
    return game.id


@pytest.fixture
def parkveien_id(game: Game) -> str:
    """The id of a classic game of Alice, Bob and Carol where Bob bought Parkveien (rent
    40 kr, C6)."""
    game.buy("Bob", "Parkveien")
    return game.id


@pytest.fixture
def hardware() -> Any:
    """The table hardware the app runs with: none here; hardware tests override this."""
    return None


@pytest.fixture
def app(table: Table, hardware: Any) -> Flask:
    """The app on ``table`` in English, with quick heartbeats so streams end fast."""
    settings = {"TESTING": True, "SECRET_KEY": TEST_SECRET, "LANGUAGE": "en",
                "SSE_HEARTBEAT": 0.5, "SSE_MAX_SECONDS": 60}
    return create_app(settings, table=table, hardware=hardware)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """Flask's test client (cookies kept between requests)."""
    return app.test_client()


class WebActions:
    """Table scenarios over the JSON API, authenticated by Bearer tokens."""

    def __init__(self, app: Flask, client: FlaskClient):
        self.app, self.client = app, client
        self.tokens = app.extensions["companion.tokens"]
        self.table: Table = app.extensions["companion.table"]
        self.game = ""
        self.players: dict[str, str] = {}

    @property
    def banker(self) -> str:
        """The banker's token."""
        return str(self.tokens.banker())

    def bearer(self, token: str | None = None) -> dict[str, str]:
        """An ``Authorization`` header for ``token`` (the banker's when None)."""
        return {"Authorization": f"Bearer {token or self.banker}"}

    def new_game(self, *players: str, **fields: Any) -> dict[str, Any]:
        """Start a game as the banker; remembers its id and the players' tokens."""
        body = {"players": list(players), **fields}
        answer = self.client.post("/api/games", json=body, headers=self.bearer())
        assert answer.status_code == 201, answer.json
        data: dict[str, Any] = answer.json or {}
        self.game = data["game"]
        self.players = {p["name"]: p["token"] for p in data["players"]}
        return data

    def send(self, token: str | None = None, game: str | None = None, **command: Any) -> Any:
        """POST one command (``from_`` is sent as ``from``); returns the test response."""
        if "from_" in command:
            command["from"] = command.pop("from_")
        url = f"/api/games/{game or self.game}/commands"
        return self.client.post(url, json=command, headers=self.bearer(token))

    def state(self, game: str | None = None) -> dict[str, Any]:
        """The full state JSON, read from the table itself."""
        return self.table.snapshot(game or self.game)

    def cash(self, name: str) -> int:
        """``name``'s cash."""
        return int(next(p["cash"] for p in self.state()["players"] if p["name"] == name))

    def sign_in(self, token: str) -> str:
        """Open ``token``'s join link in the client (sets the cookie); returns its CSRF value."""
        assert self.client.get(f"/join/{token}").status_code == 200
        identity = self.tokens.lookup(token)
        assert identity is not None
        return str(self.tokens.csrf(identity))


@pytest.fixture
def web_actions(app: Flask, client: FlaskClient) -> WebActions:
    """See :class:`WebActions`."""
    return WebActions(app, client)


@pytest.fixture
def web_game(web_actions: WebActions) -> WebActions:
    """:class:`WebActions` after the banker started a game of Alice, Bob and Carol."""
    web_actions.new_game("Alice", "Bob", "Carol")
    return web_actions


@dataclass
class LiveServer:
    """The app served as ``companion serve`` serves it: ``url`` is ``http://127.0.0.1:<port>``."""

    url: str
    app: Flask


@pytest.fixture
def live_server(app: Flask) -> Iterator[LiveServer]:
    """Run ``app`` under :class:`web.server.TableServer` (uvicorn, the live-stream hub and
    the command thread, as ``companion serve`` does) in a background thread."""
    from web.server import TableServer

    server = TableServer(app, "127.0.0.1", 0).start()
    yield LiveServer(f"http://127.0.0.1:{server.port}", app)
    server.stop()


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (per test: other tests start their
    own Playwright, which must not run while another is open in this thread)."""
    from playwright.sync_api import sync_playwright

    from tests.browser import launch_chromium

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()

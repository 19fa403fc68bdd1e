"""The Flask app: banker console, player wallets, JSON API and live updates.

``create_app()`` builds it (Flask's app-factory pattern); nothing here opens a file or a
port at import time, and importing the package imports neither Flask nor the core (``companion
replay``/``export``/``rescue`` need neither; ``companion serve`` turns the collector off
before it imports them: :mod:`web.cli`).  Services live in ``app.extensions``:

- ``companion.table``: the :class:`companion.table.Table`;
- ``companion.hardware``: the buttons/LED object, or None;
- ``companion.tokens``: :class:`web.tokens.Tokens`;
- ``companion.stopping``: a :class:`threading.Event` set when the server stops (ends streams).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask, Response

    from companion.table import Table

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}
#: For this package's pages (scripts and styles from /static only; data as JSON blocks).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
#: Blueprints whose every answer carries :data:`CSP` (HTML pages anywhere carry it too).
CSP_BLUEPRINTS = ("pages", "auth", "tally", "games", "board", "table", "editions")


def create_app(test_config: Mapping[str, Any] | None = None, *, table: Table | None = None,
               hardware: Any = None) -> Flask:
    """Build the app.

    Args:
        test_config: settings that win over the defaults and the instance ``config.py``
            (tests and the CLI pass theirs here); ``COMPANION_*`` variables win over them.
        table: the table to serve; None = open ``DATABASE`` (see :mod:`web.settings`).
        hardware: the running buttons/LED object, or None.
    """
    from flask import Flask

    from companion.table import Table
    from web import (
        api,
        auth,
        board_page,
        editions_page,
        errors,
        games_page,
        i18n,
        live,
        no_session,
        pages,
        phone_asks,
        settings,
        state_json,
        table_page,
        tally_page,
    )

    app = Flask(__name__, instance_relative_config=True)
    settings.load(app, test_config)
    table = table if table is not None else Table.open(settings.database_path(app),
                                                       encode=state_json.encode)
    app.extensions["companion.table"] = table
    app.extensions["companion.hardware"] = hardware
    app.extensions["companion.stopping"] = threading.Event()
    i18n.init_app(app)
    errors.init_app(app)
    auth.init_app(app, table.store)
    for blueprint in (api.bp, live.bp, pages.bp, table_page.bp, editions_page.bp, tally_page.bp,
                      games_page.bp, board_page.bp, phone_asks.bp):
        app.register_blueprint(blueprint)
    app.after_request(_security_headers)
    app.session_interface = no_session.NoSession()  # nothing uses Flask's session
    return app


def security_headers(mimetype: str | None, blueprint: str | None) -> dict[str, str]:
    """The headers an answer of ``mimetype`` from ``blueprint`` (None: no view) carries:
    :data:`SECURITY_HEADERS` always, :data:`CSP` on every HTML page (whatever its
    blueprint, error pages too: issue 17 point 9 found ``/editions`` and ``/table``
    without one) and on every answer of the pages' blueprints.  The one rule, for the
    app's answers and the server's fast lane (:mod:`web.front`)."""
    if mimetype == "text/html" or blueprint in CSP_BLUEPRINTS:
        return {**SECURITY_HEADERS, "Content-Security-Policy": CSP}
    return dict(SECURITY_HEADERS)


def _security_headers(response: Response) -> Response:
    """``after_request``: :func:`security_headers` on every answer (a header the view
    set itself is kept)."""
    from flask import request

    for name, value in security_headers(response.mimetype, request.blueprint).items():
        response.headers.setdefault(name, value)
    return response

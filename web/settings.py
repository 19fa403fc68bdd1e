"""The app's settings: defaults, then the instance ``config.py``, then explicit settings
(tests, the CLI), then ``COMPANION_*`` environment variables (systemd ``Environment=``).

==================  =====================================================================
``DATABASE``        str path of the SQLite log; None = ``<instance>/companion.sqlite3``
                    (ignored when a table is passed to ``create_app``)
``SECRET_KEY``      str; keys tokens and anti-forgery values.  None = read (or create)
                    ``SECRET_KEY_FILE``
``SECRET_KEY_FILE`` str path, None = ``<instance>/secret.key`` (created mode 0600)
``PUBLIC_URL``      str ``http://<LAN address>:<port>`` the QR codes encode; None = the
                    address the request came in on
``SSE_HEARTBEAT``   seconds of quiet before a live stream's ``ping`` event (at most 15)
``SSE_MAX_SECONDS`` seconds after which a stream ends (the browser reconnects at once)
``COOKIE_MAX_AGE``  seconds a phone keeps its token cookie
``COOKIE_SECURE``   bool, cookies only over HTTPS (keep False on a plain-HTTP LAN)
``RATE_COMMANDS``   commands a second a player's phone may keep up (3; 0 = no limit);
                    over it: 429 (:mod:`web.limits`; the banker is not limited)
``RATE_BURST``      commands a player's phone may send back to back (20)
==================  =====================================================================
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

DEFAULTS: dict[str, Any] = {
    "DATABASE": None,
    "SECRET_KEY": None,
    "SECRET_KEY_FILE": None,
    "PUBLIC_URL": None,
    "SSE_HEARTBEAT": 10.0,
    "SSE_MAX_SECONDS": 1800.0,
    "COOKIE_MAX_AGE": 60 * 60 * 24 * 60,
    "COOKIE_SECURE": False,
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "RATE_COMMANDS": 3.0,
    "RATE_BURST": 20,
}


def load(app: Flask, test_config: Mapping[str, Any] | None) -> None:
    """Fill ``app.config`` in the documented order; debug mode always off."""
    app.config.from_mapping(DEFAULTS)
    app.config.from_pyfile("config.py", silent=True)
    if test_config is not None:
        app.config.from_mapping(test_config)
    app.config.from_prefixed_env("COMPANION")
    app.config["DEBUG"] = False
    app.debug = False
    app.config["SSE_HEARTBEAT"] = min(15.0, float(app.config["SSE_HEARTBEAT"]))
    if not app.config["SECRET_KEY"]:
        path = app.config["SECRET_KEY_FILE"] or Path(app.instance_path) / "secret.key"
        app.config["SECRET_KEY"] = read_or_create_secret(Path(path))


def database_path(app: Flask) -> Path:
    """Where the SQLite log lives for this app."""
    return Path(app.config["DATABASE"] or Path(app.instance_path) / "companion.sqlite3")


def read_or_create_secret(path: Path) -> str:
    """The secret in ``path``; a new random one (256 bits, file mode 0600) if missing."""
    if path.exists():
        secret = path.read_text(encoding="ascii").strip()
        if len(secret) >= 32:
            return secret
    path.parent.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(secret + "\n")
    return secret

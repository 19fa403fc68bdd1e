"""Flask's session turned off: nothing here uses it, so no answer carries its cookie."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.sessions import SessionInterface


class NoSession(SessionInterface):
    """No session cookie: tokens live in their own cookies (:mod:`web.auth`)."""

    def open_session(self, app: Flask, request: Any) -> Any:
        return self.make_null_session(app)

    def save_session(self, app: Flask, session: Any, response: Any) -> None:
        return None

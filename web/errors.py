"""One place that turns errors into answers.

Core refusals (:mod:`companion.errors`) and HTTP errors become ``{"ok": false, "error":
"<message>"}`` with a fitting status under ``/api`` and for any request that sends JSON
or asks for it (``Accept: application/json``; issue 17 point 7: ``/editions/*``), plus
``"missing"`` for a value the edition lacks (:mod:`web.ask_once`); pages get a short
HTML page (401 shows the sign-in page).  Never a stack trace.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, render_template, request
from werkzeug.exceptions import HTTPException, TooManyRequests

from companion import errors as ce
from web.i18n import _
from web.refusal_text import translate_error

log = logging.getLogger(__name__)

#: Most specific first: the first class the error is an instance of decides the status.
STATUS: tuple[tuple[type[Exception], int], ...] = (
    (ce.UnknownGame, 404),
    (ce.NotAllowed, 403),
    (ce.GameOver, 409),
    (ce.NothingToUndo, 409),
    (ce.ReusedId, 409),
    (ce.RuleBroken, 409),
    (ce.BadCommand, 400),
    (ce.Refused, 422),
    (ce.EditionError, 422),  # an edition that cannot be read (issue 17): never a 500
    (ce.StorageError, 503),
)


def status_of(error: Exception) -> int:
    """The HTTP status for a companion error (500 when it is none of the known kinds)."""
    for kind, status in STATUS:
        if isinstance(error, kind):
            return status
    return 500


def wants_json() -> bool:
    """True when the answer should be JSON: under ``/api``, a JSON body, or an ``Accept``
    that ranks JSON above HTML (a browser's page load ranks HTML first)."""
    if request.path.startswith("/api/") or request.is_json:
        return True
    accept = request.accept_mimetypes
    return accept["application/json"] > accept["text/html"] or (
        accept.best == "application/json")


def _answer(message: str, status: int) -> Any:
    if wants_json():
        return {"ok": False, "error": message}, status
    if status == 401:
        return render_template("login.html", message=message), 401
    return render_template("error.html", message=message, status=status), status


def handle_companion(error: ce.CompanionError) -> Any:
    """A refusal by the core: its own message in the request's language, its status."""
    status = status_of(error)
    if status >= 500:
        log.error("companion error: %s", error)
    answer = _answer(translate_error(error), status)
    if isinstance(error, ce.MissingValue) and wants_json():
        from web.ask_once import missing_value

        answer[0]["missing"] = missing_value(error)  # ask once (issue 5)
        from web.phone_asks import remember

        remember(answer[0]["missing"])  # a phone's: the console asks (family 3, finding 4)
    return answer


def handle_http(error: HTTPException) -> Any:
    """Werkzeug's HTTP errors, with their description as the message."""
    return _answer(error.description or error.name, error.code or 500)


def handle_too_many(error: TooManyRequests) -> Any:
    """429 (:mod:`web.limits`): as any HTTP error, plus ``Retry-After`` (seconds)."""
    body, status = handle_http(error)
    return body, status, {"Retry-After": str(error.retry_after or 1)}


def handle_unexpected(error: Exception) -> Any:
    """Anything else: logged with its trace, answered without one."""
    if isinstance(error, HTTPException):
        return handle_http(error)
    log.exception("unexpected error", exc_info=error)
    return _answer(_("Something went wrong in the bank. Reload to see what was recorded."), 500)


def init_app(app: Flask) -> None:
    """Register the handlers."""
    app.register_error_handler(ce.CompanionError, handle_companion)
    app.register_error_handler(HTTPException, handle_http)
    app.register_error_handler(TooManyRequests, handle_too_many)
    app.register_error_handler(Exception, handle_unexpected)

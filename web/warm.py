"""The pages' first drawing done ahead, once ``companion serve`` answers (issue 19 point 4).

A page's first drawing compiled its templates, read the scripts' strings from
``web/static`` (:func:`web.js_strings.static_literals`), imported the QR code drawing
(:func:`web.qr.svg`, ~0.15 s) and parsed the shipped editions (~0.09 s): ~0.7 s with
bytecode on this machine, which fell on the first page a family opened (the console).
:class:`Warmup` does that work in one of the app's worker threads shortly after the server
answers (:func:`web.serve.started` calls it with the banner's QR code), so a page asked a
little after the start is fast.

It never competes with a page: on a 2-core machine both at once took longer than either
(a page first thing after the start took 1.53 s median with the warm-up beside it, 0.85 s
alone: branch h21-start).  While the app serves a request it waits, and it does its work
one template at a time, looking again before each; what a page compiled is then simply
found in Jinja's cache.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from flask import Flask, request_started, request_tearing_down

#: Seconds between looks while the app serves a request.
PAUSE = 0.05
#: Seconds it waits in all for the app to be idle before it gives up (a page drawn later
#: does its own compiling, as before this module).
PATIENCE = 30.0


class Warmup:
    """Counts the requests ``app`` is serving (Flask's ``request_started`` and
    ``request_tearing_down`` signals of ``app``, which every request sends, whatever its
    ``before_request`` hooks answer) and warms its pages when asked (:meth:`run`).

    Args:
        app: from :func:`web.create_app`; the hooks are added to it.
    """

    def __init__(self, app: Flask):
        self.app = app
        self.serving = 0  # requests in the app right now
        self.done = threading.Event()  # set once run() has ended, warmed or not
        self._count = threading.Lock()
        request_started.connect(self._began, app, weak=False)
        request_tearing_down.connect(self._ended, app, weak=False)

    def _began(self, _app: Flask, **_extra: Any) -> None:
        with self._count:
            self.serving += 1

    def _ended(self, _app: Flask, **_extra: Any) -> None:
        with self._count:
            self.serving -= 1

    def names(self) -> list[str]:
        """The app's page templates (``*.html``), by name."""
        return list(self.app.jinja_env.list_templates(extensions=["html"]))

    def run(self) -> bool:
        """Read the scripts' strings, import the QR code drawing, parse the shipped
        editions, then compile every page template into Jinja's cache, each step only
        while the app serves no request.  Returns True when all was done,
        False when it gave up (:data:`PATIENCE` seconds spent waiting) or a step raised
        (logged: only a slower first page follows).  Sets :attr:`done` at the end."""
        from web.js_strings import static_literals

        steps = [static_literals, _qr_drawing, _shipped_editions,
                 *(self._compiler(name) for name in self.names())]
        waited, whole = 0.0, True
        try:
            for step in steps:
                while self.serving > 0:
                    if waited >= PATIENCE:
                        return False
                    time.sleep(PAUSE)
                    waited += PAUSE
                try:
                    step()
                except Exception:  # its page fails or draws it itself: the rest goes on
                    logging.getLogger(__name__).exception("warming the pages up failed")
                    whole = False
            return whole
        finally:
            self.done.set()

    def _compiler(self, name: str) -> Any:
        env = self.app.jinja_env
        return lambda: env.get_template(name)


def _qr_drawing() -> None:
    """Import what :func:`web.qr.svg` imports at its first use."""
    import qrcode  # noqa: F401
    import qrcode.image.svg  # noqa: F401


def _shipped_editions() -> None:
    """Parse every shipped edition (kept: :func:`companion.editions.library.load_shipped`)."""
    from companion.editions.library import load_shipped, shipped_ids

    for edition_id in shipped_ids():
        load_shipped(edition_id)

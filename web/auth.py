"""Who is asking: tokens from cookies or ``Authorization: Bearer``, and anti-forgery checks.

- ``/join/<token>`` (the QR codes) stores the token in an HttpOnly, SameSite=Strict cookie
  (``companion_banker`` or ``companion_player``) and sends the browser on to the console or
  the wallet through a same-site page, so Strict cookies are sent even when the link was
  opened from a camera or messenger app.
- State-changing requests (anything but GET/HEAD/OPTIONS) must be JSON.  When authenticated
  by cookie they must also carry ``X-Companion-CSRF`` with the value the page got from the
  server (:meth:`web.tokens.Tokens.csrf`); a Bearer token needs no such header.
- :func:`banker_required` and :func:`game_required` guard views (for every blueprint).
- A viewer token (a game's table screen, ``/board``, issue 16 point 7) reads its game and
  can send nothing: a state-changing request by it alone is refused (403, :data:`VIEW_ONLY`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any, TypeVar, cast

from flask import Blueprint, Flask, current_app, g, make_response, render_template, request
from werkzeug.exceptions import Forbidden, Unauthorized, UnsupportedMediaType

from web.i18n import _
from web.tokens import Identity, Tokens

BANKER_COOKIE = "companion_banker"
PLAYER_COOKIE = "companion_player"
VIEWER_COOKIE = "companion_viewer"
CSRF_HEADER = "X-Companion-CSRF"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

bp = Blueprint("auth", __name__)
View = TypeVar("View", bound=Callable[..., Any])


def tokens() -> Tokens:
    """The app's :class:`~web.tokens.Tokens`."""
    return cast(Tokens, current_app.extensions["companion.tokens"])


def bearer_of(authorization: str) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header value, else None."""
    scheme, _sep, value = authorization.partition(" ")
    return value.strip() if scheme.lower() == "bearer" else None


def _bearer() -> str | None:
    return bearer_of(request.headers.get("Authorization", ""))


#: What :func:`resolve` found wrong: a Bearer token that is not valid (401), valid
#: cookies on a state-changing request without the page's anti-forgery header (403), or a
#: state-changing request with only a viewer's token (403).
BAD_TOKEN, NO_CSRF, VIEW_ONLY = "bad token", "no anti-forgery header", "view only"
#: The order :func:`for_game` prefers identities in.
_RANK = {"banker": 0, "player": 1, "viewer": 2}


def resolve(the_tokens: Tokens, method: str, bearer: str | None, cookies: Mapping[str, str],
            csrf: str | None) -> tuple[str | None, list[Identity]]:
    """``(problem, identities)`` of a request: the Bearer token's identity, else the valid
    cookies' (on a state-changing request only those with the right ``csrf`` value);
    ``problem`` is None, :data:`BAD_TOKEN`, :data:`NO_CSRF` or :data:`VIEW_ONLY` (a viewer
    token never sends a command: it is left out of a state-changing request's identities).
    Needs no request context (the live streams and commands of :mod:`web.front` use it)."""
    if bearer is not None:
        found = the_tokens.lookup(bearer)
        if found is None:
            return BAD_TOKEN, []
        if found.role == "viewer" and method not in SAFE_METHODS:
            return VIEW_ONLY, []
        return None, [found]
    names = (BANKER_COOKIE, PLAYER_COOKIE, VIEWER_COOKIE)
    found_all = [i for i in (the_tokens.lookup(cookies.get(n, "")) for n in names)
                 if i is not None]
    if method in SAFE_METHODS:
        return None, found_all
    if found_all and all(i.role == "viewer" for i in found_all):
        return VIEW_ONLY, []
    found_all = [i for i in found_all if i.role != "viewer"]
    checked = [i for i in found_all if the_tokens.csrf_ok(i, csrf)]
    return (NO_CSRF if found_all and not checked else None), checked


def for_game(found: list[Identity], game_id: str) -> Identity | None:
    """The first of ``found`` that may use ``game_id``: the banker, else a player, else a
    viewer."""
    return min((i for i in found if i.may_see(game_id)), key=lambda i: _RANK[i.role],
               default=None)


def identities() -> list[Identity]:
    """The valid identities of this request (Bearer token, else cookies).

    Raises:
        Unauthorized: a Bearer token that is not valid.
        Forbidden: cookies that are valid, on a state-changing request without the
            page's anti-forgery header; a state-changing request by a viewer token.
    """
    if "identities" not in g:
        g.identities = _identities()
    return cast(list[Identity], g.identities)


def _identities() -> list[Identity]:
    problem, found = resolve(tokens(), request.method, _bearer(), request.cookies,
                             request.headers.get(CSRF_HEADER))
    if problem == BAD_TOKEN:
        raise Unauthorized(_("That token is not valid (any more)."))
    if problem == VIEW_ONLY:
        raise Forbidden(_("This link only shows the board: it cannot change the game."))
    if problem == NO_CSRF:
        raise Forbidden(_("This request lacks the page's anti-forgery header, or it is "
                          "wrong; reload the page."))
    return found


def require_banker() -> Identity:
    """The banker's identity, else raise Unauthorized / Forbidden."""
    found = identities()
    for ident in found:
        if ident.role == "banker":
            return ident
    if found:
        raise Forbidden(_("Only the banker can do that."))
    raise Unauthorized(_("Scan your QR code or enter the banker token first."))


def require_game(game_id: str) -> Identity:
    """An identity that may use ``game_id`` (the banker first), else raise 401 / 403."""
    found = identities()
    chosen = for_game(found, game_id)
    if chosen is not None:
        return chosen
    if found:
        raise Forbidden(_("This is not your game."))
    raise Unauthorized(_("Scan your QR code first."))


def banker_required(view: View) -> View:
    """Decorator: the view runs only for the banker (``g.identity`` is set)."""

    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        g.identity = require_banker()
        return view(*args, **kwargs)

    return cast(View, wrapped)


def game_required(view: View) -> View:
    """Decorator for views with a ``game_id`` argument: banker, or a player of that game."""

    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        g.identity = require_game(kwargs["game_id"])
        return view(*args, **kwargs)

    return cast(View, wrapped)


def check_unsafe_request() -> None:
    """``before_request``: state-changing requests must be JSON and, with cookies, carry
    the anti-forgery header.  Raises UnsupportedMediaType / Forbidden."""
    if request.method in SAFE_METHODS:
        return
    if request.mimetype != "application/json":
        raise UnsupportedMediaType(_("Send the request as JSON (Content-Type: application/json)."))
    if _bearer() is not None or request.cookies:
        identities()


#: Where a join link leads, and the cookie it sets, by the token's role.
_JOIN = {"banker": ("/", BANKER_COOKIE), "player": ("/wallet", PLAYER_COOKIE),
         "viewer": ("/board", VIEWER_COOKIE)}


@bp.get("/join/<token>")
def join(token: str) -> Any:
    """A QR code's link: remember the token in a cookie, then open the console, the wallet
    or (a viewer token) the table screen ``/board``."""
    found = tokens().lookup(token)
    if found is None:
        return render_template("join.html", target=None), 401
    target, cookie = _JOIN[found.role]
    response = make_response(render_template("join.html", target=target))
    response.set_cookie(
        cookie, token,
        max_age=current_app.config["COOKIE_MAX_AGE"], httponly=True, samesite="Strict",
        secure=current_app.config["COOKIE_SECURE"], path="/")
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/join")
def join_form() -> Any:
    """The sign-in form's target: ``/join?token=...``."""
    return join(request.args.get("token", "").strip())


def init_app(app: Flask, store: Any) -> None:
    """Attach :class:`Tokens` (keyed by the app secret), the join route and the checks."""
    secret = app.config["SECRET_KEY"]
    key = secret.encode("utf-8") if isinstance(secret, str) else bytes(secret)
    app.extensions["companion.tokens"] = Tokens(store, key)
    app.before_request(check_unsafe_request)
    app.register_blueprint(bp)

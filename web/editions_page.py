"""The edition editor ``/editions`` (issue 5 part 3).  Banker only.

- ``GET /editions[?id=ID]``: the page (``templates/editions.html`` + ``static/editions.js``);
- ``GET /editions/<id>.json``: :func:`companion.editions.editor.view` of that edition;
- ``GET /editions/<id>/export?fmt=toml|json``: the edition as a file to download;
- ``POST /editions/copy`` ``{"source", "id", "name"}``: make "our box";
- ``POST /editions/<id>/value`` ``{"space": index or null, "field", "value"}``: one value;
- ``POST /editions/<id>/rename`` ``{"name"}``;
- ``POST /editions/import`` ``{"text", "fmt": "toml"|"json"|null, "overwrite": bool}``.

A refused change answers 400 ``{"ok": false, "error", "problems": [{"path", "message",
"line"}]}`` and changes nothing; an unknown edition 404.  A request that sends JSON or asks
for it gets every error as JSON (:func:`web.errors.wants_json`), a body the bank cannot
read (nested too deeply, a number too long: issue 17 point 7) a 400 sentence.  Register
with ``app.register_blueprint(web.editions_page.bp)``.
"""

from __future__ import annotations

from typing import Any, cast

from flask import Blueprint, Response, current_app, g, render_template, request
from werkzeug.exceptions import BadRequest

from companion.editions import EditionLibrary, EditionProblems, editor
from companion.errors import UnknownEdition
from web.auth import banker_required, tokens
from web.errors import wants_json
from web.i18n import N_, _
from web.refusal_text import translate_error

bp = Blueprint("editions", __name__, url_prefix="/editions")

#: Strings editions.js shows, translated into the page as JSON.
JS_STRINGS = (N_("Saved."), N_("Could not reach the bank."), N_("missing"), N_("Edit"),
              N_("no name yet"), N_("Sending…"), N_("line"))


def library() -> EditionLibrary:
    """The table's editions: shipped plus the family's copies."""
    return cast(EditionLibrary, current_app.extensions["companion.table"].editions)


def _body() -> dict[str, Any]:
    """The request's JSON object ({} for another JSON value).  Raises BadRequest (a
    sentence, nothing changed) for a body the bank cannot read: not JSON, nested too
    deeply (RecursionError), a number of more than 4 300 digits (ValueError)."""
    try:
        body = request.get_json(silent=False)
    except (BadRequest, RecursionError, ValueError):
        raise BadRequest(_("The bank could not read this request (it is not JSON, is nested "
                           "too deeply or holds a number too long); nothing was changed.")) \
            from None
    return body if isinstance(body, dict) else {}


def _text(body: dict[str, Any], key: str) -> str:
    """``body[key]`` when it is text, else "" (never the text of a nested list)."""
    value = body.get(key, "")
    return value if isinstance(value, str) else ""


def _refused(error: EditionProblems) -> tuple[dict[str, Any], int]:
    problems = [{"path": p.path, "message": p.message, "line": p.line} for p in error.problems]
    return {"ok": False, "error": str(error), "problems": problems}, 400


def _page_wanted() -> bool:
    return (request.method == "GET" and not wants_json()
            and not request.path.endswith((".json", "/export")))


@bp.errorhandler(UnknownEdition)
def _unknown(error: UnknownEdition) -> Any:
    if _page_wanted():
        return render_template("error.html", message=translate_error(error), status=404), 404
    return {"ok": False, "error": translate_error(error)}, 404


@bp.errorhandler(EditionProblems)
def _unreadable(error: EditionProblems) -> Any:
    """An edition that cannot be read (a stored copy that breaks a rule): its problems,
    as JSON or as the error page; never a 500."""
    if _page_wanted():
        return render_template("error.html", message=str(error), status=400), 400
    return _refused(error)


def _listing() -> list[dict[str, Any]]:
    found = []
    for edition_id in library().ids():
        try:
            edition = library().get(edition_id)
        except (UnknownEdition, EditionProblems):
            continue
        found.append({"id": edition_id, "name": edition.name, "based_on": edition.based_on,
                      "stored": library().is_stored(edition_id)})
    return found


@bp.get("")
@banker_required
def page() -> Any:
    """The editor: the editions, and the chosen one's deeds with their provenance."""
    chosen = request.args.get("id") or "monopol-no-1996"
    shown = editor.view(library(), chosen)
    strings = {text: _(text) for text in JS_STRINGS}
    return render_template("editions.html", csrf=tokens().csrf(g.identity), strings=strings,
                           editions=_listing(), edition=shown)


@bp.get("/<edition_id>.json")
@banker_required
def show(edition_id: str) -> Any:
    return {"ok": True, "edition": editor.view(library(), edition_id)}


@bp.get("/<edition_id>/export")
@banker_required
def export(edition_id: str) -> Any:
    fmt = request.args.get("fmt", "toml")
    if fmt not in editor.FORMATS:
        return {"ok": False, "error": _("Export as toml or json.")}, 400
    text = editor.export_text(library(), edition_id, fmt)
    kind = "application/toml" if fmt == "toml" else "application/json"
    return Response(text, mimetype=kind, headers={
        "Content-Disposition": f'attachment; filename="{edition_id}.{fmt}"'})


@bp.post("/copy")
@banker_required
def copy() -> Any:
    body = _body()
    try:
        made = editor.copy_edition(library(), _text(body, "source"), _text(body, "id").strip(),
                                   _text(body, "name") or None)
    except EditionProblems as exc:
        return _refused(exc)
    return {"ok": True, "edition": editor.view(library(), made.id)}


@bp.post("/<edition_id>/value")
@banker_required
def value(edition_id: str) -> Any:
    body = _body()
    space = body.get("space")
    if space is not None and type(space) is not int:
        return {"ok": False, "error": _("Name the space by its board index.")}, 400
    try:
        editor.set_value(library(), edition_id, space, _text(body, "field"), body.get("value"))
    except EditionProblems as exc:
        return _refused(exc)
    return {"ok": True, "edition": editor.view(library(), edition_id)}


@bp.post("/<edition_id>/rename")
@banker_required
def rename(edition_id: str) -> Any:
    try:
        editor.rename(library(), edition_id, _text(_body(), "name"))
    except EditionProblems as exc:
        return _refused(exc)
    return {"ok": True, "edition": editor.view(library(), edition_id)}


@bp.post("/import")
@banker_required
def import_file() -> Any:
    body = _body()
    fmt = body.get("fmt") if body.get("fmt") in editor.FORMATS else None
    try:
        made = editor.import_text(library(), _text(body, "text"), fmt=fmt,
                                  source=_("the file"), overwrite=body.get("overwrite") is True)
    except EditionProblems as exc:
        return _refused(exc)
    return {"ok": True, "edition": editor.view(library(), made.id)}

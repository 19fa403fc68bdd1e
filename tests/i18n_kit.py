"""The catalogues as Babel's own tools see them: ``pybabel extract`` and ``pybabel update``
run exactly as ``web/README.md`` says (their options in ``pyproject.toml``), into a
temporary directory, and ``web/babel.cfg`` read with Babel's parser."""

from __future__ import annotations

import io
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import CommandLineInterface, parse_mapping_cfg
from babel.messages.pofile import read_po

ROOT = Path(__file__).parent.parent
TRANSLATIONS = ROOT / "web" / "translations"
MAPPING = ROOT / "web" / "babel.cfg"
LOCALES = ("nb", "sv")


@contextmanager
def _at_root() -> Iterator[None]:
    before = os.getcwd()
    os.chdir(ROOT)  # pybabel reads ./pyproject.toml and extracts from "."
    try:
        yield
    finally:
        os.chdir(before)


def pybabel(*args: str) -> None:
    """``uv run pybabel <args>`` from the repository's root (quiet)."""
    with _at_root():
        CommandLineInterface().run(["pybabel", "-q", *args])


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=locale)


@cache
def fresh() -> dict[str, bytes]:
    """What ``pybabel extract`` then ``pybabel update`` write now, from the committed
    catalogues: ``{"companion.pot": …, "nb": …, "sv": …}`` (file contents)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "translations")
        shutil.copytree(TRANSLATIONS, out)
        pot = out / "companion.pot"
        pybabel("extract", "-o", str(pot))
        pybabel("update", "-i", str(pot), "-d", str(out))
        files = {"companion.pot": pot.read_bytes()}
        for locale in LOCALES:
            files[locale] = (out / locale / "LC_MESSAGES" / "companion.po").read_bytes()
        return files


def extracted() -> Catalog:
    """Every translatable string of the sources, as ``pybabel extract`` finds them now."""
    return read_po(io.BytesIO(fresh()["companion.pot"]))


def mapping() -> tuple[list[tuple[str, str]], dict[str, dict[str, Any]]]:
    """``web/babel.cfg`` as Babel reads it: ``(method_map, options_map)``."""
    with MAPPING.open(encoding="utf-8") as cfg:
        return parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call,no-any-return]


def extracted_under(folder: str) -> set[str]:
    """The msgids ``pybabel extract`` takes from the files under ``folder`` (e.g.
    ``web/static``), by Babel's extractors with ``web/babel.cfg``."""
    methods, options = mapping()
    found: set[str] = set()
    for filename, _line, message, _comments, _context in extract_from_dir(
            ROOT, methods, options, keywords=DEFAULT_KEYWORDS):
        if filename.startswith(folder + "/"):
            found.update([message] if isinstance(message, str) else message)
    return found


def translated(string: Any) -> bool:
    """True when a catalogue entry is translated (a plural entry: every form)."""
    if isinstance(string, tuple | list):
        return bool(string) and all(string)
    return bool(string)


def refusal_names() -> frozenset[str]:
    """:class:`companion.errors.Refused` and the name of every class below it."""
    from companion.errors import Refused

    found: set[str] = set()
    todo: list[type] = [Refused]
    while todo:
        kind = todo.pop()
        found.add(kind.__name__)
        todo.extend(kind.__subclasses__())
    return frozenset(found)

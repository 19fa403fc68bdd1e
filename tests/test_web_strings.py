"""Every sentence the console and wallet scripts show is in ``web.js_strings.JS_STRINGS`` (so it
is extracted for translation and rendered into the page), and is a whole sentence with
named placeholders rather than fragments glued together."""

from __future__ import annotations

import re
from pathlib import Path

from web.js_strings import JS_STRINGS

STATIC = Path(__file__).parent.parent / "web" / "static"
#: Scripts with their own string tables (the editor, the table page).
OWN_STRINGS = {"editions.js", "table.js"}
CALL = re.compile(r'\b(?:t|fmt)\("((?:[^"\\]|\\.)*)"')
EMPTY = re.compile(r'\bfill\([^;]*?,\s*"([^"]+)"\);')


def script_strings() -> set[str]:
    found: set[str] = set()
    for script in STATIC.glob("*.js"):
        if script.name in OWN_STRINGS:
            continue
        text = script.read_text(encoding="utf-8")
        found |= set(CALL.findall(text)) | set(EMPTY.findall(text))
    return found


def test_every_script_string_is_listed_for_translation() -> None:
    missing = script_strings() - set(JS_STRINGS)
    assert not missing, sorted(missing)


def test_placeholders_are_named() -> None:
    for text in JS_STRINGS:
        assert "%s" not in text and "%d" not in text, text

"""The checks of a command's text that need no state (issue 17 points 4 and 5): what
the log could not keep, or would keep at a size no command needs."""

from __future__ import annotations

import json
from typing import Any

from companion.commands.base import MAX_COMMAND, MAX_TEXT
from companion.errors import BadCommand
from companion.store import LOG_JSON


def check_text(command: dict[str, Any]) -> str:
    """Refuse text that is not valid Unicode (a lone surrogate): it could not be stored;
    NaN or Infinity (issue 17 point 4: not JSON, every history would stop); a
    string longer than ``MAX_TEXT`` (a value or a field name, at any depth); a command
    longer than ``MAX_COMMAND``: the log keeps every command, the history shows it.
    Returns the command's JSON text as the log keeps it."""
    try:
        text = LOG_JSON.encode(command)
        text.encode("utf-8")
    except (UnicodeEncodeError, TypeError, ValueError, RecursionError) as exc:
        raise BadCommand("The command holds text or values that cannot be stored.") from exc
    if "NaN" in text or "Infinity" in text:  # NaN is no JSON: the history would break
        try:
            json.dumps(command, allow_nan=False)
        except ValueError as exc:
            raise BadCommand("A number in the command is not a number (%(name)s); send "
                             "real numbers.", name="NaN, Infinity") from exc
    key = _long_text(command) if len(text) > MAX_TEXT else None  # none is longer than
    if key is not None:  # the whole text
        raise BadCommand("The text in %(key)r is longer than %(most)s characters; write it "
                         "shorter.", key=key, most=MAX_TEXT)
    if len(text) > MAX_COMMAND:
        raise BadCommand("The command is longer than %(most)s characters; send only the "
                         "fields it needs.", most=MAX_COMMAND)
    return text

def _long_text(command: dict[str, Any]) -> str | None:
    """The field of ``command`` holding a string longer than ``MAX_TEXT`` (its name cut
    short when that is the long string), else None.  No recursion: nesting is deep."""
    for field, value in command.items():
        todo: list[Any] = [field, value]
        while todo:
            item = todo.pop()
            if isinstance(item, str) and len(item) > MAX_TEXT:
                name = str(field)
                return name if len(name) <= 40 else name[:40] + "…"
            if isinstance(item, dict):
                todo.extend(item.items())
            elif isinstance(item, list | tuple):
                todo.extend(item)
    return None

"""The one exception tree of companion.

Every refusal of a command is a :class:`Refused` (or a subclass) whose message is a
sentence a player understands.  Each class also inherits the matching built-in, as in
``gpiozero/exc.py``, so callers may catch either.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


class CompanionError(Exception):
    """Base class of every error raised by companion."""


class Refused(CompanionError, ValueError):
    """A command was refused; nothing changed.  The message says why.

    The message may be a template with ``%(name)s`` (or ``%(name)r`` for a quoted value)
    placeholders filled from keyword arguments, so a user interface can translate it::

        raise UnknownPlayer("There is no player called %(name)r in this game.", name=name)

    ``str(error)`` is the English sentence; ``error.template`` is the untranslated template
    and ``error.params`` its values (the web looks the template up in its catalogue, then
    fills it in).  ``Refused("A plain sentence.")`` works as before (no params).

    Attributes:
        template: str, the message before formatting.
        params: dict of str -> value, the placeholders' values (empty for a plain message).
    """

    def __init__(self, message: str = "", /, **params: object) -> None:
        self.template = message
        self.params = params
        super().__init__(_fill(message, params))

    @classmethod
    def like(cls, error: BaseException) -> Refused:
        """A ``cls`` refusal saying what ``error`` says: its template and params when it is
        a :class:`Refused` (so it is still translated), else its message."""
        if isinstance(error, Refused):
            return cls(error.template, **error.params)
        return cls(str(error))


def N_(template: str) -> str:
    """Mark a refusal's template that is not written in the ``raise`` itself, so the web's
    string extraction (``web/babel.cfg``) still finds it; returns ``template`` unchanged::

        why = N_("%(deed)s is mortgaged.") if deed.mortgaged else N_("%(deed)s is sold.")
        raise RuleBroken(why, deed=label)

    A literal first argument of a refusal (``RuleBroken("…", …)``) needs no marker; the
    branches of ``a if c else b`` do (``RuleBroken(N_("…") if hotel else N_("…"))``), since
    ``pybabel extract`` would join two bare literals into one message.
    """
    return template


def _fill(template: str, params: dict[str, object]) -> str:
    """``template % params``; a template that does not fit its params stays as written."""
    if not params:
        return template
    try:
        return template % params
    except (KeyError, ValueError, TypeError):
        return f"{template} {params!r}"


class BadCommand(Refused):
    """The command is malformed: unknown name, a missing or mistyped field."""


class BadAmount(BadCommand):
    """An amount is not a positive whole number within the table's limits."""


class UnknownPlayer(Refused, LookupError):
    """A player named in the command is not in this game."""


class UnknownSpace(Refused, LookupError):
    """A space named in the command is not on this edition's board."""


class UnknownGame(Refused, LookupError):
    """No game with that id exists."""


class UnknownEdition(Refused, LookupError):
    """No edition with that id is installed."""


class GameOver(Refused):
    """The game is over; only ``undo`` may still change it."""


class NotAllowed(Refused, PermissionError):
    """The sender may not send this command (a player acts only for themself)."""


class RuleBroken(Refused):
    """The command breaks a rule of the game (the message cites it in plain words)."""


class NotEnoughCash(RuleBroken):
    """A voluntary payment or purchase exceeds the payer's cash."""


class NothingToUndo(Refused):
    """There is no command left to undo."""


class ReusedId(Refused):
    """The command's client id was already used in this game for another command or by
    another sender (docs/table-log.md "client id"); nothing changed.  HTTP 409 Conflict."""


class EditionError(CompanionError, ValueError):
    """An edition file is invalid; the message names the field."""


@dataclass(frozen=True)
class Problem:
    """One finding: ``path`` names the field (``spaces[3].rents``, ``start_capital``,
    ``settings.hotel_sale``; empty = the whole file), ``message`` says what is wrong in
    plain words, ``line`` is the 1-based line in the file (None when not from a file)."""

    path: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        return f"{where}{self.path + ': ' if self.path else ''}{self.message}"


class EditionProblems(EditionError):
    """An edition (file, import or edit) is invalid; ``problems`` lists every finding."""

    def __init__(self, source: str, problems: Iterable[Problem]):
        self.source = source
        self.problems = list(problems)
        lines = "\n".join(f"  {p}" for p in self.problems)
        super().__init__(f"{source}: {len(self.problems)} problem(s):\n{lines}")


class MissingValue(Refused):
    """The edition lacks a value the command needs (ask the banker once:
    docs/table-log.md "Ask once")."""

    def __init__(self, message: str, space: int | None = None, field: str | None = None,
                 **params: object) -> None:
        super().__init__(message, **params)
        self.space = space
        self.field = field


class StorageError(CompanionError, OSError):
    """The log could not be written (disk full, read-only); nothing changed."""


class ForeignLog(StorageError):
    """The file at the log's path is no companion log: empty (0 bytes), not a SQLite file,
    or SQLite without the log's tables.  It is never turned into an empty bank."""


class UnreadableRow(StorageError):
    """A stored command of a game cannot be read back (a damaged page, text that is not
    JSON, an event this version does not know, events that do not fold).

    Attributes:
        game_id: str, the game; seq: int, the first log sequence that could not be read;
        why: str, what is wrong with it, a fixed phrase marked ``N_`` (so a page can
        translate it); detail: str, the technical reason (English, for the operator).
    """

    def __init__(self, game_id: str, seq: int, why: str, detail: object = ""):
        self.game_id, self.seq, self.why, self.detail = game_id, seq, why, str(detail)
        more = f" ({self.detail})" if self.detail else ""
        super().__init__(f"game {game_id} could not be read from command {seq}: {why}{more}")


class GameDamaged(Refused):
    """The game's log could not be read from some command on (see :class:`UnreadableRow`);
    every command to it is refused until the log is rescued (``companion rescue``)."""

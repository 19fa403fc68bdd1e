"""The one exception tree of companion.

Every refusal of a command is a :class:`Refused` (or a subclass) whose message is a
sentence a player understands.  Each class also inherits the matching built-in, as in
``gpiozero/exc.py``, so callers may catch either.
"""


class CompanionError(Exception):
    """Base class of every error raised by companion."""


class Refused(CompanionError, ValueError):
    """A command was refused; nothing changed.  The message says why."""


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


class EditionError(CompanionError, ValueError):
    """An edition file is invalid; the message names the field."""


class MissingValue(Refused):
    """The edition lacks a value the command needs (ask the banker once, RULES editions)."""

    def __init__(self, message: str, space: int | None = None, field: str | None = None):
        super().__init__(message)
        self.space = space
        self.field = field


class StorageError(CompanionError, OSError):
    """The log could not be written (disk full, read-only); nothing changed."""

"""What every command handler uses: the registry and field parsing.

A handler has the shape ``handler(draft: Draft, cmd: Cmd) -> None`` (the draft:
:class:`companion.ledger.draft.Draft`).  It reads ``draft.state``, raises a
:class:`~companion.errors.Refused` before emitting anything when a rule refuses the
command (STYLE 2), and emits events with ``draft.emit``; each event is folded in at once,
so later steps see it.  A refusal after an emit is still
safe: the table then rebuilds the game from its log, so nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion import events as ev
from companion.commands.names import find, name_key, normal
from companion.errors import BadAmount, BadCommand, UnknownPlayer, UnknownSpace
from companion.ledger.draft import Draft
from companion.state import GameState

#: Largest amount one command may move: far above any edition's money (SE: millions).
MAX_AMOUNT = 10**12
#: Longest text, in characters, of any string in a command (a memo, a name, a field name,
#: an unknown extra field): the log keeps every command and the history shows it.  Above
#: every text the game has: player names 40, deed names 60, edition ids 60, notes 80,
#: client ids and memos 200 (the phones' memo field).
MAX_TEXT = 200
#: Longest command, in characters of its JSON text: above the longest real one (a trade
#: of every deed, lifting them all: about 1 300; 4 000 with 60-letter names), far below
#: the 64 KiB a request may hold.
MAX_COMMAND = 8_000
#: Fields every command may carry: its kind and the client's id (docs/table-log.md).
COMMON_FIELDS = frozenset({"cmd", "id"})


class Fields(dict[str, Any]):
    """A command's fields that remembers which ones were looked at (``read``): a field
    no step of the command looked at is one it does not know (:func:`unknown_field`)."""

    def __init__(self, raw: dict[str, Any]):
        super().__init__(raw)
        self.read: set[str] = set()

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.read.add(key)
        return super().__contains__(key)


class Cmd:
    """A command as sent (a dict), with typed getters that refuse bad fields.  ``raw``
    remembers the fields read (:class:`Fields`), so :func:`unknown_field` can name a field
    the command does not know."""

    def __init__(self, raw: dict[str, Any], state: GameState | None = None,
                 sender: str | None = None):
        self.raw = Fields(raw)
        self.state = state
        self.name = str(raw.get("cmd", ""))
        #: The player whose phone sent the command (None: the banker, a replay, a button).
        self.sender = sender

    def has(self, key: str) -> bool:
        """True when ``key`` was given and is not null."""
        return self.raw.get(key) is not None

    def amount(self, key: str = "amount", allow_zero: bool = False) -> int:
        """A positive whole amount (0 allowed with ``allow_zero``).  Raises BadAmount, in
        a player's words: a value that is no number (``true``, ``"100"``, missing) is not
        echoed back in Python's spelling ("ikke True", h21)."""
        value = self.raw.get(key)
        if isinstance(value, float):  # 2.5, 1e+23: the figure as typed
            raise BadAmount("The %(key)s must be a whole number, not %(value)r.",
                            key=key, value=value)
        if not isinstance(value, int) or isinstance(value, bool):  # true, "100", missing
            raise BadAmount("The %(key)s must be a whole number.", key=key)
        if value < 0 or (value == 0 and not allow_zero):
            raise BadAmount("The %(key)s must be more than zero, not %(value)s.", key=key,
                            value=value)
        if value > MAX_AMOUNT:
            raise BadAmount("The %(key)s %(value)s is larger than any amount in the game.",
                            key=key, value=value)
        return value

    def integer(self, key: str, low: int, high: int, default: int | None = None) -> int:
        """A whole number in ``low..high`` (``default`` when absent).  Raises BadCommand."""
        value = self.raw.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise BadCommand("The %(key)s must be a whole number from %(low)s to %(high)s.",
                             key=key, low=low, high=high)
        return value

    def text(self, key: str, default: str | None = None) -> str:
        """A string field (``default`` when absent).  Raises BadCommand."""
        value = self.raw.get(key, default)
        if not isinstance(value, str):
            raise BadCommand("The command needs %(key)r as text.", key=key)
        return value

    def player(self, key: str = "player", bank: bool = False) -> str:
        """A player of this game by name (or ``"bank"`` when allowed), the same after NFC
        and casefolding (:func:`~companion.commands.names.name_key`).  Raises UnknownPlayer."""
        name = self.raw.get(key)
        if not isinstance(name, str) or not name.strip():
            raise BadCommand("The command needs %(key)r: a player's name.", key=key)
        if bank and name_key(name) == ev.BANK:
            return ev.BANK
        assert self.state is not None
        found = find(self.state.players, name)  # the names' rule: companion.commands.names
        if found is None:
            raise UnknownPlayer("There is no player called %(name)r in this game.",
                                name=normal(name))
        return found

    def space(self, key: str = "space") -> int:
        """A board index from a printed name (case-insensitive) or an index.  UnknownSpace."""
        value = self.raw.get(key)
        assert self.state is not None
        spaces = self.state.ed.spaces
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value < len(spaces):
                return value
        elif isinstance(value, str):
            wanted = value.strip().lower()
            for space in spaces:
                if wanted and wanted in (space.name.lower(), space.label.lower()):
                    return space.index
        if not isinstance(value, int | str) or isinstance(value, bool):  # true, a list, …
            raise UnknownSpace("Name the space by its name or its number on the board.")
        raise UnknownSpace("There is no space %(value)r on this board.", value=value)


def unknown_field(cmd: Cmd, also: frozenset[str] = frozenset()) -> None:
    """Refuse a field that no step of the command looked at, nor :data:`COMMON_FIELDS`
    or ``also`` (fields a command takes without always reading them): the log keeps
    every command, so a field nobody reads only fills the card (issue 17 point 5).
    Call it once the command was validated.  Raises BadCommand naming the field."""
    known = COMMON_FIELDS | also | cmd.raw.read
    extra = sorted(str(key) for key in cmd.raw.keys() - known)
    if extra:
        raise BadCommand("The command %(cmd)r has no field %(field)r; send only the fields "
                         "it takes.", cmd=cmd.name, field=extra[0][:40])


Handler = Callable[[Draft, Cmd], None]


@dataclass(frozen=True)
class Spec:
    """A registered command: its handler and, for players, the field naming the sender."""

    name: str
    handler: Handler
    player_field: str | None = None
    #: Fields the command takes even when a step does not read them (:func:`unknown_field`).
    fields: frozenset[str] = frozenset()


REGISTRY: dict[str, Spec] = {}


def command(name: str, player_field: str | None = None,
            fields: tuple[str, ...] = ()) -> Callable[[Handler], Handler]:
    """Register ``handler`` as command ``name``.

    ``player_field`` names the field that must be the sending player when a player's
    phone (not the banker) sends it; None = banker only.  ``fields``: fields the command
    takes that its handler may not read every time (else refused as unknown).
    """

    def register(handler: Handler) -> Handler:
        REGISTRY[name] = Spec(name, handler, player_field, frozenset(fields))
        return handler

    return register

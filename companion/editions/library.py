"""Where editions come from: the shipped files and the family's copies in the database.

:class:`EditionLibrary` serves both: a family copy (an edited box, an import, or a shipped
edition completed at the table) shadows the shipped file of the same id.  The table makes
its library *active* while it runs commands (:meth:`EditionLibrary.active`), so
:func:`companion.editions.load_edition` finds the family's copies without any global
state, environment variable or file opened at import.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources
from typing import Any, Protocol

from companion import events as ev
from companion.editions import export, validate
from companion.editions.builtin import completes, shadow_problems
from companion.editions.model import Edition
from companion.editions.parse import edition_from_dict, parse_edition
from companion.editions.problems import EditionProblems, Problem
from companion.editions.values import restore_value, stored, value_of
from companion.errors import StorageError, UnknownEdition

_ACTIVE: ContextVar[EditionLibrary | None] = ContextVar("companion_editions", default=None)
_INDEX = "editions"
#: Why the games already in the log could not be replayed with an edition about to be
#: stored (:class:`companion.table.Table` passes one; issue 17 point 2).
Guard = Callable[[Edition], list[Problem]]


class MetaStore(Protocol):
    """What the library needs of :class:`companion.store.Store`: its key/value table."""

    def get_meta(self, key: str) -> str | None: ...

    def put_meta(self, key: str, value: str) -> None: ...


def _data_dir() -> Any:
    return resources.files("companion.editions") / "data"


@cache
def shipped_ids() -> tuple[str, ...]:
    """Ids of every edition file shipped with companion, sorted."""
    return tuple(sorted(p.name[:-5] for p in _data_dir().iterdir() if p.name.endswith(".toml")))


@cache
def load_shipped(edition_id: str) -> Edition:
    """The shipped edition ``edition_id``.  Raises UnknownEdition, EditionProblems."""
    if edition_id not in shipped_ids():
        raise UnknownEdition("There is no edition called %(edition)r.", edition=edition_id)
    text = (_data_dir() / f"{edition_id}.toml").read_text(encoding="utf-8")
    return parse_edition(text, source=f"{edition_id}.toml", fmt="toml")


def active() -> EditionLibrary | None:
    """The library of the table now running a command, or None (shipped editions only)."""
    return _ACTIVE.get()


class EditionLibrary:
    """Shipped editions plus the family's copies kept in ``store`` (None = shipped only).

    Family copies are stored as JSON under meta key ``edition:<id>``; meta key
    ``editions`` lists their ids.  A copy under a built-in id only completes the shipped
    file (:mod:`companion.editions.builtin`).  ``guard``: the table's check that its games
    still fold with an edition about to be saved.  Thread-safe.
    """

    def __init__(self, store: MetaStore | None = None, guard: Guard | None = None):
        self.store = store
        self.guard = guard
        self._lock = threading.RLock()
        self._cache: dict[str, Edition] = {}

    @classmethod
    def trying(cls, edition: Edition) -> EditionLibrary:
        """A library without a database where ``edition`` is the only family copy: a game
        folded in its :meth:`active` block reads ``edition`` (the guard's trial)."""
        library = cls()
        library._cache[edition.id] = edition
        return library

    @contextmanager
    def active(self) -> Iterator[EditionLibrary]:
        """Make this library the one :func:`load_edition` reads, for the ``with`` block."""
        token = _ACTIVE.set(self)
        try:
            yield self
        finally:
            _ACTIVE.reset(token)

    def stored_ids(self) -> list[str]:
        """Ids of the family's copies, sorted."""
        raw = self.store.get_meta(_INDEX) if self.store else None
        return sorted(json.loads(raw)) if raw else []

    def ids(self) -> list[str]:
        """Every edition a game can use: shipped and family copies, sorted."""
        return sorted(set(shipped_ids()) | set(self.stored_ids()))

    def is_stored(self, edition_id: str) -> bool:
        """True when the family has its own copy of ``edition_id``."""
        return edition_id in self.stored_ids()

    def get(self, edition_id: str) -> Edition:
        """The family's copy of ``edition_id`` if any, else the shipped one.  A stored copy
        under a built-in id that changes more than the values the shipped file lacks (an
        import before issue 17) is ignored: the shipped file is used.

        Raises:
            UnknownEdition: neither exists.
        """
        with self._lock:
            if edition_id in self._cache:
                return self._cache[edition_id]
            raw = self.store.get_meta(f"edition:{edition_id}") if self.store else None
            built_in = edition_id in shipped_ids()
            if raw is None or (built_in and not self.is_stored(edition_id)):
                return load_shipped(edition_id)  # a forgotten box still loads for old games
            edition = edition_from_dict(json.loads(raw), source=f"stored {edition_id}",
                                        bounded=False)  # stored before the bound, maybe
            if built_in and not completes(load_shipped(edition_id), edition):
                edition = load_shipped(edition_id)
            self._cache[edition_id] = edition
            return edition

    def save(self, edition: Edition) -> None:
        """Store ``edition`` as the family's copy of its id (replacing an older copy).

        Raises:
            EditionProblems: the edition breaks a rule; or its id is a built-in one and it
                changes more than the values the shipped file lacks; or a game in the log
                could not be replayed with it (the guard).  Nothing stored.
            StorageError: the database could not be written.
        """
        problems = validate.check_edition(edition) + validate.check_rules_module(edition)
        built_in = load_shipped(edition.id) if edition.id in shipped_ids() else None
        problems += shadow_problems(built_in, edition)
        if not problems and self.guard is not None:
            problems += self.guard(edition)
        if problems:
            raise EditionProblems(edition.id, problems)
        if self.store is None:
            raise StorageError("This library has no database to keep editions in.")
        with self._lock:
            body = json.dumps(export.to_dict(edition), ensure_ascii=False)
            self.store.put_meta(f"edition:{edition.id}", body)
            ids = set(self.stored_ids()) | {edition.id}
            self.store.put_meta(_INDEX, json.dumps(sorted(ids)))
            self._cache[edition.id] = edition

    def forget(self, edition_id: str) -> None:
        """Drop the family's copy of ``edition_id`` from the list: a shipped edition of that
        id is used again; an own box is kept (hidden) so its old games still replay."""
        if self.store is None:
            return
        with self._lock:
            ids = set(self.stored_ids()) - {edition_id}
            self.store.put_meta(_INDEX, json.dumps(sorted(ids)))
            self._cache.pop(edition_id, None)

    def learn(self, edition_id: str, events: Iterable[ev.Event]) -> None:
        """Copy the values a game's ``EditionValueSet`` events entered into the family's
        copy of ``edition_id`` (ask once: the next game already knows them).

        A value that no longer fits the family's copy (edited meanwhile) is skipped; a
        failed write is ignored — the game itself keeps the value in its log either way.
        """
        for event in events:
            if isinstance(event, ev.EditionValueSet) and self.store is not None:
                try:
                    self._learn_one(edition_id, event)
                except (StorageError, EditionProblems, UnknownEdition):
                    continue

    def unlearn(self, edition_id: str, events: Iterable[ev.Event], before: Edition) -> None:
        """Undo of a command that entered values: the family's copy gets back the value
        ``before`` (the game's edition without that command) had, unless the copy was
        changed since.  A failed write is ignored, as in :meth:`learn`."""
        for event in events:
            if not isinstance(event, ev.EditionValueSet) or self.store is None:
                continue
            with self._lock:
                try:
                    family = self.get(edition_id)
                    if value_of(family, event.space, event.field)[0] != stored(event.value):
                        continue
                    old, mark = value_of(before, event.space, event.field)
                    self.save(restore_value(family, event.space, event.field, old, mark))
                except (StorageError, EditionProblems, UnknownEdition):
                    continue

    def as_logged(self, events: Iterable[ev.Event]) -> Edition | None:
        """The edition a game's own events make: the content pinned at its start
        (``EditionPinned``), else (a game logged before every game was pinned, issue 17)
        the shipped file ``GameStarted`` names, patched by the game's ``EditionValueSet``
        events.
        Never the family's copy as it is now: ask once copied this game's values into it,
        so it cannot tell what the game had before one of them (the ``before`` of
        :meth:`unlearn`).  None when ``events`` start no game."""
        edition: Edition | None = None
        for event in events:
            if isinstance(event, ev.EditionPinned):
                edition = edition_from_dict(event.edition, source="the game's edition",
                                            bounded=False)
            elif isinstance(event, ev.GameStarted) and (edition is None
                                                         or edition.id != event.edition):
                known = event.edition in shipped_ids()
                edition = load_shipped(event.edition) if known else self.get(event.edition)
            elif isinstance(event, ev.EditionValueSet) and edition is not None:
                edition = edition.with_value(event.space, event.field, event.value,
                                             event.provenance)
        return edition

    def _learn_one(self, edition_id: str, event: ev.EditionValueSet) -> None:
        with self._lock:
            family = self.get(edition_id)
            if validate.check_value(family, event.space, event.field, event.value):
                return
            self.save(family.with_value(event.space, event.field, event.value,
                                        event.provenance))


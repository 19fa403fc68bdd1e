"""Quick and timed games at setup (docs/rules.md C23(1), C24; docs/table-log.md "Setup").

``new_game`` may carry ``"deal"``: ``{"Alice": ["Parkveien", "Grensen"], ...}`` (two deeds
per player, as dealt at the table) or ``"random"``; a quick game without it is dealt at
random, a timed game only when asked.  Each player pays the printed prices to the bank at
once (C23(1)).  A timed game needs ``"minutes"`` (1–1440); its end time is fixed at setup
(C24).  Both are recorded in :class:`~companion.events.GameStarted` ``settings`` —
``{"deal": {name: [board index, board index]}, "minutes": int, "ends_at": Unix seconds}``
— so a random deal replays the same from the log.
"""

from __future__ import annotations

import random
import time
from typing import Any

from companion import events as ev
from companion.commands.base import Cmd
from companion.commands.names import name_key
from companion.editions import Edition, Space
from companion.errors import BadCommand
from companion.ledger.draft import Draft
from companion.money import Money
from companion.rules import rules_for

DEEDS_EACH = 2  # C23(1)
MAX_MINUTES = 24 * 60


def variant_settings(raw: Cmd, edition: Edition, names: list[str], variant: str) -> dict[str, Any]:
    """The recorded parameters of a quick or timed game (see the module docstring).

    Raises BadCommand: a deal or minutes in the wrong variant, or a malformed deal.
    """
    settings: dict[str, Any] = {}
    deal = raw.raw.get("deal")
    if deal is None and variant == "quick":
        deal = "random"
    if deal is not None:
        if variant not in ("quick", "timed"):
            raise BadCommand("Deeds are dealt only in quick and timed games.")
        settings["deal"] = _random_deal(edition, names) if deal == "random" \
            else _named_deal(edition, names, deal)
    if variant == "timed":
        minutes = raw.integer("minutes", 1, MAX_MINUTES) if raw.has("minutes") else None
        if minutes is None:
            raise BadCommand("A timed game needs 'minutes': how long to play (1 to 1440).")
        settings["minutes"], settings["ends_at"] = minutes, time.time() + 60 * minutes
    elif raw.has("minutes"):
        raise BadCommand("Only a timed game has 'minutes'.")
    return settings


def start_variant(draft: Draft, started: ev.GameStarted) -> None:
    """After the start capital: start the clock (C24) and deal the deeds, each paid to the
    bank at once (C23(1))."""
    settings = started.settings
    if "minutes" in settings:
        draft.emit(ev.ClockStarted(int(settings["minutes"]), float(settings["ends_at"])))
    for name, indices in settings.get("deal", {}).items():
        for index in indices:
            space = draft.state.ed.space(index)
            draft.emit(ev.MoneyMoved(name, ev.BANK, space.price or 0, f"dealt {space.label}",
                                     "dealt", space.index))
            draft.emit(ev.DeedMoved(index, name))
            rules_for(draft.state.ed).after_deal(draft, name, index)  # W1 passport


def _dealable(edition: Edition) -> list[Space]:
    return [s for s in edition.deeds if s.price is not None]


def _random_deal(edition: Edition, names: list[str]) -> dict[str, list[int]]:
    """Two deeds each, dealt one at a time from a shuffled pile (C23(1))."""
    pile = _dealable(edition)
    if len(pile) < DEEDS_EACH * len(names):
        raise BadCommand("There are not enough priced deeds to deal two to each player.")
    random.SystemRandom().shuffle(pile)
    return {name: [pile[n + k * len(names)].index for k in range(DEEDS_EACH)]
            for n, name in enumerate(names)}


def _named_deal(edition: Edition, names: list[str], deal: Any) -> dict[str, list[int]]:
    if not isinstance(deal, dict) or set(map(name_key, deal)) != set(map(name_key, names)):
        raise BadCommand("Give 'deal' as two deeds for every player, or \"random\".")
    out: dict[str, list[int]] = {}
    for name in names:  # named as in the players' list (companion.commands.names)
        given = next(v for k, v in deal.items() if name_key(k) == name_key(name))
        if not isinstance(given, list) or len(given) != DEEDS_EACH:
            raise BadCommand("Deal exactly two deeds to %(player)s.", player=name)
        out[name] = [_deed(edition, value) for value in given]
        total = sum(edition.space(i).price or 0 for i in out[name])
        if total > edition.start_capital:
            raise BadCommand("%(player)s cannot pay %(total)s for the dealt deeds.",
                             player=name, total=Money.of(edition, total))
    dealt = [i for indices in out.values() for i in indices]
    if len(set(dealt)) != len(dealt):
        raise BadCommand("A deed is dealt twice.")
    return out


def _deed(edition: Edition, value: Any) -> int:
    """A priced deed by printed name or board index.  Raises BadCommand."""
    if isinstance(value, bool) or not isinstance(value, int | str):  # true is no index 1
        raise BadCommand("Name each deed dealt by its name or its number on the board.")
    for space in _dealable(edition):
        if value == space.index or (isinstance(value, str) and value.strip().lower()
                                    in (space.name.lower(), space.label.lower())):
            return space.index
    raise BadCommand("%(value)r is not a deed with a known price on this board.", value=value)

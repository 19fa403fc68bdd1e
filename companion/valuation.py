"""Worth and the tally (docs/rules.md C22, C23): what every player is worth, and who wins.

Worth (C23): cash; unmortgaged deeds at the printed price; mortgaged deeds at half the
printed price; houses at purchase price; a hotel at its price plus the houses that
preceded it; open debts subtracted (each edition's rule set: M22, K8/K11).  The tally
lists the rule set's parts (columns) and withholds the winner while a value it needs is
missing (issue 15).  All ``int`` in the edition's unit.
:func:`worth_series`: every player's worth after each command of a game (the tally's chart).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.editions.provenance import unverified
from companion.folds import apply
from companion.rules import rules_for
from companion.rules.ruleset import Classic
from companion.rules.worth import classic_raisable, classic_worth
from companion.state import Deed, GameState
from companion.store import LogRow


def worth(state: GameState, name: str,
          owned: Sequence[Deed] | None = None) -> dict[str, int]:
    """The C23 breakdown of ``name``'s worth: cash, deeds, mortgaged, buildings, debts, total
    (``int``), as the game's rule set counts it (classic C23; K8/K11 Kortstokk; M22).
    ``owned``: ``state.owned_by(name)`` when the caller has it (issue 19: the player's
    view reads it once); a rule set with a worth of its own is asked without it."""
    rules = rules_for(state.ed)
    if owned is not None and type(rules).worth is Classic.worth:
        return classic_worth(state, name, owned)  # a fresh dict, as Classic.worth's
    return dict(rules.worth(state, name))


def tally(state: GameState) -> dict[str, Any]:
    """Every player's worth and the winner (C22: the last one standing; else the richest
    by :func:`winner_by`: the C23 ``total``, or W3's ``money`` = cash less open debts).

    Shape: ``{"players": {name: worth-breakdown + "money"}, "winner": name or None,
    "winner_by": "worth" or "cash", "parts": [{"key", "heading", "sign"}] (the rule set's
    :meth:`~companion.rules.ruleset.Classic.worth_parts`: each row's ``total`` is their
    signed sum), "worth_rule" and "win_rule" (English sentences), "unverified": [...],
    "missing": [...]}``: cash and the C23 worth side by side (W3); a tie for the richest
    names no winner; ``unverified`` lists the edition values the worth used that are not
    ``verified`` (:func:`values_used`; issue 5), ``missing`` those the edition lacks
    (each ``{"space", "name", "field", "provenance": "missing"}``).  While a value is
    missing and the richest by worth would be the winner, no winner is named (issue 15:
    never on a wrong figure); the last one standing or a winner decided when the game
    ended (M22, K11) stands.
    """
    rules = rules_for(state.ed)
    checked = unverified(state.ed, values_used(state))
    missing = [row for row in checked if row["provenance"] == "missing"]
    result = {**_tally(state), "unverified": checked, "missing": missing,
              "parts": [{"key": p.key, "heading": p.heading, "sign": p.sign}
                        for p in rules.worth_parts(state.ed)],
              "worth_rule": rules.worth_sentence(state.ed)}
    result["win_rule"] = rules.win_sentence(result["winner_by"])
    if missing and result["winner_by"] == "worth" and len(state.active_players()) > 1:
        result["winner"] = None  # named once the missing values are entered
    if state.over and state.winner is not None:
        result["winner"] = state.winner  # decided when the game ended (e.g. K11 declared)
    return result


def values_used(state: GameState) -> list[tuple[int, str]]:
    """(board index, field) of every edition value the worth reads: classic, the printed
    price of each owned deed and the house price of each built lot; the rule set's own
    (M22), or none (K8: its sale values are rules, not deed values)."""
    return list(rules_for(state.ed).values_used(state))


def _tally(state: GameState) -> dict[str, Any]:
    rows = {name: worth(state, name) for name in state.players}
    for row in rows.values():
        row["money"] = row["cash"] - row["debts"]
    by = winner_by(state)
    active = state.active_players()
    if len(active) == 1:
        return {"players": rows, "winner": active[0], "winner_by": by}
    key = "money" if by == "cash" else "total"
    best = max((rows[n][key] for n in active), default=0)
    leaders = [n for n in active if rows[n][key] == best]
    winner = leaders[0] if len(leaders) == 1 else None
    return {"players": rows, "winner": winner, "winner_by": by}


def winner_by(state: GameState) -> str:
    """What decides the richest: ``"worth"`` (C23) in quick and timed games (C23, C24),
    else the edition's ``settings.winner_by`` (W3: ``"cash"`` in Verdens underverker)."""
    return "worth" if state.variant in ("quick", "timed") else state.ed.settings.winner_by


def raisable(state: GameState, name: str, owned: Sequence[Deed] | None = None) -> int:
    """How much ``name`` could still raise without trading (C21): cash, plus every building
    sold back at half price (C17), plus the mortgage value of every unmortgaged deed (C19).
    ``int`` in the edition's unit; a bankrupt player can raise 0.  The rule set decides
    (K10: kortstokk sells everything; M21).  ``owned``: as for :func:`worth`."""
    rules = rules_for(state.ed)
    if owned is not None and type(rules).raisable is Classic.raisable:
        return classic_raisable(state, name, owned)
    return rules.raisable(state, name)


@dataclass(frozen=True)
class WorthPoint:
    """Worth after one command: log ``seq``, game ``turn`` (0 = before the first
    ``next_turn``) and ``totals``: player name -> C23 total (int, edition's unit)."""

    seq: int
    turn: int
    totals: dict[str, int]


def worth_series(rows: Iterable[LogRow]) -> list[WorthPoint]:
    """Fold ``rows`` (a game's commands that count, oldest first:
    :meth:`companion.table.Table.applied_rows`) into a fresh state once (O(commands)) and
    read every player's C23 worth after each: one :class:`WorthPoint` per row.  The
    caller makes the game's editions active (:meth:`companion.table.Table.worth_series`)."""
    state, points = GameState(), []
    for row in rows:
        for event in row.events:
            apply(state, event, row.seq)
        totals = {name: worth(state, name)["total"] for name in state.players}
        points.append(WorthPoint(row.seq, state.turn, totals))
    return points

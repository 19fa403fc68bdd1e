"""Monopol Verdens underverker: the rule set of the ``wonders`` edition (docs/rules.md W1–W4).

Rent is classic (:func:`rent`, C6–C9): airports are stations, the public institutions
utilities.  On top, the rule set :class:`Wonders` (registered as ``wonders``) plays the
``passports`` mechanic — thin, each hook calling the function of the same name in
:mod:`companion.mechanics.passports.rules` (passports, free flights and the race to 22);
its one command is in :mod:`companion.mechanics.passports.commands`.
"""

from __future__ import annotations

from companion.errors import RuleBroken
from companion.ledger.draft import Draft
from companion.mechanics.passports.rules import after_deal, after_deed_won, after_land, wonders
from companion.rules.classic import rent
from companion.rules.ruleset import Classic

__all__ = ["Wonders", "after_deal", "after_deed_won", "after_land", "rent", "wonders"]


class Wonders(Classic):
    """The Verdens underverker rule set (W1–W4): classic, plus passports and free flights;
    each hook calls the module function of the same name."""

    commands = frozenset({"free_flight"})
    mechanics = ("passports",)
    features = Classic.features | {"passport", "free_flights"}

    def not_offered(self) -> RuleBroken:
        """``free_flight`` asked in a game of another edition."""
        return RuleBroken("This game has no passports, so there are no free flights.")

    def after_land(self, draft: Draft, player: str, space: int) -> None:
        """W1 passport mark, W2 free flight."""
        after_land(draft, player, space)

    def after_deed_won(self, draft: Draft, player: str, space: int) -> None:
        """W1."""
        after_deed_won(draft, player, space)

    def after_deal(self, draft: Draft, player: str, space: int) -> None:
        """W1."""
        after_deal(draft, player, space)

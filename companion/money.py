"""The one rounding function of companion (STYLE 5; docs/rules.md X3).

Money is ``int`` in the edition's unit everywhere.  Where a rule produces a fraction —
the 10 % mortgage interest (C19, X3), half a building's price (C17), half a printed price
(C23) — it is computed as an exact :class:`~fractions.Fraction` and rounded here, once.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from companion.editions.model import Edition

if TYPE_CHECKING:
    from companion.state import GameState

__all__ = ["Money", "amount_text", "half", "percent_of", "round_to"]


def round_to(amount: int | Fraction, step: int = 1) -> int:
    """``amount`` rounded to the nearest multiple of ``step``, halves rounded up (X3).

    Args:
        amount: int or Fraction, in the edition's unit (never a float).
        step: int > 0, the rounding step: 1 = whole kroner; 10 000 in SE 2008 (X3).

    Returns an ``int``: ``round_to(Fraction(5, 2)) == 3``;
    ``round_to(125_000, 10_000) == 130_000``; ``round_to(124_999, 10_000) == 120_000``.

    Raises:
        ValueError: ``step`` is not a positive whole number.
    """
    if not isinstance(step, int) or step <= 0:
        raise ValueError(f"the rounding step must be a positive whole number, not {step!r}")
    steps = Fraction(amount) / step + Fraction(1, 2)
    return int(steps.__floor__()) * step


def percent_of(amount: int, percent: int, step: int = 1) -> int:
    """``percent`` % of ``amount``, rounded to ``step`` (C19 interest, X3)."""
    return round_to(Fraction(amount * percent, 100), step)


def half(amount: int) -> int:
    """Half of ``amount``, rounded half up to a whole unit (C17, C23).  Integer arithmetic:
    the same as ``round_to(Fraction(amount, 2))`` for every int, at a tenth of the cost
    (the snapshot calls it for every deed)."""
    return (amount + 1) // 2


def amount_text(where: GameState | Edition, amount: int) -> str:
    """``amount`` in the edition's unit as a player reads it, thousands grouped by a space.

    Args:
        where: the game's state (its edition) or an edition; its ``unit`` (``kr``,
            ``coins``) follows the number.
        amount: int in that unit.

    ``amount_text(state, 1200) == "1 200 kr"``; ``amount_text(kortstokk, 3) == "3 coins"``;
    one of a unit ending in "s" is singular: ``"1 coin"``.
    """
    unit = where.unit if isinstance(where, Edition) else where.ed.unit
    return _text(amount, unit)


def _text(amount: int, unit: str) -> str:
    if abs(amount) == 1 and unit.endswith("s"):
        unit = unit[:-1]
    return f"{amount:,}".replace(",", " ") + f" {unit}"


class Money(int):
    """An amount with its unit, for a refusal's params: ``%(cost)s`` in the template.

    It is an ``int`` (compare it, do sums with it); ``str()`` is :func:`amount_text`
    (``"1 200 kr"``, ``"1 coin"``), so the English sentence reads as before, and a user
    interface that knows the type writes it the local way (``web.refusal_text.translate_error``:
    ``1,200 kr`` in English, ``1 200 kr`` in bokmål, ``3 mynt``)::

        raise NotEnoughCash("%(player)s has %(cash)s; that costs %(cost)s.", player=p,
                            cash=Money.of(state, cash), cost=Money.of(state, cost))
    """

    unit: str

    def __new__(cls, amount: int, unit: str) -> Money:
        money = super().__new__(cls, amount)
        money.unit = unit
        return money

    @classmethod
    def of(cls, where: GameState | Edition, amount: int) -> Money:
        """``amount`` in the unit of ``where`` (a game's state or an edition)."""
        return cls(amount, where.unit if isinstance(where, Edition) else where.ed.unit)

    def __str__(self) -> str:
        return _text(int(self), self.unit)

    def __repr__(self) -> str:
        return f"Money({int(self)}, {self.unit!r})"

    def __reduce__(self) -> tuple[type[Money], tuple[int, str]]:
        return Money, (int(self), self.unit)

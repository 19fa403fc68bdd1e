"""Mortgage rules (C19, X3): mortgage value, the 10 % interest and the cost of lifting.

Pure functions; amounts ``int`` in the edition's unit.  The interest is
``round_to(mortgage × mortgage_interest_percent / 100, mortgage_interest_step)`` (X3:
whole kroner in NO 1996, 10 000 kr in SE 2008), computed in :mod:`companion.money`.
"""

from __future__ import annotations

from companion.editions import Edition, Space
from companion.errors import MissingValue
from companion.money import percent_of


def mortgage_value(space: Space) -> int:
    """The deed's printed mortgage value (C19).

    Raises MissingValue: the edition does not know it yet (the banker enters it once).
    """
    if space.mortgage is None:
        raise MissingValue("The mortgage value of %(deed)s is not known yet: enter the "
                           "figure on the back of its deed.", space=space.index,
                           field="mortgage", deed=space.label)
    return space.mortgage


def interest(edition: Edition, space: Space) -> int:
    """The 10 % on ``space``'s mortgage value, rounded per X3 (NO: Parkveien 600 -> 60)."""
    settings = edition.settings
    return percent_of(mortgage_value(space), settings.mortgage_interest_percent,
                      settings.mortgage_interest_step)


def lift_cost(edition: Edition, space: Space) -> int:
    """Mortgage value + interest: what lifting costs (C19; NO: Parkveien 600 + 60 = 660)."""
    return mortgage_value(space) + interest(edition, space)


def receive_cost(edition: Edition, space: Space, lift: bool) -> int:
    """What a player receiving mortgaged ``space`` in a trade or bankruptcy pays the bank
    at once (C19, C21): the interest, or the whole lift cost when lifting it now."""
    return lift_cost(edition, space) if lift else interest(edition, space)

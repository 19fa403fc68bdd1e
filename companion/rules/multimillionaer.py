"""Multimillionær: the rule module of the ``multimillionaer`` edition (docs/rules.md M1–M23).

Rent is classic (M5: from the deed, doubled on the unbuilt lots of a whole series; M20:
shipping companies by how many the owner has, like stations).  The core calls these
functions through the rule set :class:`Multimillionaer` (registered as
``multimillionaer``) — thin, calling into its mechanics' packages (``stocks``, ``notes``,
``ola`` in :mod:`companion.mechanics`), whose commands do the rest:

- :func:`after_start` — M2 share split, M3 starting levels, the Ola phase (M4);
- :func:`after_turn` / :func:`after_land` — M4 phases, M18 missed interest, M8 Børsen,
  M14 Ferieparadiset, M15 Trafikkfyr;
- :func:`exempt_from_rent` — M10 (all 10 shares of the series), M15 (Trafikkfyr);
- :func:`at_rent_due` — M6 stock moves at the landing that makes the rent (the roll);
- :func:`after_rent` — M10 the 50 % shareholder cut, with the payment;
- :func:`after_lapse` — M6 an unclaimed rent's stock moves stand, or are undone;
- :func:`tax_due` — M16 Skatt: the printed percentage of the lander's cash;
- :func:`worth`, :func:`values_used`, :func:`raisable`, :func:`after_command`,
  :func:`after_hand_over`, :func:`assets_sale`, :func:`sell_assets`, :func:`loans_sale`,
  :func:`take_loans` — M21, M22.

Money ``int`` kr.
"""

from __future__ import annotations

from companion.editions import Edition, Space
from companion.errors import N_, MissingValue, RuleBroken
from companion.ledger.draft import Draft
from companion.mechanics.ola.rules import after_land, after_start, after_turn, rent_free
from companion.mechanics.ola.worth import (
    after_command,
    after_hand_over,
    assets_sale,
    loans_sale,
    raisable,
    sell_assets,
    take_loans,
    values_used,
    worth,
)
from companion.mechanics.stocks.rules import (
    ALL_SHARES,
    SHARES_PER_SERIES,
    after_lapse,
    after_rent,
    at_rent_due,
    check_shares,
    held,
    parse_series,
    series_ids,
    series_of,
)
from companion.money import percent_of
from companion.rules.classic import rent
from companion.rules.ruleset import Classic
from companion.rules.worth import Part
from companion.state import Claim, GameState

__all__ = ["Multimillionaer", "after_command", "after_hand_over", "after_land", "after_lapse",
           "after_rent",
           "after_start", "after_turn", "assets_sale", "at_rent_due", "exempt_from_rent",
           "loans_sale", "raisable", "rent", "sell_assets", "take_loans", "tax_due",
           "values_used", "worth"]


def exempt_from_rent(state: GameState, payer: str, index: int) -> bool:
    """True when ``payer`` owes no rent for landing on ``index``: they hold all 10 shares
    of its series (M10), or stopped at Trafikkfyr the round before (M15)."""
    series = series_of(state.ed, state.ed.space(index))
    if series is not None and held(state, payer, series) >= ALL_SHARES:
        return True
    return rent_free(state, payer)


def tax_due(state: GameState, player: str, space: Space) -> int:
    """M16: the percentage printed on Skatt (the space's ``tax``) of ``player``'s CASH.

    Raises:
        MissingValue: the percentage is not known yet (asked once, ``edition_value``).
    """
    if space.tax is None:
        raise MissingValue("The percentage of %(deed)s is not known yet: enter the "
                           "percentage printed on the space.", space=space.index, field="tax",
                           deed=space.label)
    return percent_of(state.players[player].cash, space.tax)


class Multimillionaer(Classic):
    """The Multimillionær rule set (M1–M23): each method calls the module function of the
    same name (here, or in the ``stocks`` and ``ola`` mechanics' ``rules`` and ``worth``).
    Classic rent (M5, M20); no jail (M14 Ferieparadiset) and nothing for passing Start
    (M1)."""

    commands = frozenset({"ola_land", "ola_roll", "stay", "casino", "stock_level",
                          "debt_note", "redeem_note", "pay_interest", "point_out",
                          "buy_shares", "sell_shares", "borsen_buy", "trade_shares"})
    mechanics = ("stocks", "notes", "ola")
    shares_per_series = SHARES_PER_SERIES
    features = frozenset({"houses", "hotels", "mortgages", "stock_board", "debt_notes",
                          "ola_nordmann", "tax_percent"})  # M16: Skatt's tax is a percentage

    def not_offered(self) -> RuleBroken:
        """A Multimillionær command asked in a game of another edition."""
        return RuleBroken("That is a Multimillionær rule; this game's edition does not use it.")

    def series(self, edition: Edition) -> list[str]:
        """M3: the series of the stock board, in column order."""
        return series_ids(edition)

    def parse_series(self, state: GameState, raw: object) -> str:
        """M3: a series id of the board.  Raises BadCommand, RuleBroken."""
        return parse_series(state, raw)

    def check_shares(self, state: GameState, player: str,
                     shares: tuple[tuple[str, int], ...]) -> None:
        """M7, M9: enough shares held, none of a suspended series."""
        check_shares(state, player, shares)

    def tax_due(self, state: GameState, player: str, space: Space) -> int:
        """M16: a percentage of the lander's cash."""
        return tax_due(state, player, space)

    def exempt_from_rent(self, state: GameState, payer: str, space: int) -> bool:
        """M10 all 10 shares, M15 Trafikkfyr."""
        return exempt_from_rent(state, payer, space)

    def at_rent_due(self, draft: Draft, payer: str, space: int, amount: int,
                    claim: int) -> None:
        """M6: the stock board moves at the roll."""
        at_rent_due(draft, payer, space, amount, claim)

    def after_rent(self, draft: Draft, payer: str, owner: str, space: int,
                   amount: int) -> None:
        """M10: the 50 % shareholder cut."""
        after_rent(draft, payer, owner, space, amount)

    def after_lapse(self, draft: Draft, claim: Claim) -> None:
        """M6, M11: the lapsed claim's stock moves stand or are undone."""
        after_lapse(draft, claim)

    def after_start(self, draft: Draft) -> None:
        """M2 shares, M3 starting levels, M4 Ola's phase."""
        after_start(draft)

    def after_turn(self, draft: Draft, previous: str) -> None:
        """M4 phases, M15, M18 missed interest."""
        after_turn(draft, previous)

    def after_land(self, draft: Draft, player: str, space: int) -> None:
        """M8 Børsen, M14 Ferieparadiset, M15 Trafikkfyr."""
        after_land(draft, player, space)

    def worth(self, state: GameState, name: str) -> dict[str, int]:
        """M22."""
        return worth(state, name)

    def values_used(self, state: GameState) -> list[tuple[int, str]]:
        """M22."""
        return values_used(state)

    def board_values(self, edition: Edition, space: Space) -> tuple[str, ...]:
        """M22, M17: the board value (price) and the mortgage value; Aker Brygge and
        Gyldenløves gate (sold only by auction, M4) only the mortgage value, which the
        tally counts twice."""
        if space.name in edition.settings.auction_only:
            return ("mortgage",)
        return ("price", "mortgage")

    def worth_parts(self, edition: Edition) -> tuple[Part, ...]:
        """M22: the parts of :func:`worth`; ``mortgage_loans`` only when the edition
        subtracts them (``worth_less_mortgages``)."""
        loans = (Part("mortgage_loans", N_("Mortgage loans"), -1),) \
            if edition.settings.worth_less_mortgages else ()
        return (Part("cash", N_("Cash")), Part("deeds", N_("Deeds at board value")),
                Part("mortgaged", N_("Mortgaged deeds at mortgage value")),
                Part("buildings", N_("Buildings at purchase price")),
                Part("shares", N_("Shares at the board's price")),
                Part("notes", N_("Debt notes"), -1), *loans, Part("debts", N_("Debts"), -1))

    def worth_sentence(self, edition: Edition) -> str:
        """M22 ("Ved oppgjør …"), English."""
        if edition.settings.worth_less_mortgages:
            return N_("Worth is cash, lots and shipping companies at the value on the board "
                      "(Aker Brygge and Gyldenløves gate at twice their mortgage value), "
                      "mortgaged ones at their mortgage value, shares at the stock board's "
                      "price, houses, hotels and the castle at purchase price (a hotel or "
                      "castle = 5 houses), less debt notes (50 000 kr each), mortgage loans "
                      "and debts.")
        return N_("Worth is cash, lots and shipping companies at the value on the board "
                  "(Aker Brygge and Gyldenløves gate at twice their mortgage value), "
                  "mortgaged ones at their mortgage value, shares at the stock board's "
                  "price, houses, hotels and the castle at purchase price (a hotel or "
                  "castle = 5 houses), less debt notes (50 000 kr each) and debts.")

    def win_sentence(self, winner_by: str) -> str:
        """M22: the multimillionaire, the last one left, or the richest at the agreed time."""
        return N_("A player whose worth reaches 2 000 000 kr wins at once; else the last one "
                  "left, or the highest worth when the agreed time is up.")

    def raisable(self, state: GameState, name: str) -> int:
        """M21."""
        return raisable(state, name)

    def assets_sale(self, state: GameState, player: str) -> int:
        """M21: shares at the board price."""
        return assets_sale(state, player)

    def sell_assets(self, draft: Draft, player: str, paid: bool) -> None:
        """M21: shares to the bank."""
        sell_assets(draft, player, paid)

    def loans_sale(self, state: GameState, player: str) -> int:
        """M21, M18: the debt notes still allowed."""
        return loans_sale(state, player)

    def take_loans(self, draft: Draft, player: str) -> None:
        """M21, M18: take the debt notes still allowed."""
        take_loans(draft, player)

    def after_command(self, draft: Draft) -> None:
        """M22: a multimillionaire ends the game."""
        after_command(draft)

    def after_hand_over(self, draft: Draft, player: str, creditor: str) -> None:
        """M21: suspended shares to the creditor, notes void."""
        after_hand_over(draft, player, creditor)

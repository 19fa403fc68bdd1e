"""The classic rule set, the base every edition's rule set extends (STYLE 13).

A rule set is a stateless class; :func:`companion.rules.rules_for` gives the game's
instance (the edition's ``rules`` names it in
:data:`~companion.editions.rulesets.RULE_SETS`).  Every hook, check and override is a
typed method here with the classic behaviour (often: nothing); an edition's subclass
overrides only what differs, so a misspelt hook is a type error (mypy), not a silent no-op.

- *Hooks* only emit events (``draft.emit``), never refuse: ``after_land``,
  ``after_deed_won``, ``after_deal``, ``after_start``, ``after_turn``, ``after_lapse``,
  ``at_rent_due``, ``after_rent``, ``after_command``, ``after_hand_over``, ``sell_assets``.
- *Checks* only refuse (a :class:`~companion.errors.Refused` with a sentence), never emit:
  ``check_build``, ``check_sell_building``, ``check_mortgage``, ``check_deed_auction``,
  ``check_bid``, ``check_shares``.
- *Values*: ``series``, ``rent``, ``tax_due``, ``exempt_from_rent``, ``auction_start``, ``worth``,
  ``worth_parts``, ``worth_sentence``, ``win_sentence``, ``values_used``, ``raisable``,
  ``buildings_sale``, ``assets_sale``, ``default_decliner``, ``shared_value``.
- *What it offers*: ``commands`` (its own, refused by the table in other editions with
  :meth:`Classic.not_offered`), ``withheld`` (table commands it refuses with its own
  checks), ``features``, ``mechanics``; asked with :meth:`Classic.allows` and :meth:`Classic.has`.

Board indexes are ``int``; money ``int`` in the edition's unit.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from companion.editions import Edition, Space
from companion.editions.rulesets import RULE_SETS
from companion.errors import RuleBroken
from companion.ledger.draft import Draft
from companion.rules import classic
from companion.rules.worth import (
    CLASSIC_PARTS,
    CLASSIC_SENTENCE,
    Part,
    classic_buildings_sale,
    classic_raisable,
    classic_values_used,
    classic_worth,
    win_sentence,
)
from companion.state import Claim, GameState

#: Every house rule a game may set (``new_game``'s ``house_rules``; C5 auto rent, C12 pot).
HOUSE_RULES = ("auto_rent", "free_parking_pot")

#: Table command (or house rule) -> the feature (:attr:`Classic.features`) it needs: a
#: game without that feature neither offers nor shows it (:meth:`Classic.allows`).
NEEDS: dict[str, str] = {
    "pass_start": "pass_start", "jail": "jail", "leave_jail": "jail", "jail_try": "jail",
    "jail_card": "jail_card", "repairs": "repairs", "build": "houses",
    "sell_building": "houses", "mortgage": "mortgages", "unmortgage": "mortgages",
    "free_parking_pot": "free_parking",
}


class Classic:
    """The classic rules (docs/rules.md C1–C25, X1–X4): every hook a no-op, every value
    the classic one.  Subclasses: Kortstokk (K*), Multimillionaer (M*), Wonders (W*)."""

    #: Commands only this rule set has (``build_pair``, ``ola_roll``, …); another
    #: edition's table refuses them with :meth:`not_offered`.
    commands: frozenset[str] = frozenset()
    #: Table commands this rule set does not offer; its own checks refuse them with
    #: the sentence that says what to do instead (K7, K8).
    withheld: frozenset[str] = frozenset()
    #: What the game has, for screens to ask (:meth:`has`): ``jail`` (C13),
    #: ``jail_card`` (a card kept to leave jail, C10), ``pass_start`` (Start pays when
    #: passed, C2), ``repairs`` (a card charging per house and hotel, C10),
    #: ``free_parking`` (the space, C12), ``houses``, ``hotels``, ``mortgages``,
    #: ``stock_board``, ``debt_notes``, ``ola_nordmann``, ``passport``, ``free_flights``,
    #: ``fire_insurance``, ``jokers``, ``auction_among_others`` (a declined deed is
    #: auctioned among the other players, K4), ``worth_at_sale`` (worth is what selling
    #: everything to the bank brings, K8, K11).
    features: frozenset[str] = frozenset({"jail", "jail_card", "pass_start", "repairs",
                                          "free_parking", "houses", "hotels", "mortgages"})
    #: The edition mechanics it plays with: names in
    #: :data:`companion.mechanics.MECHANICS` (their state, folds, view; issue 14).
    mechanics: tuple[str, ...] = ()
    #: Shares of each series of the stock board (M2); 0 = no stock board.
    shares_per_series: int = 0

    # -- what it offers ---------------------------------------------------------------

    def allows(self, command: str) -> bool:
        """True when this rule set offers the table command ``command`` (a name of the
        command registry): not withheld, not another rule set's own command, and the game
        has what it needs (:data:`NEEDS`: no ``jail`` panel without a jail, M14)."""
        if command in self.withheld:
            return False
        if command in NEEDS and not self.has(NEEDS[command]):
            return False
        return command in self.commands or command not in rule_set_commands()

    def house_rules(self) -> tuple[str, ...]:
        """The house rules a game of this rule set can use, in the new-game form's order:
        ``auto_rent``, and ``free_parking_pot`` only with a free-parking space (C12)."""
        return tuple(rule for rule in HOUSE_RULES
                     if rule not in NEEDS or self.has(NEEDS[rule]))

    def has(self, feature: str) -> bool:
        """True when the game has ``feature`` (one of :attr:`features`' names)."""
        return feature in self.features

    def not_offered(self) -> RuleBroken:
        """The refusal of one of this rule set's :attr:`commands` in a game of another."""
        return RuleBroken("That is not a rule of this game's edition.")

    # -- values -----------------------------------------------------------------------

    def rent(self, state: GameState, space: Space, dice: int | None) -> int:
        """Rent owed for landing on ``space`` (0 = none); C6–C9 + X1.  ``dice``: the dice
        total, None when not given.  Raises MissingValue, BadCommand."""
        return classic.rent(state, space, dice)

    def tax_due(self, state: GameState, player: str, space: Space) -> int:
        """C11: the tax ``player`` owes for landing on the tax space ``space``: its
        printed amount (0 when none)."""
        return space.tax or 0

    def exempt_from_rent(self, state: GameState, payer: str, space: int) -> bool:
        """True when ``payer`` owes no rent for landing on board index ``space`` (no
        claim is opened).  Classic: never."""
        return False

    def auction_start(self, state: GameState, space: Space) -> int:
        """The lowest bid for the bank's deed ``space`` (the default first bid of
        ``auction_open``).  C4: 0, any amount."""
        return 0

    def worth(self, state: GameState, name: str) -> dict[str, int]:
        """``name``'s worth, shape ``{"cash", "deeds", "mortgaged", "buildings", "debts",
        "total", …}`` (C23)."""
        return classic_worth(state, name)

    def values_used(self, state: GameState) -> list[tuple[int, str]]:
        """(board index, field) of every edition value :meth:`worth` reads (issue 5)."""
        return classic_values_used(state)

    def worth_parts(self, edition: Edition) -> tuple[Part, ...]:
        """The parts of :meth:`worth` in the tally's column order, each signed: a row's
        ``total`` is their signed sum (C23: cash, deeds, mortgaged, buildings, less
        debts; issue 15)."""
        return CLASSIC_PARTS

    def worth_sentence(self, edition: Edition) -> str:
        """What :meth:`worth` counts, one English sentence the pages translate (C23)."""
        return CLASSIC_SENTENCE

    def win_sentence(self, winner_by: str) -> str:
        """How the tally names the winner, English (C22–C24; W3 ``winner_by="cash"``)."""
        return win_sentence(winner_by)

    def raisable(self, state: GameState, name: str) -> int:
        """What ``name`` could still raise without trading (C21); 0 when bankrupt."""
        return classic_raisable(state, name)

    def buildings_sale(self, state: GameState, player: str) -> int:
        """What the bank pays for all of bankrupt ``player``'s buildings (C21: half)."""
        return classic_buildings_sale(state, player)

    def default_decliner(self, state: GameState) -> str:
        """Who declined to buy a deed the bank auctions when the command names nobody
        (``decliner`` omitted): classic ``""`` (C4: anyone may bid, nobody is left out)."""
        return ""

    def board_values(self, edition: Edition, space: Space) -> tuple[str, ...]:
        """The printed values of deed ``space`` the bank needs before it changes hands
        (:mod:`companion.rules.deed_values`, h21): its price (the worth, C23) and, where
        deeds are mortgaged, its mortgage value (C19)."""
        return ("price", "mortgage") if self.has("mortgages") else ("price",)

    def shared_value(self, state: GameState, space: int, field: str) -> tuple[int, ...]:
        """The board indexes whose ``field`` is the same printed value as ``space``'s, so
        that ``edition_value`` enters it once for all of them (ask once).  Classic: just
        ``(space,)`` — every deed has its own card."""
        return (space,)

    def assets_sale(self, state: GameState, player: str) -> int:
        """What else the bank pays for at a bankruptcy (C21: nothing)."""
        return 0

    def loans_sale(self, state: GameState, player: str) -> int:
        """What else bankrupt ``player`` borrows when the debts are served in order and a
        player is owed, besides mortgages (C21: nothing; M21: debt notes)."""
        return 0

    def series(self, edition: Edition) -> list[str]:
        """The stock board's series ids in column order (M3); classic: none."""
        return []

    def parse_series(self, state: GameState, raw: object) -> str:
        """A series id from a command's ``series`` (M3).  Classic: raises RuleBroken
        (no stock board)."""
        raise RuleBroken("This game has no shares: its edition has no stock board.")

    # -- hooks: emit only ---------------------------------------------------------------

    def sell_assets(self, draft: Draft, player: str, paid: bool) -> None:
        """The events that sell :meth:`assets_sale` to the bank, paid to ``player`` when
        ``paid`` (C21: none)."""

    def take_loans(self, draft: Draft, player: str) -> None:
        """The events that borrow :meth:`loans_sale` for bankrupt ``player`` (C21: none)."""

    def after_land(self, draft: Draft, player: str, space: int) -> None:
        """``player`` landed on board index ``space`` (after rent, tax, jail)."""

    def after_deed_won(self, draft: Draft, player: str, space: int) -> None:
        """``player`` won the deed at ``space`` at auction."""

    def after_deal(self, draft: Draft, player: str, space: int) -> None:
        """``player`` was dealt the deed at ``space`` in quick or timed play (C23, C24)."""

    def after_start(self, draft: Draft) -> None:
        """The game started; the start capital is paid (``new_game``)."""

    def after_turn(self, draft: Draft, previous: str) -> None:
        """``next_turn`` passed the turn on from ``previous`` (before claims lapse)."""

    def after_lapse(self, draft: Draft, claim: Claim) -> None:
        """Open rent claim ``claim`` lapsed unclaimed (C5)."""

    def at_rent_due(self, draft: Draft, payer: str, space: int, amount: int,
                    claim: int) -> None:
        """A landing made ``payer`` (a player, or ``"bank"``) owe ``amount`` of rent for
        board index ``space``; ``claim`` is the claim opened, 0 when paid at once."""

    def after_rent(self, draft: Draft, payer: str, owner: str, space: int,
                   amount: int) -> None:
        """``payer`` (a player, or ``"bank"``) paid ``owner`` rent of ``amount`` for
        ``space`` (``claim``, ``auto_rent``)."""

    def after_command(self, draft: Draft) -> None:
        """Every command, after its debts were settled (the table)."""

    def after_hand_over(self, draft: Draft, player: str, creditor: str) -> None:
        """Bankrupt ``player``'s cash and deeds went to ``creditor``."""

    # -- checks: refuse only --------------------------------------------------------------

    def check_next_turn(self, state: GameState) -> None:
        """Before ``next_turn`` passes the turn on from ``state.to_roll`` (K6)."""

    def check_build(self, state: GameState, player: str, space: Space) -> None:
        """Before the table's ``build`` (and a building auction's lot, C16)."""

    def check_sell_building(self, state: GameState, player: str, space: Space) -> None:
        """Before the table's ``sell_building``."""

    def check_mortgage(self, state: GameState, player: str, space: Space) -> None:
        """Before ``mortgage`` and ``unmortgage``."""

    def check_deed_auction(self, state: GameState, space: Space, decliner: str) -> None:
        """Before the bank auctions the deed ``space``; ``decliner`` is the player who
        declined to buy it, ``""`` = not named (C4: anyone may bid)."""

    def check_bid(self, state: GameState, player: str, space: Space, decliner: str) -> None:
        """Before ``player`` bids for (or buys at auction) the deed ``space``."""

    def check_shares(self, state: GameState, player: str,
                     shares: tuple[tuple[str, int], ...]) -> None:
        """Before ``player`` gives ``shares`` ((series, count) pairs) in a trade (M7, M9).
        Classic: there are no shares, so any named is more than ``player`` holds."""
        if shares:
            raise RuleBroken("%(player)s holds only %(held)s shares of series %(series)s.",
                             player=player, held=0, series=shares[0][0])


def load(name: str) -> Classic:
    """The instance of the rule set ``name`` of :data:`RULE_SETS` (one per name: rule
    sets are stateless).  Raises KeyError for a name not registered."""
    return _instance(RULE_SETS[name])


@cache
def _instance(path: str) -> Classic:
    module, _, cls = path.partition(":")
    found = getattr(import_module(module), cls)
    if not (isinstance(found, type) and issubclass(found, Classic)):
        raise TypeError(f"{path} is not a rule set")
    return found()


@cache
def rule_set_commands() -> frozenset[str]:
    """Every command some registered rule set has as its own (:attr:`Classic.commands`)."""
    return frozenset().union(*(load(name).commands for name in RULE_SETS))


def owner_of(command: str) -> Classic | None:
    """The registered rule set whose own command ``command`` is, or None (a table one)."""
    return next((load(n) for n in RULE_SETS if command in load(n).commands), None)

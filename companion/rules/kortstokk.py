"""Kortstokk-Monopol: the card-deck variant played with coins (docs/rules.md K1–K11, seed 004).

The track is two jokers and the A–10 of two suits (spades and hearts): 20 property
spaces.  The two cards of one number form a group (``group`` = the rank); its deeds are
the twin-suit cards (clubs, diamonds).  Amounts are ``int`` coins.  The price table and
the joker table were lost from the rule text: they start empty and are asked once
(``MissingValue``, then the ``edition_value`` command).

Pure functions over a :class:`~companion.state.GameState`; the commands in
:mod:`companion.commands.kortstokk` check with them and emit events.  The rule set
:class:`Kortstokk` (registered as ``kortstokk``) hands the core the ones that differ from
the classic rules.
"""

from __future__ import annotations

from companion import events as ev
from companion.editions import Edition, Space
from companion.errors import N_, BadCommand, MissingValue, RuleBroken
from companion.ledger.draft import Draft
from companion.mechanics.fire_insurance import state as insurances
from companion.money import Money
from companion.rules.classic import owns_group
from companion.rules.ruleset import Classic
from companion.rules.worth import Part
from companion.state import GameState

#: K8: coins the bank pays for two houses, for an unbuilt property, for a fire insurance.
SALE_PER_TWO_HOUSES = 1
SALE_PER_PROPERTY = 1
SALE_PER_INSURANCE = 1


def rent(state: GameState, space: Space, dice: int | None) -> int:
    """K5: owed only when one opponent owns BOTH cards of the number: 1 coin + 1 per house
    (the deed's ``rents`` by houses).  0 otherwise.

    Raises:
        MissingValue: the edition lacks the rent table (asked once).
    """
    deed = state.deeds.get(space.index)
    if deed is None or not owns_group(state, deed.owner, space):
        return 0
    if not space.rents:
        raise MissingValue("The rent of %(deed)s is not known yet: enter it.",
                           space=space.index, field="rents", deed=space.label)
    return space.rents[deed.houses]


def pair(state: GameState, space: Space) -> tuple[Space, ...]:
    """Both cards of ``space``'s number (its group, K2)."""
    return state.ed.group(space.group or "")


def build_cost(state: GameState, player: str, space: Space, pairs: int) -> int:
    """Coins ``pairs`` more houses on each card of ``space``'s number cost (K7).

    Raises:
        RuleBroken: not both cards owned by ``player``, or more than rank − 1 houses.
        MissingValue: the house price is not known.
    """
    cards = pair(state, space)
    if not owns_group(state, player, space):
        raise RuleBroken("%(player)s must own both cards of %(group)s to build (K7).",
                         player=player, group=space.group)
    most = space.max_houses or 0
    now = state.deeds[space.index].houses
    if now + pairs > most:
        raise RuleBroken("At most %(most)s house(s) per card on the %(group)s pair; it has "
                         "%(now)s (K7).", most=most, group=space.group, now=now)
    if space.house_cost is None:
        raise MissingValue("The house price of %(deed)s is not known yet.",
                           space=space.index, field="house_cost", deed=space.label)
    return space.house_cost * pairs * len(cards)


def sell_houses_value(state: GameState, player: str, space: Space, pairs: int) -> int:
    """Coins the bank pays for ``pairs`` houses taken from each card of the number (K8:
    two houses -> 1 coin; the two cards keep equal houses).  Raises RuleBroken."""
    deed = state.deeds.get(space.index)
    if deed is None or deed.owner != player:
        raise RuleBroken("%(deed)s is not %(player)s's.", deed=space.label, player=player)
    if deed.houses < pairs:
        raise RuleBroken("%(deed)s has only %(houses)s house(s).", deed=space.label,
                         houses=deed.houses)
    return pairs * len(pair(state, space)) // 2 * SALE_PER_TWO_HOUSES


def sell_property_value(state: GameState, player: str, space: Space) -> int:
    """Coins the bank pays for the unbuilt property ``space`` (K8).  Raises RuleBroken."""
    deed = state.deeds.get(space.index)
    if deed is None or deed.owner != player:
        raise RuleBroken("%(deed)s is not %(player)s's.", deed=space.label, player=player)
    if any(state.deeds[s.index].houses for s in pair(state, space) if s.index in state.deeds):
        raise RuleBroken("Sell the houses on %(group)s first (K8).", group=space.group)
    return SALE_PER_PROPERTY


def worth(state: GameState, name: str) -> dict[str, int]:
    """K8/K11: what ``name`` would have after selling everything to the bank.

    Shape: ``{"cash", "deeds", "mortgaged" (always 0), "buildings", "insurance", "debts",
    "total"}`` in coins:
    1 per unbuilt property, 1 per two houses, 1 per fire insurance, open debts taken off.
    """
    owned = state.owned_by(name)
    houses = sum(d.houses for d in owned)
    player = state.players[name]
    parts = {"cash": player.cash, "deeds": len(owned) * SALE_PER_PROPERTY,
             "buildings": houses // 2 * SALE_PER_TWO_HOUSES,
             "insurance": insurances.of(state).held.get(name, 0) * SALE_PER_INSURANCE}
    debts = sum(d.amount for d in state.debts_of(name))
    return {**parts, "mortgaged": 0, "debts": debts, "total": sum(parts.values()) - debts}


def raisable(state: GameState, name: str) -> int:
    """K10: the coins ``name`` could still raise by selling everything to the bank (K8):
    cash + 1 per property + 1 per two houses + 1 per fire insurance; 0 when bankrupt."""
    if state.players[name].bankrupt:
        return 0
    parts = worth(state, name)
    return parts["total"] + parts["debts"]


def may_bid(state: GameState, player: str, decliner: str) -> bool:
    """K4: the auction of a declined property is among the OTHER players only."""
    return player != decliner and not state.players[player].bankrupt


def auction_start(state: GameState, space: Space) -> int:
    """K4: the price is the lowest bid at the auction of a declined property.

    Raises:
        MissingValue: the price table was lost; the banker enters the price once.
    """
    if space.price is None:
        raise MissingValue("The price of %(deed)s is not known yet: it is the lowest bid at "
                           "its auction (K4).", space=space.index, field="price",
                           deed=space.label)
    return space.price


def default_decliner(state: GameState) -> str:
    """K4 ("Dersom du ikke ønsker å kjøpe eiendommen, selges den på auksjon til
    høystbydende blant de øvrige spillerne"): the one who declines is the one who landed,
    the player whose turn it is — the decliner when an auction names nobody ("" when
    nobody is to roll, or they are out)."""
    player = state.players.get(state.to_roll)
    return state.to_roll if player is not None and not player.bankrupt else ""


def shared_value(state: GameState, space: int, field: str) -> tuple[int, ...]:
    """K4: the price table is by number ("Prisen for å kjøpe eiendommer er følgende", one
    price a number), so a ``price`` entered for one card is the price of both cards of
    its number (board indexes, ``space`` first); any other field is the card's own."""
    card = state.ed.space(space)
    if field != "price" or not card.is_deed or not card.group:
        return (space,)
    return (space, *(s.index for s in pair(state, card) if s.index != space))


def check_deed_auction(state: GameState, space: Space, decliner: str) -> None:
    """K4: a property is auctioned only when the player who landed on it declined to buy
    it, and the others bid: that player must be named.  Raises BadCommand."""
    if not decliner:
        raise BadCommand("Name the player who declined to buy %(deed)s ('decliner'): only "
                         "the other players may bid for it (K4).", deed=space.label)


def check_bid(state: GameState, player: str, space: Space, decliner: str) -> None:
    """K4: only the OTHER players bid (:func:`may_bid`).  Raises RuleBroken."""
    if not may_bid(state, player, decliner):
        raise RuleBroken("%(player)s declined to buy %(deed)s, so only the other players may "
                         "bid for it (K4).", player=player, deed=space.label)


def check_build(state: GameState, player: str, space: Space) -> None:
    """K7: houses are bought two at a time, one on each card of a number, at most
    rank − 1 each — the classic ``build`` does not apply.  Raises RuleBroken."""
    raise RuleBroken("In Kortstokk-Monopol houses are bought in pairs, one on each card of "
                     "a number: use build_pair (K7).")


def check_sell_building(state: GameState, player: str, space: Space) -> None:
    """K8: houses are sold two at a time for 1 coin — the classic ``sell_building`` does
    not apply.  Raises RuleBroken."""
    raise RuleBroken("In Kortstokk-Monopol houses are sold in pairs, one from each card of "
                     "a number, two houses for %(houses)s: use sell_houses (K8).",
                     houses=Money.of(state, SALE_PER_TWO_HOUSES))


def check_mortgage(state: GameState, player: str, space: Space) -> None:
    """K8: nothing is mortgaged in Kortstokk-Monopol; money is raised by selling to the
    bank.  Raises RuleBroken (``mortgage`` and ``unmortgage``)."""
    raise RuleBroken("Kortstokk-Monopol has no mortgages: raise money by selling to the bank "
                     "instead — %(lot)s for an unbuilt property (sell_property), %(houses)s "
                     "for two houses (sell_houses) (K8).",
                     lot=Money.of(state, SALE_PER_PROPERTY),
                     houses=Money.of(state, SALE_PER_TWO_HOUSES))


def buildings_sale(state: GameState, player: str) -> int:
    """K8 (K10: a bankrupt's assets are sold): coins the bank pays for every house of
    ``player``'s — 1 coin per two houses, each number's pair sold evenly."""
    pairs: dict[str, int] = {}
    for deed in state.owned_by(player):
        group = state.ed.space(deed.space).group or ""
        pairs[group] = pairs.get(group, 0) + deed.houses
    return sum(houses // 2 for houses in pairs.values()) * SALE_PER_TWO_HOUSES


def assets_sale(state: GameState, player: str) -> int:
    """K10 ("Alle eiendeler vedkommende eier skal selges"): coins the bank pays a bankrupt
    ``player`` for every property (1 coin each) and fire insurance (1 coin each) at the
    K8 prices; the houses are :func:`buildings_sale`."""
    insurance = insurances.of(state).held.get(player, 0) * SALE_PER_INSURANCE
    return len(state.owned_by(player)) * SALE_PER_PROPERTY + insurance


def sell_assets(draft: Draft, player: str, paid: bool) -> None:
    """K10: every property of the bankrupt ``player`` goes back to the bank unowned and
    every fire insurance back to the bank; the bank pays :func:`assets_sale` to
    ``player`` when ``paid`` (a player is owed: "myntene går til den man skylder
    penger").  The houses were sold first (:func:`buildings_sale`)."""
    state = draft.state
    coins = assets_sale(state, player)
    for deed in list(state.owned_by(player)):
        draft.emit(ev.DeedMoved(deed.space, ev.BANK))
    insurance = insurances.of(state).held.get(player, 0)
    if insurance:
        draft.emit(ev.FireInsuranceChanged(player, -insurance))
    if paid and coins:
        draft.emit(ev.MoneyMoved(ev.BANK, player, coins, "everything sold to the bank", "sale"))


def chance_effect(state: GameState, total: int) -> str:
    """K6: the effect of rolling ``total`` after landing on a joker.

    Raises:
        MissingValue: the table did not survive; the banker enters the effect once.
    """
    effect = state.ed.chance_effects.get(total)
    if effect is None:
        field = f"chance_effects.{total}"  # not in the call: pybabel extract warns on f-strings
        raise MissingValue("What does a roll of %(total)s on a joker do? Enter the effect "
                           "(+N coins, -N coins, fire_insurance, or a note).",
                           field=field, total=total)
    return effect


#: K6: the turn's phase (:attr:`GameState.phase`) between a stop on a joker and the
#: ``joker`` command that records the second roll's effect.
JOKER_PHASE = "joker"


def after_land(draft: Draft, player: str, space: int) -> None:
    """K6: the player to roll stopped on a joker: the turn waits for the second roll's
    effect (``joker``), even one that only says something (a note moves nothing)."""
    state = draft.state
    if state.ed.space(space).group == "joker" and player == state.to_roll:
        draft.emit(ev.PhaseSet(JOKER_PHASE))


def joker_recorded(draft: Draft, player: str) -> None:
    """K6: ``joker`` recorded ``player``'s second roll: the turn may pass again."""
    if draft.state.phase == JOKER_PHASE and player == draft.state.to_roll:
        draft.emit(ev.PhaseSet("car"))


def check_next_turn(state: GameState) -> None:
    """K6: refuse to pass the turn while the joker's effect is unrecorded.

    Raises: RuleBroken (nothing changes) — the player to roll stopped on a joker and
    ``joker`` was not sent; a bankrupt player's joker does not hold the turn.
    """
    player = state.to_roll
    if state.phase == JOKER_PHASE and not state.players[player].bankrupt:
        raise RuleBroken("%(player)s stopped on a joker: record what the second roll does "
                         "before the turn passes (K6).", player=player)


def parse_effect(effect: str) -> tuple[str, int]:
    """K6 effect text -> (``"coins"``, signed amount), (``"insurance"``, 1) or
    (``"note"``, 0): ``"+2"`` -> ("coins", 2); ``"-1"`` -> ("coins", -1)."""
    text = effect.strip().lower().replace(" ", "")
    if text[:1] in "+-" and text[1:].isdigit():
        return "coins", int(text)
    if text in ("fire_insurance", "brannforsikring"):
        return "insurance", 1
    return "note", 0


class Kortstokk(Classic):
    """The Kortstokk-Monopol rule set (K1–K11): each method calls this module's function
    of the same name.  Its own commands are the pairs, sales, fire insurance and jokers;
    the classic ``build``, ``sell_building`` and (un)mortgage are withheld, refused by
    :func:`check_build`, :func:`check_sell_building` and :func:`check_mortgage`."""

    commands = frozenset({"build_pair", "sell_houses", "sell_property", "sell_everything",
                          "sell_insurance", "trade_insurance", "joker"})
    withheld = frozenset({"build", "sell_building", "mortgage", "unmortgage"})
    mechanics = ("fire_insurance",)
    features = frozenset({"houses", "fire_insurance", "jokers", "auction_among_others",
                          "worth_at_sale"})

    def board_values(self, edition: Edition, space: Space) -> tuple[str, ...]:
        """None: the worth reads no deed value (K8, K11: what selling to the bank brings)
        and no deed is mortgaged; the price is asked where it is paid (K4)."""
        return ()

    def not_offered(self) -> RuleBroken:
        """A Kortstokk-Monopol command asked in a game of another edition."""
        return RuleBroken("That is a Kortstokk-Monopol rule; this game's edition does not "
                          "use it.")

    def rent(self, state: GameState, space: Space, dice: int | None) -> int:
        """K5."""
        return rent(state, space, dice)

    def auction_start(self, state: GameState, space: Space) -> int:
        """K4: the price."""
        return auction_start(state, space)

    def worth(self, state: GameState, name: str) -> dict[str, int]:
        """K8, K11: the coins selling everything would bring, debts off."""
        return worth(state, name)

    def values_used(self, state: GameState) -> list[tuple[int, str]]:
        """None: the K8 sale values are rules, not deed values."""
        return []

    def worth_parts(self, edition: Edition) -> tuple[Part, ...]:
        """K8, K11: the parts of :func:`worth`, each at what the bank pays for it."""
        return (Part("cash", N_("Cash")),
                Part("deeds", N_("Properties sold to the bank (1 coin each)")),
                Part("buildings", N_("Houses sold to the bank (1 coin per two)")),
                Part("insurance", N_("Fire insurance sold to the bank (1 coin each)")),
                Part("debts", N_("Debts"), -1))

    def worth_sentence(self, edition: Edition) -> str:
        """K8, K11, English."""
        return N_("Worth is what selling everything to the bank would leave: cash, 1 coin "
                  "per property, 1 coin per two houses, 1 coin per fire insurance, less "
                  "debts.")

    def win_sentence(self, winner_by: str) -> str:
        """K11: a declaration of the goal, or the last one left."""
        return N_("A player who declares at least the goal on their turn wins at once; else "
                  "the last one left.")

    def raisable(self, state: GameState, name: str) -> int:
        """K10."""
        return raisable(state, name)

    def buildings_sale(self, state: GameState, player: str) -> int:
        """K8: 1 coin per two houses."""
        return buildings_sale(state, player)

    def assets_sale(self, state: GameState, player: str) -> int:
        """K10: the properties and fire insurance at the K8 prices."""
        return assets_sale(state, player)

    def sell_assets(self, draft: Draft, player: str, paid: bool) -> None:
        """K10: properties and fire insurance back to the bank."""
        sell_assets(draft, player, paid)

    def default_decliner(self, state: GameState) -> str:
        """K4: the player to roll (who landed and declined)."""
        return default_decliner(state)

    def shared_value(self, state: GameState, space: int, field: str) -> tuple[int, ...]:
        """K4: both cards of a number share their price."""
        return shared_value(state, space, field)

    def check_deed_auction(self, state: GameState, space: Space, decliner: str) -> None:
        """K4: the decliner must be named."""
        check_deed_auction(state, space, decliner)

    def check_bid(self, state: GameState, player: str, space: Space, decliner: str) -> None:
        """K4: only the other players bid."""
        check_bid(state, player, space, decliner)

    def check_build(self, state: GameState, player: str, space: Space) -> None:
        """K7: use build_pair."""
        check_build(state, player, space)

    def check_sell_building(self, state: GameState, player: str, space: Space) -> None:
        """K8: use sell_houses."""
        check_sell_building(state, player, space)

    def check_mortgage(self, state: GameState, player: str, space: Space) -> None:
        """K8: no mortgages."""
        check_mortgage(state, player, space)

    def after_land(self, draft: Draft, player: str, space: int) -> None:
        """K6: a stop on a joker holds the turn until ``joker``."""
        after_land(draft, player, space)

    def check_next_turn(self, state: GameState) -> None:
        """K6: not while a joker's effect is unrecorded."""
        check_next_turn(state)

"""Kortstokk-Monopol (issue 5 part 5): docs/rules.md K1–K11 at a real table, in coins.

The price and joker tables did not survive (K4, K6): prices are entered once with
``edition_value`` before a card can be bought.
"""

from __future__ import annotations

import re

import pytest

from companion.editions import load_edition
from companion.errors import BadCommand, MissingValue, NotAllowed, NotEnoughCash, RuleBroken
from companion.rules.board import nearest_not_owned
from companion.rules.kortstokk import may_bid
from companion.table import Actor, Table
from tests.kit import Game

KS = "kortstokk"


pytestmark = pytest.mark.game(edition=KS)


def priced(game: Game, *cards: str, price: int = 1) -> None:
    """The banker enters each card's price once (K4: the table was lost)."""
    for card in cards:
        game.do("edition_value", space=card, field="price", value=price)


def own(game: Game, player: str, *cards: str) -> None:
    """``player`` lands on each card and buys it, its price (1 coin) entered first when
    still unknown (a landing: K7 builds only after the player has moved this turn)."""
    for card in cards:
        space = next(s for s in game.table.state(game.id).ed.spaces if s.name == card)
        if space.price is None:
            priced(game, card)
        game.do("land", player=player, space=card)
        game.do("buy", player=player, space=card)


def test_k1_eight_coins_each_and_two_to_six_players(table: Table) -> None:
    game = Game(table, ["A", "B", "C", "D", "E", "F"], edition=KS)
    assert set(game.cashes().values()) == {8}
    for players in (["A"], ["A", "B", "C", "D", "E", "F", "G"]):
        with pytest.raises(BadCommand, match="A game needs 2 to 6 players."):
            table.execute({"cmd": "new_game", "edition": KS, "players": players})


def test_k2_two_jokers_and_twenty_properties_in_ten_pairs() -> None:
    ed = load_edition(KS)
    assert len(ed.spaces) == 22 and ed.unit == "coins"
    assert [s.index for s in ed.spaces if s.name == "Joker"] == [0, 11]
    assert (ed.space(10).name, ed.space(12).name) == ("Hjerter 5", "Spar 6")  # joker 5|6
    assert len(ed.deeds) == 20
    assert [s.name for s in ed.group("2")] == ["Spar 2", "Hjerter 2"]
    assert all(s.price is None for s in ed.deeds) and ed.chance_effects == {}


def test_k3_doubles_advance_to_the_nearest_property_not_owned(game: Game) -> None:
    own(game, "Alice", "Spar ess", "Hjerter ess")
    own(game, "Bob", "Spar 2")
    state = game.table.state(game.id)
    assert nearest_not_owned(state, "Alice", 0) == 3  # Bob's Spar 2
    assert nearest_not_owned(state, "Bob", 0) == 1  # Alice's ace
    assert nearest_not_owned(state, "Alice", 10) == 12  # past the joker


def test_k4_buy_at_the_entered_price_or_auction_among_the_others(game: Game) -> None:
    with game.refused(MissingValue, "The price of Spar 5 is not known yet: enter the price "
                      "printed on the board."):
        game.do("buy", player="Alice", space="Spar 5")
    priced(game, "Spar 5", price=9)
    with game.refused(NotEnoughCash, "Alice has 8 coins; Spar 5 costs 9 coins."):
        game.do("buy", player="Alice", space="Spar 5")
    game.do("edition_value", space="Spar 5", field="price", value=2)
    game.do("buy", player="Alice", space="Spar 5")
    assert game.cash("Alice") == 6
    state = game.table.state(game.id)
    assert not may_bid(state, "Bob", decliner="Bob") and may_bid(state, "Carol", "Bob")


def test_k5_rent_only_when_one_opponent_owns_both_cards(game: Game) -> None:
    own(game, "Alice", "Spar 3")
    game.do("land", player="Bob", space="Spar 3")
    assert game.state()["claims"] == []
    own(game, "Alice", "Hjerter 3")
    game.do("land", player="Bob", space="Spar 3")
    game.do("claim", player="Alice")
    assert game.cashes() == {"Alice": 7, "Bob": 7, "Carol": 8}
    game.do("build_pair", player="Alice", space="Spar 3")
    game.do("land", player="Bob", space="Hjerter 3")
    game.do("claim", player="Alice")
    assert game.cashes() == {"Alice": 7, "Bob": 5, "Carol": 8}  # 1 coin + 1 per house


def test_k6_passing_a_joker_pays_one_coin_landing_rolls_the_joker_table(game: Game) -> None:
    game.do("pass_joker", player="Alice")
    game.do("land", player="Bob", space=11)
    assert game.cashes() == {"Alice": 9, "Bob": 8, "Carol": 8}
    with pytest.raises(MissingValue) as caught:
        game.do("joker", player="Bob", dice=7)
    assert caught.value.field == "chance_effects.7" and caught.value.space is None
    game.do("edition_value", field="chance_effects.7", value="+2")
    game.do("edition_value", field="chance_effects.3", value="-3")
    game.do("edition_value", field="chance_effects.12", value="fire_insurance")
    game.do("edition_value", field="chance_effects.6", value="Move back to the start joker")
    game.do("joker", player="Bob", dice=7)
    game.do("joker", player="Carol", dice=3)
    game.do("joker", player="Carol", dice=12)
    game.do("joker", player="Carol", dice=6)
    assert game.cashes() == {"Alice": 9, "Bob": 10, "Carol": 5}
    assert game.player("Carol")["fire_insurance"] == 1
    assert game.table.editions.get(KS).chance_effects[7] == "+2"  # asked once


def test_k6_the_turn_does_not_pass_until_the_jokers_effect_is_recorded(game: Game) -> None:
    """K6: a stop on a joker means a second roll for an effect; a note-only effect moves
    nothing, so without a hold the turn passed with it unrecorded (issue 15)."""
    game.do("edition_value", field="chance_effects.9", value="Tell a joke")  # a note
    game.do("land", player="Alice", space=11)  # the player to roll stops on the joker
    assert game.state()["turn"]["phase"] == "joker"
    game.refused(RuleBroken, "Alice stopped on a joker: record what the second roll does "
                             "before the turn passes (K6).", "next_turn")
    game.do("joker", player="Alice", dice=9)  # the note: no money, the turn may pass
    assert game.cashes() == {"Alice": 8, "Bob": 8, "Carol": 8}
    assert game.state()["turn"]["phase"] == "car"
    game.do("next_turn")
    assert game.state()["turn"]["player"] == "Bob"
    game.do("land", player="Bob", space=0)  # the start joker too
    game.refused(RuleBroken, re.compile("^Bob stopped on a joker"), "next_turn")
    game.do("undo")  # undone, the landing holds nothing
    game.do("next_turn")
    assert game.state()["turn"]["player"] == "Carol"


def test_k6_the_next_players_roll_does_not_pass_the_turn_past_an_unrecorded_joker(
        game: Game) -> None:
    """K6 with C5's handover: Bob's dice pass the turn only once Alice's joker is recorded;
    refused, they change nothing."""
    game.do("edition_value", field="chance_effects.9", value="Tell a joke")  # a note
    game.do("roll", player="Alice", dice=[5, 6])  # 0 + 11: the joker, no doubles
    assert game.state()["turn"]["phase"] == "joker"
    game.refused(RuleBroken, "Alice stopped on a joker: record what the second roll does "
                             "before the turn passes (K6).", "roll", player="Bob", dice=[1, 2])
    game.do("joker", player="Alice", dice=9)
    game.do("roll", player="Bob", dice=[1, 2])
    assert game.state()["turn"]["player"] == "Bob"


def test_k7_houses_in_twos_evenly_at_most_rank_minus_one(game: Game) -> None:
    game.do("pay", from_="Bob", to="Alice", amount=5)
    own(game, "Alice", "Spar 3", "Hjerter 3", "Spar ess", "Hjerter ess", "Spar 4")
    with game.refused(RuleBroken, "Alice must own both cards of 4 to build (K7)."):
        game.do("build_pair", player="Alice", space="Spar 4")
    with game.refused(RuleBroken, "At most 0 house(s) per card on the ess pair; it has 0 (K7)."):
        game.do("build_pair", player="Alice", space="Spar ess")
    game.do("build_pair", player="Alice", space="Spar 3", count=2)
    assert game.cash("Alice") == 13 - 5 - 4
    houses = {s["name"]: s["houses"] for s in game.player("Alice")["spaces"]}
    assert houses["Spar 3"] == houses["Hjerter 3"] == 2
    with game.refused(RuleBroken, "At most 2 house(s) per card on the 3 pair; it has 2 (K7)."):
        game.do("build_pair", player="Alice", space="Hjerter 3")
    game.do("next_turn")
    with game.refused(RuleBroken, "It is Bob's turn: Alice may buy buildings only on their "
                                  "own turn (X4)."):
        game.do("build_pair", player="Alice", space="Spar 3")


def test_k8_selling_back_to_the_bank(game: Game) -> None:
    own(game, "Alice", "Spar 4", "Hjerter 4", "Spar 9")
    game.do("build_pair", player="Alice", space="Hjerter 4", count=2)
    assert game.cash("Alice") == 1
    with game.refused(RuleBroken, "Sell the houses on 4 first (K8)."):
        game.do("sell_property", player="Alice", space="Spar 4")
    game.do("sell_houses", player="Alice", space="Spar 4")  # two houses -> 1 coin
    assert game.cash("Alice") == 2
    game.do("sell_houses", player="Alice", space="Spar 4")
    game.do("sell_property", player="Alice", space="Spar 4")
    game.do("sell_property", player="Alice", space="Spar 9")
    assert game.cash("Alice") == 5
    assert [s["name"] for s in game.player("Alice")["spaces"]] == ["Hjerter 4"]
    with game.refused(RuleBroken, "Alice has no fire insurance."):
        game.do("sell_insurance", player="Alice")
    game.do("edition_value", field="chance_effects.12", value="fire_insurance")
    game.do("joker", player="Alice", dice=12)
    game.do("sell_insurance", player="Alice")
    assert game.cash("Alice") == 6 and game.player("Alice")["fire_insurance"] == 0


def test_k9_coins_unbuilt_properties_and_fire_insurance_trade_freely(game: Game) -> None:
    own(game, "Alice", "Spar 6")
    game.do("edition_value", field="chance_effects.12", value="fire_insurance")
    game.do("joker", player="Alice", dice=12)
    game.do("trade", parties={"Alice": {"spaces": ["Spar 6"]}, "Bob": {"cash": 3}})
    game.do("trade_insurance", from_="Alice", to="Bob", price=2)
    assert game.cashes() == {"Alice": 12, "Bob": 3, "Carol": 8}
    assert game.player("Bob")["fire_insurance"] == 1
    assert [s["name"] for s in game.player("Bob")["spaces"]] == ["Spar 6"]
    with game.refused(RuleBroken, "Carol has no fire insurance to give to Bob."):
        game.do("trade_insurance", from_="Carol", to="Bob")


def test_k6_the_phone_rolls_its_own_jokers_second_roll_once(game: Game) -> None:
    """K6: Alice's phone records the second roll of the joker she stopped on (the turn
    waits for it); again, or for another player, or with no joker waiting, it is refused
    and nothing changes."""
    game.do("edition_value", field="chance_effects.9", value="+2")
    alice, bob = Actor("player", "Alice"), Actor("player", "Bob")
    with game.refused(RuleBroken, "Alice has no joker to roll for now (K6)."):
        game.do("joker", alice, player="Alice", dice=9)
    game.do("roll", alice, player="Alice", dice=[5, 6])  # 0 + 11: the joker, no doubles
    assert game.state()["turn"]["phase"] == "joker"
    with game.refused(NotAllowed, re.compile(".")):
        game.do("joker", bob, player="Alice", dice=9)
    game.do("joker", alice, player="Alice", dice=9)
    assert game.cashes() == {"Alice": 10, "Bob": 8, "Carol": 8}
    with game.refused(RuleBroken, "Alice has no joker to roll for now (K6)."):
        game.do("joker", alice, player="Alice", dice=9)
    assert game.cashes() == {"Alice": 10, "Bob": 8, "Carol": 8}


def test_a_phone_can_neither_sell_insurance_to_another_nor_claim_a_joker_pass(
        game: Game) -> None:
    """K9 trades are agreed at the table and recorded by the banker: Alice's phone cannot
    make Bob pay for an insurance; K6's joker bonus is the banker's to pay (like Start)."""
    game.do("edition_value", field="chance_effects.7", value="fire_insurance")
    game.do("joker", player="Alice", dice=7)
    alice = Actor("player", "Alice")
    with game.refused(NotAllowed, "Only the banker can do that."):
        game.do("trade_insurance", alice, from_="Alice", to="Bob", price=8)
    with game.refused(NotAllowed, "Only the banker can do that."):
        game.do("pass_joker", Actor("player", "Carol"), player="Carol")
    assert game.cashes() == {"Alice": 8, "Bob": 8, "Carol": 8}
    assert game.player("Alice")["fire_insurance"] == 1


def test_k10_a_bankrupt_players_assets_are_sold_and_the_coins_go_to_the_creditor(
        game: Game) -> None:
    own(game, "Alice", "Spar 7", "Hjerter 7", "Spar 8")
    game.do("pay", from_="Alice", to="Bob", amount=7)  # 5 paid, 2 owed
    with game.refused(RuleBroken, "Alice can still raise 3 coins by selling buildings and "
                      "mortgaging — enough for the 2 coins owed."):
        game.do("bankrupt", player="Alice", creditor="Bob")
    game.do("pay", from_="Alice", to="Bob", amount=10)  # now 12 owed
    game.do("sell_everything", player="Alice")  # 3 coins, straight to Bob (K10)
    assert game.cashes() == {"Alice": 0, "Bob": 16, "Carol": 8}
    game.do("bankrupt", player="Alice", creditor="Bob")
    alice = game.player("Alice")
    assert alice["bankrupt"] and alice["spaces"] == [] and alice["debts"] == []


def alice_with_a_built_pair_and_insurance(game: Game) -> None:
    """Alice: Spar 7 and Hjerter 7 with a house each, Spar 8, a fire insurance; 3 coins."""
    own(game, "Alice", "Spar 7", "Hjerter 7", "Spar 8")  # 8 - 3 = 5 coins
    game.do("edition_value", field="chance_effects.12", value="fire_insurance")
    game.do("joker", player="Alice", dice=12)
    game.do("build_pair", player="Alice", space="Spar 7")  # 2 coins: one house per card


def test_k10_k8_every_asset_is_sold_to_the_bank_and_the_coins_go_to_the_creditor(
        game: Game) -> None:
    """K10 "Alle eiendeler vedkommende eier skal selges, og myntene går til den man
    skylder penger", at the K8 prices: 3 properties (3 coins), two houses (1 coin), a
    fire insurance (1 coin) — 5 coins to Bob with Alice's 3; the properties go back to the
    bank unowned."""
    alice_with_a_built_pair_and_insurance(game)
    game.do("pay", from_="Alice", to="Bob", amount=20)  # 3 paid, 17 owed
    game.do("bankrupt", player="Alice", creditor="Bob")
    assert game.cashes() == {"Alice": 0, "Bob": 8 + 3 + 5, "Carol": 8}
    alice, bob = game.player("Alice"), game.player("Bob")
    assert alice["bankrupt"] and alice["spaces"] == [] and alice["debts"] == []
    assert alice["fire_insurance"] == 0 and bob["fire_insurance"] == 0
    assert bob["spaces"] == [] and game.state()["bank"]["houses"] == 90


def test_k10_the_coins_pay_the_creditors_in_the_order_the_debts_arose(game: Game) -> None:
    """K10 with two creditors (C21/M21 order): the 5 coins pay Bob's older 4 in full and
    Carol 1; the bankruptcy names Carol, the first not covered — naming Bob is refused
    and changes nothing."""
    alice_with_a_built_pair_and_insurance(game)
    game.do("pay", from_="Alice", to="Bob", amount=7)  # 3 paid, 4 owed
    game.do("pay", from_="Alice", to="Carol", amount=10)  # 10 owed
    with game.refused(RuleBroken, "Alice's money pays the debts in the order they arose, and "
                      "Carol is the first it does not cover: name Carol as the creditor."):
        game.do("bankrupt", player="Alice", creditor="Bob")
    game.do("bankrupt", player="Alice", creditor="Carol")
    assert game.cashes() == {"Alice": 0, "Bob": 8 + 3 + 4, "Carol": 8 + 1}
    assert game.player("Alice")["debts"] == [] and game.player("Carol")["spaces"] == []


def test_k11_declaring_a_fortune_of_50_coins_wins_at_once(game: Game) -> None:
    own(game, "Alice", "Spar 10", "Hjerter 10")
    game.do("build_pair", player="Alice", space="Spar 10", count=2)
    game.do("pay", from_="bank", to="Alice", amount=44)
    # 46 cash + 2 properties + 4 houses (2 coins) = 50 coins ...
    game.do("next_turn")
    with game.refused(RuleBroken, "Alice can declare a fortune only on their own turn (K11)."):
        game.do("declare_fortune", player="Alice")
    for _ in range(2):
        game.do("next_turn")
    game.do("pay", from_="Alice", to="bank", amount=1)
    with game.refused(RuleBroken, "Selling everything would leave Alice 49 coins; 50 coins are "
                      "needed to win (K11)."):
        game.do("declare_fortune", player="Alice")
    game.do("pay", from_="Carol", to="Alice", amount=1)
    game.do("pay", from_="bank", to="Bob", amount=60)  # richer, but did not declare
    game.do("declare_fortune", player="Alice")
    state = game.state()
    assert state["game"]["over"] and state["tally"]["winner"] == "Alice"
    assert state["tally"]["players"]["Alice"]["total"] == 50
    assert state["tally"]["unverified"] == []


def test_kortstokk_commands_are_refused_in_other_editions(table: Table) -> None:
    game = Game(table, ["Alice", "Bob"])
    with game.refused(RuleBroken, "That is a Kortstokk-Monopol rule; this game's edition does "
                      "not use it."):
        game.do("build_pair", player="Alice", space="Parkveien")
    with game.refused(RuleBroken, "Passing a chance space pays nothing in this edition."):
        game.do("pass_joker", player="Alice")
    with game.refused(RuleBroken, "This edition has no fortune to declare."):
        game.do("declare_fortune", player="Alice")


def test_k4_the_auction_is_among_the_other_players_from_the_price(game: Game) -> None:
    """K4: a declined property is auctioned among the OTHER players, its price the
    minimum bid (``rules.kortstokk.may_bid`` through the ``check_bid`` check)."""
    with game.refused(MissingValue, "The price of Spar 5 is not known yet: it is the lowest bid "
                      "at its auction (K4)."):
        game.do("auction_open", space="Spar 5", decliner="Alice")
    priced(game, "Spar 5", price=3)
    with game.refused(RuleBroken, "Bidding for Spar 5 cannot start below 3 coins."):
        game.do("auction_open", space="Spar 5", decliner="Alice", start=2)
    game.do("land", player="Alice", space="Spar 5")
    game.do("auction_open", space="Spar 5", decliner="Alice")
    auction = game.state()["auction"]
    assert (auction["start"], auction["decliner"]) == (3, "Alice")
    with game.refused(RuleBroken, "Alice declined to buy Spar 5, so only the other players may "
                      "bid for it (K4)."):
        game.do("bid", player="Alice", amount=4)
    with game.refused(RuleBroken, "Bidding starts at 3 coins."):
        game.do("bid", player="Bob", amount=2)
    game.do("bid", player="Bob", amount=3)
    game.do("bid", player="Carol", amount=4)
    game.do("auction_close")
    assert game.cashes() == {"Alice": 8, "Bob": 8, "Carol": 4}
    assert [s["name"] for s in game.player("Carol")["spaces"]] == ["Spar 5"]


def test_k4_a_sale_at_the_table_follows_the_same_rule(game: Game) -> None:
    priced(game, "Spar 7", price=2)
    with game.refused(RuleBroken, "Alice declined to buy Spar 7, so only the other players may "
                      "bid for it (K4)."):
        game.do("auction_sold", space="Spar 7", player="Alice", price=2, decliner="Alice")
    with game.refused(RuleBroken, "Spar 7 cannot be sold at auction below 2 coins."):
        game.do("auction_sold", space="Spar 7", player="Bob", price=1, decliner="Alice")
    game.do("auction_open", space="Spar 7", decliner="Alice")  # the decliner is kept
    with game.refused(RuleBroken, "Alice declined to buy Spar 7, so only the other players may "
                      "bid for it (K4)."):
        game.do("auction_sold", space="Spar 7", player="Alice", price=5)
    game.do("auction_sold", space="Spar 7", player="Bob", price=2)
    assert game.cash("Bob") == 6 and game.state()["auction"] is None


def test_k7_k8_the_classic_build_and_sell_point_at_the_pair_commands(game: Game) -> None:
    """K7: houses in pairs, at most rank − 1 per card — the classic ``build`` (4 houses
    and a hotel on any lot, one at a time) is refused; K8: so is ``sell_building``."""
    own(game, "Alice", "Spar 2", "Hjerter 2")
    game.do("build_pair", player="Alice", space="Spar 2")  # rank 2: one house per card
    k7 = ("In Kortstokk-Monopol houses are bought in pairs, one on each card of a "
          "number: use build_pair (K7).")
    with game.refused(RuleBroken, k7):
        game.do("build", player="Alice", space="Spar 2")
    with game.refused(RuleBroken, k7):
        game.do("build", player="Alice", space="Hjerter 2", count=5)
    k8 = ("In Kortstokk-Monopol houses are sold in pairs, one from each card of a "
          "number, two houses for 1 coin: use sell_houses (K8).")
    with game.refused(RuleBroken, k8):
        game.do("sell_building", player="Alice", space="Spar 2")
    with game.refused(RuleBroken, k8):
        game.do("sell_building", player="Alice", space="Spar 2", all=True)
    # no C16 house auction:
    with game.refused(RuleBroken, "No lot could take a house now, so there is nothing to auction."):
        game.do("auction_open", building="house")
    game.do("sell_houses", player="Alice", space="Hjerter 2")
    assert game.cash("Alice") == 8 - 2 - 2 + 1
    assert all(s["houses"] == 0 for s in game.player("Alice")["spaces"])


def test_k8_no_mortgages_sell_to_the_bank_instead(game: Game) -> None:
    """K8 (seed 004 "Selge ting tilbake til banken"): money is raised by selling to the
    bank; there is no mortgage to take or lift."""
    own(game, "Alice", "Spar 5")
    k8 = ("Kortstokk-Monopol has no mortgages: raise money by selling to the bank "
          "instead — 1 coin for an unbuilt property (sell_property), 1 coin for two "
          "houses (sell_houses) (K8).")
    with game.refused(RuleBroken, k8):
        game.do("mortgage", player="Alice", space="Spar 5")
    with game.refused(RuleBroken, k8):
        game.do("unmortgage", player="Alice", space="Spar 5")


def test_kortstokk_has_no_jail(game: Game) -> None:
    """Seed 004 has no jail (docs/rules.md K1–K11 never send anyone there)."""
    no_jail = ("Kortstokk-Monopol has no jail: nobody goes to jail, pays a jail fine "
               "or keeps a get-out-of-jail card.")
    for cmd in ("jail", "leave_jail", "jail_try", "jail_card"):
        with game.refused(RuleBroken, no_jail):
            game.do(cmd, player="Alice")


def test_k8_k10_bankrupt_to_a_player_sells_houses_two_for_a_coin(game: Game) -> None:
    """K10: a bankrupt's assets are sold at the K8 prices — one house on each 3 (two
    houses) brings 1 coin, not half their price (C21 would give ½ + ½ rounded up = 2);
    the two properties 1 coin each."""
    own(game, "Alice", "Spar 3", "Hjerter 3")
    game.do("build_pair", player="Alice", space="Spar 3")  # 2 coins: one house per card
    game.do("pay", from_="Alice", to="Bob", amount=20)  # 4 paid, 16 owed
    game.do("bankrupt", player="Alice", creditor="Bob")
    assert game.cashes() == {"Alice": 0, "Bob": 8 + 4 + 1 + 2, "Carol": 8}
    assert game.state()["bank"]["houses"] == 90
    assert all(s["houses"] == 0 for s in game.player("Bob")["spaces"])


def test_k4_an_auction_naming_nobody_leaves_out_the_player_to_roll(game: Game) -> None:
    """K4 "selges den på auksjon til høystbydende blant de øvrige spillerne": the one who
    declined is the one who landed, the player whose turn it is (Alice, then Bob)."""
    priced(game, "Spar 5", price=3)
    game.do("land", player="Alice", space="Spar 5")
    game.do("auction_open", space="Spar 5")
    assert game.state()["auction"]["decliner"] == "Alice"
    game.refused(RuleBroken, "Alice declined to buy Spar 5, so only the other players may bid "
                 "for it (K4).", "bid", player="Alice", amount=3)
    game.do("auction_cancel")
    game.do("next_turn")
    game.refused(RuleBroken, "Bob declined to buy Spar 5, so only the other players may bid "
                 "for it (K4).", "auction_sold", space="Spar 5", player="Bob", price=3)
    game.do("auction_sold", space="Spar 5", player="Alice", price=3)
    assert game.cash("Alice") == 5


def test_k4_a_price_is_entered_once_for_both_cards_of_a_number(game: Game) -> None:
    """K4: the price table is one price per number: entering the price of Spar 6 prices
    Hjerter 6 too (asked once, not twice); a later correction moves both."""
    priced(game, "Spar 6", price=2)
    spaces = {s.name: s for s in game.table.state(game.id).ed.spaces}
    assert (spaces["Spar 6"].price, spaces["Hjerter 6"].price) == (2, 2)
    assert spaces["Spar 7"].price is None
    game.do("land", player="Alice", space="Hjerter 6")
    game.do("buy", player="Alice", space="Hjerter 6")
    assert game.cash("Alice") == 6
    priced(game, "Hjerter 7", price=3)
    assert game.table.state(game.id).ed.space(spaces["Spar 7"].index).price == 3

"""The ledger (issue 2): idempotent commands, undo, debts, refusals and restart."""

from pathlib import Path

import pytest

from companion.commands.base import MAX_COMMAND, MAX_TEXT
from companion.errors import (
    BadAmount,
    BadCommand,
    GameOver,
    NotAllowed,
    NotEnoughCash,
    NothingToUndo,
    Refused,
    RuleBroken,
    UnknownGame,
    UnknownPlayer,
    UnknownSpace,
)
from companion.table import BANKER, Actor, Table
from tests.kit import Game, open_table


def test_start_capital_is_paid_at_setup(game: Game) -> None:
    """C1: 30 000 kr each in monopol-no-1996."""
    assert game.cashes() == {"Alice": 30000, "Bob": 30000, "Carol": 30000}
    assert game.state()["turn"]["player"] == "Alice"
    assert game.state()["bank"]["houses"] == 32 and game.state()["bank"]["hotels"] == 12


def test_a_repeated_client_id_is_applied_once(game: Game) -> None:
    first = game.do("pay", from_="Alice", to="Bob", amount=500, id="phone-1")
    again = game.do("pay", from_="Alice", to="Bob", amount=500, id="phone-1")
    assert not first.duplicate and again.duplicate and again.seq == first.seq
    assert game.cashes() == {"Alice": 29500, "Bob": 30500, "Carol": 30000}


def test_a_repeated_new_game_id_starts_one_game(table: Table) -> None:
    cmd = {"cmd": "new_game", "players": ["A", "B"], "id": "start-1"}
    assert table.execute(cmd).game_id == table.execute(cmd).game_id
    assert len(table.game_ids()) == 1


def test_payment_larger_than_cash_becomes_a_debt_paid_when_cash_arrives(game: Game) -> None:
    """C21 (issue 2 part): balances never go negative; the debt is settled from new cash."""
    game.do("pay", from_="Alice", to="bank", amount=29000)
    game.do("pay", from_="Alice", to="Bob", amount=1500, memo="rent")
    alice = game.player("Alice")
    assert alice["cash"] == 0
    assert alice["debts"] == [{"to": "Bob", "amount": 500, "memo": "rent"}]
    assert game.player("Bob")["cash"] == 31000
    game.do("pass_start", player="Alice")  # C2: 4 000 arrives, the 500 goes to Bob at once
    assert game.player("Alice")["cash"] == 3500 and game.player("Alice")["debts"] == []
    assert game.player("Bob")["cash"] == 31500


def test_undo_reverses_the_last_command_and_keeps_history(game: Game) -> None:
    game.do("pay", from_="Alice", to="Bob", amount=100)
    game.do("pay", from_="Bob", to="Carol", amount=300)
    game.do("undo")
    assert game.cashes() == {"Alice": 29900, "Bob": 30100, "Carol": 30000}
    game.do("undo")
    assert game.cashes() == {"Alice": 30000, "Bob": 30000, "Carol": 30000}
    with game.refused(NothingToUndo, "There is nothing left to undo."):
        game.do("undo")
    history = game.table.history(game.id)
    assert [h["undone"] for h in history] == [False, True, True, False, False]


def test_undo_restores_a_lapsed_claim(game: Game) -> None:
    """C5: claims lapse at next_turn; undoing the next_turn reopens the claim."""
    game.do("buy", player="Bob", space="Parkveien")
    game.do("land", player="Alice", space="Parkveien")
    game.do("next_turn")
    assert game.state()["claims"] == []
    game.do("undo")
    assert [c["amount"] for c in game.state()["claims"]] == [40]


def test_rent_claimed_in_time_is_paid_and_a_late_claim_is_refused(game: Game) -> None:
    """C5 + C6: Parkveien unimproved 40 kr; double (80) with Kirkeveien too."""
    game.do("buy", player="Bob", space="Parkveien")
    game.do("land", player="Alice", space="Parkveien")
    game.do("claim", player="Bob")
    assert game.cash("Bob") == 30000 - 1200 + 40
    game.do("buy", player="Bob", space="Kirkeveien")
    game.do("land", player="Carol", space="Parkveien")
    game.do("next_turn")
    with game.refused(RuleBroken, "Bob has no rent to claim right now."):
        game.do("claim", player="Bob")
    game.do("land", player="Carol", space="Kirkeveien")
    game.do("claim", player="Bob")
    assert game.cash("Carol") == 30000 - 160  # Kirkeveien 80 kr, doubled: 160


def test_auto_rent_pays_at_once(table: Table) -> None:
    game = Game(table, ["A", "B"], house_rules={"auto_rent": True})
    game.do("buy", player="B", space="Rådhusplassen")
    game.do("land", player="A", space="Rådhusplassen")
    assert game.cashes() == {"A": 30000 - 1000, "B": 30000 - 8000 + 1000}


def test_tax_jail_and_start_spaces(game: Game) -> None:
    """C11 Inntektsskatt 4 000 / Luksusskatt 2 000; C13 Gå i fengsel; C2 landing on Start."""
    game.do("land", player="Alice", space="Luksusskatt")
    game.do("land", player="Bob", space="Gå i fengsel")
    game.do("land", player="Carol", space=0)
    assert game.cashes() == {"Alice": 28000, "Bob": 30000, "Carol": 34000}
    assert game.player("Bob")["in_jail"]
    game.do("leave_jail", player="Bob", by="fine")
    assert game.cash("Bob") == 29000 and not game.player("Bob")["in_jail"]


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"from": "Alice", "to": "Bob", "amount": -5}, BadAmount,
         "The amount must be more than zero, not -5."),
        ({"from": "Alice", "to": "Bob", "amount": 0}, BadAmount,
         "The amount must be more than zero, not 0."),
        ({"from": "Alice", "to": "Bob", "amount": 2.5}, BadAmount,
         "The amount must be a whole number, not 2.5."),
        ({"from": "Alice", "to": "Bob", "amount": "100"}, BadAmount,
         "The amount must be a whole number."),
        ({"from": "Alice", "to": "Bob", "amount": True}, BadAmount,
         "The amount must be a whole number."),  # never "not True" (h21)
        ({"from": "Alice", "to": "Bob"}, BadAmount, "The amount must be a whole number."),
        ({"from": "Alice", "to": "Bob", "amount": 10**15}, BadAmount,
         "The amount 1000000000000000 is larger than any amount in the game."),
        ({"from": "Alice", "to": "Zed", "amount": 5}, UnknownPlayer,
         "There is no player called 'Zed' in this game."),
        ({"from": "Alice", "amount": 5}, BadCommand, "The command needs 'to': a player's name."),
        ({"from": "Alice", "to": "Alice", "amount": 5}, RuleBroken,
         "Payer and receiver are the same."),
    ],
)
def test_bad_payments_are_refused_and_change_nothing(game: Game, fields: dict, error: type,
                                                     message: str) -> None:
    with game.refused(error, message):
        game.table.execute({"cmd": "pay", **fields}, game_id=game.id)


def test_bad_commands_are_refused_and_change_nothing(game: Game) -> None:
    with game.refused(UnknownSpace, "There is no space 'Narnia' on this board."):
        game.do("land", player="Alice", space="Narnia")
    with game.refused(UnknownSpace, "There is no space 41 on this board."):
        game.do("buy", player="Alice", space=41)
    with game.refused(UnknownSpace, "Name the space by its name or its number on the board."):
        game.do("buy", player="Alice", space=True)  # true is no board index 1 (h21)
    with game.refused(BadCommand, "There is no command 'teleport'."):
        game.do("teleport")
    with game.refused(RuleBroken, "Start cannot be bought."):
        game.do("buy", player="Alice", space="Start")
    game.do("buy", player="Bob", space="Vannverket")
    # `land` has already folded Landed when the dice turn out missing: the game is rebuilt.
    with game.refused(BadCommand, "The rent of Vannverket depends on the dice: give the dice "
                      "total."):
        game.do("land", player="Alice", space="Vannverket")
    with game.refused(NotEnoughCash, "Alice has 30000 kr; Rådhusplassen costs 40000 kr."):
        game.do("buy", player="Alice", space="Rådhusplassen", price=40000)
    with pytest.raises(UnknownGame):
        game.table.execute({"cmd": "next_turn"}, game_id="nope")


def test_a_player_moves_only_their_own_money(game: Game) -> None:
    bob = Actor("player", "Bob")
    with game.refused(NotAllowed, "Bob can only act for themself."):
        game.do("pay", actor=bob, from_="Alice", to="Bob", amount=1000)
    with game.refused(NotAllowed, "Only the banker can do that."):
        game.do("next_turn", actor=bob)
    with game.refused(NotAllowed, "Only the banker can undo."):
        game.do("undo", actor=bob)
    game.do("pay", actor=bob, from_="Bob", to="Alice", amount=1000)
    assert game.cash("Bob") == 29000


def test_a_game_that_is_over_refuses_commands_until_undone(game: Game) -> None:
    game.do("pay", from_="Alice", to="Bob", amount=700)
    game.do("end_game")
    state = game.state()
    assert state["game"]["over"] and state["tally"]["winner"] == "Bob"
    with game.refused(GameOver, "The game is over; only undo can change it now."):
        game.do("pay", from_="Bob", to="Alice", amount=1)
    game.do("undo")
    assert not game.state()["game"]["over"]


def test_restart_replays_the_log_to_the_same_state(tmp_path: Path) -> None:
    table = open_table(tmp_path)
    game = Game(table, ["Alice", "Bob"])
    game.do("buy", player="Alice", space="Grensen")
    game.do("land", player="Bob", space="Grensen")
    game.do("pay", from_="Bob", to="bank", amount=31000)
    before = game.state()
    table.close()
    again = open_table(tmp_path)
    assert again.snapshot(game.id) == before
    assert again.current_game() == game.id
    again.close()


def test_a_phone_pays_at_most_its_cash_but_the_banker_may_record_a_debt(game: Game) -> None:
    """C20/C21: a player's phone cannot lend money it does not have (a fat-fingered
    99 999 999 kr); what a player owes but cannot pay is recorded by the banker as a debt."""
    bob = Actor("player", "Bob")
    with game.refused(NotEnoughCash, "Bob has only 30 000 kr and cannot pay 99 999 999 kr from "
                      "the phone. Raise money first (sell, mortgage), or ask the banker to "
                      "record what is owed."):
        game.do("pay", actor=bob, from_="Bob", to="Alice", amount=99_999_999)
    with game.refused(NotEnoughCash, "Bob has only 30 000 kr and cannot pay 60 000 kr from the "
                      "phone. Raise money first (sell, mortgage), or ask the banker to record "
                      "what is owed."):
        game.do("pay_each", actor=bob, from_="Bob", amount=30_000)
    game.do("pay", from_="Bob", to="Alice", amount=31_000, memo="rent")
    assert game.player("Bob")["debts"] == [{"to": "Alice", "amount": 1000, "memo": "rent"}]


def test_a_phone_buys_only_the_deed_it_landed_on_at_the_printed_price(game: Game) -> None:
    """C4: a deed is bought by the player who landed on it; other sales are the banker's."""
    alice = Actor("player", "Alice")
    with game.refused(RuleBroken, "Alice can buy Rådhusplassen only after landing on it on their "
                      "turn (C4); ask the banker."):
        game.do("buy", actor=alice, player="Alice", space="Rådhusplassen")
    game.do("land", player="Alice", space="Rådhusplassen")
    with game.refused(NotAllowed, "Only the banker can sell a deed at another price than printed."):
        game.do("buy", actor=alice, player="Alice", space="Rådhusplassen", price=1)
    game.do("buy", actor=alice, player="Alice", space="Rådhusplassen")
    assert game.player("Alice")["cash"] == 30000 - 8000


def test_undo_with_the_seq_it_was_shown_refuses_when_another_command_came_first(
        game: Game) -> None:
    """The console names the command undo will reverse; a phone's command arriving between
    the banker's look and tap must not be undone in its place."""
    shown = game.do("pay", from_="Alice", to="Bob", amount=100).seq
    game.do("pay", actor=Actor("player", "Carol"), from_="Carol", to="Bob", amount=5)
    with game.refused(Refused, "Another command arrived meanwhile: look at the history again "
                      "before undoing."):
        game.do("undo", seq=shown)
    game.do("undo")
    game.do("undo", seq=shown)
    assert game.cashes() == {"Alice": 30000, "Bob": 30000, "Carol": 30000}


@pytest.mark.parametrize(("fields", "key"), [
    ({"memo": "m" * (MAX_TEXT + 1)}, "memo"),
    ({"note": "n" * 60_000}, "note"),  # an unknown extra field, up to the body limit
    ({"extra": {"deep": [["e" * (MAX_TEXT + 1)]]}}, "extra"),
    ({"k" * 300: 1}, "k" * 40 + "…"),  # a field name
])
def test_a_long_text_is_refused_and_changes_nothing(game: Game, fields: dict,
                                                    key: str) -> None:
    """The log keeps every command and the history shows it: no string in a command
    (memos, names, unknown fields, field names) may be longer than ``MAX_TEXT``, 200."""
    history = game.table.history(game.id, 100)
    message = f"The text in '{key}' is longer than 200 characters; write it shorter."
    for actor in (Actor("player", "Alice"), BANKER):
        with game.refused(BadCommand, message):
            game.do("pay", actor=actor, from_="Alice", to="Bob", amount=5, **fields)
    assert game.table.history(game.id, 100) == history


def test_a_text_of_200_characters_is_kept_but_a_command_too_long_is_refused(
        game: Game) -> None:
    """200 characters pass (the phones' memo field holds 200); many short unknown fields
    add up to more than ``MAX_COMMAND``, refused; a player's name stays 1 to 40 letters."""
    game.do("pay", from_="Alice", to="Bob", amount=5, memo="m" * MAX_TEXT)
    assert game.table.history(game.id, 1)[0]["command"]["memo"] == "m" * MAX_TEXT
    padding = {f"f{i}": "z" * 100 for i in range(MAX_COMMAND // 100)}
    with game.refused(BadCommand, "The command is longer than 8000 characters; send only the "
                      "fields it needs."):
        game.do("pay", from_="Alice", to="Bob", amount=5, **padding)
    games = game.table.game_ids()
    for name, message in (("N" * 41, "a different name of 1 to 40 letters"),
                          ("N" * (MAX_TEXT + 1), "The text in 'players' is longer than 200")):
        with pytest.raises(BadCommand, match=message):
            game.table.execute({"cmd": "new_game", "players": [name, "Bob"]})
    assert game.table.game_ids() == games

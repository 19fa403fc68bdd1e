"""Issue 17 points 4, 5 and 8: what a player's token can no longer do to the log.

4. A command holding NaN or Infinity is refused on both lanes (the Flask view and the
   server's own fast lane), so the history stays JSON for every phone.
5. A field no step of the command reads is refused, naming it; every player may write
   at most a day's budget of bytes (20 MB), counted from the log itself, so a restart
   does not reset it; the banker is never counted.
8. Names that look alike (UTS #39 skeleton: Cyrillic О in "Оla") or hold an invisible
   filler (U+115F, U+3164, …) are refused at setup.

Real parts only: a SQLite file, the Flask app, the real server on a socket.
"""

from __future__ import annotations

import http.client
import json
import time
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.budget import HOUR, PLAYER_BYTES_A_DAY
from companion.errors import BadCommand, NotAllowed
from companion.store import Store
from companion.table import BANKER, Actor, Table
from tests.conftest import LiveServer, WebActions

NAN_PAY = '{"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 100, "note": %s}'


def strict_json(text: str) -> Any:
    """``text`` parsed as JSON proper: NaN and Infinity are not JSON (a browser's
    ``JSON.parse`` refuses them, and every "Siste" list with them)."""
    def refuse(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")
    return json.loads(text, parse_constant=refuse)


def history_text(client: FlaskClient, web: WebActions, token: str) -> str:
    answer = client.get(f"/api/games/{web.game}/history", headers=web.bearer(token))
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_is_refused_by_the_view_and_history_stays_json(
        web_game: WebActions, client: FlaskClient, constant: str) -> None:
    """Point 4, the Flask lane: refused with a sentence, nothing stored."""
    alice = web_game.players["Alice"]
    seq = web_game.state()["game"]["seq"]
    answer = client.post(f"/api/games/{web_game.game}/commands", data=NAN_PAY % constant,
                         content_type="application/json", headers=web_game.bearer(alice))
    assert answer.status_code == 400
    assert "not a number" in answer.json["error"] and constant in answer.json["error"]
    assert web_game.state()["game"]["seq"] == seq and web_game.cash("Alice") == 30000
    strict_json(history_text(client, web_game, alice))
    strict_json(history_text(client, web_game, web_game.banker))


def test_nan_is_refused_by_the_core_and_never_written(table: Table) -> None:
    """Point 4 in the core: a NaN that reached the table (any lane) is refused; the store
    never writes one either."""
    game = table.execute({"cmd": "new_game", "players": ["Alice", "Bob"]}).game_id
    command = {"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 100,
               "memo": "x", "extra": [float("nan")]}
    with pytest.raises(BadCommand, match="not a number"):
        table.execute(command, Actor("player", "Alice"), game)
    with pytest.raises(ValueError):
        table.store.append(game, None, "banker", {"x": float("inf")}, [])
    assert table.state(game).seq == 1


def post(url: str, path: str, body: str, token: str) -> tuple[int, str]:
    host, port = url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("POST" if body else "GET", path, body or None, headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    answer = conn.getresponse()
    text = answer.read().decode()
    conn.close()
    return answer.status, text


def test_nan_is_refused_by_the_fast_lane(live_server: LiveServer, web_game: WebActions) -> None:
    """Point 4, the server's own lane (``web.front``), over a real socket."""
    alice = web_game.players["Alice"]
    path = f"/api/games/{web_game.game}/commands"
    status, text = post(live_server.url, path, NAN_PAY % "NaN", alice)
    assert status == 400 and "not a number" in strict_json(text)["error"]
    status, text = post(live_server.url, path, NAN_PAY % '"a note"', alice)  # the lane works
    assert status == 400 and "'note'" in strict_json(text)["error"]  # point 5: unknown
    status, text = post(live_server.url, f"/api/games/{web_game.game}/history", "", alice)
    assert status == 200 and strict_json(text)["ok"]
    assert web_game.cash("Alice") == 30000


def test_an_unknown_field_is_refused_and_named(web_game: WebActions) -> None:
    """Point 5: a field the command does not take is refused, naming it; nothing changes.
    The fields real clients send (``memo``, ``id``) still go."""
    alice = web_game.players["Alice"]
    junk = {"cmd": "pay", "from_": "Alice", "to": "Bob", "amount": 100, "memo": "rent"}
    answer = web_game.send(alice, **junk, padding="x" * 190)
    assert answer.status_code == 400
    assert answer.json["error"] == ("The command 'pay' has no field 'padding'; send only the "
                                    "fields it takes.")
    assert web_game.cash("Alice") == 30000
    assert web_game.send(alice, **junk, id="pay-1").json["ok"]
    assert web_game.cash("Alice") == 29900


def test_an_unknown_field_in_a_trade_offer_or_undo_is_refused(web_game: WebActions) -> None:
    """Point 5: "propose a trade, cancel it" with padding no longer stores the padding."""
    alice = web_game.players["Alice"]
    offer = {"cmd": "trade_propose", "from_": "Alice",
             "parties": {"Alice": {"cash": 100}, "Bob": {}}}
    assert "'blob'" in web_game.send(alice, **offer, blob="y" * 150).json["error"]
    assert web_game.send(alice, **offer).json["ok"]  # the same offer without it goes
    assert "'why'" in web_game.send(cmd="undo", why="z").json["error"]


def test_new_game_refuses_an_unknown_field(web_actions: WebActions,
                                           client: FlaskClient) -> None:
    body = {"players": ["Kari", "Ola"], "colour": "red"}
    answer = client.post("/api/games", json=body, headers=web_actions.bearer())
    assert answer.status_code == 400 and "'colour'" in answer.json["error"]
    assert web_actions.table.game_ids() == []


def spam(table: Table, game: str, player: str, times: int, run: str = "a") -> int:
    """Send ``times`` payments of 1 kr from ``player`` to the bank (client ids of ``run``);
    how many went."""
    done = 0
    for n in range(times):
        try:
            table.execute({"cmd": "pay", "from": player, "to": "bank", "amount": 1,
                           "memo": "m" * 190, "id": f"{run}-{player}-{n}"},
                          Actor("player", player), game)
        except NotAllowed:
            break
        done += 1
    return done


def test_a_players_day_of_bytes_is_bounded_and_kept_over_a_restart(tmp_path: Path) -> None:
    """Point 5: past the day's budget a player's commands are refused with a sentence and
    change nothing; the banker and the other players go on; the count comes from the log,
    so reopening the table keeps it; a day later the player may write again."""
    path = tmp_path / "companion.sqlite3"
    table = Table(Store(path), budget=20_000)
    game = table.execute({"cmd": "new_game", "players": ["Alice", "Bob"]}).game_id
    sent = spam(table, game, "Alice", 200)
    assert 10 < sent < 200  # about 600 bytes a payment, memo and events
    assert table.budget.used(game, "Alice") == sum(
        n for g, who, _at, n in table.store.written_since(0) if who == "Alice" and g == game)
    with pytest.raises(NotAllowed, match="more than a day's worth"):
        table.execute({"cmd": "claim", "player": "Alice"}, Actor("player", "Alice"), game)
    cash = table.state(game).players["Alice"].cash
    assert spam(table, game, "Bob", 3) == 3  # Bob's phone has its own budget
    table.execute({"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 5}, BANKER, game)
    assert table.state(game).players["Alice"].cash == cash - 5  # the banker is not counted
    table.close()

    again = Table(Store(path), budget=20_000)  # a restart: the log still says so
    assert spam(again, game, "Alice", 1, "b") == 0
    assert spam(again, game, "Alice", 1, "a") == 1  # a retry writes nothing: acknowledged
    later = time.time() + 25 * HOUR
    again.budget.clock = lambda: later
    assert spam(again, game, "Alice", 1, "c") == 1
    again.close()


def test_the_default_budget_is_well_under_the_card() -> None:
    """20 MB a player a day: six phones at their limit write 120 MB a day (issue 17: the
    break test wrote 2.3 GB a day per phone)."""
    assert PLAYER_BYTES_A_DAY == 20_000_000
    assert 6 * PLAYER_BYTES_A_DAY < 2_300_000_000 // 10


@pytest.mark.parametrize("names", [
    ["Ola", "\u041ela"],  # Cyrillic capital O
    ["Per", "P\u0435r"],  # Cyrillic small ie
    ["Ida", "lda"],  # capital I and small l
    ["Per Olsen", "Per\u00a0Olsen"],  # a no-break space
    ["Kari", "Ola", "\u043ela"],  # the third looks like the second
])
def test_names_that_look_alike_are_refused(table: Table, names: list[str]) -> None:
    """Point 8: the UTS #39 skeleton of two names is the same: refused, no game."""
    with pytest.raises(BadCommand, match="look alike"):
        table.execute({"cmd": "new_game", "players": names})
    assert table.game_ids() == []


@pytest.mark.parametrize("filler", ["\u115f", "\u1160", "\u3164", "\uffa0", "\u200b",
                                    "\u034f", "\ufe0f", "\u00ad", "\U000e0041"])
def test_invisible_fillers_are_refused(table: Table, filler: str) -> None:
    """Point 8: default-ignorable code points (Hangul fillers, variation selectors, …)."""
    for names in (["Ola", f"Ola{filler}"], ["Ola", filler], ["Ola", f"P{filler}er"]):
        with pytest.raises(BadCommand, match="invisible"):
            table.execute({"cmd": "new_game", "players": names})
    assert table.game_ids() == []


def test_the_bank_cannot_be_spelt_in_cyrillic(table: Table) -> None:
    with pytest.raises(BadCommand, match="bank's name"):
        table.execute({"cmd": "new_game", "players": ["Ola", "b\u0430nk"]})


def test_names_that_only_differ_stay_apart(table: Table) -> None:
    """Point 8 refuses only look-alikes: the family's real names still go."""
    for names in (["Kari", "Karl"], ["Anne", "Arne"], ["Bjørn", "Bjorn"], ["Åse", "Åsa"],
                  ["Liv", "Lív"], ["Ольга", "Olga"], ["Eli", "Ell", "Per", "Pål"]):
        table.execute({"cmd": "new_game", "players": names})
    assert len(table.game_ids()) == 7

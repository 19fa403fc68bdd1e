"""The tally page ``/tally/<game>`` and ``GET /api/games/<game>/tally`` (docs/rules.md C22–C24, W3):
figures from replayed games, the worth-over-time series without undone commands, and who
may look."""

from __future__ import annotations

import re
from pathlib import Path

from flask.testing import FlaskClient

from companion.replay import replay_into
from tests.conftest import WebActions

REPLAYS = Path(__file__).parent / "replays"


def replay(actions: WebActions, name: str) -> str:
    """Replay ``tests/replays/<name>`` into the app's table; remember the game."""
    lines = (REPLAYS / name).read_text(encoding="utf-8").splitlines()
    game, rejected = replay_into(actions.table, lines)
    assert rejected == [] and game is not None
    actions.game = game
    return game


def cells(html: str, player: str) -> dict[str, int]:
    """``{column: value}`` of ``player``'s row of the tally table."""
    row = re.search(rf'<tr data-player="{player}"[^>]*>(.*?)</tr>', html, re.S)
    assert row is not None, player
    return {k: int(v) for k, v in re.findall(r'data-key="(\w+)" data-value="(-?\d+)"', row[1])}


def test_the_classic_game_tally_page_shows_alices_101_950(web_actions: WebActions,
                                                           client: FlaskClient) -> None:
    game = replay(web_actions, "classic_full_game.jsonl")
    page = client.get(f"/tally/{game}", headers=web_actions.bearer())
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert cells(html, "Alice") == {"cash": 31_250, "deeds": 26_800, "mortgaged": 13_900,
                                    "buildings": 30_000, "debts": 0, "total": 101_950}
    assert cells(html, "Bob")["total"] == 0 and cells(html, "Carol")["total"] == 0
    assert 'data-winner="Alice"' in html and 'data-winner-by="worth"' in html
    assert "Final tally." in html
    assert 'data-key="money"' not in html  # worth decides in the classic game
    assert html.count('class="worth-line"') == 3  # the chart: one line per player
    assert "Content-Security-Policy" in page.headers


def test_the_wonders_tally_shows_cash_and_worth_side_by_side(web_actions: WebActions,
                                                             client: FlaskClient) -> None:
    game = replay(web_actions, "wonders_full_passport.jsonl")
    html = client.get(f"/tally/{game}", headers=web_actions.bearer()).get_data(as_text=True)
    ada, bo = cells(html, "Ada"), cells(html, "Bo")
    assert (ada["cash"], ada["money"], ada["total"]) == (53_800, 53_800, 61_400)
    assert (bo["cash"], bo["money"], bo["total"]) == (10_200, 10_200, 27_600)
    assert 'data-winner="Ada"' in html and 'data-winner-by="cash"' in html


def test_the_series_ends_at_the_tally_and_leaves_out_undone_commands(
        web_actions: WebActions, client: FlaskClient) -> None:
    game = replay(web_actions, "classic_full_game.jsonl")
    data = client.get(f"/api/games/{game}/tally", headers=web_actions.bearer()).json
    assert data["ok"] and data["over"]
    series = data["series"]
    commands = sum(1 for r in web_actions.table.store.rows(game))
    assert len(series) == commands  # no undo in this game: one point per command
    assert series[0]["totals"] == {"Alice": 30_000, "Bob": 30_000, "Carol": 30_000}
    assert series[-1]["totals"] == {n: r["total"] for n, r in data["tally"]["players"].items()}
    assert series[-1]["totals"]["Alice"] == 101_950


def test_undone_commands_are_not_in_the_series(web_actions: WebActions,
                                               client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob")
    web_actions.send(cmd="buy", player="Alice", space="Parkveien")
    web_actions.send(cmd="pay", from_="Alice", to="Bob", amount=5000)
    web_actions.send(cmd="undo")  # the payment was a mistake
    web_actions.send(cmd="pay", from_="Bob", to="Alice", amount=100)
    data = client.get(f"/api/games/{web_actions.game}/tally", headers=web_actions.bearer()).json
    assert [p["seq"] for p in data["series"]] == [1, 2, 5]
    assert [p["totals"]["Bob"] for p in data["series"]] == [30_000, 30_000, 29_900]
    assert data["tally"]["players"]["Alice"]["total"] == 30_100  # cash 28 900 + deed 1 200
    assert data["over"] is False
    html = client.get(f"/tally/{web_actions.game}", headers=web_actions.bearer()).get_data(
        as_text=True)
    assert "Provisional tally" in html and cells(html, "Alice")["total"] == 30_100


def test_players_see_their_own_games_tally_only(web_actions: WebActions,
                                                client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob")
    first, alice = web_actions.game, web_actions.players["Alice"]
    web_actions.new_game("Carol", "Dan")
    second, carol = web_actions.game, web_actions.players["Carol"]
    assert client.get(f"/tally/{first}", headers=web_actions.bearer(alice)).status_code == 200
    assert client.get(f"/tally/{second}", headers=web_actions.bearer(alice)).status_code == 403
    assert client.get(f"/tally/{first}", headers=web_actions.bearer(carol)).status_code == 403
    api = client.get(f"/api/games/{first}/tally", headers=web_actions.bearer(carol))
    assert api.status_code == 403 and api.json["ok"] is False
    assert client.get(f"/tally/{first}").status_code == 401
    assert client.get("/tally/nosuchgame", headers=web_actions.bearer()).status_code == 404


def test_the_tally_page_by_cookie_links_back_to_the_wallet(web_actions: WebActions,
                                                           client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob")
    web_actions.sign_in(web_actions.players["Bob"])
    html = client.get(f"/tally/{web_actions.game}").get_data(as_text=True)
    assert 'href="/wallet"' in html



def test_i15_8_the_tally_note_names_nameless_wonders_in_the_pages_language(
        web_actions: WebActions, client: FlaskClient) -> None:
    """Verdens underverker's airport #5 and brown #1 have no printed name and ×20 prices:
    the note "not read off your box" calls them "Flyplass 5" and "Brun 1" (nb) or
    "Airport 5" (en), never the core's "airport #5"."""
    web_actions.new_game("Ada", "Bo", edition="verdens-underverker-2003")
    for space in (1, 5):
        assert web_actions.send(cmd="buy", player="Ada", space=space).status_code == 200
    url = f"/tally/{web_actions.game}"
    nb = client.get(f"{url}?lang=nb", headers=web_actions.bearer()).get_data(as_text=True)
    note = re.search(r'<div id="provenance".*?</div>', nb, re.S)
    assert note is not None
    assert "Brun 1" in note[0] and "Flyplass 5" in note[0]
    en = client.get(f"{url}?lang=en", headers=web_actions.bearer()).get_data(as_text=True)
    assert "Airport 5" in en
    for html in (nb, en):
        assert not re.search(r"[a-z_] #\d", html)


def test_c23_the_tally_note_says_plainly_a_figure_was_typed_in_from_the_familys_game(
        web_actions: WebActions, client: FlaskClient) -> None:
    """A price typed at the table (Swedish 2008's are the standard deed × 10 000, seed 001):
    the note said "entered at your table 2026-12-01" / "inskrivet vid ert bord 2026-12-01";
    now plain words and the day as the page writes it."""
    import datetime as dt

    from babel.dates import format_date

    web_actions.new_game("Anna", "Bo", edition="monopol-se-2008")
    assert web_actions.send(cmd="edition_value", space=1, field="price",
                            value=600_000).status_code == 200
    assert web_actions.send(cmd="buy", player="Anna", space=1).status_code == 200
    url = f"/tally/{web_actions.game}"
    today = dt.date.today()
    for lang, heading, words in (
            ("sv", "Var några av siffrorna kommer ifrån:", "inskrivet från ert eget spel"),
            ("nb", "Hvor noen av tallene kommer fra:", "skrevet av fra deres eget spill")):
        html = client.get(f"{url}?lang={lang}", headers=web_actions.bearer()).get_data(
            as_text=True)
        note = re.search(r'<div id="provenance".*?</div>', html, re.S)
        assert note is not None and heading in note[0]
        assert f"{words} {format_date(today, 'long', locale=lang)}" in note[0]
        assert today.isoformat() not in note[0] and "bord" not in note[0]


def test_w3_the_tally_and_the_bonus_line_say_the_full_passport_ended_the_game(
        web_actions: WebActions, client: FlaskClient) -> None:
    """Seed 000: the 22nd wonder ends the game and pays 30 000 kr (W3).  The tally said only
    "Final tally." and the history "The bank paid Ada 30 000 kr."; both now say why."""
    from web.describe import describe_rows

    game = replay(web_actions, "wonders_full_passport.jsonl")
    assert web_actions.state()["game"]["ended_by"] == "W3"
    url = f"/tally/{game}"
    en = client.get(f"{url}?lang=en", headers=web_actions.bearer()).get_data(as_text=True)
    assert re.search(r'<p id="tally-ended"[^>]*data-how="W3">The game ended with a full '
                     r'passport: all 22 wonders visited \(W3\)\.</p>', en)
    nb = client.get(f"{url}?lang=nb", headers=web_actions.bearer()).get_data(as_text=True)
    assert "Spillet sluttet med et fullt pass: alle 22 underverker besøkt (W3)." in nb
    told = describe_rows(web_actions.table, game, web_actions.table.history(game, 500))
    bonus = [t.replace("\u00a0", " ") for t in told if "30 000" in t.replace("\u00a0", " ")
             or "30,000" in t]
    assert any("bonus for the full passport, which ends the game (W3)" in t for t in bonus), told


def test_c22_c24_the_tally_of_any_edition_says_how_the_game_ended(
        web_actions: WebActions, client: FlaskClient) -> None:
    """The classic game ended by its last player standing (C22), a game the banker ended,
    a timed game ended when time was up (C24); a game going on says nothing of an end."""
    game = replay(web_actions, "classic_full_game.jsonl")
    html = client.get(f"/tally/{game}?lang=en", headers=web_actions.bearer()).get_data(
        as_text=True)
    assert 'data-how="C22">The game ended when only one player was left (C22).' in html
    for variant, how, words in (("standard", "end_game", "The banker ended the game on the "
                                                         "console."),
                                ("timed", "C24", "Time was up: the banker ended the timed "
                                                 "game (C24).")):
        fields = {"variant": variant, "minutes": 30} if variant == "timed" else {}
        web_actions.new_game("Alice", "Bob", **fields)
        url = f"/tally/{web_actions.game}?lang=en"
        assert 'id="tally-ended"' not in client.get(url, headers=web_actions.bearer()).get_data(
            as_text=True)
        assert web_actions.send(cmd="end_game").status_code == 200
        html = client.get(url, headers=web_actions.bearer()).get_data(as_text=True)
        assert f'data-how="{how}">{words}</p>' in html

"""The family's games ``/games`` (issue 16 point 9): games played to the end through the
core on a real SQLite table, listed newest first with date, edition, players, winner and a
link to the tally; each player's record across games, matched by name; a game still being
played is not listed; the page writes nothing and is the banker's."""

from __future__ import annotations

import re
import time
from pathlib import Path

from flask.testing import FlaskClient

from companion.replay import replay_into
from companion.table import Table
from tests.conftest import WebActions
from tests.kit import Game
from web.games_page import finished_games, records

REPLAYS = Path(__file__).parent / "replays"


def play_three(table: Table) -> dict[str, str]:
    """Three games to the end and one still open: {label: game id}.

    - ``classic``: NO 1996, Kari gets 5 000 kr from the bank, the banker ends it: Kari
      is the richest (C23) and wins;
    - ``swedish``: SE 2008, "kari " (another spelling) and Ola; Ola gets 2 000 kr: Ola wins;
    - ``tied``: NO 1996, Kari and Åse untouched: tied, no winner (C23);
    - ``open``: NO 1996, not ended."""
    classic = Game(table, ["Kari", "Ola", "Åse"])
    classic.give("Kari", 5_000)
    classic.do("end_game")
    swedish = Game(table, ["kari ", "Ola"], edition="monopol-se-2008")
    swedish.give("Ola", 2_000)
    swedish.do("end_game")
    tied = Game(table, ["Kari", "Åse"])
    tied.do("end_game")
    still = Game(table, ["Kari", "Ola"])
    still.give("Ola", 1_000)
    return {"classic": classic.id, "swedish": swedish.id, "tied": tied.id, "open": still.id}


def test_issue16_9_c23_finished_games_newest_first_with_edition_players_and_winner(
        table: Table) -> None:
    ids = play_three(table)
    games = finished_games(table)
    assert [g.id for g in games] == [ids["tied"], ids["swedish"], ids["classic"]]
    tied, swedish, classic = games
    assert classic.edition == "Monopol (norsk utgave, 1996)"
    assert swedish.edition == "Monopol (svensk utgåva, 2008)"
    assert classic.players == ("Kari", "Ola", "Åse") and classic.winner == "Kari"
    assert swedish.winner == "Ola" and tied.winner is None  # C23: the richest are tied
    assert classic.date == time.strftime("%Y-%m-%d")


def test_issue16_9_records_match_players_by_name_across_games(table: Table) -> None:
    play_three(table)
    found = {r.name: (r.played, r.won) for r in records(finished_games(table))}
    # "kari " of the Swedish game is Kari; the newest spelling (the tied game's) is shown
    assert found == {"Kari": (3, 1), "Ola": (2, 1), "Åse": (2, 0)}
    assert [r.name for r in records(finished_games(table))] == ["Kari", "Ola", "Åse"]


def test_issue16_9_the_games_page_lists_the_replayed_classic_game_and_links_its_tally(
        web_actions: WebActions, client: FlaskClient) -> None:
    lines = (REPLAYS / "classic_full_game.jsonl").read_text(encoding="utf-8").splitlines()
    game, rejected = replay_into(web_actions.table, lines)
    assert rejected == [] and game is not None
    before = web_actions.table.snapshot(game)
    page = client.get("/games", headers=web_actions.bearer())
    assert page.status_code == 200 and "Content-Security-Policy" in page.headers
    html = page.get_data(as_text=True)
    row = re.search(rf'<tr data-game="{game}" data-winner="Alice">(.*?)</tr>', html, re.S)
    assert row is not None  # C22: Alice, the last one standing with 101 950 kr
    assert "Monopol (norsk utgave, 1996)" in row[1] and "Alice, Bob, Carol" in row[1]
    assert f'href="/tally/{game}"' in row[1]
    assert re.search(r'<tr data-player="Alice" data-played="1" data-won="1">', html)
    assert re.search(r'<tr data-player="Bob" data-played="1" data-won="0">', html)
    assert web_actions.table.snapshot(game) == before  # nothing written
    assert web_actions.table.game_ids() == [game]


def test_issue16_9_the_games_page_in_norwegian_and_empty(
        web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Kari", "Ola")  # being played: not listed
    html = client.get("/games?lang=nb", headers=web_actions.bearer()).get_data(as_text=True)
    assert "Våre spill" in html and "Ingen spill er spilt ferdig her ennå." in html
    assert 'data-game="' not in html


def test_issue16_9_the_games_page_is_the_bankers(web_actions: WebActions,
                                                  client: FlaskClient) -> None:
    web_actions.new_game("Kari", "Ola")
    answer = client.get("/games", headers=web_actions.bearer(web_actions.players["Kari"]))
    assert answer.status_code in (401, 403)
    assert client.get("/games").status_code in (401, 403)

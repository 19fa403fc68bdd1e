"""The history in the family's words (web/describe/): what each command did, from its
events, with space names from the edition and amounts the local way; what undo would
reverse and what it did; a lapsed rent claim on the owner's phone; the tally mid-game."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.conftest import WebActions


def texts(client: FlaskClient, actions: WebActions, token: str | None = None,
          lang: str = "en") -> list[str]:
    """The history's sentences, newest last (no-break spaces as plain ones)."""
    answer = client.get(f"/api/games/{actions.game}/history?limit=50&lang={lang}",
                        headers=actions.bearer(token))
    assert answer.status_code == 200
    return [plain(row["text"]) for row in answer.json["history"]]


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def history(client: FlaskClient, actions: WebActions) -> dict[str, Any]:
    answer = client.get(f"/api/games/{actions.game}/history", headers=actions.bearer())
    return answer.json


def test_each_command_in_words(web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Mor", "Far", "Ola")
    web_actions.send(cmd="buy", player="Far", space="Parkveien")
    web_actions.send(cmd="buy", player="Far", space="Kirkeveien")
    web_actions.send(cmd="pay", from_="Mor", to="Far", amount=100)
    web_actions.send(cmd="pay", from_="bank", to="Ola", amount=2000, memo="Sjanse")
    web_actions.send(cmd="land", player="Ola", space=4)  # Inntektsskatt
    web_actions.send(cmd="build", player="Far", space="Parkveien")
    web_actions.send(cmd="mortgage", player="Mor", space="Parkveien")  # refused: not hers
    web_actions.send(cmd="jail", player="Mor")
    web_actions.send(cmd="leave_jail", player="Mor", by="fine")
    web_actions.send(cmd="roll", player="Mor", dice=[2, 3])  # from jail (10)
    said = texts(client, web_actions)
    assert said[0] == "New game: Mor, Far, Ola."
    assert said[1] == "Far bought Parkveien for 1,200 kr."
    assert said[3] == "Mor paid Far 100 kr."
    assert said[4] == "The bank paid Ola 2,000 kr (Sjanse)."
    assert said[5].startswith("Ola landed on Inntektsskatt. Ola paid the bank ")
    assert said[6] == "Far built on Parkveien (1 house) for 1,000 kr."
    assert said[7] == "Mor went to jail."
    assert said[8] == "Mor paid the fine of 1,000 kr and left jail."
    assert said[9] == "Mor rolled 2 and 3 and landed on Skøyen stasjon."
    assert not any("{" in text or "banker:" in text for text in said)


def test_a_name_typed_another_way_is_told_as_the_game_stores_it(
        web_actions: WebActions, client: FlaskClient) -> None:
    """The core finds "bob" and a decomposed "Åse" (companion.commands.names); the words
    use the stored names and the amounts the events moved (C2: 4 000 kr for Start)."""
    web_actions.new_game("Åse", "Bob")
    web_actions.send(cmd="buy", player="Åse", space="Kirkeveien")
    typed = [web_actions.send(cmd="pass_start", player="bob").json["text"],
             web_actions.send(cmd="mortgage", player="A\u030ase", space="Kirkeveien").json["text"],
             web_actions.send(cmd="pay", from_="BOB", to="åse", amount=100).json["text"]]
    assert [plain(t) for t in typed] == ["Bob passed Start and got 4,000 kr.",
                                         "Åse mortgaged Kirkeveien for 600 kr.",
                                         "Bob paid Åse 100 kr."]
    assert texts(client, web_actions)[-3:] == [plain(t) for t in typed]


def test_the_answer_to_a_command_says_what_it_did(web_actions: WebActions) -> None:
    web_actions.new_game("Mor", "Far")
    answer = web_actions.send(cmd="roll", player="Mor", dice=[1, 2]).json
    assert answer["text"] == "Mor rolled 1 and 2 and landed on Kirkeveien."
    web_actions.send(cmd="buy", player="Mor", space="Kirkeveien")
    undo = web_actions.send(cmd="undo").json
    assert plain(undo["undone"]) == "Mor bought Kirkeveien for 1,200 kr."
    assert plain(undo["text"]) == "Undo: Mor bought Kirkeveien for 1,200 kr."


def test_undo_names_what_it_would_undo(web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Mor", "Far")
    assert history(client, web_actions)["undo"] is None  # the start is not undone
    web_actions.send(cmd="land", player="Mor", space="Parkveien")
    web_actions.send(cmd="pay", from_="Far", to="Mor", amount=300)
    assert plain(history(client, web_actions)["undo"]["text"]) == "Far paid Mor 300 kr."
    web_actions.send(cmd="undo")
    data = history(client, web_actions)
    assert data["undo"]["text"] == "Mor landed on Parkveien."
    assert [row["undone"] for row in data["history"]] == [False, False, True, False]
    player = client.get(f"/api/games/{web_actions.game}/history",
                        headers=web_actions.bearer(web_actions.players["Mor"])).json
    assert "undo" not in player  # the banker's question only


def test_a_lapsed_claim_on_the_owners_phone(web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Mor", "Far", "Ola")
    for lot in ("Parkveien", "Kirkeveien"):
        web_actions.send(cmd="buy", player="Mor", space=lot)
    web_actions.send(cmd="land", player="Ola", space="Parkveien")  # 2 × 40: a whole group
    web_actions.send(cmd="next_turn")  # not claimed in time
    mor = texts(client, web_actions, web_actions.players["Mor"])
    assert mor[-2] == "Ola landed on Parkveien. Mor may claim 80 kr rent from Ola."
    assert mor[-1] == ("It is Far's turn. Your rent of 80 kr from Ola on Parkveien lapsed "
                       "(not claimed in time).")
    banker = texts(client, web_actions)
    assert banker[-1] == ("It is Far's turn. Rent of 80 kr on Parkveien lapsed: Mor did not "
                          "claim it from Ola in time.")
    web_actions.send(cmd="land", player="Ola", space="Kirkeveien")
    web_actions.send(cmd="claim", player="Mor")
    assert texts(client, web_actions)[-1] == "Mor claimed 160 kr rent from Ola (Kirkeveien)."


def test_history_in_bokmal(web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Mor", "Far")
    web_actions.send(cmd="buy", player="Far", space="Parkveien")
    said = texts(client, web_actions, lang="nb")
    assert said[-1] == "Far kjøpte Parkveien for 1 200 kr."


def test_the_tally_mid_game_names_the_leader_and_the_unchecked_values(
        web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Mor", "Far")
    for lot in ("Parkveien", "Kirkeveien"):
        web_actions.send(cmd="buy", player="Mor", space=lot)
    web_actions.send(cmd="build", player="Mor", space="Parkveien")
    web_actions.send(cmd="pay", from_="Far", to="Mor", amount=5000)
    html = client.get(f"/tally/{web_actions.game}", headers=web_actions.bearer()).get_data(
        as_text=True)
    assert "Mor is leading." in html and "The winner is" not in html
    assert 'data-leader="Mor"' in html and 'data-winner=' not in html
    assert "Where some of the figures come from:" in html
    assert "house prices on Parkveien (from the standard board ×20)" in html
    assert "scaled x20" not in html and "house_cost" not in html
    web_actions.send(cmd="end_game")
    html = client.get(f"/tally/{web_actions.game}", headers=web_actions.bearer()).get_data(
        as_text=True)
    assert "The winner is Mor." in html and "is leading" not in html


@pytest.mark.parametrize(("lang", "name", "words"), [
    ("nb", "Kari", "Nå er det Karis tur."), ("nb", "Lars", "Nå er det Lars' tur."),
    ("sv", "Kari", "Det är Karis tur."), ("sv", "Lars", "Det är Lars tur."),
    ("en", "Kari", "It is Kari's turn.")])
def test_the_next_turn_names_whose_turn_in_the_genitive(
        web_actions: WebActions, lang: str, name: str, words: str) -> None:
    """C3: "Next turn" passes the turn to the next player; nb reads "Nå er det Karis tur",
    not "Kari sin tur" (h17-fix point 8); a name ending in s takes nb "Lars'", sv "Lars"."""
    web_actions.new_game("Ola", name)
    assert web_actions.send(cmd="next_turn").status_code == 200
    answer = web_actions.client.get(
        f"/api/games/{web_actions.game}/history?lang={lang}", headers=web_actions.bearer())
    assert answer.json["history"][-1]["text"].startswith(words), answer.json["history"][-1]


def bankrupt_with_a_mortgaged_deed(actions: WebActions) -> None:
    """Per buys Parkveien (index 1, 1 200 kr) and mortgages it (600 kr, C19), is left with
    500 kr, owes Ola 2 000 kr and goes bankrupt to Ola (C21): Ola takes the deed and pays
    the bank 10 % interest on it, 60 kr (C19/C20)."""
    actions.new_game("Per", "Ola", "Kari")
    for command in ({"cmd": "buy", "player": "Per", "space": 1},
                    {"cmd": "mortgage", "player": "Per", "space": 1},
                    {"cmd": "pay", "from_": "Per", "to": "bank",
                     "amount": 30_000 - 1200 + 600 - 500},
                    {"cmd": "collect_each", "to": "Ola", "amount": 2000},
                    {"cmd": "bankrupt", "player": "Per", "creditor": "Ola"}):
        answer = actions.send(**command)
        assert answer.status_code == 200, answer.json


def test_a_bankruptcy_names_the_deeds_taken_over_and_the_interest(
        web_actions: WebActions) -> None:
    """The console's line names the deeds Ola takes over and the 60 kr interest; Ola's
    phone says why it paid the bank 60 kr (h17-fix point 5)."""
    bankrupt_with_a_mortgaged_deed(web_actions)
    url = f"/api/games/{web_actions.game}/history?lang=en"
    banker = web_actions.client.get(url, headers=web_actions.bearer()).json["history"][-1]
    assert "Per went bankrupt; Ola takes everything." in banker["text"]
    assert "Ola takes over Parkveien." in banker["text"]
    assert ("Ola paid the bank 60\u00a0kr interest (10 %) on the mortgaged Parkveien."
            in banker["text"].replace(" kr", "\u00a0kr"))
    ola = web_actions.client.get(
        url, headers=web_actions.bearer(web_actions.players["Ola"])).json["history"][-1]
    assert "You paid the bank 60\u00a0kr (interest on the mortgaged Parkveien)." in [
        line.replace(" kr", "\u00a0kr") for line in ola["yours"]]


def test_a_bankruptcy_in_bokmal_names_the_deeds_and_why_the_creditor_paid(
        web_actions: WebActions) -> None:
    """The same bankruptcy on a bokmål console and on Ola's bokmål phone."""
    bankrupt_with_a_mortgaged_deed(web_actions)
    url = f"/api/games/{web_actions.game}/history?lang=nb"
    banker = web_actions.client.get(url, headers=web_actions.bearer()).json["history"][-1]
    assert banker["text"].replace("\u00a0", " ").startswith(
        "Per gikk konkurs; Ola overtar alt. Ola overtar Parkveien. Ola betalte banken 60 kr "
        "i rente (10 %) på den pantsatte Parkveien."), banker["text"]
    ola = web_actions.client.get(
        url, headers=web_actions.bearer(web_actions.players["Ola"])).json["history"][-1]
    assert [line.replace("\u00a0", " ") for line in ola["yours"]] == [
        "Du betalte banken 60 kr (rente på den pantsatte Parkveien)."]

"""A phone's command refused for a missing figure waits for the console (family play-test
3, finding 4; web/phone_asks.py): Multimillionær (seed 003), the car onto Skatt (M16,
the percentage not known yet)."""

from __future__ import annotations

from tests.conftest import WebActions


def test_m16_a_phones_refused_roll_is_handed_to_the_banker_once(
        web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Per", edition="multimillionaer")
    kari = web_actions.players["Kari"]
    assert web_actions.send(kari, cmd="ola_roll", player="Kari", dice=[1, 3]).json["ok"]
    refused = web_actions.send(kari, cmd="roll", player="Kari", dice=[1, 3], id="c1")
    assert refused.json["missing"]["field"] == "tax" and web_actions.cash("Kari") == 150_000
    url = f"/api/games/{web_actions.game}/asks"
    assert web_actions.client.get(url, headers=web_actions.bearer(kari)).status_code == 403
    asks = web_actions.client.get(url, headers=web_actions.bearer()).json["asks"]
    assert asks == [{"player": "Kari", "missing": refused.json["missing"],
                     "command": {"cmd": "roll", "player": "Kari", "dice": [1, 3]},
                     "moment": [0, "Kari", "build"]}]  # M4: after Ola, before the car
    assert web_actions.client.get(url, headers=web_actions.bearer()).json["asks"] == []
    web_actions.send(cmd="edition_value", space=4, field="tax", value=10)
    assert web_actions.send(**asks[0]["command"]).json["ok"]
    assert web_actions.cash("Kari") == 135_000  # 10 % of 150 000 kr


def test_m16_the_bankers_own_refusal_is_not_kept_for_later(web_actions: WebActions) -> None:
    web_actions.new_game("Kari", "Per", edition="multimillionaer")
    web_actions.send(cmd="ola_roll", player="Kari", dice=[1, 3])
    assert web_actions.send(cmd="roll", player="Kari", dice=[1, 3]).json["missing"]
    url = f"/api/games/{web_actions.game}/asks"
    assert web_actions.client.get(url, headers=web_actions.bearer()).json["asks"] == []


def phone_roll_onto_skatt(web_actions: WebActions) -> str:
    """Kari's phone rolls the car onto Skatt (M16, the percentage unknown): refused, kept."""
    web_actions.new_game("Kari", "Per", edition="multimillionaer")
    kari = web_actions.players["Kari"]
    web_actions.send(kari, cmd="ola_roll", player="Kari", dice=[1, 3])
    assert web_actions.send(kari, cmd="roll", player="Kari", dice=[1, 3]).json["missing"]
    return f"/api/games/{web_actions.game}/asks"


def test_an_ask_whose_figure_is_known_is_dropped(web_actions: WebActions) -> None:
    """Issue 16 point 2: once the figure is entered (here by the banker, from the card)
    the phone's ask is not asked again."""
    url = phone_roll_onto_skatt(web_actions)
    assert web_actions.send(cmd="edition_value", space=4, field="tax", value=10).json["ok"]
    assert web_actions.client.get(url, headers=web_actions.bearer()).json["asks"] == []


def test_an_ask_older_than_the_turn_is_dropped_never_resent(web_actions: WebActions) -> None:
    """Issue 16 point 2: the table moved on (the turn passed to Per); Kari's old roll would
    be refused ("Per kaster nå, ikke Kari."), so it is dropped, not handed out."""
    url = phone_roll_onto_skatt(web_actions)
    assert web_actions.send(cmd="next_turn").json["ok"]
    assert web_actions.client.get(url, headers=web_actions.bearer()).json["asks"] == []


def test_the_phone_hears_once_that_the_banker_skipped_its_ask(web_actions: WebActions) -> None:
    """h23 finding 2: the console's "Not now" (``skipped``) reaches the phone that asked,
    once; only the banker reports it; nothing was recorded (M16: Kari's cash unchanged)."""
    url = phone_roll_onto_skatt(web_actions)
    kari, per = web_actions.players["Kari"], web_actions.players["Per"]
    client = web_actions.client
    mine = f"{url}/mine"
    assert client.get(mine, headers=web_actions.bearer(kari)).json["outcome"] == "asked"
    assert client.get(mine, headers=web_actions.bearer(per)).json["outcome"] is None
    body = {"player": "Kari", "outcome": "skipped"}
    assert client.post(f"{url}/outcome", json=body,
                       headers=web_actions.bearer(kari)).status_code == 403
    assert client.post(f"{url}/outcome", json={"player": "Kari", "outcome": "maybe"},
                       headers=web_actions.bearer()).status_code == 400
    assert client.post(f"{url}/outcome", json=body, headers=web_actions.bearer()).json["ok"]
    assert client.get(mine, headers=web_actions.bearer(kari)).json["outcome"] == "skipped"
    assert client.get(mine, headers=web_actions.bearer(kari)).json["outcome"] is None
    assert web_actions.cash("Kari") == 150_000

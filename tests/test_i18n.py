"""Languages: bokmål, Swedish and English pages; the edition picks; money the local way.

The app here is built without a ``LANGUAGE`` setting, so the edition decides (other test
modules may pin English).
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract
from flask import Flask, render_template_string
from flask.testing import FlaskClient

from companion.table import Table
from tests import i18n_kit
from tests.conftest import TEST_SECRET, WebActions
from web import create_app, i18n, js_strings
from web.money import format_money, quick_keys

#: Any of the spaces Babel or a browser may group digits with (no-break, narrow no-break).
SPACE = "[\u00a0\u202f ]"


def grouped(*groups: str, unit: str = "kr") -> re.Pattern[str]:
    """``grouped("30", "000")`` matches ``30 000 kr`` with any of the usual spaces."""
    return re.compile("^" + SPACE.join(groups) + SPACE + re.escape(unit) + "$")


@pytest.fixture
def app(table: Table) -> Flask:
    """The app with no fixed language: the edition, the browser or the visitor chooses."""
    return create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET, "LANGUAGE": None},
                      table=table)


def page(client: FlaskClient, url: str, status: int = 200, **headers: str) -> str:
    answer = client.get(url, headers=headers)
    assert answer.status_code == status, answer.text
    return answer.text


def html_lang(text: str) -> str:
    found = re.search(r'<html lang="([^"]*)"', text)
    assert found is not None
    return found.group(1)


# -- money --------------------------------------------------------------------------------

def test_amounts_are_grouped_the_local_way() -> None:
    assert grouped("30", "000").match(format_money(30000, "kr", "nb"))
    assert grouped("15", "000", "000").match(format_money(15_000_000, "kr", "sv"))
    assert format_money(30000, "kr", "en") == "30,000\u00a0kr"
    assert grouped("500").match(format_money(500, "kr", "nb"))
    assert grouped("-1", "200").match(format_money(-1200, "kr", "sv").replace("\u2212", "-"))
    assert not grouped("30", "000").match("30000 kr")
    assert not grouped("30", "000").match("3 0000 kr")


def test_money_filter_and_unit_names(app: Flask) -> None:
    with app.test_request_context("/?lang=sv"):
        text = render_template_string("{{ 15000000 | money('kr') }}|{{ 8 | money('coins') }}")
    money, coins = text.split("|")
    assert grouped("15", "000", "000").match(money)
    assert coins == "8\u00a0mynt"


def test_quick_keys_follow_the_size_of_the_money() -> None:
    from companion.editions import load_edition

    assert quick_keys(load_edition("monopol-se-2008")) == (1000, 1_000_000)
    assert quick_keys(load_edition("monopol-no-1996")) == (1000,)
    assert quick_keys(load_edition("kortstokk")) == ()
    assert quick_keys(None) == (1000,)


# -- which language -----------------------------------------------------------------------

def test_console_and_wallet_speak_norwegian_for_the_norwegian_box(
        web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    web_actions.sign_in(web_actions.banker)
    console = page(client, f"/?game={web_actions.game}", **{"Accept-Language": "en-US"})
    assert html_lang(console) == "nb"
    assert "Neste tur" in console and "Next turn" not in console
    assert '"$locale": "nb"' in console and '"$money_keys": "1000"' in console
    web_actions.sign_in(web_actions.players["Bob"])
    wallet = page(client, "/wallet", **{"Accept-Language": "en-US"})
    assert html_lang(wallet) == "nb"
    assert "Din gjeld" in wallet and "Your debts" not in wallet


def test_console_and_wallet_speak_swedish_for_the_swedish_box(
        web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-se-2008")
    web_actions.sign_in(web_actions.banker)
    console = page(client, f"/?game={web_actions.game}")
    assert html_lang(console) == "sv"
    assert "Nästa tur" in console and "Starta spelet" in console
    assert '"$money_keys": "1000 1000000"' in console
    web_actions.sign_in(web_actions.players["Alice"])
    wallet = page(client, "/wallet")
    assert html_lang(wallet) == "sv"
    assert "Dina skulder" in wallet and "Plånbok" in wallet


def test_english_on_request_and_remembered(web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-se-2008")
    web_actions.sign_in(web_actions.players["Alice"])
    answer = client.get("/wallet?lang=en")
    assert "companion_lang=en" in answer.headers["Set-Cookie"]
    assert html_lang(answer.text) == "en" and "Your debts" in answer.text
    assert html_lang(page(client, "/wallet")) == "en"  # the cookie, no ?lang= now
    client.get("/wallet?lang=auto")
    assert html_lang(page(client, "/wallet")) == "sv"


@pytest.mark.parametrize(("accept", "language"), [
    ("sv-SE,sv;q=0.9", "sv"), ("no", "nb"), ("nn-NO", "nb"), ("de, en;q=0.5", "en"),
    ("fr", "nb"), ("", "nb"),
])
def test_without_a_game_the_browser_decides_else_bokmal(client: FlaskClient, accept: str,
                                                        language: str) -> None:
    text = page(client, "/join/not-a-token", 401, **{"Accept-Language": accept})
    assert html_lang(text) == language
    if language == "sv":
        assert "Den här QR-koden är inte giltig längre" in text


def test_the_language_setting_wins_over_the_box(table: Table) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": TEST_SECRET, "LANGUAGE": "sv"}, table=table)
    client = app.test_client()
    actions = WebActions(app, client)
    actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    actions.sign_in(actions.players["Bob"])
    assert html_lang(page(client, "/wallet")) == "sv"
    assert html_lang(page(client, "/wallet?lang=nb")) == "nb"


def test_scripts_with_a_bearer_token_get_english_unless_they_ask(
        web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    url = f"/api/games/{web_actions.game}/commands"
    body = {"cmd": "new_game", "players": ["X", "Y"]}
    english = client.post(url, json=body, headers=web_actions.bearer())
    assert english.json["error"] == "Start a new game with POST /api/games."
    norsk = client.post(url, json=body, headers={**web_actions.bearer(), "Accept-Language": "nb"})
    assert norsk.json["error"] == "Start et nytt spill med POST /api/games."


def test_outside_a_request_it_is_english() -> None:
    assert i18n.gettext("Player %(n)d", n=2) == "Player 2"
    assert i18n.language() == "nb"


# -- the catalogues -----------------------------------------------------------------------

def placeholders(text: str) -> set[str]:
    return set(re.findall(r"%\((\w+)\)[sdr]", text))


@pytest.mark.parametrize("locale", ["nb", "sv"])
def test_every_string_is_translated_with_the_same_placeholders(locale: str) -> None:
    """Every string ``pybabel extract`` finds (``web/babel.cfg``) has a translation in
    ``locale``, and the catalogue holds no other.

    Fails after strings were added or removed: run ``uv run pybabel extract`` then
    ``uv run pybabel update`` and translate the empty ``msgstr`` lines in
    ``web/translations/*/LC_MESSAGES/companion.po`` (web/README.md, "Languages").
    """
    catalog = i18n_kit.read(Path(i18n.LOCALE_DIR, locale, "LC_MESSAGES", "companion.po"),
                            locale)
    translated = {m.id: m.string for m in catalog
                  if m.id and i18n_kit.translated(m.string) and not m.fuzzy}
    wanted = {m.id for m in i18n_kit.extracted() if m.id}
    assert sorted(wanted - translated.keys(), key=str) == []
    assert sorted({m.id for m in catalog if m.id} - wanted, key=str) == []  # no stale entry
    for msgid, text in translated.items():
        if isinstance(msgid, str):
            assert isinstance(text, str)
            assert placeholders(text) == placeholders(msgid), msgid
            text % dict.fromkeys(placeholders(msgid), 1)  # a well-formed format string
            continue
        # ngettext: each form may leave out the number ("ett hus") but adds no placeholder
        allowed = set().union(*(placeholders(form) for form in msgid))
        for form in text:
            assert placeholders(form) <= allowed, msgid
            form % dict.fromkeys(allowed | {"num"}, 1)


@pytest.mark.parametrize("name", ["companion.pot", "nb", "sv"])
def test_pybabel_extract_and_update_leave_the_committed_catalogues_as_they_are(
        name: str) -> None:
    """The committed template and catalogues are byte for byte what the documented
    commands write: up to date with the sources, and running them makes no churn."""
    committed = (i18n.LOCALE_DIR / name if name.endswith(".pot")
                 else i18n.LOCALE_DIR / name / "LC_MESSAGES" / "companion.po")
    assert i18n_kit.fresh()[name].decode() == committed.read_text(encoding="utf-8")


def test_the_scripts_strings_are_found_by_babels_javascript_extractor() -> None:
    source = 'say(t("Sending…"));\nC.fill(card.querySelector(".debts"), debts, "No debts.");\n' \
             "const x = t('it\\'s');\nt(name);\nC.fmt(\"Time left: %(time)s\", {time});\n" \
             '/* t("in a comment") */ const url = "http://x"; // t("nor here")\n' \
             'item.textContent = `${t("line")} ${p.line}`;\n'
    keywords, options = js_strings._js_mapping()
    found = [(line, text) for line, text, _comments, _context in extract(
        "javascript", io.BytesIO(source.encode()), keywords, (), options)]
    assert found == [(1, "Sending…"), (2, "No debts."), (3, "it's"),
                     (5, "Time left: %(time)s"), (7, "line")]


def test_every_script_string_reaches_the_page(web_actions: WebActions,
                                              client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    web_actions.sign_in(web_actions.banker)
    with client.application.test_request_context("/?lang=nb"):
        strings = js_strings.js_strings()
    for text in sorted(i18n_kit.extracted_under("web/static")):
        assert text in strings, text
    for text in js_strings.JS_STRINGS:
        assert text in strings, text
    assert strings["Sending…"] == "Sender …" and strings["$locale"] == "nb"


def test_ngettext_picks_the_plural_form_of_the_page_language(app: Flask) -> None:
    def shares(num: int) -> str:
        return i18n.ngettext("%(num)d share of series %(series)s",
                             "%(num)d shares of series %(series)s", num, series="3")

    with app.test_request_context("/?lang=nb"):
        assert (shares(1), shares(2)) == ("1 aksje i serie 3", "2 aksjer i serie 3")
    with app.test_request_context("/?lang=en"):
        assert (shares(1), shares(0)) == ("1 share of series 3", "0 shares of series 3")
    assert shares(1) == "1 share of series 3"  # outside a request: English


# -- core refusals ------------------------------------------------------------------------

def test_a_refusal_keeps_its_template_and_its_english_sentence() -> None:
    from companion.errors import MissingValue, Refused, UnknownPlayer

    error = UnknownPlayer("There is no player called %(name)r in this game.", name="Zed")
    assert str(error) == "There is no player called 'Zed' in this game."
    assert error.template == "There is no player called %(name)r in this game."
    assert error.params == {"name": "Zed"}
    assert isinstance(error, LookupError) and isinstance(error, ValueError)
    plain = Refused("Payer and receiver are the same.")
    assert (str(plain), plain.template, plain.params) == (
        "Payer and receiver are the same.", "Payer and receiver are the same.", {})
    missing = MissingValue("The price of %(deed)s is not known yet.", space=3, field="price",
                           deed="Ringveien")
    assert (str(missing), missing.space, missing.field) == (
        "The price of Ringveien is not known yet.", 3, "price")
    assert "100%" in str(Refused("100%"))  # no params: never formatted


def test_a_core_refusal_reaches_the_phone_in_its_language(
        web_actions: WebActions, client: FlaskClient) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    csrf = web_actions.sign_in(web_actions.players["Bob"])
    url = f"/api/games/{web_actions.game}/commands"
    body = {"cmd": "pay", "from": "Bob", "to": "Zed", "amount": 5, "id": "x1"}
    answer = client.post(url, json=body, headers={"X-Companion-CSRF": csrf,
                                                  "Accept-Language": "en-US"})
    assert answer.status_code == 422
    assert answer.json["error"] == "Det er ingen spiller som heter 'Zed' i dette spillet."
    body = {**body, "to": "Alice", "amount": -5, "id": "x2"}
    answer = client.post(url, json=body, headers={"X-Companion-CSRF": csrf})
    assert answer.json["error"] == "Beløpet må være mer enn null, ikke -5."


def test_scripts_get_core_refusals_in_english_or_as_asked(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    english = web_actions.send(cmd="pay", from_="Alice", to="Zed", amount=5)
    assert english.json["error"] == "There is no player called 'Zed' in this game."
    url = f"/api/games/{web_actions.game}/commands"
    body = {"cmd": "pay", "from": "Alice", "to": "Zed", "amount": 5}
    svenska = web_actions.client.post(
        url, json=body, headers={**web_actions.bearer(), "Accept-Language": "sv"})
    assert svenska.json["error"] == "Det finns ingen spelare som heter 'Zed' i det här spelet."


def test_amounts_in_a_refusal_are_grouped_the_local_way(web_actions: WebActions) -> None:
    web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
    assert web_actions.send(cmd="pay", from_="Bob", to="bank", amount=28500).status_code == 200
    url = f"/api/games/{web_actions.game}/commands"
    body = {"cmd": "buy", "player": "Bob", "space": "Rådhusplassen"}
    answer = web_actions.client.post(
        url, json=body, headers={**web_actions.bearer(), "Accept-Language": "nb"})
    assert answer.status_code == 409
    assert re.fullmatch(f"Bob har 1{SPACE}500 kr; Rådhusplassen koster 8{SPACE}000 kr.",
                        answer.json["error"]), answer.json["error"]
    english = web_actions.send(cmd="buy", player="Bob", space="Rådhusplassen")
    assert english.json["error"] == "Bob has 1,500 kr; Rådhusplassen costs 8,000 kr."


def test_each_catalogue_is_found_and_compiled_once(web_actions: WebActions,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19 point 2: the catalogue is looked for once per language, not on every
    answer (before, a failed ``stat`` of the English ``.po`` file on each one)."""
    compiled: list[str] = []
    real = i18n._compile

    def counted(locale: str) -> object:
        compiled.append(locale)
        return real(locale)

    monkeypatch.setattr(i18n, "_compile", counted)
    i18n._found.cache_clear()
    try:
        web_actions.new_game("Alice", "Bob", edition="monopol-no-1996")
        url = f"/api/games/{web_actions.game}/commands"
        said: dict[str, str] = {}
        for n, lang in enumerate(["nb", "en", "sv"] * 4):
            headers = {**web_actions.bearer(), "Accept-Language": lang}
            body = {"cmd": "pay", "from": "Alice", "to": "Bob", "amount": 10, "id": f"c{n}"}
            assert web_actions.client.post(url, json=body, headers=headers).status_code == 200
            refused = web_actions.client.post(url, json={**body, "to": "Zed", "id": f"r{n}"},
                                              headers=headers)
            assert refused.status_code == 422
            said[lang] = refused.json["error"]
        assert said["en"] == "There is no player called 'Zed' in this game."
        assert said["sv"] == "Det finns ingen spelare som heter 'Zed' i det här spelet."
        assert said["nb"] not in (said["en"], said["sv"])
        assert sorted(compiled) == ["nb", "sv"]  # English has no catalogue: the source text
        assert i18n._found.cache_info().misses == 3  # looked for once each: nb, en, sv
        assert web_actions.cash("Bob") == 30_000 + 12 * 10
    finally:
        i18n._found.cache_clear()

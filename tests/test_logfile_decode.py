"""Reading a log row (companion/logfile.py, issue 19 point 2's refold): orjson reads the
rows where it reads them as :func:`json.loads` does, and json decides the rest, so every
value and every refusal is what it was with json alone — big ints beyond 64 bits (orjson
makes them floats), NaN and Infinity, duplicate keys, lone surrogates, deep nesting
(json refuses it near 1 000 levels, orjson only past 1 024), bytes."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import events as ev
from companion.errors import UnreadableRow
from companion.logfile import decode_row, load_json

HOSTILE = [
    "18446744073709551616", "-9223372036854775809", "18446744073709551615",
    "9223372036854775808", '{"amount": 123456789012345678901234567890}',
    "[1.0000000000000002, 0.30000000000000004, 5e-324, 1e-400, -0.0, -0]",
    "123456789.123456789e10", "1.7976931348623159e308", "1e400", "-1e400",
    "NaN", "[Infinity, -Infinity]", '{"a": 1, "b": 2, "a": 3}', '"\\ud800"',
    '"\\udc00\\ud800"', '"\\ud83d\\ude00"', '"\\u0000"', '"\ud800"', '"\x01"', '"\t"',
    "01", "1.", ".5", "+1", "[1,]", "[]x", "", " ", "\ufeff[]", " [1] ", "null", "true",
    "[" * 150 + "]" * 150, "[" * 1010 + "]" * 1010, "[" * 5000 + "]" * 5000,
    '{"a":' * 1010 + "1" + "}" * 1010,
    b'[1]', b'\xef\xbb\xbf[1]', '[1]'.encode("utf-16"), b'\xff', 7, None, 1.5, [],
]


def json_reads(text: Any) -> str:
    """What json alone made of ``text``: the value's repr (types, key order, NaN), or
    "refused"."""
    try:
        return repr(json.loads(text))
    except (TypeError, ValueError, RecursionError):
        return "refused"


def we_read(text: Any) -> str:
    try:
        return repr(load_json("g", 1, text))
    except UnreadableRow as exc:
        assert "not valid JSON" in str(exc)
        return "refused"


@pytest.mark.parametrize("text", HOSTILE)
def test_a_rows_text_reads_as_json_alone_read_it(text: Any) -> None:
    assert we_read(text) == json_reads(text)


def test_an_int_beyond_64_bits_stays_an_exact_int_and_deep_text_is_refused() -> None:
    assert load_json("g", 1, '{"amount": 18446744073709551617}') == {
        "amount": 18446744073709551617}
    assert type(load_json("g", 1, "[-9223372036854775809]")[0]) is int
    with pytest.raises(UnreadableRow, match="not valid JSON"):
        load_json("g", 1, "[" * 1010 + "]" * 1010)  # orjson would read it


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats()
    | st.text(st.characters(blacklist_categories=())),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=12)


@settings(max_examples=400, deadline=None)
@given(VALUES, st.booleans(), st.text(alphabet='[]{}",:0123456789.eE-+ \\ntruefalsNI',
                                       max_size=30), st.integers(0, 60))
def test_any_text_reads_as_json_alone_read_it(value: Any, ascii_only: bool, noise: str,
                                              cut: int) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert we_read(text) == json_reads(text)
    mangled = text[:cut] + noise + text[cut:]
    assert we_read(mangled) == json_reads(mangled)


def row(events: str, command: str = '{"cmd": "pay"}') -> Any:
    return decode_row("g", 7, "c1", "banker", command, events, 1.0)


@pytest.mark.parametrize(("events", "command", "why"), [
    ("[NaN]", '{"cmd": "pay"}', "a field this version does not know"),
    ('["\\ud800"]', '{"cmd": "pay"}', "a field this version does not know"),
    ('[{"type": ["MoneyMoved"]}]', '{"cmd": "pay"}', "a field this version does not know"),
    ('[{"type": "TurnPassed", "player": "Bob", "turn": 1, "tip": 1}]', '{"cmd": "pay"}',
     "a field this version does not know"),
    ('[{"type": "TurnPassed"}]', '{"cmd": "pay"}', "a field this version does not know"),
    ('[{"player": "Bob", "turn": 1}]', '{"cmd": "pay"}', "an event this version does not know"),
    ('[{"type": "Teleported"}]', '{"cmd": "pay"}', "an event this version does not know"),
    ("{}", '{"cmd": "pay"}', "the wrong shape"),
    ("[]", '["pay"]', "the wrong shape"),
    ("[]", '{"cmd": "pay", "memo": 1e400, "x": NaN}' + "]", "not valid JSON"),
    ("[" * 1010 + "]" * 1010, '{"cmd": "pay"}', "not valid JSON"),
])
def test_a_bad_row_is_refused_with_its_reason(events: str, command: str, why: str) -> None:
    with pytest.raises(UnreadableRow, match=why):
        row(events, command)


def test_what_json_alone_accepted_is_still_accepted() -> None:
    big = 2**70
    done = row(f'[{{"type": "MoneyMoved", "payer": "bank", "payee": "Bob", "amount": {big}}},'
               '[["type", "TurnPassed"], ["player", "Bob"], ["turn", 2]]]',
               '{"cmd": "pay", "memo": "\\ud800", "x": NaN, "y": Infinity, "cmd": "pay2"}')
    assert done.events == (ev.MoneyMoved("bank", "Bob", big), ev.TurnPassed("Bob", 2))
    assert type(done.events[0].amount) is int
    assert repr(done.command) == repr({"cmd": "pay2", "memo": "\ud800", "x": float("nan"),
                                       "y": float("inf")})


def test_a_list_field_becomes_a_tuple_and_only_a_fields_list() -> None:
    first = ev.TradeProposed(1, "Bob", {"Bob": {"cash": 10, "spaces": [1, 3]}}, (1, 3))
    stored = json.loads(json.dumps(ev.to_dict(first)))
    again = ev.from_dict(stored)
    assert again == first == ev.from_dict(stored)  # the cached fields too
    assert again.parties["Bob"]["spaces"] == [1, 3]  # inside a field: as it was stored
    assert stored["type"] == "TradeProposed"  # the caller's dict is left as it was


@pytest.mark.parametrize(("data", "error"), [
    ({"type": "TurnPassed", "player": "Bob", "turn": 1, "lift": [1]}, TypeError),
    ({"type": "TurnPassed", "player": "Bob", "turn": 1, "type_": 1}, TypeError),
    ({"type": "TurnPassed", "player": "Bob"}, TypeError),
    ({"player": "Bob", "turn": 1}, KeyError),
    ({"type": {}}, TypeError),
    ("TurnPassed", ValueError),
    (7, TypeError),
])
def test_from_dict_refuses_what_it_refused(data: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        ev.from_dict(data)


@pytest.mark.parametrize("cls", sorted(ev._REGISTRY.values(), key=lambda c: c.__name__),
                         ids=lambda c: c.__name__)
def test_from_dict_builds_every_event_as_its_constructor_does(cls: type[ev.Event]) -> None:
    fields = [f for f in dataclasses.fields(cls) if f.init]
    full = {f.name: [n] for n, f in enumerate(fields)}  # lists: stored as tuples
    required = {f.name: [n] for n, f in enumerate(fields)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    for stored in (full, required):
        built = ev.from_dict({"type": cls.__name__, **stored})
        expected = cls(**{k: tuple(v) for k, v in stored.items()})
        assert type(built) is cls and built == expected and vars(built) == vars(expected)
        assert repr(built) == repr(expected)
        try:
            assert hash(built) == hash(expected)
        except TypeError:  # a dict field (GameStarted's house rules): unhashable both
            with pytest.raises(TypeError):
                hash(built)
        with pytest.raises(dataclasses.FrozenInstanceError):
            built.type = "x"  # type: ignore[misc]
    wrong = [{**full, "tip": [1]}] + [{k: v for k, v in full.items() if k != name}
                                      for name in required]
    for stored in wrong:
        with pytest.raises(TypeError) as got:
            ev.from_dict({"type": cls.__name__, **stored})
        with pytest.raises(TypeError) as want:
            cls(**stored)
        assert str(got.value) == str(want.value)

"""``companion.state.clone`` (the draft of every command, the mechanics' defaults in every
snapshot): a deep copy of the plain parts, sharing only what cannot change."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from companion.state import clone


@dataclass
class _Box:
    items: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class _Fixed:
    name: str


def test_clone_copies_every_container_and_shares_only_what_cannot_change() -> None:
    fixed = _Fixed("x")
    value = {"shares": {}, "n": 0, "flag": True, "list": [[1], {"a": [2]}], "box": _Box([3]),
             "fixed": fixed, "pair": (1, [4]), "tags": {"t"}, "od": OrderedDict(a=[5])}
    copied = clone(value)
    assert copied == value and copied is not value
    assert copied["shares"] is not value["shares"]
    assert copied["list"][0] is not value["list"][0]
    assert copied["list"][1]["a"] is not value["list"][1]["a"]
    assert copied["box"] is not value["box"] and copied["box"].items is not value["box"].items
    assert copied["fixed"] is fixed and copied["pair"] is value["pair"]  # immutable: shared
    assert copied["tags"] is not value["tags"]
    assert type(copied["od"]) is dict and copied["od"]["a"] is not value["od"]["a"]

"""C4 and M4: the bank auctions a declined deed "at once", so no roll is taken while its
auction is open — not the doubles' extra roll (C3), not the car's roll after Ola Nordmann's
(M4), not the next player's — and the dice pads show no roller meanwhile (``turn.roller``
None).  Found by a fresh-family play-test (h21): a roll was accepted during an auction.
NO 1996 (seed 002): 30 000 kr each (C1), Prinsens gate (8) 2 000 kr.  Multimillionær deed
values: test values (tests/kit.py)."""

from __future__ import annotations

from pathlib import Path

from companion.errors import RuleBroken
from tests.kit import DAY, Game, MMGame

OPEN = "The auction is still open: close it before %s rolls."


def test_c4_the_doubles_roll_waits_for_the_auction(game: Game) -> None:
    game.phone("Alice", "roll", player="Alice", dice=[4, 4])  # doubles onto Prinsens gate
    game.phone("Alice", "auction_open", space=8, decliner="Alice")
    assert game.state()["turn"]["roller"] is None
    game.refused(RuleBroken, OPEN % "Alice", "roll", player="Alice", dice=[1, 2])
    assert game.state()["players"][0]["position"] == 8  # the refused roll moved nothing
    game.phone("Bob", "bid", player="Bob", amount=1_500)
    game.do("auction_close")
    assert game.deed(8).owner == "Bob" and game.cash("Bob") == 28_500  # C4: the bid paid
    assert game.state()["turn"]["roller"]["player"] == "Alice"
    game.phone("Alice", "roll", player="Alice", dice=[1, 2])  # now her doubles' roll
    assert game.state()["players"][0]["position"] == 11


def test_m4_the_car_waits_for_the_auction_of_olas_lot(tmp_path: Path) -> None:
    with MMGame(tmp_path) as g:
        g.do("ola_land", space="Grensen")  # Ola on an unowned lot: auctioned at once (M4)
        assert g.snap()["auction"]["space"] == "Grensen"
        assert g.snap()["turn"]["roller"] is None
        g.refused(RuleBroken, OPEN % "Alice", "roll", player="Alice", dice=[2, 4])
        for field, value in (("price", 30_000), ("mortgage", 15_000)):  # TEST values
            g.do("edition_value", space="Grensen", field=field, value=value, date=DAY)
        g.phone("Bob", "bid", player="Bob", amount=30_000)
        g.do("auction_close")
        assert g.cash("Bob") == 120_000  # 150 000 (M1) - his bid
        assert g.snap()["turn"]["roller"]["player"] == "Alice"

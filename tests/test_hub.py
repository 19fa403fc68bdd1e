"""The hub's offer of one state to the streams (:class:`web.hub.Offer`, issue 19): a phone
that holds the change's base gets the change alone, and the whole state's text is joined
only when a phone needs it (one that missed a state, or just connected)."""

from __future__ import annotations

from companion.table import Table
from tests.kit import Game
from web.changes import Changes
from web.hub import Offer, change_bytes, event_bytes
from web.state_json import encode


def test_the_whole_state_is_joined_only_for_a_phone_not_at_the_base(
        table: Table, game: Game) -> None:
    changes = Changes()
    changes.advance(table.state(game.id))
    seq = game.do("pass_start", player="Alice").seq
    step = changes.advance(table.state(game.id), table.last_events(game.id, seq))
    assert step.change is not None and step.base is not None
    offer = Offer(step.seq, step, step.base, change_bytes(step.seq, step.change))
    assert offer.body(step.base) == change_bytes(seq, step.change)
    assert "full" not in vars(step)  # no phone needed the whole state yet
    whole = encode(table.snapshot(game.id)).encode()
    assert offer.body(step.base - 1) == event_bytes(seq, whole)
    assert vars(step)["full"] == whole and offer.message is offer.body(-1)  # made once

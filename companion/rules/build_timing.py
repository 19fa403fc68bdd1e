"""When buildings may be bought: the edition's X4 setting ``build_timing`` (docs/rules.md X4,
C14, K7, M19).

- ``"any"``: on your turn or between other players' turns (seed 000 "Du kan handle når
  det er din tur, eller du kan gjøre det mellom to andre spilleres tur"; seed 001 "när
  det är din tur eller mellan två andra spelares tur"; seed 002 "Handel, bygging og pant
  kan skje mellom kastene, også når det ikke er din tur").
- ``"own_turn"``: only while it is your turn (the player to roll).
- ``"own_turn_after_move"``: on your turn, once your token has moved this turn (K7, seed
  004 "Etter at du har kastet terningene og flyttet, kan du velge å kjøpe hus").
- ``"own_turn_after_ola"``: on your turn, once Ola Nordmann has moved (M19/X4, seed 003
  "Husene kjøpes av banken når det er spillerens tur"; "Flytting" 1: Ola first, "Deretter
  kan spilleren eventuelt bygge").  The car's move does not end it: the whole rest of
  the turn is "spillerens tur".

The rule is about when, not who: a banker's command for the player is held to it too.
Every command that buys a building calls :func:`check_build_time`: ``build``,
``build_pair`` and a bid at a building auction (C16: the winner buys the building).
"""

from __future__ import annotations

from companion.errors import RuleBroken
from companion.state import GameState


def check_build_time(state: GameState, player: str) -> None:
    """Refuse ``player`` buying a building now, per ``settings.build_timing`` (X4).

    Raises:
        RuleBroken: not ``player``'s turn (any setting but ``"any"``); their token has
        not moved yet this turn (``own_turn_after_move``, K7); Ola Nordmann has not moved
        yet this turn (``own_turn_after_ola``, M19).
    """
    timing = state.ed.settings.build_timing
    if timing == "any":
        return
    if state.to_roll != player:
        raise RuleBroken("It is %(turn)s's turn: %(player)s may buy buildings only on "
                         "their own turn (X4).", turn=state.to_roll, player=player)
    if timing == "own_turn_after_move" and state.players[player].moved != state.turn:
        raise RuleBroken("%(player)s may buy houses only after rolling and moving this "
                         "turn (K7).", player=player)
    if timing == "own_turn_after_ola" and state.phase == "ola":
        raise RuleBroken("%(player)s may buy buildings only after moving Ola Nordmann "
                         "this turn (X4).", player=player)

"""Turns, landings, rent claims, Start and jail (docs/rules.md C2, C5–C13; docs/table-log.md
"Turns")."""

from __future__ import annotations

from companion import events as ev
from companion.commands.base import Cmd, command
from companion.errors import BadCommand, MissingValue, RuleBroken
from companion.ledger.claims import collect_claim
from companion.ledger.draft import Draft
from companion.ledger.payments import charge
from companion.ledger.pot import collect_pot, pay_bank
from companion.rules import rules_for
from companion.rules.lapse import lapse_claims
from companion.state import GameState


@command("next_turn")
def next_turn(draft: Draft, cmd: Cmd) -> None:
    """The next active player in seat order is to roll; claims not claimed in time lapse
    (C5: at the next roll; M11: ``claim_lapse_turns`` = 2 and ``lapse_at_ola_roll``: not
    here but at that player's Ola roll, :mod:`companion.rules.lapse`)."""
    state = draft.state
    rules_for(state.ed).check_next_turn(state)  # K6: a joker's effect first
    seats = list(state.players)
    at = seats.index(state.to_roll)
    following = seats[at + 1:] + seats[: at + 1]
    player = next(n for n in following if not state.players[n].bankrupt)
    draft.emit(ev.TurnPassed(player, state.turn + 1))
    rules_for(state.ed).after_turn(draft, seats[at])  # M4 phases, M15, M18 missed interest
    lapse_claims(draft)  # after the hook: it starts M4's Ola phase


@command("land")
def land(draft: Draft, cmd: Cmd) -> None:
    """``player`` stopped on ``space``: rent claim (C5–C9), tax (C11), jail (C13), Start (C2).

    Rent opens a claim for the owner, or is paid at once under the ``auto_rent`` house
    rule (:func:`rent_due`; M6: Multimillionær's stock board moves here, at the roll).
    ``dice`` (2..12) is needed for utilities (C8).  C2: a token that stops behind the
    space it stood on passed Start, so the bank pays the Start bonus with the landing,
    before anything the space does (the 22nd wonder ends the game, W3) — unless
    ``back`` is true (a card moved it backwards, C10), it came from jail (C13), or the
    bonus of this move was already paid (``pass_start`` sent first).  Landing on Start
    pays its own bonus (C2: twice in a round after "go to Start").
    """
    player = cmd.player()
    space = draft.state.ed.space(cmd.space())
    dice = cmd.integer("dice", 2, 12) if cmd.has("dice") else None
    _not_bankrupt(draft, player)
    land_on(draft, player, space.index, dice, passed_start(draft.state, cmd, space.index))


def passed_start(state: GameState, cmd: Cmd, index: int) -> bool:
    """C2 for ``land`` by space: True when ``cmd.player()`` moving to board ``index`` passed
    Start and is still owed its bonus (the module's ``land``; 0 = Start pays by itself)."""
    player = state.players[cmd.player()]
    back = cmd.has("back") and cmd.raw.get("back") is True
    return (bool(state.ed.start_bonus) and 0 < index < player.position and not back
            and not player.in_jail and player.start_paid != "move")


def land_on(draft: Draft, player: str, index: int, dice: int | None,
            passed: bool = False) -> None:
    """What landing on board ``index`` does (the body of ``land``; ``roll`` reuses it).
    ``passed``: the token passed Start on the way (C2, ``land`` by space), so the bonus
    is paid right after the landing, before the space's own effects.  Under the
    free-parking pot house rule, taxes feed the pot and free parking pays it (C12).
    """
    state = draft.state
    space = state.ed.space(index)
    draft.emit(ev.Landed(player, space.index, dice or 0))
    if passed:
        charge(draft, ev.BANK, player, state.ed.start_bonus, "passed Start", "start_bonus",
               space.index)
    if space.is_deed:
        _rent(draft, player, space.index, dice)
    elif space.kind == "tax":  # C11; the rule set computes it (M16: % of the cash)
        due = rules_for(state.ed).tax_due(state, player, space)
        pay_bank(draft, player, due, space.label, "tax", space.index)
    elif space.kind == "go_to_jail":
        draft.emit(ev.JailEntered(player))
    elif space.kind == "start":
        charge(draft, ev.BANK, player, state.ed.start_bonus, "Start", "start_bonus", space.index)
    elif space.kind == "free_parking":
        collect_pot(draft, player)
    rules_for(state.ed).after_land(draft, player, space.index)  # e.g. passport, W1–W2


def _rent(draft: Draft, player: str, index: int, dice: int | None) -> None:
    state = draft.state
    deed = state.deeds.get(index)
    if deed is None or deed.owner == player:
        return
    if rules_for(state.ed).exempt_from_rent(state, player, index):  # M10 all shares, M15
        return
    space = state.ed.space(index)
    try:
        amount = rules_for(state.ed).rent(state, space, dice)
    except ValueError as exc:
        if isinstance(exc, RuleBroken | MissingValue):  # MissingValue: ask once (issue 5)
            raise
        raise BadCommand.like(exc) from exc
    if amount <= 0:
        return
    rent_due(draft, player, deed.owner, index, amount, f"rent {space.label}")


def rent_due(draft: Draft, payer: str, owner: str, index: int, amount: int,
             label: str) -> None:
    """A landing makes ``payer`` (a player, or ``"bank"`` for Ola Nordmann) owe ``owner``
    ``amount`` (int) of rent for board ``index``: a claim is opened (C5), or it is paid at
    once under the ``auto_rent`` house rule (``label`` names the payment).

    The rule set's ``at_rent_due`` follows at the landing, claimed or not (M6: the stock
    board moves at the roll); its ``after_rent`` follows the payment (M10).
    """
    state = draft.state
    if state.house_rules.get("auto_rent"):
        rules_for(state.ed).at_rent_due(draft, payer, index, amount, 0)  # M6
        charge(draft, payer, owner, amount, label, "rent", index)
        rules_for(state.ed).after_rent(draft, payer, owner, index, amount)  # M10
        return
    claim = state.next_claim
    draft.emit(ev.ClaimOpened(claim, owner, payer, index, amount))
    rules_for(state.ed).at_rent_due(draft, payer, index, amount, claim)  # M6


@command("claim", player_field="player")
def claim(draft: Draft, cmd: Cmd) -> None:
    """The owner collects every open rent claim owed to them (C5).

    Raises:
        RuleBroken: nothing to claim (the claim lapsed, or none was opened).
    """
    owner = cmd.player()
    mine = [c for c in draft.state.claims.values() if c.owner == owner]
    if not mine:
        raise RuleBroken("%(player)s has no rent to claim right now.", player=owner)
    for c in mine:
        collect_claim(draft, c)


@command("pass_start")
def pass_start(draft: Draft, cmd: Cmd) -> None:
    """Pay ``player`` the Start bonus (C2); none in editions without one (M1).

    Raises:
        RuleBroken: no Start bonus in this edition, or the bonus of the player's move
        was paid already: by their landing (``land`` behind where the token stood, or on
        Start) or by an earlier ``pass_start`` since that landing — never twice.
    """
    player = cmd.player()
    _not_bankrupt(draft, player)
    if not draft.state.ed.start_bonus:
        raise RuleBroken("Passing Start pays nothing in this edition.")
    if draft.state.players[player].start_paid:
        raise RuleBroken("%(player)s already has the Start bonus for this move: a landing "
                         "behind where the token stood pays it.", player=player)
    charge(draft, ev.BANK, player, draft.state.ed.start_bonus, "Start", "start_bonus")


@command("jail")
def jail(draft: Draft, cmd: Cmd) -> None:
    """``player`` goes to jail, with no Start bonus (C13).  Refused in an edition without
    a jail (``settings.has_jail``: M14, Kortstokk)."""
    check_jail(draft.state)
    player = cmd.player()
    _not_bankrupt(draft, player)
    if draft.state.players[player].in_jail:
        raise RuleBroken("%(player)s is already in jail.", player=player)
    draft.emit(ev.JailEntered(player))


@command("leave_jail", player_field="player")
def leave_jail(draft: Draft, cmd: Cmd) -> None:
    """``player`` leaves jail ``by`` ``fine`` (paid to the bank), ``card`` or ``doubles`` (C13).

    A fine the player cannot pay becomes a debt (C13: after three tries it is due —
    ``jail_try`` and ``roll`` in :mod:`companion.commands.dice` charge it then).
    """
    check_jail(draft.state)
    player = cmd.player()
    by = cmd.text("by", "fine")
    state = draft.state
    if not state.players[player].in_jail:
        raise RuleBroken("%(player)s is not in jail.", player=player)
    if by == "fine":
        pay_bank(draft, player, state.ed.jail_fine, "jail fine", "jail_fine")
    elif by == "card":
        if state.players[player].jail_cards < 1:
            raise RuleBroken("%(player)s has no get-out-of-jail card.", player=player)
        draft.emit(ev.JailCardsChanged(player, -1))
    elif by != "doubles":
        raise BadCommand("Leave jail by 'fine', 'card' or 'doubles'.")
    draft.emit(ev.JailLeft(player, by))


@command("jail_card")
def jail_card(draft: Draft, cmd: Cmd) -> None:
    """``player`` drew a get-out-of-jail card and keeps it (C10)."""
    check_jail(draft.state)
    draft.emit(ev.JailCardsChanged(cmd.player(), 1))


def check_jail(state: GameState) -> None:
    """Refuse a jail command in an edition without a jail (``settings.has_jail`` False:
    M14, Ferieparadiset replaces it; Kortstokk-Monopol has none).  Raises RuleBroken."""
    if not state.ed.settings.has_jail:
        raise RuleBroken("%(edition)s has no jail: nobody goes to jail, pays a jail fine or "
                         "keeps a get-out-of-jail card.", edition=state.ed.name)


def _not_bankrupt(draft: Draft, player: str) -> None:
    if draft.state.players[player].bankrupt:
        raise RuleBroken("%(player)s is bankrupt and out of the game.", player=player)

"""Folds of the events every game has: start, money, debts, deeds, landing, rent claims,
turns, jail, the turn's phase (M4), the end, undo, the edition's pinned copy and values.
The edition mechanics' events fold in their own packages (:mod:`companion.mechanics`).

Each fold records what its event says on :func:`companion.state.fold_event`; the rules
were checked by the command that emitted it.  Registered when :mod:`companion.folds`
(which lists every fold module) is imported.
"""

from __future__ import annotations

from companion import events as ev
from companion.editions import edition_from_dict, load_edition
from companion.state import Claim, Debt, Deed, GameState, Player, fold_event


@fold_event.register
def _(e: ev.GameStarted, s: GameState) -> None:
    """The game's edition is the one ``EditionPinned`` logged before (issue 17: every new
    game pins it).  A game logged before that has none: it loads ``e.edition`` as the
    table's library gives it — the built-in content for a shipped id (completed by values
    entered at the table, never a file that shadows it), else the family's copy."""
    s.game_id, s.variant, s.house_rules = e.game_id, e.variant, dict(e.house_rules)
    if s.edition is None or s.edition.id != e.edition:  # else pinned (EditionPinned)
        s.edition = load_edition(e.edition)
    s.players = {name: Player(name) for name in e.players}
    s.to_roll = e.players[0]
    s.bank_houses, s.bank_hotels = s.edition.houses, s.edition.hotels


@fold_event.register
def _(e: ev.MoneyMoved, s: GameState) -> None:
    if e.payer == ev.BANK:
        s.bank_paid_out += e.amount
    else:
        s.players[e.payer].cash -= e.amount
    if e.payee == ev.BANK:
        s.bank_paid_in += e.amount
    else:
        s.players[e.payee].cash += e.amount
        if e.reason == "start_bonus":  # C2: paid before the landing, or by it
            s.players[e.payee].start_paid = "move" if e.space is None else "landing"


@fold_event.register
def _(e: ev.DebtOpened, s: GameState) -> None:
    s.debts.append(Debt(e.debtor, e.creditor, e.amount, e.memo))


@fold_event.register
def _(e: ev.DebtSettled, s: GameState) -> None:
    left = e.amount
    for debt in [d for d in s.debts if d.debtor == e.debtor and d.creditor == e.creditor]:
        part = min(left, debt.amount)
        debt.amount -= part
        left -= part
    s.debts = [d for d in s.debts if d.amount > 0]


@fold_event.register
def _(e: ev.DeedMoved, s: GameState) -> None:
    if e.owner == ev.BANK:
        s.deeds.pop(e.space, None)
    elif e.space in s.deeds:
        s.deeds[e.space].owner = e.owner
    else:
        s.deeds[e.space] = Deed(e.space, e.owner)
    if e.owner != ev.BANK and s.for_sale == e.space:  # C4: bought (or traded) off the bank
        s.for_sale = None


@fold_event.register
def _(e: ev.Landed, s: GameState) -> None:
    s.players[e.player].position = e.space
    s.players[e.player].moved = s.turn
    # C4: an unowned deed a roll's token stopped on waits to be bought or auctioned (a
    # landing entered by space leaves that to the banker's table, as before the dice)
    last = s.roll
    by_roll = last is not None and last.player == e.player and last.turn == s.turn \
        and not last.landed
    if last is not None and by_roll:
        last.landed = True
    space = s.ed.space(e.space)
    s.for_sale = e.space if by_roll and space.is_deed and e.space not in s.deeds else None
    # C2: a bonus paid for passing before this landing (``pass_start``) was this move's
    s.players[e.player].start_paid = "landing" if s.players[e.player].start_paid == "move" else ""


@fold_event.register
def _(e: ev.ClaimOpened, s: GameState) -> None:
    s.claims[e.claim] = Claim(e.claim, e.owner, e.payer, e.space, e.amount, s.turn)
    s.next_claim = max(s.next_claim, e.claim + 1)


@fold_event.register
def _(e: ev.ClaimClosed, s: GameState) -> None:
    s.claims.pop(e.claim, None)


@fold_event.register
def _(e: ev.TurnPassed, s: GameState) -> None:
    s.to_roll, s.turn = e.player, e.turn
    s.for_sale = None  # C4: the banker passed the turn: the deed stays with the bank
    for player in s.players.values():  # C2: a new turn is a new move: its Start not yet paid
        player.start_paid = ""


@fold_event.register
def _(e: ev.JailEntered, s: GameState) -> None:
    s.players[e.player].in_jail = True
    s.players[e.player].jail_tries = 0
    s.players[e.player].position = _jail_index(s)


@fold_event.register
def _(e: ev.JailLeft, s: GameState) -> None:
    s.players[e.player].in_jail = False


@fold_event.register
def _(e: ev.JailCardsChanged, s: GameState) -> None:
    s.players[e.player].jail_cards += e.delta


@fold_event.register
def _(e: ev.GameEnded, s: GameState) -> None:
    s.over, s.winner, s.ended_by = True, e.winner, e.how


@fold_event.register
def _(e: ev.CommandUndone, s: GameState) -> None:
    """Handled by the caller, which refolds without the target (see :mod:`companion.table`)."""


@fold_event.register
def _(e: ev.PhaseSet, s: GameState) -> None:
    """M4: the turn's phase (only Multimillionær's Ola Nordmann sets one)."""
    s.phase = e.phase


@fold_event.register
def _(e: ev.EditionPinned, s: GameState) -> None:
    """The edition pinned at the start of the game: later edits do not change it.  Read
    as logged (a number above the bound of issue 17 point 3 stays: refusing it here would
    stop the whole table; a new game is refused such an edition:
    :func:`companion.commands.editions.pin_edition`)."""
    s.edition = edition_from_dict(e.edition, source="the game's edition", bounded=False)


@fold_event.register
def _(e: ev.EditionValueSet, s: GameState) -> None:
    """Ask once: the value the banker entered patches this game's edition (issue 5)."""
    s.edition = s.ed.with_value(e.space, e.field, e.value, e.provenance)


def _jail_index(s: GameState) -> int:
    return next((sp.index for sp in s.ed.spaces if sp.kind == "jail"), 0)

"""The ``ola`` mechanic's game end: Multimillionær's worth, the multimillionaire and
raising money (docs/rules.md M21, M22).

M22 tally: cash; unmortgaged lots and shipping companies at board value; the auction-only
lots (Aker Brygge, Gyldenløves gate: ``settings.auction_only``) at twice their mortgage
value; mortgaged deeds at their mortgage value; shares at the current board price;
houses, hotels and the castle at purchase price (a hotel or castle = 5 houses, the 4
houses included); debt notes (50 000 kr each) and open debts subtracted ("Eventuelle lån
skal trekkes fra"; with ``settings.worth_less_mortgages`` the mortgage loans too: each
mortgaged deed's mortgage value, ``mortgage_loans``).  The game ends
the moment a player's worth reaches ``settings.fortune_goal`` (2 000 000 kr).
Money ``int`` kr.
"""

from __future__ import annotations

from companion import events as ev
from companion.ledger.draft import Draft
from companion.ledger.ending import finish
from companion.mechanics.notes.rules import MAX_NOTES, NOTE_AMOUNT, notes
from companion.mechanics.stocks import state as stock_board
from companion.mechanics.stocks.rules import holdings, price, shares_value
from companion.money import half
from companion.rules.buildings import building_value
from companion.state import Deed, GameState


def deed_worth(state: GameState, deed: Deed) -> tuple[str, int]:
    """M22: ``("deeds" or "mortgaged", kroner)`` of one deed, without its buildings."""
    space = state.ed.space(deed.space)
    if deed.mortgaged:
        return "mortgaged", space.mortgage or 0
    if space.name in state.ed.settings.auction_only:
        return "deeds", 2 * (space.mortgage or 0)
    return "deeds", space.price or 0


def worth(state: GameState, name: str) -> dict[str, int]:
    """The M22 breakdown of ``name``'s worth, kroner: ``cash``, ``deeds``, ``mortgaged``,
    ``buildings``, ``shares``; subtracted: ``notes``, ``mortgage_loans`` and ``debts``;
    ``total``.  ``mortgage_loans`` is the mortgaged deeds' mortgage values when the edition
    reads "Eventuelle lån skal trekkes fra" as every loan (``worth_less_mortgages``),
    else 0: a mortgaged deed then counts its mortgage value and no loan is subtracted
    for it (the default reading; docs/table-log-multimillionaer.md)."""
    parts = {"cash": state.players[name].cash, "deeds": 0, "mortgaged": 0, "buildings": 0,
             "shares": shares_value(state, name)}
    for deed in state.owned_by(name):
        key, value = deed_worth(state, deed)
        parts[key] += value
        parts["buildings"] += building_value(state, deed)
    loans = parts["mortgaged"] if state.ed.settings.worth_less_mortgages else 0
    owed = {"notes": notes(state, name) * NOTE_AMOUNT, "mortgage_loans": loans,
            "debts": sum(d.amount for d in state.debts_of(name))}
    return {**parts, **owed, "total": sum(parts.values()) - sum(owed.values())}


def values_used(state: GameState) -> list[tuple[int, str]]:
    """(board index, field) of every edition value the M22 worth reads (issue 5: the
    tally lists the ones not ``verified``)."""
    used = []
    for deed in state.deeds.values():
        space = state.ed.space(deed.space)
        by_mortgage = deed.mortgaged or space.name in state.ed.settings.auction_only
        used.append((deed.space, "mortgage" if by_mortgage else "price"))
        if deed.houses or deed.hotel:
            used.append((deed.space, "house_cost"))
    return used


def raisable(state: GameState, name: str) -> int:
    """M21: what ``name`` could still raise without trading: cash, shares sold to the
    bank at the current price, debt notes still allowed (50 000 kr each), buildings sold
    at half price, and the mortgage value of every unmortgaged deed; 0 when bankrupt."""
    if state.players[name].bankrupt:
        return 0
    total = state.players[name].cash + shares_value(state, name)
    total += max(MAX_NOTES - notes(state, name), 0) * NOTE_AMOUNT
    for deed in state.owned_by(name):
        total += half(building_value(state, deed))
        if not deed.mortgaged:
            total += state.ed.space(deed.space).mortgage or 0
    return total


def after_command(draft: Draft) -> None:
    """M22: the moment an active player's worth reaches the goal they are a
    multimillionaire and the game ends with them as the winner (the richest of several
    crossing at once; the first in seat order on a tie).  The game ends through
    :func:`companion.ledger.ending.finish`, like every other ending: open rent claims
    are still in their window (M11), so each is paid (with its M6/M10 effects) and debts
    settled before the tally."""
    state = draft.state
    goal = state.ed.settings.fortune_goal
    if state.over or goal is None:
        return
    rich = [(worth(state, n)["total"], -i, n) for i, n in enumerate(state.players)
            if not state.players[n].bankrupt]
    best = max(rich, default=None)
    if best is not None and best[0] >= goal:
        draft.emit(ev.Multimillionaire(best[2]))
        finish(draft, best[2], "M22")


def assets_sale(state: GameState, name: str) -> int:
    """M21 ("selge aksjer"): kroner the bank pays for a bankrupt ``name``'s shares at
    the current board price (:func:`sell_assets`; a suspended series pays 0)."""
    return shares_value(state, name)


def sell_assets(draft: Draft, name: str, paid: bool) -> None:
    """M21: a bankrupt's shares of every series not suspended are sold to the bank at
    the board price (paid to ``name`` when ``paid``: a player is owed, who is served
    first); shares of a suspended series stay for :func:`after_hand_over`."""
    state = draft.state
    for series, count in holdings(state, name).items():
        each = price(state, series)
        if each:
            draft.emit(ev.SharesMoved(series, name, ev.BANK, count))
            if paid:
                draft.emit(ev.MoneyMoved(ev.BANK, name, each * count,
                                         f"{count} shares of series {series} (bankrupt)",
                                         "share_sale"))


def loans_sale(state: GameState, name: str) -> int:
    """M21 "låne (… gjeldsbrev)", M18: kroner a bankrupt ``name`` still raises by the debt
    notes they may take (50 000 kr each, at most 3 held), as :func:`raisable` counts."""
    return max(MAX_NOTES - notes(state, name), 0) * NOTE_AMOUNT


def take_loans(draft: Draft, name: str) -> None:
    """M21: a bankrupt ``name`` with a player owed takes the debt notes still allowed
    (:func:`loans_sale`, the bank paying 50 000 kr each, as ``debt_note`` does), so the
    money pays the creditors; the notes then die with the bankruptcy
    (:func:`after_hand_over`: the bank, served last, is owed them and gets nothing)."""
    more = max(MAX_NOTES - notes(draft.state, name), 0)
    if more:
        draft.emit(ev.DebtNotesChanged(name, more))
        draft.emit(ev.MoneyMoved(ev.BANK, name, more * NOTE_AMOUNT,
                                 f"{more} debt notes (bankrupt)"))


def after_hand_over(draft: Draft, player: str, creditor: str) -> None:
    """M21: a bankrupt player's shares left unsold (a suspended series, price 0) pass to
    the creditor (a player, or the bank); the debt notes die with the bankruptcy (the
    bank was paid what could be paid)."""
    state = draft.state
    for series, count in sorted(stock_board.of(state).shares.get(player, {}).items()):
        if count:
            draft.emit(ev.SharesMoved(series, player, creditor, count))
    if notes(state, player):
        draft.emit(ev.DebtNotesChanged(player, -notes(state, player)))

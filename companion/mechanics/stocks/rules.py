"""The ``stocks`` mechanic's rules: Multimillionær's stock board and shares (docs/rules.md
M2, M3, M6, M7, M10).

Functions over a :class:`~companion.state.GameState` (its slice:
:mod:`companion.mechanics.stocks.state`), and the hooks the rule set
:class:`~companion.rules.multimillionaer.Multimillionaer` calls at a rent
(:func:`at_rent_due`, :func:`after_rent`, :func:`after_lapse`).  A *series* ("tomteserie") is a
street group of the edition; its id is the group name ("1".."10").  Each series has
:data:`SHARES_PER_SERIES` shares and a column on the stock board: *levels* 1..N priced by
the edition's ``settings.share_prices`` (transcribed), level 0 = suspended (0 kr, no
trading).  Money ``int`` kr.
"""

from __future__ import annotations

from typing import Any

from companion import events as ev
from companion.editions import Edition, Space
from companion.errors import BadCommand, RuleBroken
from companion.ledger.draft import Draft
from companion.ledger.payments import charge
from companion.mechanics.stocks import state as stock_board
from companion.mechanics.stocks.facts import share_price, stock_moved
from companion.money import amount_text, half
from companion.state import Claim, GameState

SHARES_PER_SERIES = 10  # M2: 10 shares a series, 100 in all
STOCK_STEP = 20_000  # M6: one level per whole 20 000 kr of rent in one payment
MAJOR_HOLDING = 8  # M10: 8–10 shares take 50 % of the series' rent income
ALL_SHARES = SHARES_PER_SERIES  # M10: all 10 also exempt their holder from its rent


def has_board(edition: Edition) -> bool:
    """True when the edition plays with a stock board (M3): it has a price ladder."""
    return bool(edition.settings.share_prices)


def series_ids(edition: Edition) -> list[str]:
    """Every series id in board-column order ("2" before "10"); empty without a board."""
    if not has_board(edition):
        return []
    groups = {s.group for s in edition.spaces if s.kind == "street" and s.group}
    return sorted(groups, key=lambda g: (int(g), g) if g.isdigit() else (1 << 30, g))


def series_of(edition: Edition, space: Space) -> str | None:
    """The series of ``space`` (a street of an edition with a board), else None."""
    return space.group if has_board(edition) and space.kind == "street" else None


def price(state: GameState, series: str) -> int:
    """Kroner per share of ``series`` now (0 while suspended, M3)."""
    return share_price(state.ed, stock_board.of(state).levels.get(series, 0))


def held(state: GameState, holder: str, series: str) -> int:
    """Shares of ``series`` that ``holder`` (a player or ``"bank"``) holds."""
    return stock_board.of(state).shares.get(holder, {}).get(series, 0)


def holdings(state: GameState, holder: str) -> dict[str, int]:
    """``holder``'s shares by series in column order, without the empty ones (docs/table-log.md
    ``shares``)."""
    mine = stock_board.of(state).shares.get(holder, {})
    return {s: mine[s] for s in series_ids(state.ed) if mine.get(s)}


def shares_value(state: GameState, holder: str) -> int:
    """``holder``'s shares at the current board price (M22)."""
    return sum(n * price(state, s) for s, n in holdings(state, holder).items())


def major_holder(state: GameState, series: str) -> str | None:
    """The player holding 8–10 shares of ``series`` (at most one can, M10), or None."""
    return next((p for p in state.active_players()
                 if held(state, p, series) >= MAJOR_HOLDING), None)


def owns_series(state: GameState, owner: str, series: str) -> bool:
    """True when ``owner`` has every deed of ``series`` (M5, M6: "eier ALLE skjøtene")."""
    lots = state.ed.group(series)
    return bool(lots) and all(
        s.index in state.deeds and state.deeds[s.index].owner == owner for s in lots)


def whole_series(state: GameState, owner: str) -> list[str]:
    """Every series ``owner`` owns whole (M6: these drop when the owner pays rent)."""
    return [s for s in series_ids(state.ed) if owns_series(state, owner, s)]


def steps(amount: int) -> int:
    """M6: levels a rent of ``amount`` moves: 19 900 -> 0, 20 000–39 900 -> 1, 45 000 -> 2."""
    return amount // STOCK_STEP


def moves_for_rent(state: GameState, payer: str, series: str | None,
                   amount: int) -> list[tuple[str, int, str]]:
    """M6: ``(series, new level, why)`` for one rent of ``amount`` from ``payer`` (a
    player, or ``"bank"`` for Ola Nordmann) on a lot of ``series`` (None: a shipping
    company, no series).  UP: the rent's series one level per whole 20 000 kr.  DOWN:
    when the payer owns a whole series, every series they own whole, as many levels.
    Clamped to the column (0..N)."""
    n = steps(amount)
    if n == 0:
        return []
    text = amount_text(state, amount)
    moves = [(series, n, f"rent {text}")] if series else []
    if payer != ev.BANK:
        moves += [(s, -n, f"{payer} paid {text} rent") for s in whole_series(state, payer)]
    top = len(state.ed.settings.share_prices)
    levels = dict(stock_board.of(state).levels)
    out = []
    for name, delta, why in moves:
        new = min(max(levels.get(name, 0) + delta, 0), top)
        if new != levels.get(name, 0):
            levels[name] = new
            out.append((name, new, why))
    return out


def split_shares(players: int) -> tuple[int, int]:
    """M2: (shares of each series per player, shares left to the bank); 4 players: (2, 2)."""
    return SHARES_PER_SERIES // players, SHARES_PER_SERIES % players


def parse_series(state: GameState, raw: Any) -> str:
    """A series id from a command's ``series`` (``3`` or ``"3"``).  Raises BadCommand."""
    wanted = str(raw).strip() if isinstance(raw, int | str) and not isinstance(raw, bool) else ""
    known = series_ids(state.ed)
    if not known:
        raise RuleBroken("This game has no shares: its edition has no stock board.")
    if not wanted:  # true, a list, missing: not echoed in Python's spelling (h21)
        raise BadCommand("Name the series by its number: the series are %(known)s.",
                         known=", ".join(known))
    if wanted not in known:
        raise BadCommand("There is no series %(series)r: the series are %(known)s.",
                         series=raw, known=", ".join(known))
    return wanted


def check_trading(state: GameState, series: str) -> None:
    """M7: no trade at all while ``series`` is suspended (price 0).  Raises RuleBroken."""
    if price(state, series) == 0:
        raise RuleBroken("Series %(series)s is suspended (price 0): its shares cannot be "
                         "traded until the price rises again.", series=series)


def stocks_view(state: GameState) -> dict[str, dict[str, Any]]:
    """docs/table-log.md ``stocks``: ``{series: {"level", "price", "suspended"}}`` (M3)."""
    return {s: {"level": stock_board.of(state).levels.get(s, 0), "price": price(state, s),
                "suspended": stock_board.of(state).levels.get(s, 0) == 0}
            for s in series_ids(state.ed) if s in stock_board.of(state).levels}


def check_shares(state: GameState, name: str, shares: tuple[tuple[str, int], ...]) -> None:
    """M7, M9: ``name`` may give ``shares`` ((series, count) pairs) in a trade: they hold
    that many, and no series is suspended.  Raises RuleBroken."""
    for series, count in shares:
        if held(state, name, series) < count:
            raise RuleBroken("%(player)s holds only %(held)s shares of series %(series)s.",
                             player=name, held=held(state, name, series), series=series)
        check_trading(state, series)  # M7: no trade at all in a suspended series


def after_rent(draft: Draft, payer: str, owner: str, index: int, amount: int) -> None:
    """``payer`` (a player, or ``"bank"`` for Ola Nordmann) paid ``owner`` ``amount`` of
    rent for ``index``.  M10: a player holding 8–10 shares of the series (not the owner)
    gets 50 % of that rent income, from the owner — money, paid with the rent.  (The stock
    board moved at the landing already, :func:`at_rent_due`.)"""
    state = draft.state
    space = state.ed.space(index)
    series = series_of(state.ed, space)
    holder = major_holder(state, series) if series else None
    if holder is not None and holder != owner:
        charge(draft, owner, holder, half(amount), f"50 % of the rent of {space.label} (M10)",
               "shareholder_cut", index)


def at_rent_due(draft: Draft, payer: str, index: int, amount: int, claim: int) -> None:
    """M6/M7: a landing made ``payer`` (a player, or ``"bank"`` for Ola) owe ``amount``
    (int kr) of rent for ``index``: the stock board moves now — "gjelder den nye kursen
    umiddelbart etter at terningen er kastet" — not when the rent is claimed, so share
    trades after the roll use the new price.  UP for the rent's series, DOWN for every
    series a payer owns whole, one level per whole 20 000 kr.  ``claim`` is the rent
    claim opened (0: paid at once), recorded on each ``StockMoved`` for :func:`after_lapse`.
    """
    state = draft.state
    series = series_of(state.ed, state.ed.space(index))
    for name, level, why in moves_for_rent(state, payer, series, amount):
        draft.emit(stock_moved(state, name, level, why, "rent", claim))


def after_lapse(draft: Draft, claim: Claim) -> None:
    """M6, M11: rent claim ``claim`` lapsed unclaimed.  With the edition's
    ``lapsed_rent_moves_stand`` (the default: the roll happened, and the seed applies the
    new price at once after it) its stock moves stand; without it each series it moved
    goes back by as many levels, within its column."""
    state = draft.state
    if state.ed.settings.lapsed_rent_moves_stand:
        return
    top = len(state.ed.settings.share_prices)
    for series, delta in stock_board.of(state).claim_moves.get(claim.id, ()):
        level = stock_board.of(state).levels.get(series, 0)
        back = min(max(level - delta, 0), top)
        if back != level:
            draft.emit(stock_moved(state, series, back, "rent lapsed unclaimed", "lapsed"))

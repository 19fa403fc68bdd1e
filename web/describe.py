"""What a recorded command did, in the family's words: "Ola landed on Parkveien.",
"Mor paid Far 100 kr.", "Far bought Parkveien for 1 200 kr.".

The history API (``/api/games/<id>/history``) and the answer to a command carry these
sentences (``text``), so the console and the phones show the same words in the page
language.  One function per command name (:data:`DESCRIBERS`) reads the command and,
above all, its events (what really happened: amounts, the deed landed on, claims that
lapsed); space names come from the game's edition, amounts from :mod:`web.money`.
Commands without a describer are told from their events (:func:`_from_events`).

A lapsed rent claim names only its id (``ClaimClosed``); :class:`ClaimBook` finds the
claim it closed in the game's log (read once, then only the new rows).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from companion import events as ev
from companion.commands.names import name_key
from companion.table import Table
from web.i18n import _, ngettext
from web.money import format_money

Row = dict[str, Any]
Event = dict[str, Any]
BANK = ev.BANK


# -- the claims a lapse or a claim closes -------------------------------------------------

@dataclass
class _Claims:
    seen: int = 0
    opened: dict[int, list[tuple[int, Event]]] = field(default_factory=dict)


class ClaimBook:
    """Every ``ClaimOpened`` of a game, by claim id (an id may be reused after an undo:
    :meth:`opened` picks the newest opened before the closing command)."""

    _books: weakref.WeakKeyDictionary[Table, dict[str, _Claims]] = weakref.WeakKeyDictionary()
    _lock = threading.Lock()

    @classmethod
    def opened(cls, table: Table, game_id: str, claim: int, before: int) -> Event | None:
        with cls._lock:
            book = cls._books.setdefault(table, {}).setdefault(game_id, _Claims())
            for row in table.store.rows(game_id, after=book.seen):
                book.seen = row.seq
                for event in row.events:
                    if isinstance(event, ev.ClaimOpened):
                        book.opened.setdefault(event.claim, []).append(
                            (row.seq, ev.to_dict(event)))
            found = [e for seq, e in book.opened.get(claim, []) if seq <= before]
        return found[-1] if found else None


# -- the context of one game ---------------------------------------------------------------

@dataclass
class Context:
    """What describing needs: the game's edition (space names), its money unit, who is
    reading (a player's name on their phone: "Your rent …"; None for the banker)."""

    table: Table
    game_id: str
    viewer: str | None = None
    #: Rows already at hand, by log sequence (the history window).
    known: dict[int, Row] = field(default_factory=dict)

    def __post_init__(self) -> None:
        state = self.table.state(self.game_id)
        self.ed = state.ed
        self.unit = state.ed.unit
        self.players = {name_key(name): name for name in state.players}

    def as_stored(self, command: dict[str, Any]) -> dict[str, Any]:
        """``command`` with the players it names written as the game stores them: a
        phone may type "bob" for Bob or a decomposed "Åse" (the core finds them the same
        way, :mod:`companion.commands.names`), and the words must match the events."""
        return {key: self.players.get(name_key(value), value)
                if key in PLAYER_FIELDS and isinstance(value, str) else value
                for key, value in command.items()}

    def money(self, amount: int) -> str:
        return format_money(int(amount), self.unit)

    def space(self, value: Any) -> str:
        """A space's printed name from a board index (or the name a command gave)."""
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int):
            try:
                return str(self.ed.space(value).label)
            except IndexError:
                return str(value)
        return str(value)

    def claim(self, claim: int, seq: int) -> Event | None:
        return ClaimBook.opened(self.table, self.game_id, claim, seq)

    def row(self, seq: int) -> Row | None:
        """The stored command with log sequence ``seq`` (for an undo's target)."""
        if seq in self.known:
            return self.known[seq]
        for stored in self.table.store.rows(self.game_id, after=seq - 1):
            if stored.seq != seq:
                return None
            return {"seq": stored.seq, "actor": stored.actor, "command": stored.command,
                    "events": [ev.to_dict(e) for e in stored.events]}
        return None


# -- small pieces ----------------------------------------------------------------------------

def _of(events: Iterable[Event], *types: str) -> list[Event]:
    return [e for e in events if e.get("type") in types]


def _first(events: Iterable[Event], kind: str) -> Event | None:
    found = _of(events, kind)
    return found[0] if found else None


def _paid(events: Iterable[Event], payer: str, payee: str | None = None) -> int:
    """What ``payer`` paid in these events (to ``payee`` when given)."""
    return sum(int(e["amount"]) for e in _of(events, "MoneyMoved")
               if e["payer"] == payer and (payee is None or e["payee"] == payee))


def _received(events: Iterable[Event], payee: str, payer: str | None = None) -> int:
    return sum(int(e["amount"]) for e in _of(events, "MoneyMoved")
               if e["payee"] == payee and (payer is None or e["payer"] == payer))


def _party(name: Any) -> str:
    return _("the bank") if name == BANK else str(name)


def _names(names: Iterable[str]) -> str:
    return ", ".join(str(n) for n in names)


def _level(houses: int, hotel: bool) -> str:
    if hotel:
        return _("a hotel")
    if not houses:
        return _("no buildings")
    return ngettext("%(num)d house", "%(num)d houses", int(houses))


def money_sentence(ctx: Context, payer: str, payee: str, amount: int, memo: str = "") -> str:
    """"Mor paid Far 100 kr." (the bank named as such)."""
    values = {"payer": payer, "payee": payee, "amount": ctx.money(amount), "memo": memo}
    if payer == BANK:
        if memo:
            return _("The bank paid %(payee)s %(amount)s (%(memo)s).", **values)
        return _("The bank paid %(payee)s %(amount)s.", **values)
    if payee == BANK:
        if memo:
            return _("%(payer)s paid the bank %(amount)s (%(memo)s).", **values)
        return _("%(payer)s paid the bank %(amount)s.", **values)
    if memo:
        return _("%(payer)s paid %(payee)s %(amount)s (%(memo)s).", **values)
    return _("%(payer)s paid %(payee)s %(amount)s.", **values)


def _offer(ctx: Context, offer: dict[str, Any]) -> str:
    """What one side of a trade gives: "2 000 kr, Parkveien, 1 jail card"."""
    items = []
    if offer.get("cash"):
        items.append(ctx.money(int(offer["cash"])))
    items += [ctx.space(s) for s in offer.get("spaces") or ()]
    for series, count in (offer.get("shares") or {}).items():
        items.append(ngettext("%(num)d share of series %(series)s",
                              "%(num)d shares of series %(series)s", int(count), series=series))
    if offer.get("jail_cards"):
        items.append(ngettext("%(num)d get-out-of-jail card", "%(num)d get-out-of-jail cards",
                              int(offer["jail_cards"])))
    return _names(items) if items else _("nothing")


# -- what follows from a command: claims, debts, jail, the end ------------------------------

def _lapsed(ctx: Context, event: Event, seq: int) -> str:
    claim = ctx.claim(int(event["claim"]), seq)
    if claim is None:
        return _("A rent claim lapsed (not claimed in time).")
    values = {"owner": claim["owner"], "payer": _party(claim["payer"]),
              "space": ctx.space(claim["space"]), "amount": ctx.money(claim["amount"])}
    if ctx.viewer == claim["owner"]:
        return _("Your rent of %(amount)s from %(payer)s on %(space)s lapsed (not claimed in "
                 "time).", **values)
    return _("Rent of %(amount)s on %(space)s lapsed: %(owner)s did not claim it from "
             "%(payer)s in time.", **values)


def _claimed(ctx: Context, event: Event, seq: int) -> str:
    claim = ctx.claim(int(event["claim"]), seq)
    if claim is None:
        return _("A rent claim was collected.")
    return _("%(owner)s claimed %(amount)s rent from %(payer)s (%(space)s).",
             owner=claim["owner"], payer=_party(claim["payer"]), space=ctx.space(claim["space"]),
             amount=ctx.money(claim["amount"]))


def follow_ups(ctx: Context, row: Row, skip: Iterable[str] = ()) -> list[str]:
    """Sentences for what else the command's events did (rent to claim, a debt, jail,
    bankruptcy, the end of the game), leaving out the event types in ``skip``."""
    out: list[str] = []
    skipped = set(skip)
    for event in row["events"]:
        kind = event.get("type")
        if kind in skipped:
            continue
        if kind == "ClaimOpened":
            out.append(_("%(owner)s may claim %(amount)s rent from %(payer)s.",
                         owner=event["owner"], payer=_party(event["payer"]),
                         amount=ctx.money(event["amount"])))
        elif kind == "ClaimClosed" and event["how"] == "lapsed":
            out.append(_lapsed(ctx, event, row["seq"]))
        elif kind == "DebtOpened":
            out.append(_("%(debtor)s could not pay and owes %(creditor)s %(amount)s.",
                         debtor=event["debtor"], creditor=_party(event["creditor"]),
                         amount=ctx.money(event["amount"])))
        elif kind == "DebtSettled":
            out.append(_("%(debtor)s paid %(amount)s of a debt to %(creditor)s.",
                         debtor=event["debtor"], creditor=_party(event["creditor"]),
                         amount=ctx.money(event["amount"])))
        elif kind == "JailEntered":
            out.append(_("%(player)s went to jail.", player=event["player"]))
        elif kind == "PlayerBankrupt":
            out.append(_("%(player)s went bankrupt.", player=event["player"]))
        elif kind == "AuctionOpened":
            out.append(_auction_opened(ctx, event))
        elif kind == "GameEnded":
            out.append(_ended(event))
        elif kind == "Multimillionaire":
            out.append(_("%(name)s is a multimillionaire!", name=event["player"]))
    return out


def _money_lines(ctx: Context, row: Row, memo: bool = True) -> list[str]:
    """A sentence per payment that is not settling a debt (those are told by DebtSettled)."""
    return [money_sentence(ctx, e["payer"], e["payee"], e["amount"],
                           _memo(str(e.get("memo", ""))) if memo else "")
            for e in _of(row["events"], "MoneyMoved")
            if not str(e.get("memo", "")).startswith("debt:")]


def _memo(memo: str) -> str:
    """The core's memo of a payment a landing made, in words: "Start" (the bonus), "rent
    <space>", "jail fine"; a tax space's name stays as printed; others are left out."""
    if memo in ("Start", "passed Start"):
        return _("Start bonus")
    if memo == "jail fine":
        return _("jail fine")
    if memo.startswith("rent "):
        return _("rent on %(space)s", space=memo[5:])
    if memo.isascii() and " " in memo:  # the core's own English words
        return ""
    return memo


def _auction_opened(ctx: Context, event: Event) -> str:
    if event.get("building") == "house":
        return _("Auction of a house opened.")
    if event.get("building") == "hotel":
        return _("Auction of a hotel opened.")
    return _("Auction of %(deed)s opened.", deed=ctx.space(event["space"]))


def _ended(event: Event) -> str:
    if event.get("winner"):
        return _("The game is over. %(name)s won.", name=event["winner"])
    return _("The game is over.")


# -- one describer per command ---------------------------------------------------------------

Describer = Callable[[Context, Row], list[str]]
DESCRIBERS: dict[str, Describer] = {}


def describes(*names: str) -> Callable[[Describer], Describer]:
    def register(fn: Describer) -> Describer:
        for name in names:
            DESCRIBERS[name] = fn
        return fn
    return register


#: Command fields that name a player (docs/table-log.md): read as the game stores the name.
PLAYER_FIELDS = frozenset({"player", "from", "to", "debtor", "creditor", "winner", "owner",
                           "payer", "proposer"})


def _cmd(row: Row) -> dict[str, Any]:
    command = row.get("command")
    return command if isinstance(command, dict) else {}


@describes("new_game")
def _new_game(ctx: Context, row: Row) -> list[str]:
    started = _first(row["events"], "GameStarted")
    players = started["players"] if started else _cmd(row).get("players", [])
    return [_("New game: %(players)s.", players=_names(players))]


@describes("land", "roll")
def _land(ctx: Context, row: Row) -> list[str]:
    events = row["events"]
    landed = _first(events, "Landed")
    rolled = _first(events, "Rolled")
    dice = [str(d) for d in (rolled or {}).get("dice", ())]
    if rolled and landed and len(dice) == 2:
        main = _("%(player)s rolled %(first)s and %(second)s and landed on %(space)s.",
                 player=rolled["player"], first=dice[0], second=dice[1],
                 space=ctx.space(landed["space"]))
    elif rolled and len(dice) == 2:
        main = _("%(player)s rolled %(first)s and %(second)s.", player=rolled["player"],
                 first=dice[0], second=dice[1])
    elif landed:
        main = _("%(player)s landed on %(space)s.", player=landed["player"],
                 space=ctx.space(landed["space"]))
    else:
        main = _("%(player)s moved.", player=_cmd(row).get("player", ""))
    out = [main]
    jail_try = _first(events, "JailTried")
    if jail_try:
        out.append(_jail_try_text(jail_try))
    return out + _money_lines(ctx, row) + follow_ups(ctx, row)


@describes("next_turn")
def _next_turn(ctx: Context, row: Row) -> list[str]:
    passed = _first(row["events"], "TurnPassed")
    out = [_("It is %(player)s's turn.", player=passed["player"])] if passed else []
    return out + follow_ups(ctx, row)


@describes("pay")
def _pay(ctx: Context, row: Row) -> list[str]:
    memo = str(_cmd(row).get("memo") or "")
    lines = [money_sentence(ctx, e["payer"], e["payee"], e["amount"], memo)
             for e in _of(row["events"], "MoneyMoved")
             if not str(e.get("memo", "")).startswith("debt:")]
    return lines + follow_ups(ctx, row)


@describes("pay_each")
def _pay_each(ctx: Context, row: Row) -> list[str]:
    command = _cmd(row)
    amount = command.get("amount")
    text = _("%(player)s paid every other player %(amount)s.", player=command.get("from", ""),
             amount=ctx.money(amount) if isinstance(amount, int) else str(amount))
    return [text, *follow_ups(ctx, row)]


@describes("collect_each")
def _collect_each(ctx: Context, row: Row) -> list[str]:
    command = _cmd(row)
    amount = command.get("amount")
    text = _("%(player)s collected %(amount)s from every other player.",
             player=command.get("to", ""),
             amount=ctx.money(amount) if isinstance(amount, int) else str(amount))
    return [text, *follow_ups(ctx, row)]


@describes("pass_start")
def _pass_start(ctx: Context, row: Row) -> list[str]:
    player = str(_cmd(row).get("player", ""))
    return [_("%(player)s passed Start and got %(amount)s.", player=player,
              amount=ctx.money(_received(row["events"], player, BANK)))]


@describes("buy")
def _buy(ctx: Context, row: Row) -> list[str]:
    moved = _first(row["events"], "DeedMoved")
    if moved is None:
        return _from_events(ctx, row)
    owner = moved["owner"]
    return [_("%(player)s bought %(deed)s for %(amount)s.", player=owner,
              deed=ctx.space(moved["space"]), amount=ctx.money(_paid(row["events"], owner)))]


@describes("claim")
def _claim(ctx: Context, row: Row) -> list[str]:
    out = [_claimed(ctx, e, row["seq"])
           for e in _of(row["events"], "ClaimClosed") if e["how"] == "claimed"]
    return out + follow_ups(ctx, row)


@describes("jail")
def _jail(ctx: Context, row: Row) -> list[str]:
    return follow_ups(ctx, row) or _from_events(ctx, row)


@describes("leave_jail")
def _leave_jail(ctx: Context, row: Row) -> list[str]:
    left = _first(row["events"], "JailLeft")
    if left is None:
        return _from_events(ctx, row)
    player = left["player"]
    if left["by"] == "fine":
        text = _("%(player)s paid the fine of %(amount)s and left jail.", player=player,
                 amount=ctx.money(_paid(row["events"], player, BANK)))
    elif left["by"] == "card":
        text = _("%(player)s used a get-out-of-jail card and left jail.", player=player)
    else:
        text = _("%(player)s rolled doubles and left jail.", player=player)
    return [text, *follow_ups(ctx, row)]


@describes("jail_card")
def _jail_card(ctx: Context, row: Row) -> list[str]:
    return [_("%(player)s got a get-out-of-jail card.", player=_cmd(row).get("player", ""))]


def _jail_try_text(event: Event) -> str:
    return _("%(player)s did not roll doubles in jail (%(tries)s of 3 tries).",
             player=event["player"], tries=event["tries"])


@describes("jail_try")
def _jail_try(ctx: Context, row: Row) -> list[str]:
    tried = _first(row["events"], "JailTried")
    out = [_jail_try_text(tried)] if tried else []
    return out + _money_lines(ctx, row) + follow_ups(ctx, row)


def _lots(ctx: Context, events: list[Event]) -> str:
    return _names(_("%(deed)s (%(level)s)", deed=ctx.space(e["space"]),
                    level=_level(e["houses"], e["hotel"]))
                  for e in _of(events, "BuildingsSet"))


@describes("build")
def _build(ctx: Context, row: Row) -> list[str]:
    player = str(_cmd(row).get("player", ""))
    return [_("%(player)s built on %(lots)s for %(amount)s.", player=player,
              lots=_lots(ctx, row["events"]),
              amount=ctx.money(_paid(row["events"], player, BANK)))]


@describes("sell_building")
def _sell_building(ctx: Context, row: Row) -> list[str]:
    player = str(_cmd(row).get("player", ""))
    return [_("%(player)s sold buildings on %(lots)s for %(amount)s.", player=player,
              lots=_lots(ctx, row["events"]),
              amount=ctx.money(_received(row["events"], player, BANK))),
            *follow_ups(ctx, row)]


@describes("mortgage")
def _mortgage(ctx: Context, row: Row) -> list[str]:
    player = str(_cmd(row).get("player", ""))
    deed = _first(row["events"], "MortgageSet")
    if deed is None:
        return _from_events(ctx, row)
    got = sum(int(e["amount"]) for e in _of(row["events"], "MoneyMoved")
              if e["payer"] == BANK and e["payee"] == player)
    return [_("%(player)s mortgaged %(deed)s for %(amount)s.", player=player,
              deed=ctx.space(deed["space"]), amount=ctx.money(got)), *follow_ups(ctx, row)]


@describes("unmortgage")
def _unmortgage(ctx: Context, row: Row) -> list[str]:
    player = str(_cmd(row).get("player", ""))
    deed = _first(row["events"], "MortgageSet")
    if deed is None:
        return _from_events(ctx, row)
    return [_("%(player)s lifted the mortgage on %(deed)s for %(amount)s.", player=player,
              deed=ctx.space(deed["space"]),
              amount=ctx.money(_paid(row["events"], player, BANK)))]


@describes("repairs")
def _repairs(ctx: Context, row: Row) -> list[str]:
    player = str(_cmd(row).get("player", ""))
    return [_("%(player)s paid %(amount)s for repairs.", player=player,
              amount=ctx.money(_paid(row["events"], player))), *follow_ups(ctx, row)]


@describes("auction_open")
def _auction_open(ctx: Context, row: Row) -> list[str]:
    return follow_ups(ctx, row) or _from_events(ctx, row)


@describes("bid")
def _bid(ctx: Context, row: Row) -> list[str]:
    bid = _first(row["events"], "BidPlaced")
    if bid is None:
        return _from_events(ctx, row)
    return [_("%(player)s bid %(amount)s.", player=bid["player"], amount=ctx.money(bid["amount"]))]


@describes("auction_close", "auction_sold")
def _auction_close(ctx: Context, row: Row) -> list[str]:
    closed = _first(row["events"], "AuctionClosed")
    if closed is None or not closed.get("winner"):
        return [_("The auction ended without a sale.")]
    moved = _first(row["events"], "DeedMoved")
    values = {"player": closed["winner"], "amount": ctx.money(closed["amount"])}
    if moved is not None:
        text = _("%(player)s bought %(deed)s at auction for %(amount)s.",
                 deed=ctx.space(moved["space"]), **values)
    else:
        text = _("%(player)s won the auction for %(amount)s: %(lots)s.",
                 lots=_lots(ctx, row["events"]), **values)
    return [text, *follow_ups(ctx, row)]


@describes("auction_cancel")
def _auction_cancel(ctx: Context, row: Row) -> list[str]:
    return [_("The auction was cancelled without a sale.")]


@describes("trade")
def _trade(ctx: Context, row: Row) -> list[str]:
    parties = _cmd(row).get("parties")
    if not isinstance(parties, dict) or len(parties) != 2:
        return _from_events(ctx, row)
    (first, a), (second, b) = parties.items()
    return [_("%(first)s and %(second)s traded: %(first)s gave %(a)s; %(second)s gave %(b)s.",
              first=first, second=second, a=_offer(ctx, a if isinstance(a, dict) else {}),
              b=_offer(ctx, b if isinstance(b, dict) else {})), *follow_ups(ctx, row)]


@describes("trade_propose")
def _trade_propose(ctx: Context, row: Row) -> list[str]:
    proposed = _first(row["events"], "TradeProposed")
    if proposed is None or len(proposed["parties"]) != 2:
        return _from_events(ctx, row)
    proposer = proposed["proposer"]
    other = next(n for n in proposed["parties"] if n != proposer)
    return [_("%(proposer)s offers %(other)s a trade: %(proposer)s gives %(a)s; %(other)s "
              "gives %(b)s.", proposer=proposer, other=other,
              a=_offer(ctx, proposed["parties"][proposer]),
              b=_offer(ctx, proposed["parties"][other]))]


@describes("trade_accept")
def _trade_accept(ctx: Context, row: Row) -> list[str]:
    return [_("%(player)s accepted the trade.", player=_cmd(row).get("player", "")),
            *follow_ups(ctx, row)]


@describes("trade_cancel")
def _trade_cancel(ctx: Context, row: Row) -> list[str]:
    player = _cmd(row).get("player")
    if player:
        return [_("%(player)s called the trade off.", player=player)]
    return [_("The banker cancelled the trade.")]


@describes("bankrupt")
def _bankrupt(ctx: Context, row: Row) -> list[str]:
    out = _of(row["events"], "PlayerBankrupt")
    if not out:
        return _from_events(ctx, row)
    done = out[0]
    if done["creditor"] == BANK:
        text = _("%(player)s went bankrupt; the bank takes everything.", player=done["player"])
    else:
        text = _("%(player)s went bankrupt; %(creditor)s takes everything.",
                 player=done["player"], creditor=done["creditor"])
    return [text, *follow_ups(ctx, row, skip=("PlayerBankrupt", "DebtSettled"))]


@describes("end_game")
def _end_game(ctx: Context, row: Row) -> list[str]:
    return follow_ups(ctx, row) or [_("The game is over.")]


@describes("undo")
def _undo(ctx: Context, row: Row) -> list[str]:
    undone = _first(row["events"], "CommandUndone")
    target = ctx.row(int(undone["target"])) if undone else None
    if target is None:
        return [_("Undo.")]
    return [_("Undo: %(what)s", what=describe(ctx, target))]


@describes("edition_value")
def _edition_value(ctx: Context, row: Row) -> list[str]:
    entered = _first(row["events"], "EditionValueSet")
    if entered is None:
        return _from_events(ctx, row)
    value = entered["value"]
    if isinstance(value, list | tuple):
        shown = _names(ctx.money(v) if isinstance(v, int) else str(v) for v in value)
    elif isinstance(value, int) and not isinstance(value, bool):
        shown = ctx.money(value)
    else:
        shown = str(value)
    where = ctx.space(entered["space"]) if entered["space"] is not None else ctx.ed.name
    return [_("Entered from the box for %(space)s: %(field)s %(value)s.",
              field=field_name(str(entered["field"])), space=where, value=shown)]


@describes("free_flight")
def _free_flight(ctx: Context, row: Row) -> list[str]:
    marked = _first(row["events"], "PassportMarked")
    if marked is None:
        return _from_events(ctx, row)
    return [_("%(player)s took the free flight to %(wonder)s.", player=marked["player"],
              wonder=ctx.space(marked["space"]))]


# Multimillionær (issue 6)

@describes("ola_land", "ola_roll")
def _ola_land(ctx: Context, row: Row) -> list[str]:
    moved = _first(row["events"], "OlaMoved")
    out = [_("Ola Nordmann stopped on %(space)s.", space=ctx.space(moved["space"]))
           ] if moved else []
    return out + _money_lines(ctx, row) + follow_ups(ctx, row)


@describes("pay_interest")
def _pay_interest(ctx: Context, row: Row) -> list[str]:
    player = str(_cmd(row).get("player", ""))
    return [_("%(player)s paid %(amount)s interest on debt notes.", player=player,
              amount=ctx.money(_paid(row["events"], player, BANK))), *follow_ups(ctx, row)]


@describes("debt_note")
def _debt_note(ctx: Context, row: Row) -> list[str]:
    player = str(_cmd(row).get("player", ""))
    return [_("%(player)s issued a debt note for %(amount)s.", player=player,
              amount=ctx.money(_received(row["events"], player, BANK)))]


@describes("redeem_note")
def _redeem_note(ctx: Context, row: Row) -> list[str]:
    player = str(_cmd(row).get("player", ""))
    return [_("%(player)s redeemed a debt note for %(amount)s.", player=player,
              amount=ctx.money(_paid(row["events"], player, BANK)))]


@describes("point_out")
def _point_out(ctx: Context, row: Row) -> list[str]:
    command = _cmd(row)
    return [_("%(player)s pointed out that %(debtor)s did not pay interest in time.",
              player=command.get("player", ""), debtor=command.get("debtor", "")),
            *_money_lines(ctx, row)]


@describes("stay")
def _stay(ctx: Context, row: Row) -> list[str]:
    return [_("%(player)s stays another round in Ferieparadiset.",
              player=_cmd(row).get("player", ""))]


@describes("casino")
def _casino(ctx: Context, row: Row) -> list[str]:
    player = str(_cmd(row).get("player", ""))
    won = _received(row["events"], player, BANK)
    bet = ctx.money(_paid(row["events"], player, BANK))
    if won:
        return [_("%(player)s bet %(bet)s at the Casino and got %(won)s.", player=player,
                  bet=bet, won=ctx.money(won))]
    return [_("%(player)s bet %(bet)s at the Casino and lost it.", player=player, bet=bet)]


@describes("buy_shares", "sell_shares", "borsen_buy")
def _shares(ctx: Context, row: Row) -> list[str]:
    command = _cmd(row)
    player = str(command.get("player", ""))
    moved = _of(row["events"], "SharesMoved")
    if not moved:
        return _from_events(ctx, row)
    count = sum(int(e["count"]) for e in moved)
    series = moved[0]["series"]
    if command.get("cmd") == "sell_shares":
        return [ngettext("%(player)s sold %(num)d share of series %(series)s for %(amount)s.",
                         "%(player)s sold %(num)d shares of series %(series)s for %(amount)s.",
                         count, player=player, series=series,
                         amount=ctx.money(_received(row["events"], player)))]
    seller = moved[0]["giver"]
    return [ngettext("%(player)s bought %(num)d share of series %(series)s from %(seller)s "
                     "for %(amount)s.",
                     "%(player)s bought %(num)d shares of series %(series)s from %(seller)s "
                     "for %(amount)s.", count, player=player, series=series,
                     seller=_party(seller), amount=ctx.money(_paid(row["events"], player)))]


@describes("stock_level")
def _stock_level(ctx: Context, row: Row) -> list[str]:
    moved = _of(row["events"], "StockMoved")
    if len(moved) == 1:
        return [_("Series %(series)s now stands at level %(level)s.", series=moved[0]["series"],
                  level=moved[0]["level"])]
    return [_("The stock board was set.")]


# -- commands told by their events -----------------------------------------------------------

def _from_events(ctx: Context, row: Row) -> list[str]:
    """Whatever the events say: payments, deeds changing hands, buildings, and what
    :func:`follow_ups` tells; else the command's name."""
    out = _money_lines(ctx, row)
    for event in row["events"]:
        kind = event.get("type")
        if kind == "DeedMoved":
            if event["owner"] == BANK:
                out.append(_("%(deed)s went back to the bank.", deed=ctx.space(event["space"])))
            else:
                out.append(_("%(player)s now owns %(deed)s.", player=event["owner"],
                             deed=ctx.space(event["space"])))
        elif kind == "BuildingsSet":
            out.append(_("%(deed)s now has %(level)s.", deed=ctx.space(event["space"]),
                         level=_level(event["houses"], event["hotel"])))
        elif kind == "MortgageSet":
            out.append(_("%(deed)s is mortgaged.", deed=ctx.space(event["space"]))
                       if event["mortgaged"] else
                       _("%(deed)s is no longer mortgaged.", deed=ctx.space(event["space"])))
    out += follow_ups(ctx, row)
    if not out:
        name = str(_cmd(row).get("cmd", "")).replace("_", " ")
        out.append(_("Recorded: %(command)s.", command=name))
    return out


def describe(ctx: Context, row: Row) -> str:
    """One history entry (``seq``, ``command``, ``events``) in words."""
    row = {**row, "command": ctx.as_stored(_cmd(row))}
    name = _cmd(row).get("cmd")
    describer = DESCRIBERS.get(name, _from_events) if isinstance(name, str) else _from_events
    lines: list[str] = []
    for tell in (describer, _from_events):
        try:
            lines = tell(ctx, row)
        except Exception:  # an odd entry must never break the history: say less
            lines = []
        if lines:
            break
    if not lines:
        lines = [_("Recorded: %(command)s.", command=str(name or "").replace("_", " "))]
    return " ".join(line for line in lines if line)


def field_name(name: str) -> str:
    """An edition value's name in words ("house_cost" -> "house price")."""
    names = {"price": _("price"), "rents": _("rents"), "house_cost": _("house price"),
             "mortgage": _("mortgage value"), "tax": _("tax"), "name": _("name"),
             "max_houses": _("most houses"), "start_capital": _("start capital"),
             "start_bonus": _("Start bonus"), "jail_fine": _("jail fine"),
             "houses": _("houses in the box"), "hotels": _("hotels in the box")}
    return names.get(name, name.replace("_", " "))


def describe_rows(table: Table, game_id: str, rows: list[Row],
                  viewer: str | None = None) -> list[str]:
    """:func:`describe` for each of ``rows`` of ``game_id``."""
    ctx = Context(table, game_id, viewer, {int(r["seq"]): r for r in rows})
    return [describe(ctx, row) for row in rows]

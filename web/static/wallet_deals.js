/* The wallet's deals: the open auction with its highest bid live and a Bid box (C4, C16);
   trades offered to me (Accept / Decline) or by me (Withdraw); proposing a trade (C18). */
"use strict";

(() => {
  const C = Companion;
  const me = C.page.me;

  function renderAuction(state) {
    const auction = state.auction;
    const card = document.getElementById("auction-card");
    card.hidden = !auction || state.game.over;
    if (!auction) return;
    document.getElementById("auction-what").textContent = AuctionText.what(auction);
    document.getElementById("auction-highest").textContent = AuctionText.highest(state, auction);
    const lot = card.querySelector("[data-building-only]");
    lot.hidden = !auction.building;
    lot.querySelector("select").disabled = !auction.building;
    const top = auction.highest;
    card.querySelector("[name=amount]").min = String(top ? top.amount + 1 : auction.start);
    noBid(state, auction);
  }

  /* A bid may not exceed the bidder's cash (C4; the core refuses it): a raise over it is
     disabled, and with less cash than the least bid that may win the Bid box is hidden
     and says why (h23 finding 3: a player with 0 kr was offered bids they could not make). */
  function noBid(state, auction) {
    const player = C.player(state, me);
    const cash = player ? player.cash : 0;
    const top = auction.highest;
    const least = top ? top.amount + 1 : auction.start || 1;
    const short = cash < least;
    bid.hidden = short;
    const why = document.getElementById("bid-why");
    why.hidden = !short;
    why.textContent = short ? C.fmt("You cannot bid: you have %(cash)s and the least bid now is %(least)s.",
      {cash: C.money(state, cash), least: C.money(state, least)}) : "";
    for (const raise of bid.querySelectorAll("[data-raises] button")) {
      raise.disabled = BidRaise.amount(auction, Number(raise.dataset.step)) > cash;
    }
  }

  /* Which mortgaged deeds I would receive, with a "lift at once" box each (C19). */
  function liftChoices(state, trade, other) {
    const theirs = C.player(state, other).spaces;
    return theirs.filter((s) => s.mortgaged && trade.parties[other].spaces.includes(s.name))
      .map((space) => {
        const label = C.el("label", null, "check");
        const box = C.el("input");
        box.type = "checkbox";
        box.value = space.name;
        box.checked = trade.lift.includes(space.name);
        label.append(box, ` ${C.fmt("Lift %(deed)s at once for %(amount)s",
          {deed: space.name, amount: C.money(state, space.lift_cost)})}`);
        return label;
      });
  }

  function offerItem(state, trade) {
    const other = Object.keys(trade.parties).find((name) => name !== me);
    const mine = trade.proposer === me;
    const item = C.el("li", null, "trade stack");
    item.dataset.trade = String(trade.id);
    item.append(C.el("p", mine ? C.fmt("You proposed a trade to %(name)s.", {name: other})
      : C.fmt("%(name)s offers you a trade.", {name: other}), "strong"));
    item.append(C.el("p", C.fmt("%(name)s gives: %(items)s.",
      {name: other, items: TradeForm.items(state, trade.parties[other])})));
    item.append(C.el("p", C.fmt("You give: %(items)s.",
      {items: TradeForm.items(state, trade.parties[me])})));
    const row = C.el("div", null, "row");
    if (mine) {
      row.append(C.button(C.t("Withdraw"), {cmd: "trade_cancel", player: me, trade: trade.id}));
    } else {
      const lifts = liftChoices(state, trade, other);
      item.append(...lifts);
      const lift = () => lifts.map((l) => l.querySelector("input")).filter((b) => b.checked)
        .map((b) => b.value);
      row.append(C.button(C.t("Accept"),
        () => ({cmd: "trade_accept", player: me, trade: trade.id, lift: lift()}), "primary"));
      row.append(C.button(C.t("Decline"), {cmd: "trade_cancel", player: me, trade: trade.id},
        "danger"));
    }
    item.append(row);
    return item;
  }

  function renderOffers(state) {
    const mine = state.trades.filter((trade) => me in trade.parties);
    const list = document.getElementById("offers");
    document.getElementById("offers-card").hidden = mine.length === 0;
    const key = JSON.stringify([mine, state.players.map((p) => p.spaces)]);
    if (list.dataset.key === key) return;  // keep ticked lift boxes while nothing changed
    list.dataset.key = key;
    list.replaceChildren(...mine.map((trade) => offerItem(state, trade)));
  }

  /* A bid under the least that may win is refused here in the page's words (the form is
     `novalidate`: no browser tooltip in its own language; family play-test 3, finding 11);
     the bank still checks every bid (C4). */
  function tooLow(state) {
    const field = bid.elements.amount;
    const least = Number(field.min) || 1;
    if (field.value !== "" && !Number.isInteger(Number(field.value))) {  // issue 16 point 9
      C.say(C.t("Bids are whole amounts: no decimals."), true, bid);
      field.focus();
      return true;
    }
    if (field.value !== "" && Number(field.value) >= least) return false;
    const auction = state.auction || {};
    const top = auction.highest;
    // the core's own sentences (C4), so the phone and the bank say the same
    C.say(top ? C.fmt("The highest bid is %(amount)s (%(player)s) — bid more.",
      {amount: C.money(state, top.amount), player: top.player})
      : C.fmt("Bidding starts at %(start)s.", {start: C.money(state, auction.start || least)}),
    true, bid);
    field.focus();
    return true;
  }

  const bid = document.getElementById("bid");
  /* Two bids at once: the live state raises `min` under the finger; the bank's own
     sentence ("Lise bid 1 500 kr first") says why, not the browser's tooltip. */
  bid.noValidate = true;
  C.onSubmit(bid, async () => {
    if (C.state() && tooLow(C.state())) return;
    const answer = await C.act(C.formCommand(bid), bid);
    if (answer.ok) C.clear(bid);
  });

  const propose = document.getElementById("propose");
  TradeForm.wire(propose);
  C.onSubmit(propose, async () => {
    const answer = await C.act({cmd: "trade_propose", from: me, ...TradeForm.read(propose)},
      propose);
    if (answer.ok) {
      TradeForm.clear(propose);
      document.getElementById("propose-box").open = false;
    }
  });

  C.onState(renderAuction);
  C.onState(renderOffers);
})();

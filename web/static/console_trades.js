/* The console's trades: pending proposals from the phones (accept for a player, or cancel),
   and the form for a trade agreed at the table (`trade`, applied at once). */
"use strict";

(() => {
  const C = Companion;
  const form = document.getElementById("trade-form");

  function pendingItem(state, trade) {
    const [a, b] = Object.keys(trade.parties);
    const other = trade.proposer === a ? b : a;
    const item = C.el("li", null, "trade");
    item.append(C.el("p", C.fmt("%(proposer)s proposes a trade to %(other)s.",
      {proposer: trade.proposer, other})));
    for (const name of [a, b]) {
      item.append(C.el("p", C.fmt("%(name)s gives: %(items)s.",
        {name, items: TradeForm.items(state, trade.parties[name])})));
    }
    const row = C.el("div", null, "row");
    row.append(C.button(C.fmt("Accept for %(name)s", {name: other}),
      {cmd: "trade_accept", player: other, trade: trade.id}));
    row.append(C.button(C.t("Cancel the trade"), {cmd: "trade_cancel", trade: trade.id}, "danger"));
    item.append(row);
    return item;
  }

  C.onState((state) => {
    const items = state.trades.map((trade) => pendingItem(state, trade));
    C.fill(document.getElementById("pending-trades"), items, "No trades waiting.");
  });

  TradeForm.wire(form);
  C.onSubmit(form, async () => {
    const answer = await C.act({cmd: "trade", ...TradeForm.read(form)}, form);
    if (answer.ok) TradeForm.clear(form);
  });
})();

/* The console's auction panel (C4, C16): open one on a deed or a building, watch the
   highest bid live, record bids heard at the table, close or cancel; or record a sale
   decided at the table (`auction_sold`). */
"use strict";

(() => {
  const C = Companion;
  const live = document.getElementById("auction-live");
  const idle = document.getElementById("auction-idle");

  function render(state) {
    const auction = state.auction;
    live.hidden = !auction;
    idle.hidden = Boolean(auction);
    if (!auction) return;
    document.getElementById("auction-what").textContent = AuctionText.what(auction);
    document.getElementById("auction-highest").textContent = AuctionText.highest(state, auction);
    const bids = auction.bids.slice().reverse().map((bid) =>
      C.el("li", C.fmt("%(player)s bid %(amount)s.",
        {player: bid.player, amount: C.money(state, bid.amount)})));
    const list = document.getElementById("auction-bids");
    list.replaceChildren(...bids);  // no bids: the line above says so
    list.hidden = bids.length === 0;
    const lot = live.querySelector("[data-building-only]");
    lot.hidden = !auction.building;
    lot.querySelector("select").disabled = !auction.building;
  }

  C.onState(render);
  const close = document.getElementById("auction-close");
  C.onClick(close, () => C.act({cmd: "auction_close"}, close));
  const cancel = document.getElementById("auction-cancel");
  C.onClick(cancel, async () => {  // asks in the page (ConfirmStep), not window.confirm (h21)
    if (await ConfirmStep.ask(C.t("Cancel the auction without a sale?"), cancel.textContent.trim())) {
      await C.act({cmd: "auction_cancel"}, cancel);
    }
  });

  const open = document.getElementById("auction-open");
  C.onSubmit(open, async () => {
    const what = open.elements.what.value;
    const command = {cmd: "auction_open"};
    if (what === "house" || what === "hotel") command.building = what;
    else command.space = Number(what);
    if (open.elements.decliner && command.space !== undefined) {  // K4: the others bid
      command.decliner = open.elements.decliner.value;
    }
    const start = open.elements.start.value.trim();
    if (start) command.start = Number(start);
    const answer = await C.act(command, open);
    if (answer.ok) C.clear(open);
  });
})();

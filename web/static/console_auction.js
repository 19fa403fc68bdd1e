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
    C.fill(document.getElementById("auction-bids"), bids, "No bids yet.");
    const lot = live.querySelector("[data-building-only]");
    lot.hidden = !auction.building;
    lot.querySelector("select").disabled = !auction.building;
  }

  C.onState(render);
  document.getElementById("auction-close").addEventListener("click",
    () => C.act({cmd: "auction_close"}));
  document.getElementById("auction-cancel").addEventListener("click", () => {
    if (confirm(C.t("Cancel the auction without a sale?"))) C.act({cmd: "auction_cancel"});
  });

  const open = document.getElementById("auction-open");
  open.addEventListener("submit", (event) => {
    event.preventDefault();
    const what = open.elements.what.value;
    const command = {cmd: "auction_open"};
    if (what === "house" || what === "hotel") command.building = what;
    else command.space = Number(what);
    const start = open.elements.start.value.trim();
    if (start) command.start = Number(start);
    C.act(command);
  });
})();

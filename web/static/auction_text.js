/* What an open auction is and its highest bid, in words (console and wallet). */
"use strict";

const AuctionText = (() => {
  const C = Companion;

  function what(auction) {
    if (auction.building === "house") return C.t("Auction of a house");
    if (auction.building === "hotel") return C.t("Auction of a hotel");
    return C.fmt("Auction of %(deed)s", {deed: auction.space});
  }

  function highest(state, auction) {
    const top = auction.highest;
    if (!top) {
      return C.fmt("No bids yet. Bidding starts at %(amount)s.",
        {amount: C.money(state, auction.start)});
    }
    return C.fmt("Highest bid: %(amount)s by %(player)s.",
      {amount: C.money(state, top.amount), player: top.player});
  }

  return {what, highest};
})();

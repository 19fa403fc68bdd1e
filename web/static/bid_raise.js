/* Quick raises on a bid (issue 16: a bid in at most two taps; C4, K4): every bid form with
   a [data-raises] row (the auction card of a phone, "Bid heard at the table" on the console)
   offers the steps of the edition over the highest bid — "+100", "+500", "+1 000" (kr),
   or "+1", "+5", "+10" (coins) (web/pages.py bid_steps, board.rules.bid_steps).  A tap fills
   the amount: the highest bid plus the step (no bid yet: the step), at least the lowest bid
   that may win (the first bid no lower than the auction start, each later one above the
   highest, C4; K4: from the price).  Nothing is sent until the form is submitted: the
   button on a phone then reads "Bid 2 500 kr", one more tap bids.  The bank checks the bid
   as any other, and a refused bid says why (wallet_deals.js). */
"use strict";

const BidRaise = (() => {
  const C = Companion;

  /* What a quick raise of `step` over the highest bid of `auction` fills in. */
  function amount(auction, step) {
    const top = auction.highest;
    const least = top ? top.amount + 1 : auction.start || 1;
    return Math.max((top ? top.amount : 0) + step, least);
  }

  /* The submit button names the amount it will bid ("Bid 2 500 kr"), where it asks to,
     and follows the highest bid (issue 16 point 9: after a refused simultaneous bid it
     read "Bid 17 000 kr" while 17 000 kr was already the highest): a typed amount not
     above the highest bid reads "Bid more than 17 000 kr"; an amount with decimals reads
     "Bid" (whole amounts only). */
  function label(form) {
    const button = form.querySelector("button[data-bid-label]");
    const state = C.state();
    if (!button || !state) return;
    const value = Number(form.elements.amount.value);
    const typed = form.elements.amount.value !== "" && Number.isSafeInteger(value) && value > 0;
    const top = state.auction && state.auction.highest;
    if (typed && top && value <= top.amount) {
      button.textContent = C.fmt("Bid more than %(amount)s", {amount: C.money(state, top.amount)});
      return;
    }
    button.textContent = typed ? C.fmt("Bid %(amount)s", {amount: C.money(state, value)})
      : C.t("Bid");
  }

  function raise(form, step) {
    const state = C.state();
    if (!state || !state.auction) return;
    const field = form.elements.amount;
    field.value = String(amount(state.auction, step));
    field.dispatchEvent(new Event("input", {bubbles: true}));  // the preview line, the label
  }

  function render(state) {
    const steps = (C.page.board && C.page.board.rules && C.page.board.rules.bid_steps) || [];
    for (const row of document.querySelectorAll("form [data-raises]")) {
      const form = row.closest("form");
      if (row.childElementCount !== steps.length) {
        row.replaceChildren(...steps.map((step) => {
          // "+500": the number alone ("+1 coins" reads badly); the unit for a screen reader
          const button = C.el("button", `+${window.formatMoney(step, "")}`, "raise");
          button.setAttribute("aria-label", `+${C.money(state, step)}`);
          button.type = "button";
          button.dataset.step = String(step);
          button.addEventListener("click", () => raise(form, step));
          return button;
        }));
        form.elements.amount.addEventListener("input", () => label(form));
      }
      label(form);
    }
  }

  C.onState(render);
  return {amount};
})();

/* A player's wallet: cash, debts, rent to claim, paying — live, no reload.  Loaded last:
   the other cards (wallet_*.js, passport.js) have registered with Companion.onState. */
"use strict";

(() => {
  const C = Companion;
  const t = C.t;
  const game = C.page.game;
  const me = C.page.me;

  /* Whether the rent of the space labelled `label` is an estimate ("scaled xN", issue 15
     point 9): the phone marks it as the console does (family play-test 3, finding 11). */
  function estimated(label) {
    const spaces = (C.page.board && C.page.board.spaces) || [];
    const space = spaces.find((s) => s.label === label);
    return Boolean(space && space.estimates && space.estimates.rents);
  }

  function renderClaims(state) {
    const mine = state.claims.filter((claim) => claim.owner === me);
    document.getElementById("claim-box").hidden = mine.length === 0;
    const items = mine.map((claim) => {
      const vars = {payer: claim.from, amount: C.money(state, claim.amount), space: claim.space};
      const item = C.el("li", claim.from === "bank"  // M4: Ola Nordmann pays with the bank's money
        ? C.fmt("The bank owes you %(amount)s (%(space)s).", vars)
        : C.fmt("%(payer)s owes you %(amount)s (%(space)s).", vars));
      item.append(" ", C.el("span", C.lapseText(claim, me), "lapse"));  // C5, M11
      if (estimated(claim.space)) item.prepend(C.estimateMark());
      return item;
    });
    C.fill(document.getElementById("claims"), items, "No open claims.");
  }

  /* "No debts." — unless the player holds debt notes (M18): then say so. */
  function noDebts(player) {
    const notes = player.debt_notes || 0;
    return notes ? C.nt("No other debts; you hold %(num)s debt note.",
      "No other debts; you hold %(num)s debt notes.", notes) : t("No debts.");
  }

  function renderDebts(state, player) {
    const debts = player.debts.map((debt) =>
      C.el("li", C.fmt("You owe %(creditor)s %(amount)s.",
        {creditor: debt.to === "bank" ? t("the bank") : debt.to,
          amount: C.money(state, debt.amount)}), "debt"));
    const none = noDebts(player);
    C.fill(document.getElementById("debts"), debts, none);
    const raisable = document.getElementById("raisable");
    raisable.hidden = debts.length === 0;
    const owed = player.debts.reduce((sum, debt) => sum + debt.amount, 0);
    raisable.textContent = player.raisable < owed  // C21: out (h23 debt)
      ? C.fmt("You cannot raise enough to pay %(amount)s: the banker declares you bankrupt (C21).",
        {amount: C.money(state, owed)})
      : C.fmt("You could still raise %(amount)s by selling buildings and mortgaging.",
        {amount: C.money(state, player.raisable)});
  }

  function render(state) {
    const player = C.player(state, me);
    if (!player) return;
    document.getElementById("cash").textContent = C.money(state, player.cash);
    document.getElementById("badges").textContent = C.badges(state, player);
    const space = (C.page.board.spaces || [])[player.position];
    const where = document.getElementById("where");
    where.hidden = !space || player.bankrupt;
    // the name from the live state: it follows a name entered on the console (issue 15)
    const name = player.position_name || (space && space.label);
    where.textContent = space ? C.fmt("On %(space)s", {space: name}) : "";
    renderDebts(state, player);
    renderClaims(state);
    C.winner(state);
    // C21: out of the game — no paying, bidding or trading; the tally shows where it stands
    document.body.classList.toggle("out", player.bankrupt);
    document.getElementById("out").hidden = !player.bankrupt;
    if (player.bankrupt) document.getElementById("tally-link").hidden = false;
    C.history(game, document.getElementById("history"), 10).then(WalletNotices.seen);
  }

  const claim = document.getElementById("claim");
  C.onClick(claim, () => C.act({cmd: "claim", player: me}, claim));

  /* The Pay form takes digits only, checked here in the page's words (the form is
     `novalidate`: no browser bubble in its own language; "1e3" is not 1 000): h17-fix
     point 6.  The bank still checks every amount. */
  function badAmount(field) {
    const value = field.value.trim();
    if (/^[0-9]+$/.test(value)) {
      return Number(value) > 0 ? null : t("The amount must be more than zero.");
    }
    if (/^[0-9]*[.,][0-9]+$/.test(value)) {
      return t("The amount must be a whole number, without decimals.");
    }
    return t("Write the amount with digits only (0–9).");
  }

  const pay = document.getElementById("pay");
  pay.noValidate = true;
  C.onSubmit(pay, async () => {
    const field = pay.elements.amount;
    const wrong = badAmount(field);
    if (wrong) { C.say(wrong, true, pay); field.focus(); return; }
    const answer = await C.act({...C.formCommand(pay), cmd: "pay", from: me}, pay);
    if (answer.ok) C.clear(pay);
  });

  C.onState(render);
  C.start(game);
  /* The first state is drawn: the page shows once the money fields have their "000" keys
     too (money.js adds them at DOMContentLoaded, before this): nothing moves at load. */
  const shown = () => document.querySelector("main").removeAttribute("data-loading");
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", shown);
  else shown();
})();

/* Multimillionær on the phone (issue 6): the interest reminder and paying it (M18), a
   "Point out unpaid interest" button next to each other player who missed theirs, the
   Børsen right (M8: up to 2 shares from one opponent at double price), my shares at
   today's price with buying and selling at the bank (M7), my debt notes, and the
   multimillionaire banner (M22). */
"use strict";

(() => {
  const C = Companion;
  const t = C.t;
  const me = C.page.me;
  const card = document.getElementById("shares-card");
  if (!card) return;  // not a stock-board edition
  const act = (cmd, origin) => C.act({cmd, player: me}, origin);

  function banner(state) {
    const node = document.getElementById("mm-banner");
    node.hidden = !state.multimillionaire;
    node.textContent = state.multimillionaire
      ? C.fmt("%(name)s is a multimillionaire!", {name: state.multimillionaire}) : "";
  }

  function renderShares(state, player) {
    let total = 0;
    const items = Object.entries(player.shares || {}).map(([series, count]) => {
      const stock = state.stocks[series] || {price: 0, suspended: true};
      const value = count * stock.price;
      total += value;
      const item = C.el("li", stock.suspended
        ? C.fmt("Series %(series)s: %(count)s held, suspended (no trading).", {series, count})
        : C.fmt("Series %(series)s: %(count)s × %(price)s = %(value)s.",
          {series, count, price: C.money(state, stock.price), value: C.money(state, value)}),
      "deed-row");
      item.dataset.series = series;
      return item;
    });
    C.fill(document.getElementById("my-shares"), items, "You hold no shares.");
    document.getElementById("shares-total").textContent =
      C.fmt("Your shares are worth %(value)s.", {value: C.money(state, total)});
  }

  function renderPrice(state) {
    const form = document.getElementById("bank-shares");
    const stock = state.stocks[form.elements.series.value];
    const bank = (state.bank.shares || {})[form.elements.series.value] || 0;
    document.getElementById("bank-shares-price").textContent = !stock || stock.suspended
      ? t("This series is suspended: no trading.")
      : C.fmt("Today's price: %(price)s a share; the bank holds %(count)s.",
        {price: C.money(state, stock.price), count: bank});
  }

  function renderInterest(state, player) {
    const due = state.market.interest_due[me] || 0;
    const reminder = document.getElementById("interest-reminder");
    reminder.hidden = !(due && state.turn.phase === "build");
    const amount = C.money(state, due);
    document.getElementById("interest-text").textContent =
      C.fmt("Pay %(amount)s interest on your debt notes before you move the car.", {amount});
    const notes = player.debt_notes;
    let text = C.fmt("Debt notes: %(notes)s.", {notes});
    if (due && state.turn.phase === "build") {
      text = C.fmt("Debt notes: %(notes)s. Interest due now: %(amount)s.", {notes, amount});
    } else if (due) {
      text = C.fmt("Debt notes: %(notes)s. After Ola Nordmann's move, %(amount)s interest is due.",
        {notes, amount});
    }
    document.getElementById("notes-text").textContent = text;
    document.getElementById("note-redeem").disabled = !player.debt_notes;
  }

  function renderPointOut(state) {
    const missed = state.market.missed_interest.filter((m) => m.debtor !== me);
    document.getElementById("point-out-card").hidden = missed.length === 0 || state.game.over;
    document.getElementById("point-out").replaceChildren(...missed.map((m) => {
      const item = C.el("li", null, "deed-row");
      item.dataset.debtor = m.debtor;
      item.append(C.el("span", C.fmt("%(debtor)s did not pay %(amount)s interest in time.",
        {debtor: m.debtor, amount: C.money(state, m.amount)})));
      item.append(C.button(C.t("Point out unpaid interest"),
        {cmd: "point_out", player: me, debtor: m.debtor}, "primary"));
      return item;
    }));
  }

  function renderBorsen(state) {
    const right = state.market.borsen[me] || 0;
    document.getElementById("borsen-card").hidden = !right || state.game.over;
    if (!right) return;
    document.getElementById("borsen-text").textContent =
      C.nt("Buy shares from one opponent at double price: at most %(num)s share.",
        "Buy shares from one opponent at double price: at most %(num)s shares.", right);
    const form = document.getElementById("borsen");
    form.elements.count.max = String(right);
    const stock = state.stocks[form.elements.series.value] || {price: 0};
    const count = Number(form.elements.count.value) || 0;
    document.getElementById("borsen-cost").textContent = C.fmt("That costs %(amount)s.",
      {amount: C.money(state, 2 * stock.price * count)});
  }

  /* M22: my worth toward the multimillionaire's goal, at the top of the phone. */
  function renderGoal(state, player) {
    const target = ((C.page.board || {}).rules || {}).worth_goal;
    const node = document.getElementById("worth-goal");
    if (!node || !target) return;
    node.hidden = false;
    node.textContent = C.fmt("Your worth: %(worth)s of %(goal)s.",
      {worth: C.money(state, player.net_worth), goal: C.money(state, target)});
    // h21: a deed whose board value is not entered counts 0 — never shown as complete
    const missing = player.worth_missing || [];
    if (missing.length) {
      node.textContent += " " + C.fmt("Incomplete: the board value of %(deeds)s is not entered yet.",
        {deeds: missing.join(", ")});
    }
  }

  function render(state) {
    const player = C.player(state, me);
    if (!player || !state.market) return;
    banner(state);
    renderGoal(state, player);
    renderShares(state, player);
    renderPrice(state);
    renderInterest(state, player);
    renderPointOut(state);
    renderBorsen(state);
  }

  for (const id of ["bank-shares", "borsen"]) {
    const form = document.getElementById(id);
    form.addEventListener("input", () => { if (C.state()) render(C.state()); });
    C.onSubmit(form, async (event) => {
      const command = C.formCommand(form);
      const as = event.submitter && event.submitter.dataset.as;
      if (as) command.cmd = as;
      await C.act(command, form);
    });
  }
  for (const [id, cmd] of [["pay-interest", "pay_interest"], ["note-issue", "debt_note"],
    ["note-redeem", "redeem_note"]]) {
    const button = document.getElementById(id);
    C.onClick(button, () => act(cmd, button));
  }
  C.onState(render);
})();

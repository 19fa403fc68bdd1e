/* The console's Multimillionær panel (issue 6): the stock board (M3: level, price,
   suspended, the bank's shares), the turn's phase and Ola Nordmann (M4), the duties and
   rights of the moment (M8, M14, M15, M18), each player's shares and debt notes, and the
   multimillionaire banner (M22).  The forms are plain data-cmd forms (console.js). */
"use strict";

(() => {
  const C = Companion;
  const t = C.t;
  const box = document.getElementById("mm-box");

  /* The multimillionaire banner (console and wallet share this sentence). */
  function banner(state) {
    const node = document.getElementById("mm-banner");
    if (!node) return;
    node.hidden = !state.multimillionaire;
    node.textContent = state.multimillionaire
      ? C.fmt("%(name)s is a multimillionaire!", {name: state.multimillionaire}) : "";
  }

  function phaseText(state) {
    const player = state.turn.player;
    if (state.turn.phase === "ola") {
      return C.fmt("%(player)s's turn: move Ola Nordmann first.", {player});
    }
    if (state.turn.phase === "build") {
      return C.fmt("%(player)s's turn: build and pay interest, then move the car.", {player});
    }
    return C.fmt("%(player)s's turn: the car has moved.", {player});
  }

  function duties(state, market) {
    const out = [];
    for (const [player, amount] of Object.entries(market.interest_due)) {
      out.push(C.fmt("%(player)s must pay %(amount)s interest before the car moves.",
        {player, amount: C.money(state, amount)}));
    }
    for (const missed of market.missed_interest) {
      out.push(C.fmt("%(debtor)s did not pay %(amount)s interest in time: the others may point it out.",
        {debtor: missed.debtor, amount: C.money(state, missed.amount)}));
    }
    for (const [player, count] of Object.entries(market.borsen)) {
      out.push(C.nt("Børsen: %(player)s may buy at double price, at most %(num)s share.",
        "Børsen: %(player)s may buy at double price, at most %(num)s shares.", count, {player}));
    }
    for (const [player, count] of Object.entries(market.holiday)) {
      out.push(C.nt("%(player)s has stayed %(num)s extra round in Ferieparadiset.",
        "%(player)s has stayed %(num)s extra rounds in Ferieparadiset.", count, {player}));
    }
    for (const player of market.rent_free) {
      out.push(C.fmt("%(player)s pays no rent this turn (Trafikkfyr).", {player}));
    }
    return out.map((text) => C.el("li", text));
  }

  function sharesValue(state, player) {
    return Object.entries(player.shares || {}).reduce((sum, [series, count]) =>
      sum + count * ((state.stocks[series] || {}).price || 0), 0);
  }

  /* M22: worth toward the multimillionaire's 2 000 000 (the core's net_worth). */
  function goal(state, player, node) {
    const target = ((C.page.board || {}).rules || {}).worth_goal;
    if (!node || !target) return;
    node.hidden = false;
    const missing = player.worth_missing || [];  // h21: counted 0 until entered: say so
    node.querySelector("span").textContent = C.fmt("Worth %(worth)s of %(goal)s.",
      {worth: C.money(state, player.net_worth), goal: C.money(state, target)})
      + (missing.length ? " " + C.fmt("Incomplete: the board value of %(deeds)s is not entered yet.",
        {deeds: missing.join(", ")}) : "");
    const bar = node.querySelector("progress");
    bar.value = Math.max(0, Math.min(100, Math.round(100 * player.net_worth / target)));
  }

  function renderPlayers(state) {
    for (const card of document.querySelectorAll("[data-player]")) {
      const player = C.player(state, card.dataset.player);
      const line = card.querySelector(".mm-holdings");
      if (!player || !line) continue;
      const held = Object.entries(player.shares || {})
        .map(([series, count]) => C.fmt("%(count)s × series %(series)s", {count, series}));
      line.hidden = false;
      goal(state, player, card.querySelector(".worth-goal"));
      line.textContent = held.length
        ? C.fmt("Shares worth %(value)s (%(shares)s); debt notes: %(notes)s.",
          {value: C.money(state, sharesValue(state, player)), shares: held.join(", "),
            notes: player.debt_notes})
        : C.fmt("No shares; debt notes: %(notes)s.", {notes: player.debt_notes});
    }
  }

  function renderNotesHint(state) {
    const form = document.querySelector('form[data-cmd="pay_interest"]');
    const player = C.player(state, form.querySelector("[name=player]").value);
    if (!player) return;
    const due = state.turn.phase === "build" && state.market.interest_due[player.name];
    const vars = {player: player.name, notes: player.debt_notes};
    form.querySelector("[data-notes]").textContent = due
      ? C.fmt("Debt notes of %(player)s: %(notes)s. Interest due now: %(amount)s.",
        {...vars, amount: C.money(state, due)})
      : C.fmt("Debt notes of %(player)s: %(notes)s.", vars);
  }

  function render(state) {
    banner(state);
    const market = state.market;
    if (!box || !market) return;
    document.getElementById("mm-phase").textContent = phaseText(state);
    document.getElementById("mm-ola").textContent =
      C.fmt("Ola Nordmann stands on %(space)s.", {space: market.ola.space});
    C.fill(document.getElementById("mm-duties"), duties(state, market), "Nothing due.");
    renderPlayers(state);
    renderNotesHint(state);
  }

  const notesWho = document.querySelector('form[data-cmd="pay_interest"] [name=player]');
  if (notesWho) notesWho.addEventListener("change", () => { if (C.state()) render(C.state()); });
  C.onState(render);
})();

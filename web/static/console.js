/* The banker's console: the players, open claims and history live; every action form.
   Loaded last: the panels (console_*.js) have registered with Companion.onState. */
"use strict";

(() => {
  const C = Companion;
  const t = C.t;

  const picker = document.getElementById("game-picker");
  if (picker) {
    picker.addEventListener("change", () => {
      location.href = `/?game=${encodeURIComponent(picker.value)}`;
    });
  }
  if (!C.page) return;
  const game = C.page.game;
  let turn = null;

  function renderDebts(card, state, player) {
    const debts = player.debts.map((debt) =>
      C.el("li", C.fmt("Owes %(creditor)s %(amount)s.",
        {creditor: debt.to === "bank" ? t("the bank") : debt.to,
          amount: C.money(state, debt.amount)}), "debt"));
    C.fill(card.querySelector(".debts"), debts, "No debts.");
    const raisable = card.querySelector(".raisable");
    raisable.hidden = debts.length === 0;
    raisable.textContent = C.fmt("Could still raise %(amount)s.",
      {amount: C.money(state, player.raisable)});
  }

  function renderPassport(card, player) {
    const race = card.querySelector(".passport-race");
    const progress = player.passport_progress;
    race.hidden = !progress;
    if (!progress) return;
    race.querySelector("span").textContent = C.fmt("Passport: %(visited)s of %(of)s wonders",
      progress);
    const bar = race.querySelector("progress");
    bar.max = progress.of;
    bar.value = progress.visited;
  }

  function renderPlayer(card, state, player) {
    card.querySelector(".cash").textContent = C.money(state, player.cash);
    card.querySelector(".badges").textContent = C.badges(state, player);
    card.classList.toggle("to-roll", state.turn.player === player.name);
    card.classList.toggle("out", player.bankrupt);
    const deeds = player.spaces.map((space) => C.el("li", C.deedText(space)));
    C.fill(card.querySelector(".deeds"), deeds, "No deeds yet.");
    renderDebts(card, state, player);
    renderPassport(card, player);
  }

  function renderClaims(state) {
    const items = state.claims.map((claim) => {
      const item = C.el("li", `${C.fmt("%(owner)s claims %(amount)s from %(payer)s (%(space)s).",
        {owner: claim.owner, amount: C.money(state, claim.amount), payer: claim.from,
          space: claim.space})} `);
      item.append(C.button(t("Claim"), {cmd: "claim", player: claim.owner}));
      return item;
    });
    C.fill(document.getElementById("claims"), items, "No open claims.");
  }

  /* The "Who" lists follow the player to roll (drawn first: the deed lists follow them). */
  function followTurn(state) {
    if (state.turn.player === turn) return;
    turn = state.turn.player;
    for (const select of document.querySelectorAll("select[data-turn]")) select.value = turn;
  }

  function render(state) {
    for (const card of document.querySelectorAll("[data-player]")) {
      const player = C.player(state, card.dataset.player);
      if (player) renderPlayer(card, state, player);
    }
    renderClaims(state);
    const pot = document.getElementById("pot");
    pot.hidden = !state.game.house_rules.free_parking_pot;
    pot.textContent = C.fmt("Free-parking pot: %(amount)s",
      {amount: C.money(state, state.bank.pot)});
    C.winner(state);
    C.history(game, document.getElementById("history"));
  }

  for (const form of document.querySelectorAll("form.action")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (form.dataset.confirm && !confirm(t(form.dataset.confirm))) return;
      const command = C.formCommand(form);
      const as = event.submitter && event.submitter.dataset.as;  // a form with several commands
      if (as) command.cmd = as;
      const answer = await C.act(command);
      if (answer.ok && form.dataset.cmd === "roll") {
        for (const die of form.querySelectorAll("[name=dice]")) die.value = "";
      }
    });
  }
  for (const button of document.querySelectorAll("button[data-cmd]")) {
    button.addEventListener("click", () => {
      if (button.dataset.confirm && !confirm(t(button.dataset.confirm))) return;
      C.act({cmd: button.dataset.cmd});
    });
  }
  for (const button of document.querySelectorAll("button[data-rotate]")) {
    button.addEventListener("click", async () => {
      const name = button.dataset.rotate;
      const url = C.gameUrl(game, `/players/${encodeURIComponent(name)}/token`);
      const answer = await C.post(url, {});
      if (answer.ok) location.reload();
      else C.say(answer.error, true);
    });
  }
  C.onState(followTurn, true);
  C.onState(render);
  C.start(game);
})();

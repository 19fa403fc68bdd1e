/* A player's wallet: cash, deeds, debts, rent to claim, paying — live, no reload. */
"use strict";

(() => {
  const C = Companion;
  const t = C.t;
  const game = C.page.game;
  const me = C.page.me;

  function renderClaims(state) {
    const mine = state.claims.filter((claim) => claim.owner === me);
    document.getElementById("claim-box").hidden = mine.length === 0;
    const items = mine.map((claim) =>
      C.el("li", `${claim.from}: ${C.money(state, claim.amount)} (${claim.space})`));
    C.fill(document.getElementById("claims"), items, "No open claims.");
  }

  function render(state) {
    const player = state.players.find((p) => p.name === me);
    if (!player) return;
    document.getElementById("cash").textContent = C.money(state, player.cash);
    document.getElementById("badges").textContent = C.badges(state, player);
    const deeds = player.spaces.map((space) => C.el("li", C.deedText(space)));
    C.fill(document.getElementById("deeds"), deeds, "No deeds yet.");
    const debts = player.debts.map((debt) =>
      C.el("li", `${t("owes")} ${debt.to}: ${C.money(state, debt.amount)}`, "debt"));
    C.fill(document.getElementById("debts"), debts, "No debts.");
    renderClaims(state);
    C.winner(state);
    C.history(game, document.getElementById("history"), 10);
  }

  const accept = C.live(game, render);

  document.getElementById("claim").addEventListener("click", () => {
    C.send(game, {cmd: "claim", player: me}, accept);
  });

  const pay = document.getElementById("pay");
  pay.addEventListener("submit", async (event) => {
    event.preventDefault();
    const command = {...C.formCommand(pay), cmd: "pay", from: me};
    const answer = await C.send(game, command, accept);
    if (answer.ok) pay.elements.amount.value = "";
  });

  accept(C.page.state);
})();

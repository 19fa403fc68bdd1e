/* The banker's console: start games, record what happens at the table, watch it live. */
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

  const newGame = document.getElementById("new-game");
  newGame.addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = [...newGame.querySelectorAll("[name=player]")]
      .map((input) => input.value.trim()).filter(Boolean);
    const body = {edition: newGame.elements.edition.value, players, id: C.newId()};
    const answer = await C.post("/api/games", body);
    if (answer.ok) location.href = `/?game=${encodeURIComponent(answer.game)}`;
    else C.say(answer.error, true);
  });

  if (!C.page) return;
  const game = C.page.game;
  let turn = null;

  function renderPlayer(card, state, player) {
    card.querySelector(".cash").textContent = C.money(state, player.cash);
    card.querySelector(".badges").textContent = C.badges(state, player);
    card.classList.toggle("to-roll", state.turn.player === player.name);
    const deeds = player.spaces.map((space) => C.el("li", C.deedText(space)));
    C.fill(card.querySelector(".deeds"), deeds, "No deeds yet.");
    const debts = player.debts.map((debt) =>
      C.el("li", `${t("owes")} ${debt.to}: ${C.money(state, debt.amount)}`, "debt"));
    C.fill(card.querySelector(".debts"), debts, "No debts.");
  }

  function renderClaims(state) {
    const items = state.claims.map((claim) => {
      const item = C.el("li", `${claim.owner} ${t("claims")} ${C.money(state, claim.amount)} `
        + `${t("from")} ${claim.from} (${claim.space}) `);
      const button = C.el("button", t("Claim"));
      button.type = "button";
      button.addEventListener("click", () => act({cmd: "claim", player: claim.owner}));
      item.append(button);
      return item;
    });
    C.fill(document.getElementById("claims"), items, "No open claims.");
  }

  function followTurn(state) {
    if (state.turn.player === turn) return;
    turn = state.turn.player;
    for (const select of document.querySelectorAll("select[data-turn]")) select.value = turn;
  }

  function render(state) {
    for (const card of document.querySelectorAll("[data-player]")) {
      const player = state.players.find((p) => p.name === card.dataset.player);
      if (player) renderPlayer(card, state, player);
    }
    renderClaims(state);
    followTurn(state);
    C.winner(state);
    C.history(game, document.getElementById("history"));
  }

  const accept = C.live(game, render);
  const act = (command) => C.send(game, command, accept);

  for (const form of document.querySelectorAll("form.action")) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      act(C.formCommand(form));
    });
  }
  for (const button of document.querySelectorAll("button[data-cmd]")) {
    button.addEventListener("click", () => {
      if (button.dataset.confirm && !confirm(t(button.dataset.confirm))) return;
      act({cmd: button.dataset.cmd});
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
  accept(C.page.state);
})();

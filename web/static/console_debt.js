/* A debt that cannot be paid, at the table (C21; h23 debt finding): the player to roll owes
   more than they can raise (the state's `raisable`: cash + buildings at half + mortgages).
   The turn panel (#turn-bankrupt, _console_turn.html) names it — "Per cannot pay 100 kr to
   Ola: Per is bankrupt (C21)" — with the primary button "Declare Per bankrupt": the
   bankrupt command the form under More sends by default (player; creditor: their first
   creditor; no deed lifted), after the same ask.  "Next turn" is then not the primary
   button.  `DebtLine.of(state)` words the debt of the player to roll for console.js's
   "… — next turn anyway?" ask. */
"use strict";

const DebtLine = (() => {
  const C = Companion;

  /* The player to roll's open debt, or null: {player, amount (their total, in words),
     creditor (the creditors in words), to (the first creditor), out (C21: more than they
     can raise)}. */
  function of(state) {
    const player = state && !state.game.over ? C.player(state, state.turn.player) : null;
    if (!player || player.bankrupt || !player.debts.length) return null;
    const total = player.debts.reduce((sum, debt) => sum + debt.amount, 0);
    const names = [...new Set(player.debts.map((debt) => debt.to))];
    return {player: player.name, amount: C.money(state, total), to: player.debts[0].to,
      creditor: names.map((to) => (to === "bank" ? C.t("the bank") : to)).join(", "),
      out: player.raisable < total};
  }

  const box = document.getElementById("turn-bankrupt");
  if (!box || !C.page) return {of};
  const line = document.getElementById("turn-bankrupt-line");
  const declare = document.getElementById("turn-bankrupt-declare");
  const next = document.querySelector('#turn-panel button[data-cmd="next_turn"]');
  let debt = null;

  function render(state) {
    debt = of(state);
    const out = Boolean(debt && debt.out);
    box.hidden = !out;
    if (next) next.classList.toggle("primary", !out);
    if (!out) return;
    line.textContent = C.fmt("%(player)s cannot pay %(amount)s to %(creditor)s: %(player)s is bankrupt (C21)",
      debt);
    declare.textContent = C.fmt("Declare %(player)s bankrupt", debt);
  }

  C.onClick(declare, async () => {
    const named = debt;
    if (!named || !named.out) return;
    if (!(await ConfirmStep.ask(C.t("Really declare this player bankrupt?"),
      declare.textContent.trim()))) return;
    await C.act({cmd: "bankrupt", player: named.player, creditor: named.to}, declare);
  });
  C.onState(render);
  return {of};
})();

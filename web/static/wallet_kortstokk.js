/* Kortstokk-Monopol on the phone: on your own turn the "Declare 50 coins" button, with
   what selling everything would leave (K11; the server checks it), and your fire
   insurance to sell back for 1 coin (K8). */
"use strict";

(() => {
  const C = Companion;
  const me = C.page.me;
  const card = document.getElementById("fortune-card");
  const insurance = document.getElementById("insurance-card");
  if (!insurance) return;
  const goal = ((C.page.board || {}).rules || {}).fortune_goal;

  C.onState((state) => {
    const player = C.player(state, me);
    if (!player) return;
    if (card) card.hidden = !goal || state.turn.player !== me || player.bankrupt || state.game.over;
    if (card) document.getElementById("fortune-worth").textContent = C.fmt(
      "Selling everything would leave you %(worth)s of the %(goal)s needed.",
      {worth: C.money(state, player.net_worth), goal: C.money(state, goal)});
    insurance.hidden = !player.fire_insurance;
    document.getElementById("insurance-count").textContent = player.fire_insurance === 1
      ? C.t("You hold 1 fire insurance.")
      : C.fmt("You hold %(count)s fire insurances.", {count: player.fire_insurance});
  });
  const declare = document.getElementById("declare");
  if (declare) C.onClick(declare, () => C.act({cmd: "declare_fortune", player: me}, declare));
  const sell = document.getElementById("sell-insurance");
  C.onClick(sell, () => C.act({cmd: "sell_insurance", player: me}, sell));
})();

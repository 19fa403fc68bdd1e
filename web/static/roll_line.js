/* The last roll, on every screen at once (issue 16 point 1): every `[data-roll-line]`
   element says "Kari rolled 4 + 3" from the live state's `turn.last_roll` (one die where
   one is rolled, M8/M14), and whose turn it is now when the turn has passed since.  In
   Multimillionær the turn's rolls for Ola Nordmann come first (`market.ola.last_roll`,
   M4): "Ola Nordmann: 3 + 3", then "… · Kari rolled 4 + 3" once the car has rolled. */
"use strict";

(() => {
  const C = Companion;

  function olaText(state) {
    const ola = ((state.market || {}).ola || {}).last_roll;
    if (!ola) return {turn: -1, text: ""};
    return {turn: ola.turn, text: C.fmt("Ola Nordmann: %(dice)s", {dice: ola.dice.join(" + ")})};
  }

  C.onState((state) => {
    const last = state.turn.last_roll;
    const ola = olaText(state);
    const carTurn = last ? last.turn : -1;
    for (const line of document.querySelectorAll("[data-roll-line]")) {
      line.hidden = (!last && !ola.text) || state.game.over;
      if (line.hidden) continue;
      const parts = [];
      if (ola.text && ola.turn >= carTurn) parts.push(ola.text);  // M4: Ola before the car
      if (last && carTurn >= ola.turn) {
        parts.push(C.fmt("%(player)s rolled %(dice)s", {player: last.player, dice: last.dice.join(" + ")}));
      }
      const next = C.turnName(state);  // not a player who went bankrupt in their turn
      if (next && (Math.max(carTurn, ola.turn) !== state.turn.number
        || next !== state.turn.player)) {
        parts.push(C.fmt("%(player)s rolls next", {player: next}));
      }
      line.textContent = parts.join(" · ");
    }
  });
})();

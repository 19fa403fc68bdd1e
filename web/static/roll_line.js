/* The last roll, on every screen at once (issue 16 point 1): every `[data-roll-line]`
   element says "Kari rolled 4 + 3" from the live state's `turn.last_roll` (one die where
   one is rolled, M8/M14), and whose turn it is now when the turn has passed since. */
"use strict";

(() => {
  const C = Companion;
  C.onState((state) => {
    const last = state.turn.last_roll;
    for (const line of document.querySelectorAll("[data-roll-line]")) {
      line.hidden = !last || state.game.over;
      if (!last) continue;
      const rolled = C.fmt("%(player)s rolled %(dice)s", {player: last.player, dice: last.dice.join(" + ")});
      line.textContent = last.turn === state.turn.number ? rolled
        : `${rolled} · ${C.fmt("%(player)s rolls next", {player: state.turn.player})}`;
    }
  });
})();

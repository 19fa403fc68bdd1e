/* The board at the top of the console (issue 16 point 4): the ring of board.js, live;
   tapping a space offers it in the turn panel (console_turn.js) and chooses it in the
   "Landed" form (shown when "More" is open). */
"use strict";

(() => {
  const C = Companion;
  const box = document.getElementById("console-board");
  if (!box || !C.page || !C.page.board) return;
  let last = null;
  let asked = 0;

  function pick(index) {
    const select = document.querySelector('form[data-cmd="land"] select[name="space"]');
    if (!select) return;
    select.value = String(index);
    select.dispatchEvent(new Event("change", {bubbles: true}));
    document.dispatchEvent(new CustomEvent("console-pick", {detail: index}));  // the turn panel
    const more = document.getElementById("more");
    if (more && more.hidden) return;  // the turn panel offers the landing
    select.closest("form").scrollIntoView({block: "nearest"});
    select.focus({preventScroll: true});
  }

  const ring = BoardRing.mount(box, C.page.board.spaces, {onPick: pick});
  C.onState(async (state) => {
    ring.draw(state, last);
    const seq = state.game.seq;
    asked = seq;
    const found = await BoardRing.lastRoll(C.page.game);
    if (asked !== seq) return;
    last = found;
    ring.draw(state, last);
  });
})();

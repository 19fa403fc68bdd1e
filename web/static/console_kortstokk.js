/* Kortstokk-Monopol on the console (K6): a token that stops on a joker (by `land` or
   `roll`) opens the joker card for that player, the dice total to enter next; an effect
   not known yet is asked once (console_ask.js), then applied.  The forms themselves are
   sent by console.js. */
"use strict";

(() => {
  const C = Companion;
  const box = document.getElementById("joker-box");
  if (!box) return;
  const form = box.querySelector("form");
  const spaces = (C.page.board && C.page.board.spaces) || [];
  let positions = null;

  function follow(state) {
    const before = positions;
    positions = new Map(state.players.map((p) => [p.name, p.position]));
    if (!before) return;
    const moved = state.players.find((p) => before.get(p.name) !== p.position);
    if (!moved || (spaces[moved.position] || {}).kind !== "card") return;
    form.elements.player.value = moved.name;
    box.classList.add("claim");
    document.getElementById("joker-prompt").textContent = C.fmt(
      "%(player)s stopped on a joker: roll both dice again and enter the total.",
      {player: moved.name});
    box.scrollIntoView({block: "center"});
    form.elements.dice.focus();
  }

  form.addEventListener("submit", () => box.classList.remove("claim"));
  C.onState(follow);
})();

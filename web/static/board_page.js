/* The table screen /board (issue 16 point 7): the ring (board.js: whose turn with their
   cash and the last roll in its centre) and beside it the open rent claims (C5), every
   player's cash,
   Multimillionær's stock board (stock_board.js) and the interest due on gjeldsbrev (M18),
   and the Wonders passport race (W1, passport.js's stamps).  Read-only: no command is
   sent from here. */
"use strict";

(() => {
  const C = Companion;
  const game = C.page.game;
  const ring = BoardRing.mount(document.getElementById("board"), C.page.board.spaces);
  let asked = 0;  // the newest state whose last roll was asked for
  let last = null;  // that roll ({player, dice}) or null

  function players(state) {
    return state.players.map((player) => {
      const row = C.el("li", null, player.bankrupt ? "bankrupt" : "");
      row.dataset.name = player.name;
      row.classList.toggle("to-roll", player.name === state.turn.player);
      row.append(C.el("span", player.name, "who"), C.el("span", C.money(state, player.cash), "money"));
      const badges = C.badges(state, player);
      if (badges) row.append(C.el("span", badges, "badges"));
      return row;
    });
  }

  /* M18: each player's gjeldsbrev and the interest due this turn. */
  function notes(state) {
    const due = (state.market && state.market.interest_due) || {};
    return state.players.filter((p) => p.debt_notes).map((p) => C.el("li", due[p.name]
      ? C.nt("%(name)s: %(num)s debt note, %(amount)s interest due",
        "%(name)s: %(num)s debt notes, %(amount)s interest due", p.debt_notes,
        {name: p.name, amount: C.money(state, due[p.name])})
      : C.nt("%(name)s: %(num)s debt note", "%(name)s: %(num)s debt notes", p.debt_notes,
        {name: p.name})));
  }

  function race(state) {
    return state.players.filter((p) => p.passport_progress).map((p) => {
      const row = C.el("li");
      row.dataset.name = p.name;
      const stamps = C.el("div", null, "stamps");
      if (C.passportStamps) stamps.append(...C.passportStamps(p));
      row.append(C.el("span", C.fmt("%(name)s: %(visited)s of %(of)s",
        {name: p.name, ...p.passport_progress}), "who"), stamps);
      return row;
    });
  }

  async function roll(state) {
    const seq = state.game.seq;
    asked = seq;
    const found = await BoardRing.lastRoll(game);
    if (asked !== seq) return;  // a newer state asks again
    last = found;
    ring.draw(state, last);
  }

  C.onState((state) => {
    ring.draw(state, last);
    C.winner(state);
    C.fill(document.getElementById("board-claims"), state.claims.map((claim) => {
      const item = C.el("li", C.fmt("%(owner)s claims %(amount)s from %(payer)s (%(space)s).",
        {owner: claim.owner, amount: C.money(state, claim.amount), payer: claim.from,
          space: claim.space}));
      item.append(" ", C.el("span", C.lapseText(claim), "lapse"));  // C5, M11
      return item;
    }), "No open claims.");
    document.getElementById("board-players").replaceChildren(...players(state));
    const noteList = document.getElementById("board-notes");
    if (noteList) noteList.replaceChildren(...notes(state));
    const raceList = document.getElementById("board-race");
    if (raceList) raceList.replaceChildren(...race(state));
    roll(state);
  });
  C.start(game);
})();

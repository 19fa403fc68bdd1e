/* The table screen /board (issue 16 point 7): the ring (board.js: whose turn with their
   cash and the last roll in its centre) and beside it the open rent claims (C5), every
   player's cash,
   Multimillionær's stock board (stock_board.js) and the interest due on gjeldsbrev (M18),
   and the Wonders passport race (W1, passport.js's stamps).  On top of the side (family
   play-test 3, finding 7): the landed deed still for sale ("Pilestredet is for sale ·
   6 000 kr", the player to roll on an unowned deed after their roll, no auction yet), or
   the running auction with its highest bid and every bid (C4, C16); below, the last
   events of the log.  Read-only: no command is sent from here.  When a new game begins,
   the screen opens the board of that game by itself (follow, below). */
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
      row.classList.toggle("to-roll", player.name === C.turnName(state));
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
    await C.history(game, document.getElementById("board-history"), 6);
    fitEvents();
  }

  /* On the TV the last events take the height left under the rest of the side (style.css,
     h23-board): the oldest lines that do not fit whole are hidden (newest first in the
     list); on a tablet or a phone the list is as tall as it needs and all stay. */
  function fitEvents() {
    const list = document.getElementById("board-history");
    const room = list.parentElement.getBoundingClientRect().bottom;
    const items = [...list.children];
    for (const item of items) item.hidden = false;
    for (const item of items.reverse()) {
      if (item.getBoundingClientRect().bottom <= room + 0.5 || item === list.firstElementChild) break;
      item.hidden = true;
    }
  }
  addEventListener("resize", fitEvents);

  /* The deed the player to roll landed on this turn while it is still the bank's, or null. */
  function forSale(state) {
    const player = C.player(state, state.turn.player);
    if (!player || state.game.over || state.auction || !C.hasRolled(state)) return null;
    const deed = C.page.board.deeds.find((d) => d.index === player.position);
    const owned = state.players.some((p) => p.spaces.some((s) => s.index === player.position));
    return deed && !owned ? {player, deed} : null;
  }

  function offer(state) {
    const box = document.getElementById("board-offer");
    const auction = state.auction;
    const sale = forSale(state);
    box.hidden = !auction && !sale;
    box.classList.toggle("auction", Boolean(auction));
    const title = document.getElementById("board-offer-title");
    const what = document.getElementById("board-offer-what");
    const bids = document.getElementById("board-bids");
    if (auction) {
      title.textContent = AuctionText.what(auction);
      what.textContent = AuctionText.highest(state, auction);
      bids.replaceChildren(...auction.bids.slice().reverse().map((bid) => C.el("li",
        C.fmt("%(player)s bid %(amount)s.",
          {player: bid.player, amount: C.money(state, bid.amount)}))));
    } else if (sale) {
      const name = sale.player.position_name || sale.deed.label;
      title.textContent = C.fmt("%(space)s is for sale", {space: name});
      what.textContent = sale.deed.price
        ? C.fmt("%(name)s may buy it for %(price)s, else it goes to auction.",
          {name: sale.player.name, price: C.money(state, sale.deed.price)}) : "";
      bids.replaceChildren();
    }
  }

  C.onState((state) => {
    ring.draw(state, last);
    C.winner(state);
    offer(state);
    C.fill(document.getElementById("board-claims"), state.claims.map((claim) => {
      const item = C.el("li", BoardRing.claimLine(state, claim));
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

  /* A table screen left on the TV follows the current game of the data folder: a new game
     began, so it opens the board of the new game (h17 finding 3; web/board_page.py). */
  const FOLLOW_MS = 5000;
  async function follow() {
    try {
      const response = await fetch(`/api/board/follow?game=${encodeURIComponent(game)}`,
        {credentials: "same-origin"});
      const answer = response.ok ? await response.json() : null;
      if (answer && answer.url) { location.assign(answer.url); return; }
    } catch (error) {
      // offline: the next try asks again
    }
    setTimeout(follow, FOLLOW_MS);
  }
  setTimeout(follow, FOLLOW_MS);
})();

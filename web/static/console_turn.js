/* The console's turn panel (issue 16 point 4; _console_turn.html), beside the board:
   - whose turn it is and their cash; the players as a strip (token, name, cash);
   - the dice pad of the console (dice_pad.js): the banker taps the first die, then the second:
     one roll for `turn.roller` of the state — the player to roll, or, once that player has
     finished, the player NEXT in turn, whose roll passes the turn (C5); one row where one
     die is rolled (M8/M14); Multimillionær rolls for Ola first (M4);
     Kortstokk: a stop on a joker asks its second roll first (`joker`, the total, K6);
   - a space tapped on the board: "Alice landed on Prinsens gate" (`land`, one tap more);
   - an unowned deed under the player to roll: "Buy for 2 400 kr" (`buy`) and "To auction"
     (`auction_open` with that deed; the decliner where the rules have one, K4); "Buy"
     only while the state's `turn.may_buy` says the core takes it (C21: not while that
     player owes a debt, h21);
   - the open auction's bids (the #auction-live part of _console_auction.html moves here),
     free flights (W2), open claims (console.js: with who must roll for them to lapse
     when the state says so) and who owes what;
   - "More": everything else (#more), one tap away. */
"use strict";

(() => {
  const C = Companion;
  const panel = document.getElementById("turn-panel");
  if (!panel || !C.page) return;
  const board = C.page.board || {};
  const rules = board.rules || {};
  const spaces = board.spaces || [];
  const deeds = new Set((board.deeds || []).map((d) => d.index));
  const SEATS = ["#d7262e", "#1f4fa3", "#1d9a4b", "#e3a008", "#6a3d9a", "#00897b",
    "#c2185b", "#5d4037"];  // board.js's seat colours: the strip's token is the board's
  const pad = document.getElementById("console-pad");
  let mode = null;
  let picked = null;  // a space tapped on the board, not yet sent

  /* "More": the drawer with every other form (its state is the #more section's hidden). */
  const more = document.getElementById("more");
  const toggle = document.getElementById("more-toggle");
  function showMore(open) {
    more.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    toggle.classList.toggle("primary", false);
    if (open) more.scrollIntoView({block: "start"});
  }
  /* "More" is open while the players join (seq <= 1: their QR codes); it closes itself
     once, when play starts (the first command after joining), so the normal turn fits
     the first screen (h17 finding 1) — unless the banker is using it: a tap on "More"
     or in one of its forms keeps it as the banker left it. */
  let joining = !more.hidden;
  let used = false;
  toggle.setAttribute("aria-expanded", String(!more.hidden));
  toggle.addEventListener("click", () => { used = true; showMore(more.hidden); });
  for (const kind of ["pointerdown", "keydown", "input", "change"]) {  // a hand, not focus()
    more.addEventListener(kind, (event) => {
      if (event.target.closest("form, [data-cmd]")) used = true;
    });
  }
  /* The game over (h23 console 3): "New game" beside "Show the tally" opens what More →
     New game opens, in one tap: the drawer, the new-game form unfolded, in sight. */
  const overNew = document.getElementById("over-new-game");
  const newGame = document.getElementById("new-game-box");
  if (overNew && newGame) {
    overNew.addEventListener("click", () => {
      used = true;
      more.hidden = false;
      toggle.setAttribute("aria-expanded", "true");
      newGame.open = true;
      newGame.scrollIntoView({block: "start"});
    });
  }
  function closeWhenPlayStarts(state) {
    if (!joining || state.game.seq <= 1) return;
    joining = false;
    if (!used) showMore(false);
  }

  /* The panels the moment needs, drawn by their own scripts, move to the first screen. */
  const slot = document.getElementById("turn-auction-slot");
  for (const id of ["auction-live", "flights-box"]) {
    const part = document.getElementById(id);
    if (part) slot.append(part);
  }

  /* Who the pad rolls for now and with which command, or null: `turn.roller` of the state (the
     core decides who rolls next, for what, with how many dice); an open auction shows
     its bids here instead. */
  function padMode(state) {
    const current = C.player(state, state.turn.player);
    if (rules.jokers && state.turn.phase === "joker" && current && !state.game.over) {
      return {cmd: "joker", player: current.name, one: false, next: false};  // K6: the second roll
    }
    const roller = DicePad.roller(state);
    if (!roller || state.auction) return null;
    return {cmd: roller.cmd, player: roller.player, one: roller.dice === 1, next: roller.next};
  }

  function padTitle(m) {
    const vars = {player: m.player};
    if (m.cmd === "ola_roll") return C.fmt("Dice for Ola Nordmann, rolled by %(player)s", vars);
    if (m.cmd === "joker") return C.fmt("%(player)s stopped on a joker: tap the second roll", vars);
    if (m.next) return C.fmt("%(player)s rolls next: their dice start their turn", vars);
    return m.one ? C.fmt("%(player)s: tap the die", vars)
      : C.fmt("%(player)s: tap the two dice", vars);
  }

  const dice = DicePad.make(pad, async (rolled) => {
    if (!mode) return;
    const total = mode.cmd === "joker";  // K6: the joker's second roll is sent as its total
    await C.act({cmd: mode.cmd, player: mode.player,
      dice: total ? rolled[0] + rolled[1] : rolled}, pad);
  });

  function renderPad(state) {
    const m = padMode(state);
    mode = m;
    pad.hidden = !m;
    if (!m) { dice.set(""); return; }
    document.getElementById("console-pad-title").textContent = padTitle(m);
    dice.set(`${m.cmd}:${m.player}:${m.one}:${DicePad.due(state)}`, m.one);
  }

  /* A space tapped on the board (console_board.js): one more tap records the landing. */
  const pick = document.getElementById("board-pick");
  const land = document.getElementById("board-pick-land");
  function renderPick(state) {
    const who = state.turn.player;
    pick.hidden = picked === null || state.game.over || !who;
    if (pick.hidden) return;
    const space = spaces[picked];
    land.textContent = C.fmt("%(player)s landed on %(space)s",
      {player: who, space: space ? space.label : String(picked)});
  }
  document.addEventListener("console-pick", (event) => {
    picked = event.detail;
    if (C.state()) renderPick(C.state());
  });
  C.onClick(land, async () => {
    const state = C.state();
    if (!state || picked === null) return;
    const answer = await C.act({cmd: "land", player: state.turn.player, space: picked}, land);
    if (answer && answer.ok) { picked = null; renderPick(C.state() || state); }
  });
  document.getElementById("board-pick-cancel").addEventListener("click", () => {
    picked = null;
    if (C.state()) renderPick(C.state());
  });

  function owned(state, index) {
    return state.players.some((p) => p.spaces.some((s) => s.index === index));
  }

  /* An unowned deed under the player to roll: buy it at the printed price or auction it. */
  let offered = "";
  function renderOffer(state) {
    const player = C.player(state, state.turn.player);
    const box = document.getElementById("turn-offer");
    const space = player && spaces[player.position];
    const open = Boolean(space && !player.bankrupt && !state.game.over && !state.auction
      && deeds.has(space.index) && !owned(state, space.index));
    box.hidden = !open;
    const key = open ? `${state.game.seq}` : "";
    if (!open || key === offered) { offered = key; return; }
    offered = key;
    const name = player.position_name || space.label;
    document.getElementById("turn-offer-title").textContent = space.auction_only
      ? C.fmt("%(space)s is sold only by auction", {space: name})  // M4 (issue 16 point 6)
      : !state.turn.may_buy && player.debts.length
        ? C.fmt("%(player)s owes a debt: once it is paid, %(space)s can be bought — or send it to auction",
          {player: player.name, space: name})
        : C.fmt("%(space)s is for sale", {space: name});
    const buy = space.price
      ? C.fmt("Buy for %(price)s", {price: C.money(state, space.price)}) : C.t("Buy");
    const auction = {cmd: "auction_open", space: space.index};
    if (rules.decliner) auction.decliner = player.name;  // K4: the lander does not bid
    const sell = space.auction_only || !state.turn.may_buy;  // M4; C21: a debt first (h21)
    document.getElementById("turn-offer-actions").replaceChildren(...(sell
      ? [C.button(C.t("To auction"), auction, "primary")]
      : [C.button(buy, {cmd: "buy", player: player.name, space: space.index}, "primary"),
        C.button(C.t("To auction"), auction)]));
  }

  function renderWho(state) {
    const player = C.player(state, C.turnName(state));  // never a bankrupt player
    const words = C.hasRolled(state) ? "%(name)s has the turn · %(cash)s"  // as the ring says
      : "%(name)s to roll · %(cash)s";
    document.getElementById("turn-who").textContent = state.game.over || !player ? ""
      : C.fmt(words, {name: player.name, cash: C.money(state, player.cash)});
    document.getElementById("player-strip").replaceChildren(...state.players.map((p, seat) => {
      const item = C.el("li", null, "strip-player");
      item.dataset.strip = p.name;
      item.classList.toggle("to-roll", !state.game.over && p.name === C.turnName(state));
      item.classList.toggle("out", p.bankrupt);
      const token = C.el("span", p.name.slice(0, 1).toUpperCase(), "token");
      token.style.background = SEATS[seat % SEATS.length];
      item.append(token, C.el("span", p.name, "who"), C.el("span", C.money(state, p.cash), "money"));
      return item;
    }));
  }

  function renderClaimsBox(state) {
    document.getElementById("claims-box").hidden = state.claims.length === 0
      && !state.game.house_rules.free_parking_pot;
  }

  function renderDebts(state) {
    const list = document.getElementById("turn-debts");
    const items = [];
    for (const p of state.players) {
      if (p.bankrupt) continue;
      for (const debt of p.debts) {
        items.push(C.el("li", C.fmt("%(player)s owes %(creditor)s %(amount)s.",
          {player: p.name, creditor: debt.to === "bank" ? C.t("the bank") : debt.to,
            amount: C.money(state, debt.amount)}), "debt"));
      }
    }
    list.hidden = items.length === 0;
    list.replaceChildren(...items);
  }

  C.onState((state) => {
    closeWhenPlayStarts(state);
    renderWho(state);
    renderPad(state);
    renderPick(state);
    renderOffer(state);
    renderClaimsBox(state);
    renderDebts(state);
  });
})();

/* The player's own turn on the phone (issue 16 points 1-3; docs/table-log.md "roll").
   - The dice pad: the player to roll taps the first die, then the second: one `roll`
     (the core moves the token, pays Start, lands).  One row where one die is rolled
     (the state's rules: `one_die_from`, M8/M14).  Multimillionær rolls for Ola Nordmann
     first (`ola_roll`, M4), then for the car.  The player NEXT in turn gets the pad as
     soon as the current one has finished: their roll passes the turn (C5).
   - What the space landed on offers: an unowned deed "Buy for 2 400 kr" (`buy`) and
     "To auction" (`auction_open`, this player as the decliner); jail: the fine or a card.
   - The owner's one tap: the claim button says "Claim 1 600 kr for Prinsens gate" and
     the phone vibrates when a claim opens (where the browser allows). */
"use strict";

(() => {
  const C = Companion;
  const me = C.page.me;
  const pad = document.getElementById("turn-pad");
  if (!pad) return;
  const board = C.page.board || {};
  const rules = board.rules || {};
  const spaces = board.spaces || [];
  const rows = [...pad.querySelectorAll(".die-row")];
  const landed = document.getElementById("landed");
  const actions = document.getElementById("landed-actions");
  let mode = null;       // what the pad sends now: {cmd, one}
  let taps = [null, null];
  let seen = null;       // claim ids already shown (null: before the first state)
  let offered = "";      // the landing the actions were drawn for

  function nextInTurn(state) {
    const seats = state.players;
    const at = seats.findIndex((p) => p.name === state.turn.player);
    for (let i = 1; i <= seats.length; i += 1) {
      const p = seats[(at + i) % seats.length];
      if (!p.bankrupt) return p.name;
    }
    return null;
  }

  /* Who rolls what now from this phone, or null (see the module comment). */
  function padMode(state) {
    const player = C.player(state, me);
    const turn = state.turn;
    if (!player || player.bankrupt || state.game.over) return null;
    const mine = turn.player === me;
    const current = C.player(state, turn.player);
    const next = !mine && turn.rolled && !state.auction && nextInTurn(state) === me
      && !(current && current.debts.length);
    if ((mine && turn.rolled) || (!mine && !next)) return null;
    if (rules.ola && (next || turn.phase === "ola")) {
      const ola = ((state.market || {}).ola || {}).index || 0;
      return {cmd: "ola_roll", one: oneDie(ola), next};
    }
    return {cmd: "roll", one: oneDie(player.position), next};
  }

  function oneDie(index) {
    const space = spaces[index];
    return Boolean(space && (rules.one_die_from || []).includes(space.kind));
  }

  function padTitle(m) {
    if (m.cmd === "ola_roll") {
      return m.next ? C.t("You roll next: roll for Ola Nordmann to start your turn")
        : C.t("Your turn: roll for Ola Nordmann first");
    }
    if (m.next) return C.t("You roll next: your dice start your turn");
    return m.one ? C.t("Your turn: tap the die") : C.t("Your turn: tap the two dice");
  }

  function renderPad(state) {
    const m = padMode(state);
    const key = m ? `${m.cmd}:${m.one}:${m.next}:${state.game.seq}` : "";
    if (!m || !mode || key !== mode.key) taps = [null, null];
    mode = m ? {...m, key} : null;
    pad.hidden = !m;
    if (!m) return;
    document.getElementById("turn-pad-title").textContent = padTitle(m);
    rows[1].hidden = m.one;
    rows.forEach((row, i) => {
      for (const die of row.querySelectorAll(".die")) {
        die.setAttribute("aria-pressed", String(taps[i] === Number(die.dataset.face)));
      }
    });
  }

  async function tap(row, face) {
    if (!mode) return;
    taps[row] = face;
    const dice = mode.one ? [taps[0] || taps[1]] : taps;
    renderPad(C.state());
    if (dice.some((d) => d === null)) return;
    const command = {cmd: mode.cmd, player: me, dice: [...dice]};
    taps = [null, null];
    await C.act(command, pad);
    if (C.state()) renderPad(C.state());
  }

  rows.forEach((row, i) => {
    for (const die of row.querySelectorAll(".die")) {
      die.addEventListener("click", () => tap(i, Number(die.dataset.face)));
    }
  });

  function owned(state, index) {
    return state.players.some((p) => p.spaces.some((s) => s.index === index));
  }

  /* The buttons for where this player's token stopped on their turn, or [] . */
  function landingActions(state, player) {
    const space = spaces[player.position];
    const last = state.turn.last_roll;
    const rolledNow = last && last.player === me && last.turn === state.turn.number;
    if (player.in_jail && rules.jail) {
      const out = [C.button(C.t("Pay the jail fine"), {cmd: "leave_jail", player: me, by: "fine"}, "primary")];
      if (player.jail_cards) {
        out.push(C.button(C.t("Use a get-out-of-jail card"), {cmd: "leave_jail", player: me, by: "card"}));
      }
      // no "or" left hanging when the dice are not this phone's now (finding 5)
      return [padMode(state) ? C.t("In jail: roll for doubles, or") : C.t("In jail"), out];
    }
    if (!rolledNow || !space || state.auction) return null;
    const deed = board.deeds.some((d) => d.index === space.index);
    if (deed && !owned(state, space.index)) {
      const name = player.position_name || space.label;
      const buy = space.price
        ? C.fmt("Buy for %(price)s", {price: C.money(state, space.price)}) : C.t("Buy");
      return [C.fmt("%(space)s is for sale", {space: name}), [
        C.button(buy, {cmd: "buy", player: me, space: space.index}, "primary huge"),
        C.button(C.t("To auction"), {cmd: "auction_open", space: space.index, decliner: me}, "huge"),
      ]];
    }
    if (space.kind === "card") {
      // the phone pays; money from the bank is the banker's to give (finding 11)
      return [C.fmt("%(space)s: read the card — pay below, or ask the banker for money from the bank",
        {space: player.position_name || space.label}), []];
    }
    return null;
  }

  function renderLanding(state) {
    const player = C.player(state, me);
    const mine = player && !player.bankrupt && !state.game.over && state.turn.player === me;
    const found = mine ? landingActions(state, player) : null;
    landed.hidden = !found;
    if (!found) { offered = ""; return; }
    const key = `${state.game.seq}`;
    if (key === offered) return;
    offered = key;
    document.getElementById("landed-title").textContent = found[0];
    actions.replaceChildren(...found[1]);
  }

  /* Point 3: the owner's claim button names the sum and the deed; a new claim buzzes. */
  function renderClaim(state) {
    const mine = state.claims.filter((c) => c.owner === me);
    const button = document.getElementById("claim");
    if (button && mine.length) {
      const total = mine.reduce((sum, c) => sum + c.amount, 0);
      button.textContent = mine.length === 1
        ? C.fmt("Claim %(amount)s for %(space)s", {amount: C.money(state, total), space: mine[0].space})
        : C.fmt("Claim %(amount)s", {amount: C.money(state, total)});
    }
    const ids = new Set(mine.map((c) => c.id));
    const fresh = seen !== null && [...ids].some((id) => !seen.has(id));
    if (fresh && navigator.vibrate) navigator.vibrate([120, 60, 120]);
    seen = ids;
  }

  C.onState((state) => {
    renderClaim(state);
    renderPad(state);
    renderLanding(state);
  });
})();

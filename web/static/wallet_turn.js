/* The player's own turn on the phone (issue 16 points 1-3; docs/table-log.md "roll").
   - The dice pad (dice_pad.js): the player to roll taps the first die, then the second:
     one `roll` (the core moves the token, pays Start, lands).  Who rolls, for what and
     with how many dice is `turn.roller` of the state: one die off Børsen and
     Ferieparadiset (M8/M14), Ola Nordmann first in Multimillionær (`ola_roll`, M4), and
     the player NEXT in turn as soon as the current one has finished: their roll passes
     the turn (C5).
   - What the space landed on offers: an unowned deed "Buy for 2 400 kr" (`buy`) and
     "To auction" (`auction_open`, this player as the decliner); "Buy" only while the
     state's `turn.may_buy` says the core takes it (C21: not while this player owes a
     debt — then "To auction" alone, and the way to buy: raise the money); jail: the
     fine or a card.
   - The owner's one tap: the claim button says "Claim 1 600 kr for Prinsens gate" and
     the phone vibrates when a claim opens (where the browser allows).
   - C4: while a deed the token stopped on is for sale (`turn.for_sale`) no phone has
     dice: the offer above is decided first (the core refuses the roll too); the phone
     next in turn says so ("Kari must first buy or auction Parkveien").
   - C21: while the player to roll owes a debt the core holds the turn (`roller` null);
     the phone next in turn says why it waits ("Waiting: Kari must pay their debt first").
   - C5: an owner with an open claim who rolls next is asked to claim first (their roll
     would make it lapse); "Roll without claiming" shows the dice (one extra tap).
   - K6: a stop on a joker asks for the second roll on the same pad (`joker`, the total);
     an effect not known yet is asked of the banker (web/phone_asks.py).
   - C13: a jailed player's pad offers "Pay 1 000 kr and roll" (asked once) before the
     first roll of their turn. */
"use strict";

(() => {
  const C = Companion;
  const me = C.page.me;
  const pad = document.getElementById("turn-pad");
  if (!pad) return;
  const board = C.page.board || {};
  const rules = board.rules || {};
  const spaces = board.spaces || [];
  const landed = document.getElementById("landed");
  const actions = document.getElementById("landed-actions");
  let mode = null;       // what the pad sends now: {cmd, one}
  let seen = null;       // claim ids already shown (null: before the first state)
  let offered = "";      // the landing the actions were drawn for
  let skipped = "";      // the claims this owner chose to let lapse by rolling (C5)
  const fine = document.getElementById("turn-pad-fine");
  const skip = document.getElementById("turn-pad-skip");

  /* Who rolls what now from this phone, or null: `turn.roller` of the state (the core decides
     who rolls next, for what and with how many dice), and two choices of this page —
     an owner who rolls next claims first (C5), a jailed player may pay first (C13). */
  function padMode(state) {
    const player = C.player(state, me);
    if (!player || player.bankrupt || state.game.over) return null;
    const turn = state.turn;
    const mine = turn.player === me;
    if (rules.jokers && turn.phase === "joker") {  // K6: the joker's second roll comes first
      if (mine) return {cmd: "joker", one: false, next: false};
      if (turn.next !== me) return null;
      return {cmd: "wait", one: false, next: true,
        why: C.fmt("%(player)s rolls again for the joker first", {player: turn.player})};
    }
    const current = C.player(state, turn.player);
    const forSale = turn.for_sale !== null && turn.for_sale !== undefined;
    if (forSale && !mine && turn.next === me && turn.rolled && !state.auction
        && !(current && current.debts.length)) {  // C4 first: say why there are no dice
      return {cmd: "wait", one: false, next: true, why: forSaleText(state, current)};
    }
    const roller = DicePad.roller(state);
    if (!roller && !mine && turn.next === me && !state.auction && current && current.debts.length) {
      // C21: the core holds the turn while the player to roll owes a debt (h23 finding 1)
      return {cmd: "wait", one: false, next: true,
        why: C.fmt("Waiting: %(player)s must pay their debt first", {player: turn.player})};
    }
    if (!roller || roller.player !== me) return null;
    const next = roller.next;
    const owed = next && rules.claims_lapse_at_next_roll ? claimKey(state) : "";
    if (owed && owed !== skipped) return {cmd: "claim", one: false, next, owed};
    const one = roller.dice === 1;
    if (roller.for === "ola") {  // M4
      return {cmd: roller.cmd, one, next, again: !next && state.turn.phase !== "ola"};
    }
    return {cmd: roller.cmd, one, next, jail: Boolean(rules.jail && player.in_jail)};
  }

  /* C4: why the player next in turn may not roll yet (h17 finding 6). */
  function forSaleText(state, current) {
    const space = spaces[state.turn.for_sale];
    const name = (current && current.position === state.turn.for_sale && current.position_name)
      || (space ? space.label : String(state.turn.for_sale));
    return C.fmt("%(player)s must first buy or auction %(space)s",
      {player: state.turn.player, space: name});
  }

  /* This owner's open claims, as a key ("" = none). */
  function claimKey(state) {
    return state.claims.filter((c) => c.owner === me).map((c) => c.id).join(",");
  }

  function padTitle(m) {
    if (m.cmd === "claim") return C.t("Claim the rent first");
    if (m.cmd === "wait") return m.why;
    if (m.cmd === "joker") return C.t("You stopped on a joker: roll both dice again and tap them");
    if (m.jail && !m.next) return C.t("In jail: roll a double to get out, or pay first");
    if (m.cmd === "ola_roll") {
      if (m.again) return C.t("Ola Nordmann rolled doubles: roll for him again");
      return m.next ? C.t("You roll next: roll for Ola Nordmann to start your turn")
        : C.t("Your turn: roll for Ola Nordmann first");
    }
    if (m.next) return C.t("You roll next: your dice start your turn");
    return m.one ? C.t("Your turn: tap the die") : C.t("Your turn: tap the two dice");
  }

  const dice = DicePad.make(pad, async (rolled) => {
    if (!mode || mode.cmd === "claim" || mode.cmd === "wait") return;
    const total = mode.cmd === "joker";  // K6: the joker's second roll is sent as its total
    await C.act({cmd: mode.cmd, player: me, dice: total ? rolled[0] + rolled[1] : rolled}, pad);
  });

  function renderPad(state) {
    const m = padMode(state);
    mode = m;
    pad.hidden = !m;
    if (!m) { dice.set(""); return; }
    document.getElementById("turn-pad-title").textContent = padTitle(m);
    const claiming = m.cmd === "claim";
    const still = claiming || m.cmd === "wait";  // no dice: a claim first, or C4
    skip.hidden = !claiming;
    skip.textContent = C.t("Roll without claiming");
    fine.hidden = !m.jail;
    if (m.jail) {
      fine.textContent = C.fmt("Pay %(fine)s and roll", {fine: C.money(state, rules.jail_fine)});
    }
    dice.set(still ? "" : `${m.cmd}:${m.one}:${m.next}:${DicePad.due(state)}`, m.one, !still);
  }

  /* C5: the owner lets the claim lapse on purpose; C13: the fine, asked once. */
  skip.addEventListener("click", () => {
    if (mode && mode.owed) skipped = mode.owed;
    if (C.state()) renderPad(C.state());
  });
  C.onClick(fine, async () => {
    const amount = C.money(C.state(), rules.jail_fine);
    const yes = await ConfirmStep.ask(
      C.fmt("Pay the jail fine of %(fine)s to the bank and then roll?", {fine: amount}),
      C.fmt("Pay %(fine)s", {fine: amount}));
    if (yes) await C.act({cmd: "leave_jail", player: me, by: "fine"}, fine);
  });

  function owned(state, index) {
    return state.players.some((p) => p.spaces.some((s) => s.index === index));
  }

  /* Why an unowned deed offers only "To auction" (`may_buy` false): a debt first (C21),
     or a price more than the player could raise (C4, h23 finding 3), else for sale. */
  function aloneText(state, player, space, name) {
    if (player.debts.length) {
      return C.fmt("You owe a debt: raise money to pay it first, then you can buy %(space)s — or send it to auction", {space: name});
    }
    if (space.price && player.raisable < space.price) {
      return C.fmt("You do not have enough money to buy %(space)s (price %(price)s)",
        {space: name, price: C.money(state, space.price)});
    }
    return C.fmt("%(space)s is for sale", {space: name});
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
      const alone = space.auction_only || !state.turn.may_buy;  // M4; C21 (h21): no Buy
      const auction = C.button(C.t("To auction"),
        {cmd: "auction_open", space: space.index, decliner: me}, alone ? "primary huge" : "huge");
      if (space.auction_only) {  // M4: the bank sells it only by auction (issue 16 point 6)
        return [C.fmt("%(space)s is sold only by auction", {space: name}), [auction]];
      }
      if (alone) {  // C21: a debt is paid first (the core says: `may_buy`); no Buy to refuse
        return [aloneText(state, player, space, name), [auction]];
      }
      return [C.fmt("%(space)s is for sale", {space: name}), [
        C.button(buy, {cmd: "buy", player: me, space: space.index}, "primary huge"), auction,
      ]];
    }
    if (space.kind === "card" && rules.jokers) return null;  // K6: the pad asks the second roll
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
    const onPad = mode && mode.jail;  // C13: the pad offers the fine before the roll
    const found = mine && !onPad ? landingActions(state, player) : null;
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

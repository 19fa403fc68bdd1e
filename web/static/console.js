/* The banker's console: the players, open claims and history live; every action form.
   Loaded last: the panels (console_*.js) have registered with Companion.onState. */
"use strict";

(() => {
  const C = Companion;
  const t = C.t;

  /* Back or Forward may restore an older copy of this page from the browser's memory (the
     new-game form before the game existed): the console is live, so it loads afresh. */
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) location.reload();
  });
  const picker = document.getElementById("game-picker");
  if (picker) {
    picker.addEventListener("change", () => {
      location.href = `/?game=${encodeURIComponent(picker.value)}`;
    });
  }
  if (!C.page) return;
  const game = C.page.game;
  const spaces = (C.page.board && C.page.board.spaces) || [];
  let turn = null;
  let positions = null;

  function renderDebts(card, state, player) {
    const debts = player.debts.map((debt) =>
      C.el("li", C.fmt("Owes %(creditor)s %(amount)s.",
        {creditor: debt.to === "bank" ? t("the bank") : debt.to,
          amount: C.money(state, debt.amount)}), "debt"));
    const notes = player.debt_notes || 0;  // M18: a debt note is a debt too
    const none = notes ? C.nt("No other debts; %(num)s debt note.",
      "No other debts; %(num)s debt notes.", notes) : t("No debts.");
    C.fill(card.querySelector(".debts"), debts, none);
    const raisable = card.querySelector(".raisable");
    raisable.hidden = debts.length === 0;
    raisable.textContent = C.fmt("Could still raise %(amount)s.",
      {amount: C.money(state, player.raisable)});
  }

  function renderPassport(card, player) {
    const race = card.querySelector(".passport-race");
    const progress = player.passport_progress;
    race.hidden = !progress;
    if (!progress) return;
    race.querySelector("span").textContent = C.fmt("Passport: %(visited)s of %(of)s wonders",
      progress);
    const bar = race.querySelector("progress");
    bar.max = progress.of;
    bar.value = progress.visited;
  }

  function renderPlayer(card, state, player) {
    card.querySelector(".cash").textContent = C.money(state, player.cash);
    card.querySelector(".badges").textContent = C.badges(state, player);
    const space = spaces[player.position];
    const where = card.querySelector(".where");
    where.hidden = !space || player.bankrupt;
    where.textContent = space ? C.fmt("On %(space)s", {space: space.label}) : "";
    card.classList.toggle("to-roll", !state.game.over && C.turnName(state) === player.name);
    card.classList.toggle("out", player.bankrupt);
    const deeds = player.spaces.map((s) => C.el("li", C.deedText(s)));
    C.fill(card.querySelector(".deeds"), deeds, "No deeds yet.");
    renderDebts(card, state, player);
    renderPassport(card, player);
  }

  /* Who must roll for a claim to lapse (C5, M11), where the state names them. */
  function lapsePlayer(claim) {
    const who = claim.lapses_with || claim.lapse_player || claim.lapses_on;
    return who && typeof who === "object" ? who.player || who.name : who;
  }

  function renderClaims(state) {
    const items = state.claims.map((claim) => {
      const vars = {owner: claim.owner, amount: C.money(state, claim.amount), payer: claim.from,
        space: claim.space};
      const text = claim.from === "bank"  // M4: Ola Nordmann pays with the bank's money
        ? C.fmt("%(owner)s claims %(amount)s from the bank (%(space)s).", vars)
        : C.fmt("%(owner)s claims %(amount)s from %(payer)s (%(space)s).", vars);
      const item = C.el("li", `${text} `);
      item.append(C.button(t("Claim"), {cmd: "claim", player: claim.owner}));
      const lapse = lapsePlayer(claim);
      if (lapse) item.append(C.el("span", ` ${C.fmt("Lapses when %(player)s rolls.", {player: lapse})}`, "hint"));
      return item;
    });
    C.fill(document.getElementById("claims"), items, "No open claims.");
  }

  /* The "Who" lists go back to the player to roll at every turn change (drawn first: the
     deed lists follow them). */
  function followTurn(state) {
    const now = `${state.turn.number}:${state.turn.player}`;
    if (now === turn) return;
    turn = now;
    for (const select of document.querySelectorAll("select[data-turn]")) {
      if ([...select.options].some((o) => o.value === state.turn.player)) {
        select.value = state.turn.player;
      }
    }
  }

  /* A token that just moved onto a deed nobody owns — or, when the page (re)loads, the
     player to roll standing on one: the Buy form offers that deed to that player, and the
     auction's "What" and "Sold at the table" offer the same deed (C4: the bank auctions
     the deed the lander declined).  A token that moved anywhere else (an owned deed, a
     tax…) leaves the Buy form's deed on "Choose the deed": nothing preselected to buy. */
  function followLanding(state) {
    const before = positions;
    positions = new Map(state.players.map((p) => [p.name, p.position]));
    const moved = before
      ? state.players.find((p) => before.get(p.name) !== p.position)
      : C.player(state, state.turn.player);
    if (!moved || moved.bankrupt) return;
    const deed = String(moved.position);
    const buy = document.querySelector('form[data-cmd="buy"]');
    if (!buy) return;
    const what = document.querySelector("#auction-open [name=what]");
    if (![...buy.elements.space.options].some((o) => o.value === deed)) {
      buy.elements.space.value = "";
      Deeds.sendable(buy.elements.space);
      if (what && /^\d+$/.test(what.value)) what.value = "";  // no landed deed: "Choose…"
      if (what) Deeds.sendable(what);
      return;
    }
    buy.elements.player.value = moved.name;  // an unowned deed (not owned, not a space)
    Deeds.fillAll(state);
    buy.elements.space.value = deed;
    Deeds.sendable(buy.elements.space);
    if (what) {
      what.value = deed;
      Deeds.sendable(what);
    }
    const sold = document.querySelector('form[data-cmd="auction_sold"] [name=space]');
    if (sold) sold.value = deed;
  }

  function render(state) {
    for (const card of document.querySelectorAll("[data-player]")) {
      const player = C.player(state, card.dataset.player);
      if (player) renderPlayer(card, state, player);
    }
    renderClaims(state);
    const pot = document.getElementById("pot");
    pot.hidden = !state.game.house_rules.free_parking_pot;
    pot.textContent = C.fmt("Free-parking pot: %(amount)s",
      {amount: C.money(state, state.bank.pot)});
    C.winner(state);
    C.history(game, document.getElementById("history"));
  }

  /* Bankruptcy and the end of the game ask once, in the page (issue 16 point 6): "yes"
     says what the tapped button says. */
  const sure = (question, button) => ConfirmStep.ask(t(question),
    (button && button.textContent.trim()) || t("Yes"));

  for (const form of document.querySelectorAll("form.action")) {
    C.onSubmit(form, async (event) => {
      if (form.dataset.confirm && !(await sure(form.dataset.confirm, event.submitter))) return;
      const command = C.formCommand(form);
      const as = event.submitter && event.submitter.dataset.as;  // a form with several commands
      if (as) command.cmd = as;
      const answer = await C.act(command, form);
      if (!answer.ok) return;
      C.clear(form);
      if (form.dataset.cmd === "roll") {
        const result = document.getElementById("roll-result");
        result.hidden = !answer.text;
        result.textContent = answer.text || "";
      }
    });
  }

  /* Undo names what it would undo (the server knows: the history's `undo`) and asks once
     in the page (ConfirmStep, not window.confirm, which a browser may suppress): a mis-tap
     undoes nothing (issue 16, h17-fix point 2).  A command arriving while the question
     shows (a phone's) words it again for the new last command (h21), and the undo carries
     the seq of the command named: the core refuses it when another came in between
     ("Another command arrived meanwhile", companion/table.py) — never the wrong one undone. */
  let undoing = null;  // the open question: {target, seq (the state's when last worded), ask}
  const undoQuestion = (target) => (target && target.text
    ? C.fmt("Undo this: %(what)s", {what: target.text}) : t("Undo the last command?"));
  async function undo(button) {
    const seen = C.state() ? C.state().game.seq : null;  // the state the history follows
    const data = await C.history(game, null, 30);
    const target = data && data.undo;
    if (data && !target) { C.say(t("There is nothing to undo."), true, button); return; }
    const asked = {target, seq: seen, ask: 0};
    undoing = asked;
    const answer = ConfirmStep.ask(undoQuestion(target), button.textContent.trim());
    if (C.state()) rewordUndo(C.state());  // a state that came during the history's fetch
    const yes = await answer;
    undoing = null;
    if (!yes) return;
    const named = asked.target;
    if (data && !named) { C.say(t("There is nothing to undo."), true, button); return; }
    await C.act(named ? {cmd: "undo", seq: named.seq} : {cmd: "undo"}, button);
  }
  async function rewordUndo(state) {
    const asked = undoing;
    if (!asked || state.game.seq === asked.seq) return;
    asked.seq = state.game.seq;
    const ask = ++asked.ask;  // only the newest answer words it
    const data = await C.history(game, null, 30);
    if (!data || undoing !== asked || ask !== asked.ask) return;
    asked.target = data.undo;
    ConfirmStep.reword(undoQuestion(data.undo));
  }

  /* C4: "Next turn" while the deed landed on is still for sale leaves it with the bank
     (docs/rules.md C4, our reading): ask once, naming it (h17 finding 9).  C21: while the
     player to roll still owes a debt, the one ask names the debt instead (h23 debt). */
  function leftForSale(state) {
    const index = state && state.turn.for_sale;
    if (index === null || index === undefined) return null;
    const player = C.player(state, state.turn.player);
    const space = spaces[index];
    return (player && player.position === index && player.position_name)
      || (space ? space.label : String(index));
  }

  for (const button of document.querySelectorAll("button[data-cmd]")) {
    C.onClick(button, async () => {
      if (button.dataset.cmd === "undo") { await undo(button); return; }
      const next = button.dataset.cmd === "next_turn";
      const debt = next ? DebtLine.of(C.state()) : null;  // C21: the debt stays open (h23)
      const unsold = next && !debt ? leftForSale(C.state()) : null;
      const question = debt && C.fmt("%(player)s owes %(creditor)s %(amount)s — next turn anyway?", debt);
      if (debt && !(await ConfirmStep.ask(question, button.textContent.trim()))) return;
      if (unsold && !(await ConfirmStep.ask(C.fmt("%(space)s is not bought — next turn anyway?",
        {space: unsold}), button.textContent.trim()))) return;
      if (button.dataset.confirm && !(await sure(button.dataset.confirm, button))) return;
      await C.act({cmd: button.dataset.cmd}, button);
    });
  }
  for (const button of document.querySelectorAll("button[data-rotate]")) {
    C.onClick(button, async () => {
      if (!(await ConfirmStep.ask(t("The old QR code stops working. Continue?"),
        button.textContent.trim()))) return;  // in the page, not window.confirm (h21)
      const name = button.dataset.rotate;
      const url = C.gameUrl(game, `/players/${encodeURIComponent(name)}/token`);
      const answer = await C.post(url, {});
      if (answer.ok) location.reload();
      else C.say(answer.error, true, button);
    });
  }
  C.onState(followTurn, true);
  C.onState(followLanding);
  C.onState(render);
  C.onState(rewordUndo);
  C.start(game);
})();

/* The console's free flights (W2), the live hints of the jail and bankruptcy cards, the
   bankruptcy card's "Who" following the player in debt, and its "creditor lifts
   mortgaged deeds at once" list (C19, C21); "More" closing folds the players' QR codes
   and brings the board back to the top of the screen (h21). */
"use strict";

(() => {
  const C = Companion;

  function flightItem(state, player) {
    const flight = player.passport_progress.free_flight;
    const item = C.el("li", null, "stack");
    item.append(C.el("p", C.fmt("%(player)s has a free flight from %(airport)s: pick a wonder.",
      {player: player.name, airport: flight.name})));
    const select = C.el("select");
    select.setAttribute("aria-label", C.t("Wonder"));
    for (const wonder of player.passport_progress.unvisited) {
      const option = C.el("option", wonder.name);
      option.value = String(wonder.index);
      select.append(option);
    }
    item.append(select, C.button(C.t("Fly there"),
      () => ({cmd: "free_flight", player: player.name, wonder: Number(select.value)}), "primary"));
    return item;
  }

  function renderFlights(state) {
    const flying = state.players
      .filter((p) => p.passport_progress && p.passport_progress.free_flight);
    const list = document.getElementById("flights");
    const key = JSON.stringify(flying.map((p) => [p.name, p.passport_progress]));
    document.getElementById("flights-box").hidden = flying.length === 0;
    if (list.dataset.key === key) return;  // keep the banker's choice while nothing changed
    list.dataset.key = key;
    list.replaceChildren(...flying.map((p) => flightItem(state, p)));
  }

  function owed(player) {
    return player.debts.reduce((sum, debt) => sum + debt.amount, 0);
  }

  function renderHints(state) {
    for (const hint of document.querySelectorAll("[data-raisable], [data-jail-tries]")) {
      const name = hint.closest("form").querySelector("[name=player]").value;
      const player = C.player(state, name);
      if (!player) continue;
      if ("raisable" in hint.dataset && !player.debts.length) {
        hint.textContent = C.fmt("%(player)s owes nothing.", {player: name});
      } else if ("raisable" in hint.dataset) {
        hint.textContent = C.fmt("%(player)s owes %(owed)s and could still raise %(raisable)s.",
          {player: name, owed: C.money(state, owed(player)),
            raisable: C.money(state, player.raisable)});
      } else {
        hint.textContent = player.in_jail
          ? C.fmt("%(player)s has failed %(tries)s of 3 tries.",
            {player: name, tries: player.jail_tries})
          : C.fmt("%(player)s is not in jail.", {player: name});
      }
    }
  }

  /* Bankruptcy to a player (C21, C19): the bankrupt player's mortgaged deeds, each with
     a box "the creditor lifts it at once" (the command's optional `lift`). */
  function renderLift(state) {
    const form = document.querySelector('form[data-cmd="bankrupt"]');
    const part = form && form.querySelector("[data-bankrupt-lift]");
    if (!part) return;
    const player = C.player(state, form.elements.player.value);
    const creditor = form.elements.creditor.value;
    const mortgaged = player && creditor !== "bank" && creditor !== player.name
      ? player.spaces.filter((s) => s.mortgaged) : [];
    part.hidden = mortgaged.length === 0;
    const key = JSON.stringify([creditor, mortgaged]);
    if (part.dataset.key === key) return;  // keep what was ticked
    part.dataset.key = key;
    part.querySelector(".lift-deeds").replaceChildren(...mortgaged.map((space) => {
      const label = C.el("label", null, "check");
      const box = C.el("input");
      Object.assign(box, {type: "checkbox", name: "lift", value: String(space.index)});
      box.dataset.type = "int";
      box.dataset.list = "";
      label.append(box, ` ${C.fmt("%(deed)s: lift for %(amount)s",
        {deed: space.name, amount: C.money(state, space.lift_cost)})}`);
      return label;
    }));
  }

  /* The Bankruptcy card's "Who" (C21): the player who owes more than they can raise, else
     the first in debt — never the player to roll who owes nothing; "To" their first
     creditor.  Set when the players in debt change, so the banker's own pick stays. */
  let debtors = null;
  function followDebt(state) {
    const form = document.querySelector('form[data-cmd="bankrupt"]');
    if (!form) return;
    const owing = state.players.filter((p) => !p.bankrupt && p.debts.length);
    const key = JSON.stringify(owing.map((p) => [p.name, owed(p), p.raisable]));
    if (key === debtors) return;
    debtors = key;
    const who = owing.find((p) => owed(p) > p.raisable) || owing[0];
    if (!who) return;
    const has = (select, value) => [...select.options].some((o) => o.value === value);
    if (has(form.elements.player, who.name)) form.elements.player.value = who.name;
    const to = who.debts[0].to;
    if (has(form.elements.creditor, to)) form.elements.creditor.value = to;
  }

  /* "More" closed (its toggle, console_turn.js, or play starting): the QR codes fold (they
     are for joining, not for every turn) and the page goes back to its top, the board's
     top rows in sight (h21 fresh-family play-test: it stayed scrolled at 1024 x 768). */
  const more = document.getElementById("more");
  if (more) {
    new MutationObserver(() => {
      if (!more.hidden) return;
      for (const qr of more.querySelectorAll("details.qr[open]")) qr.open = false;
      window.scrollTo({top: 0});
    }).observe(more, {attributes: true, attributeFilter: ["hidden"]});
  }

  const redraw = () => { if (C.state()) { renderHints(C.state()); renderLift(C.state()); } };
  for (const select of document.querySelectorAll("form [name=player], form [name=creditor]")) {
    select.addEventListener("change", redraw);
  }
  C.onState(renderFlights);
  C.onState(followDebt);
  C.onState(renderHints);
  C.onState(renderLift);
})();

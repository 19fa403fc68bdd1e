/* The wallet's deeds, each with what its owner may do from the phone: mortgage or lift it
   (C19), build on or sell from a street of a whole colour group (C14–C17) — only the
   buttons the rules could allow now (Deeds.can: evenly, whole unmortgaged groups); in
   Kortstokk-Monopol two houses on a whole pair, sales of houses and properties (K7, K8). */
"use strict";

(() => {
  const C = Companion;
  const me = C.page.me;

  /* Issue 16 point 6: a sale or a mortgage asks once (ConfirmStep) — one tap on a deed row
     is easily a tap meant for the row above; a build or a lift loses nothing. */
  const sure = (button, question, yes) => ConfirmStep.guard(button, question, C.t(yes));

  function buttons(state, space) {
    const printed = Deeds.spaceAt(space.index);
    // the values as known now: one the console asked for mid-game counts at once
    const houseCost = space.house_cost ?? printed.house_cost;
    const mortgage = space.mortgage ?? printed.mortgage;
    const deed = {deed: space.name};
    const out = [];
    // the phone cannot ask for a missing value: only the console offers those (issue 15)
    if (Deeds.can.build(state, me, space) && houseCost) {
      out.push(C.button(C.fmt("Build for %(amount)s", {amount: C.money(state, houseCost)}),
        {cmd: "build", player: me, space: space.index}, "primary"));
    }
    if (Deeds.can.sell(state, me, space)) {
      out.push(sure(C.button(C.t("Sell a building"),
        {cmd: "sell_building", player: me, space: space.index}),
      C.fmt("Sell a building on %(deed)s to the bank at half price?", deed), "Sell"));
    }
    if (Deeds.can.buildPair(state, me, space)) {  // K7: one house on each card of the number
      out.push(C.button(C.fmt("Build two houses for %(amount)s",
        {amount: C.money(state, 2 * (printed.house_cost || 1))}),
      {cmd: "build_pair", player: me, space: space.index}, "primary"));
    }
    if (Deeds.can.sellPair(state, me, space)) {  // K8: two houses for 1 coin
      out.push(sure(C.button(C.t("Sell two houses"),
        {cmd: "sell_houses", player: me, space: space.index}),
      C.fmt("Sell two houses on %(deed)s to the bank?", deed), "Sell"));
    }
    if (Deeds.can.sellLot(state, me, space)) {  // K8: 1 coin
      out.push(sure(C.button(C.t("Sell to the bank"),
        {cmd: "sell_property", player: me, space: space.index}),
      C.fmt("Sell %(deed)s to the bank?", deed), "Sell"));
    }
    if (Deeds.can.lift(state, me, space)) {
      out.push(C.button(C.fmt("Lift for %(amount)s", {amount: C.money(state, space.lift_cost)}),
        {cmd: "unmortgage", player: me, space: space.index}));
    } else if (Deeds.can.mortgage(state, me, space) && mortgage) {
      const amount = C.money(state, mortgage);
      // the lift cost named (family play-test 3, finding 11) while the value is the printed one
      const lift = mortgage === printed.mortgage ? printed.lift_cost : null;
      out.push(sure(C.button(C.fmt("Mortgage for %(amount)s", {amount}),
        {cmd: "mortgage", player: me, space: space.index}),
      lift ? C.fmt("Mortgage %(deed)s for %(amount)s? Lifting it later costs %(lift)s.",
        {...deed, amount, lift: C.money(state, lift)})
        : C.fmt("Mortgage %(deed)s for %(amount)s? Lifting it later costs more.", {...deed, amount}),
      "Mortgage"));
    }
    return out;
  }

  C.onState((state) => {
    const player = C.player(state, me);
    if (!player) return;
    const items = player.spaces.map((space) => {
      const item = C.el("li", null, "deed-row");
      item.dataset.deed = space.name;
      item.append(C.el("span", C.deedText(space)));
      const row = C.el("span", null, "row");
      row.append(...buttons(state, space));
      item.append(row);
      return item;
    });
    C.fill(document.getElementById("deeds"), items, "No deeds yet.");
  });
})();

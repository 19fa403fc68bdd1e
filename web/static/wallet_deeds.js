/* The wallet's deeds, each with what its owner may do from the phone: mortgage or lift it
   (C19), build on or sell from a street of a whole colour group (C14–C17). */
"use strict";

(() => {
  const C = Companion;
  const me = C.page.me;

  /* Board indexes of the streets of `group`. */
  function groupOf(group) {
    return Deeds.board.spaces.filter((s) => s.kind === "street" && s.group === group)
      .map((s) => s.index);
  }

  function buttons(state, space, mine) {
    const printed = Deeds.spaceAt(space.index);
    const out = [];
    const group = printed.kind === "street" ? groupOf(printed.group) : [];
    const whole = group.length > 0 && group.every((i) => mine.has(i));
    const built = group.some((i) => mine.get(i) && (mine.get(i).houses || mine.get(i).hotel));
    if (whole && !space.mortgaged && !space.hotel && printed.house_cost) {
      out.push(C.button(C.fmt("Build for %(amount)s", {amount: C.money(state, printed.house_cost)}),
        {cmd: "build", player: me, space: space.index}, "primary"));
    }
    if (space.houses || space.hotel) {
      out.push(C.button(C.t("Sell a building"),
        {cmd: "sell_building", player: me, space: space.index}));
    }
    if (space.mortgaged) {
      out.push(C.button(C.fmt("Lift for %(amount)s", {amount: C.money(state, space.lift_cost)}),
        {cmd: "unmortgage", player: me, space: space.index}));
    } else if (!built && printed.mortgage) {
      out.push(C.button(
        C.fmt("Mortgage for %(amount)s", {amount: C.money(state, printed.mortgage)}),
        {cmd: "mortgage", player: me, space: space.index}));
    }
    return out;
  }

  C.onState((state) => {
    const player = C.player(state, me);
    if (!player) return;
    const mine = new Map(player.spaces.map((s) => [s.index, s]));
    const items = player.spaces.map((space) => {
      const item = C.el("li", null, "deed-row");
      item.dataset.deed = space.name;
      item.append(C.el("span", C.deedText(space)));
      const row = C.el("span", null, "row");
      row.append(...buttons(state, space, mine));
      item.append(row);
      return item;
    });
    C.fill(document.getElementById("deeds"), items, "No deeds yet.");
  });
})();

/* Deed choices for the forms: `<select data-deeds="FILTER">` (or an optgroup) lists the deeds
   of the player chosen in the same form (its [name=player]) that FILTER allows, live. */
"use strict";

const Deeds = (() => {
  const C = Companion;
  const board = (C.page && C.page.board) || {spaces: []};
  const spaceAt = (index) => board.spaces[index] || {};

  /* Board indexes of every owned deed. */
  function ownedSet(state) {
    return new Set(state.players.flatMap((p) => p.spaces.map((s) => s.index)));
  }

  /* [{index, text}] for `filter` of `owner`'s deeds (or the bank's, for "unowned"). */
  function choices(state, filter, owner) {
    if (filter === "unowned") {
      const owned = ownedSet(state);
      return board.deeds.filter((d) => !owned.has(d.index))
        .map((d) => ({index: d.index, text: d.label}));
    }
    const player = C.player(state, owner);
    const spaces = player ? player.spaces : [];
    const keep = {
      owned: () => true,
      buildable: (s) => spaceAt(s.index).kind === "street" && !s.mortgaged && !s.hotel,
      built: (s) => s.houses > 0 || s.hotel,
      unmortgaged: (s) => !s.mortgaged,
      mortgaged: (s) => s.mortgaged,
    }[filter] || (() => true);
    return spaces.filter(keep).map((s) => ({index: s.index, text: describe(state, s, filter)}));
  }

  function describe(state, space, filter) {
    if (filter === "mortgaged") {
      return C.fmt("%(deed)s: lift for %(amount)s",
        {deed: space.name, amount: C.money(state, space.lift_cost)});
    }
    const extra = C.level(space);
    return extra ? `${space.name} (${extra})` : space.name;
  }

  /* Refill one select (keeping the choice when it is still there). */
  function fill(target, items) {
    const select = target.tagName === "SELECT" ? target : target.closest("select");
    const before = select.value;
    const options = items.map((item) => {
      const option = C.el("option", item.text);
      option.value = String(item.index);
      return option;
    });
    if (!options.length && target.tagName === "SELECT") {
      const none = C.el("option", C.t("No deeds to choose from."));
      none.value = "";
      options.push(none);
    }
    target.replaceChildren(...options);
    if ([...select.options].some((o) => o.value === before)) select.value = before;
  }

  function ownerOf(target) {
    const form = target.closest("form");
    const field = form && form.querySelector("[name=player]");
    return field ? field.value : null;
  }

  function fillAll(state) {
    for (const target of document.querySelectorAll("[data-deeds]")) {
      fill(target, choices(state, target.dataset.deeds, ownerOf(target)));
    }
  }

  for (const field of document.querySelectorAll("form [name=player]")) {
    field.addEventListener("change", () => { if (C.state()) fillAll(C.state()); });
  }
  C.onState(fillAll);
  return {choices, fillAll, spaceAt, board};
})();

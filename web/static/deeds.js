/* Deed choices for the forms: `<select data-deeds="FILTER">` (or an optgroup) lists the deeds
   of the player chosen in the same form (its [name=player]) that FILTER allows, live.

   Only what the rules could allow is offered, as far as the state shows it cheaply (the
   server still decides): building on a whole, unmortgaged colour group, evenly, while the
   bank has houses (C14–C16); selling evenly (C17); mortgaging a lot whose group has no
   buildings (C19; M17: the lot itself); none of it in editions with their own ways (K7, K8),
   where `pairable`, `pair_built` and `sellable` list the numbers to build on, sell houses
   from, and the unbuilt properties to sell back (Kortstokk-Monopol's pairs).
   A value the edition lacks (house price, mortgage value) does not leave a lot out: the
   console asks for it once when it is picked (issue 15).
   `Deeds.can` answers the same questions for the wallet's buttons. */
"use strict";

const Deeds = (() => {
  const C = Companion;
  const board = (C.page && C.page.board) || {spaces: [], deeds: []};
  const rules = board.rules || {hotel_level: 5, build: true, sell: true, mortgage: true};
  const spaceAt = (index) => board.spaces[index] || {};

  /* Board indexes of every owned deed. */
  function ownedSet(state) {
    return new Set(state.players.flatMap((p) => p.spaces.map((s) => s.index)));
  }

  /* The deed at board `index` as its owner's list shows it (null: the bank's). */
  function held(state, index) {
    for (const player of state.players) {
      const space = player.spaces.find((s) => s.index === index);
      if (space) return {owner: player.name, space};
    }
    return null;
  }

  /* A lot's building level: houses, or the hotel's level. */
  function level(space) {
    return space.hotel ? rules.hotel_level : space.houses || 0;
  }

  /* The streets of `index`'s colour group (board indexes); [] for other deeds. */
  function group(index) {
    const printed = spaceAt(index);
    if (printed.kind !== "street" || !printed.group) return [];
    return board.spaces.filter((s) => s.kind === "street" && s.group === printed.group)
      .map((s) => s.index);
  }

  function groupBuilt(state, index) {
    return group(index).some((i) => { const h = held(state, i); return h && level(h.space) > 0; });
  }

  /* owner may put one more building on `space` (one of owner's deeds). */
  function build(state, owner, space) {
    const player = C.player(state, owner);
    const printed = spaceAt(space.index);
    if (!rules.build || !player || player.bankrupt || player.debts.length) return false;
    // an unknown house price is asked for once (issue 15, M19): not a reason to leave it out
    if (printed.kind !== "street" || printed.house_cost === 0 || space.mortgaged) return false;
    const lots = group(space.index).map((i) => held(state, i));
    if (!lots.length || lots.some((h) => !h || h.owner !== owner || h.space.mortgaged)) {
      return false;
    }
    const at = level(space);
    if (at >= rules.hotel_level) return false;
    if (at > Math.min(...lots.map((h) => level(h.space)))) return false;  // build evenly
    return at + 1 === rules.hotel_level || state.bank.houses > 0;
  }

  /* owner may sell one building from `space` back to the bank, evenly. */
  function sell(state, owner, space) {
    if (!rules.sell) return false;
    const at = level(space);
    if (at === 0) return false;
    const lots = group(space.index).map((i) => held(state, i)).filter(Boolean);
    return at >= Math.max(at, ...lots.map((h) => level(h.space)));
  }

  function mortgage(state, owner, space) {
    if (!rules.mortgage || space.mortgaged) return false;  // unknown value: asked once
    if (rules.mortgage_lot_in_built_group) return level(space) === 0;
    return !groupBuilt(state, space.index);
  }

  function lift(state, owner, space) {
    return rules.mortgage && space.mortgaged;
  }

  /* Kortstokk-Monopol (K7, K8): owner holds both cards of `space`'s number. */
  function wholePair(state, owner, space) {
    const lots = group(space.index).map((i) => held(state, i));
    return lots.length > 1 && lots.every((h) => h && h.owner === owner);
  }

  /* K7: two more houses, one on each card, up to rank − 1, for 2 × the house price. */
  function buildPair(state, owner, space) {
    const player = C.player(state, owner);
    const printed = spaceAt(space.index);
    if (!rules.pairs || !player || player.bankrupt || player.debts.length) return false;
    if (!wholePair(state, owner, space) || (space.houses || 0) >= (printed.max_houses || 0)) {
      return false;
    }
    return player.cash >= 2 * (printed.house_cost || 1);
  }

  /* K8: two houses, one off each card, back to the bank. */
  function sellPair(state, owner, space) {
    return Boolean(rules.pairs && (space.houses || 0) > 0);
  }

  /* K8: an unbuilt property back to the bank (no houses on its number). */
  function sellLot(state, owner, space) {
    return Boolean(rules.pairs) && !groupBuilt(state, space.index);
  }

  const can = {build, sell, mortgage, lift, buildPair, sellPair, sellLot};

  /* [{index, text}] for `filter` of `owner`'s deeds (or the bank's, for "unowned"). */
  function choices(state, filter, owner) {
    if (filter === "unowned") {
      const owned = ownedSet(state);
      return board.deeds.filter((d) => !owned.has(d.index))
        .map((d) => ({index: d.index, text: d.price
          ? `${d.label} (${C.money(state, d.price)})` : d.label}));
    }
    const player = C.player(state, owner);
    const spaces = player ? player.spaces : [];
    const keep = {
      owned: () => true,
      buildable: (s) => build(state, owner, s),
      built: (s) => sell(state, owner, s),
      unmortgaged: (s) => mortgage(state, owner, s),
      mortgaged: (s) => lift(state, owner, s),
      pairable: (s) => buildPair(state, owner, s),
      pair_built: (s) => sellPair(state, owner, s),
      sellable: (s) => sellLot(state, owner, s),
    }[filter] || (() => true);
    let kept = spaces.filter(keep);
    if (filter === "pairable" || filter === "pair_built") {  // K7, K8: one line a number
      const seen = new Set();
      kept = kept.filter((s) => {
        const number = spaceAt(s.index).group;
        if (seen.has(number)) return false;
        seen.add(number);
        return true;
      });
    }
    return kept.map((s) => ({index: s.index, text: describe(state, s, filter)}));
  }

  function describe(state, space, filter) {
    if (filter === "mortgaged") {
      return C.fmt("%(deed)s: lift for %(amount)s",
        {deed: space.name, amount: C.money(state, space.lift_cost)});
    }
    const extra = C.level(space);
    return extra ? `${space.name} (${extra})` : space.name;
  }

  /* Refill one select (keeping the choice when it is still there).  A select marked
     `data-choose` (the Buy form's deed) starts on "Choose the deed" and preselects nothing:
     its form sends only once a deed is picked (a habitual tap must not buy another deed). */
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
    } else if ("choose" in select.dataset && target.tagName === "SELECT") {
      const choose = C.el("option", C.t("Choose the deed"));
      choose.value = "";
      options.unshift(choose);
    }
    target.replaceChildren(...options);
    if ([...select.options].some((o) => o.value === before)) select.value = before;
    if (target.tagName === "SELECT") sendable(select);
  }

  /* The form of `select` sends only with something chosen (nothing to choose, or a
     `data-choose` select still on its prompt: nothing to send). */
  function sendable(select) {
    const form = select.closest("form");
    if (!form || select.closest("[data-building-only]")) return;
    const empty = select.value === "";
    for (const button of form.querySelectorAll("button:not([type=button])")) {
      if (!form.dataset.busy) button.disabled = empty;
    }
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
  for (const select of document.querySelectorAll("select[data-choose]")) {
    select.addEventListener("change", () => sendable(select));
  }
  C.onState(fillAll);
  return {choices, fillAll, sendable, spaceAt, board, can, groupBuilt, level};
})();

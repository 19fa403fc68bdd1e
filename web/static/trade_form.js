/* A trade form (C18, C19, M9): two `fieldset.trade-side`s, each with who gives (a
   [name=party] select, or data-name), cash, the giver's deeds as checkboxes (drawn live; a
   mortgaged one offers "lift at once"), their shares by series (stock-board editions) and
   jail cards.  read() gives the command's parties and lift. */
"use strict";

const TradeForm = (() => {
  const C = Companion;

  function partyOf(side) {
    const select = side.querySelector("[name=party]");
    return select ? select.value : side.dataset.name;
  }

  function checkbox(className, value, checked) {
    const box = C.el("input", null, className);
    box.type = "checkbox";
    box.value = String(value);
    box.checked = checked;
    return box;
  }

  /* The giver's deeds; redrawn only when they change, keeping what was ticked. */
  function drawSide(side, state) {
    const name = partyOf(side);
    const player = C.player(state, name);
    const spaces = player ? player.spaces : [];
    const built = spaces.filter((s) => locked(state, s)).map((s) => s.index);
    const key = JSON.stringify([name, spaces, built,
      player && state.market ? player.shares : null]);
    if (side.dataset.key === key) return;
    side.dataset.key = key;
    const ticked = new Set([...side.querySelectorAll("input:checked")]
      .map((box) => box.className + box.value));
    const holder = side.querySelector(".trade-deeds");
    const rows = spaces.map((space) => {
      const row = C.el("div", null, "trade-deed");
      const label = C.el("label", null, "check");
      const box = checkbox("deed", space.index, ticked.has(`deed${space.index}`));
      label.append(box, ` ${C.deedText(space)}`);
      if (built.includes(space.index)) {  // C18: sell the group's buildings first
        box.checked = false;
        box.disabled = true;
        label.classList.add("locked");
        label.title = C.t("Sell the buildings on this colour group first.");
      }
      row.append(label);
      if (space.mortgaged) {
        const lift = C.el("label", null, "check lift");
        lift.append(checkbox("lift", space.index, ticked.has(`lift${space.index}`)),
          ` ${C.fmt("Lift at once for %(amount)s", {amount: C.money(state, space.lift_cost)})}`);
        row.append(lift);
      }
      return row;
    });
    holder.replaceChildren(...(rows.length ? rows : [C.el("p", C.t("No deeds."), "hint")]));
    drawShares(side, state, player);
  }

  /* C18: no lot of a colour group with buildings changes hands (M9 editions trade a
     built group only whole: left to the server). */
  function locked(state, space) {
    if (typeof Deeds === "undefined") return false;
    const rules = Deeds.board.rules || {};
    return !rules.built_group_sold_whole && Deeds.groupBuilt(state, space.index);
  }

  /* M9: the giver's shares, a count per series they hold (editions with a stock board). */
  function drawShares(side, state, player) {
    const holder = side.querySelector(".trade-shares");
    if (!holder) return;
    const shares = state.market && player ? player.shares || {} : {};
    const typed = new Map([...holder.querySelectorAll("input")].map((i) => [i.dataset.series, i.value]));
    holder.replaceChildren(...Object.entries(shares).map(([series, count]) => {
      const label = C.el("label", C.fmt("Shares of series %(series)s (held: %(count)s)",
        {series, count}));
      const input = C.el("input", null, "shares");
      Object.assign(input, {type: "number", min: "0", max: String(count), step: "1",
        placeholder: "0", inputMode: "numeric"});
      input.dataset.series = series;
      input.value = typed.get(series) || "";
      label.append(input);
      return label;
    }));
  }

  function draw(form, state) {
    for (const side of form.querySelectorAll(".trade-side")) drawSide(side, state);
  }

  const whole = (input) => (input && input.value.trim() !== "" ? Number(input.value) : 0);

  function read(form) {
    const parties = {};
    const lift = [];
    for (const side of form.querySelectorAll(".trade-side")) {
      const spaces = [...side.querySelectorAll("input.deed:checked")].map((b) => Number(b.value));
      parties[partyOf(side)] = {
        cash: whole(side.querySelector("[name=cash]")), spaces,
        jail_cards: whole(side.querySelector("[name=jail_cards]")),
      };
      const shares = {};
      for (const input of side.querySelectorAll("input.shares")) {
        if (whole(input) > 0) shares[input.dataset.series] = whole(input);
      }
      if (Object.keys(shares).length) parties[partyOf(side)].shares = shares;
      for (const box of side.querySelectorAll("input.lift:checked")) {
        if (spaces.includes(Number(box.value))) lift.push(Number(box.value));
      }
    }
    return {parties, lift};
  }

  /* Empty the form after a trade went through. */
  function clear(form) {
    for (const input of form.querySelectorAll("input[type=number]")) input.value = "";
    for (const box of form.querySelectorAll("input[type=checkbox]")) box.checked = false;
  }

  /* Redraw on every state and when who gives changes. */
  function wire(form) {
    for (const select of form.querySelectorAll("[name=party]")) {
      select.addEventListener("change", () => { if (C.state()) draw(form, C.state()); });
    }
    C.onState((state) => draw(form, state));
  }

  /* One line per side of a pending trade: "Bob gives: 2 000 kr, Parkveien." */
  function items(state, offer) {
    const out = [];
    if (offer.cash) out.push(C.money(state, offer.cash));
    out.push(...offer.spaces);
    for (const [series, count] of Object.entries(offer.shares || {})) {
      out.push(C.fmt("shares of series %(series)s: %(count)s", {count, series}));
    }
    if (offer.jail_cards) out.push(C.fmt("%(count)s jail cards", {count: offer.jail_cards}));
    return out.length ? out.join(", ") : C.t("nothing");
  }

  return {draw, read, clear, wire, items};
})();

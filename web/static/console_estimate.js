/* Estimates (issue 15 point 9): a price or a rent table the edition holds as "scaled xN"
   (the standard deed table times N, not read from a card; docs/rules.md "Edition values")
   is marked where the console uses it: the deed of the Buy card, an open rent claim.  Its
   first use offers one small notice, never blocking play: "Matches the card" records the
   same value as read from the box (edition_value, so the family copy remembers it, as ask
   once does), or the figure printed on the card is typed in the ask-once form.  After
   that the value is no longer marked.
   h21 (fresh-family play-test: the notice hid the board turn after turn): the notice is
   up only while its value is in use (the claim open, the deed on the Buy card) and goes
   with it, unanswered; it is asked once per value.  "Not now" sets the estimates of this
   game aside on this console: the marks stay, no notice comes back.  Where it opens, the
   board's centre lines move up (style.css), so no space and no line is under it. */
"use strict";

(() => {
  const C = Companion;
  const box = document.getElementById("estimate");
  if (!C.page || !box) return;
  const spaces = (C.page.board && C.page.board.spaces) || [];
  const buy = document.querySelector('form[data-cmd="buy"]');
  const note = buy && buy.querySelector("[data-estimate]");
  const key = `companion-estimates-offered:${C.page.game}`;
  const asideKey = `companion-estimates-aside:${C.page.game}`;
  let offered = null;  // {index, field}

  function seen() {
    try { return new Set(JSON.parse(localStorage.getItem(key) || "[]")); }
    catch (err) { return new Set(); }
  }
  function remember(use) {
    const done = seen();
    done.add(`${use.index}:${use.field}`);
    try { localStorage.setItem(key, JSON.stringify([...done])); } catch (err) { /* private */ }
  }

  const setAside = () => { try { return localStorage.getItem(asideKey) === "1"; }
    catch (err) { return false; } };
  function putAside() {
    try { localStorage.setItem(asideKey, "1"); } catch (err) { /* private: this page only */ }
  }

  const estimate = (index, field) => {
    const space = spaces[index];
    return (space && space.estimates && space.estimates[field]) || null;
  };
  const byLabel = (label) => spaces.find((s) => s.label === label);
  const amount = (value) => (Array.isArray(value)
    ? value.map((v) => C.money(C.state(), v)).join(" / ") : C.money(C.state(), value));

  function buyIndex() {
    if (!buy || buy.elements.space.value === "") return null;
    return Number(buy.elements.space.value);
  }

  /* Where an estimate is in use now, first the rents of open claims, then the Buy price. */
  function inUse(state) {
    const uses = [];
    for (const claim of state.claims) {
      const space = byLabel(claim.space);
      if (space && estimate(space.index, "rents")) uses.push({index: space.index, field: "rents"});
    }
    const index = buyIndex();
    if (index !== null && estimate(index, "price")) uses.push({index, field: "price"});
    return uses;
  }

  function mark(state) {
    if (note) {
      const index = buyIndex();
      const found = index === null ? null : estimate(index, "price");
      note.hidden = !found;
      note.textContent = found ? C.fmt("Estimated price: %(amount)s (the standard deed × %(factor)s), not read from your card.",
        {amount: amount(found.value), factor: found.factor}) : "";
    }
    const items = document.querySelectorAll("#claims li");
    state.claims.forEach((claim, n) => {
      const item = items[n];
      const space = byLabel(claim.space);
      if (!item || item.querySelector(".estimate-mark")) return;
      if (!space || !estimate(space.index, "rents")) return;
      const tag = C.estimateMark();
      item.insertBefore(tag, item.querySelector("button"));
    });
  }

  function say(use) {
    const space = spaces[use.index];
    const found = estimate(use.index, use.field);
    const values = {space: space.label, amount: amount(found.value), factor: found.factor};
    document.getElementById("estimate-text").textContent = use.field === "rents"
      ? C.fmt("The rents of %(space)s (%(amount)s) are an estimate: the standard deed × %(factor)s. Do they match the card?", values)
      : C.fmt("The price of %(space)s (%(amount)s) is an estimate: the standard deed × %(factor)s. Does it match the card?", values);
  }

  const same = (a) => (b) => a.index === b.index && a.field === b.field;

  function close() {
    offered = null;
    box.hidden = true;
  }

  /* The notice of the first value in use not asked yet; the one up stays while its value
     is in use, and goes (unanswered, not asked again) when that moment passed. */
  function offer(state) {
    if (state.game.over || setAside()) { close(); return; }
    const uses = inUse(state);
    if (offered && estimate(offered.index, offered.field) && uses.some(same(offered))) return;
    const done = seen();
    offered = uses.find((use) => !done.has(`${use.index}:${use.field}`)) || null;
    box.hidden = !offered;
    if (!offered) return;
    remember(offered);  // the first use only: a reload does not ask again
    say(offered);
  }

  function refresh() {
    const state = C.state();
    if (!state) return;
    mark(state);
    offer(state);
  }

  /* The value is read from the box now: no longer an estimate on this page. */
  function known(index, field) {
    const space = spaces[index];
    if (space && space.estimates) delete space.estimates[field];
    if (offered && same(offered)({index, field})) close();
    for (const tag of document.querySelectorAll("#claims .estimate-mark")) tag.remove();
    refresh();
  }

  C.onClick(document.getElementById("estimate-ok"), async () => {
    if (!offered) return;
    const {index, field} = offered;
    const value = estimate(index, field).value;
    const answer = await C.act({cmd: "edition_value", space: index, field, value},
      document.getElementById("estimate-ok"));
    if (answer.ok) known(index, field);
  });

  document.getElementById("estimate-type").addEventListener("click", () => {
    if (!offered || !C.askValue) return;
    const {index, field} = offered;
    const space = spaces[index];
    const labels = field === "rents" ? space.rent_labels || [] : [];
    close();  // the ask-once form takes it from here
    C.askValue({space: index, space_name: space.label, field, money: true,
      input: field === "rents" ? "list" : "number", count: labels.length || 1, labels,
      prompt: field === "rents"
        ? C.fmt("Enter the rents printed on the deed of %(space)s.", {space: space.label})
        : C.fmt("Enter the price printed on the board for %(space)s.", {space: space.label})});
  });

  document.getElementById("estimate-later").addEventListener("click", () => {
    putAside();  // this game's estimates: not asked again on this console
    close();
  });

  document.addEventListener("companion:value", (event) => {
    const entry = event.detail;
    if (entry && Number.isInteger(entry.space)) known(entry.space, entry.field);
  });
  if (buy) buy.elements.space.addEventListener("change", refresh);
  /* After the other panels: console.js draws the claims and preselects the Buy deed. */
  C.onState(() => setTimeout(refresh, 0));
})();

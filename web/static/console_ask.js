/* Ask once (issue 5): a command refused for a value the edition lacks (the API answers
   `missing`: space, field, prompt, labels) opens a small form; the banker enters the
   figure printed on the card, the console sends `edition_value`, then the refused command
   again (with a fresh id), so the payment completes.  A rent table is one row of amounts
   as printed (issue 15 point 7), with each amount shown beside its label before the one
   confirmation.

   A deed's name (issue 15 points 8, 13) is asked the same way, once, when the deed is
   first used at the table (a landing, a roll that lands, a purchase, an auction): one text
   field and "Record" — or "Not in this game", and the page's placeholder ("Brun 3") stays.
   A wonder marked by a free flight (W2), picked on the console or on a phone, is asked
   for like a landing.

   A command from a phone refused for a missing figure (family play-test 3, finding 4: a car
   rolled onto Skatt in Multimillionær) is fetched from `GET /api/games/<id>/asks`
   (web/phone_asks.py) every few seconds and asked here the same way, naming the phone;
   once the figure is entered the command of the phone is sent again, so the roll counts.
   The phone hears how its ask ended (`POST .../asks/outcome`): done, or skipped ("Not
   now", or refused when sent again), h23 finding 2. */
"use strict";

(() => {
  const C = Companion;
  const box = document.getElementById("ask-once");
  const form = document.getElementById("ask-form");
  const inputs = document.getElementById("ask-inputs");
  let pending = null;  // {command, missing}

  function input(missing, label, n) {
    const wrap = C.el("label", label);
    const field = C.el("input");
    field.name = "value";
    field.required = true;
    field.dataset.index = String(n);
    if (missing.input === "text") {
      field.maxLength = 80;
      field.autocomplete = "off";
      if (missing.field === "name") named(field);
    } else {
      field.type = "number";
      field.inputMode = "numeric";
      field.min = "0";
      field.step = "1";
      if (missing.money) field.dataset.money = "";
    }
    wrap.append(field);
    return wrap;
  }

  /* A name is words (issue 16 point 1): figures typed here ("1.500 7.000 20.000", a rent
     meant for another question) are refused before they are sent, and the core refuses
     them too (companion/editions/validate.py), so they are never kept as a name. */
  function named(field) {
    field.type = "text";
    field.inputMode = "text";
    field.autocapitalize = "words";
    field.placeholder = C.t("Letters, as on the board");
    const check = () => field.setCustomValidity(!field.value.trim() || /\p{L}/u.test(field.value)
      ? "" : C.t("A name has letters. Figures such as rents are asked for separately."));
    field.addEventListener("input", check);
  }

  /* The amounts of one row as printed on the card (issue 15): separated by spaces (or
     ";" "/"), thousands grouped with "." "," or a thin space inside an amount, "kr" and
     other words ignored: "1.000 5.000 15.000" -> [1000, 5000, 15000]. */
  function amounts(text) {
    return text.split(/[\s;/]+/).map((part) => part.replace(/[.,\u00a0\u202f']/g, ""))
      .filter((part) => /\d/.test(part)).map((part) => Number(part.replace(/\D/g, "")));
  }

  /* One row for a rent table: the amounts as printed, checked live against the labels. */
  function row(missing) {
    const wrap = C.el("label", C.t("The amounts as printed, left to right:"));
    const field = C.el("input");
    field.name = "value";
    field.required = true;
    field.autocomplete = "off";
    field.inputMode = "text";
    field.placeholder = "1.000 5.000 15.000 …";
    field.dataset.row = "";
    const preview = C.el("ol", null, "ask-preview");
    const check = () => {
      const got = amounts(field.value);
      preview.replaceChildren(...missing.labels.map((label, n) => C.el("li",
        `${label}: ${n < got.length ? C.money(C.state(), got[n]) : "?"}`)));
      field.setCustomValidity(got.length === missing.count ? ""
        : C.nt("Enter %(count)s amount.", "Enter %(count)s amounts.", missing.count,
          {count: missing.count}));
    };
    field.addEventListener("input", check);
    wrap.append(field);
    check();
    return [wrap, preview];
  }

  function ask(command, answer) {
    const missing = answer.missing;
    pending = {command, missing};
    document.getElementById("ask-prompt").textContent = missing.prompt;
    const title = document.getElementById("ask-title");
    title.dataset.figure = title.dataset.figure || title.textContent;
    title.textContent = missing.field === "name" ? title.dataset.name : title.dataset.figure;
    box.dataset.kind = missing.field === "name" ? "name" : "figure";  // its own look
    // a name skipped is not asked again in this game; a figure skipped is asked next time
    document.getElementById("ask-cancel").textContent =
      missing.field === "name" ? C.t("Not in this game") : C.t("Not now");
    if (missing.input === "list") inputs.replaceChildren(...row(missing));
    else inputs.replaceChildren(input(missing, "", 0));
    box.hidden = false;
    box.scrollTop = 0;  // from its heading (h23 console 2), even when it must scroll inside
    box.scrollIntoView({block: "center"});
    const first = inputs.querySelector("input");
    if (first) first.focus({preventScroll: true});
  }

  function value(missing) {
    const field = inputs.querySelector("input[name=value]");
    if (missing.input === "text") return field.value.trim();
    return missing.input === "list" ? amounts(field.value) : Number(field.value);
  }

  /* A deed name, asked once per deed. */
  const spaces = ((C.page && C.page.board) || {}).spaces || [];
  const deeds = ((C.page && C.page.board) || {}).deeds || [];
  const game = C.page ? C.page.game : "";
  const skipped = `companion-names-asked:${game}`;
  const USES = new Set(["land", "buy", "auction_open", "auction_sold", "roll", "free_flight"]);

  function asked() {
    try { return new Set(JSON.parse(localStorage.getItem(skipped) || "[]")); }
    catch (err) { return new Set(); }
  }
  function remember(index) {
    const seen = asked();
    seen.add(index);
    try { localStorage.setItem(skipped, JSON.stringify([...seen])); } catch (err) { /* private */ }
  }

  /* The board index a recorded command used (a roll: where the token now stands). */
  function used(command) {
    if (!USES.has(command.cmd)) return null;
    if (command.cmd === "roll") {
      const state = C.state();  // after the answer (which may carry a change, not a state)
      const player = state && C.player(state, command.player);
      return player ? player.position : null;
    }
    const index = Number(command.space);
    return command.space !== "" && Number.isInteger(index) ? index : null;
  }

  function askName(command) {
    const index = used(command);
    const space = index === null ? null : spaces[index];
    if (!space || space.named || !["street", "station", "utility"].includes(space.kind)) return;
    if (pending || asked().has(index) || (C.state() && C.state().game.over)) return;
    remember(index);  // once per deed: "Not now" keeps the placeholder
    ask(null, {missing: {space: index, space_name: space.label, field: "name", input: "text",
      count: 1, labels: [], money: false,
      prompt: C.fmt("What name is printed on the board at %(space)s?", {space: space.label})}});
  }

  /* From now on the deed is called by its name: the lists this page drew show it. */
  function rename(index, name) {
    const old = spaces[index] ? spaces[index].label : null;
    for (const row of [spaces[index], deeds.find((d) => d.index === index)]) {
      if (row) { row.label = name; row.named = true; }
    }
    for (const option of document.querySelectorAll(`option[value="${Number(index)}"]`)) {
      if (old && option.textContent.includes(old)) {
        option.textContent = option.textContent.replace(old, name);
      }
    }
  }

  C.onSubmit(form, async () => {
    if (!pending) return;
    const {command, missing, phone} = pending;
    const entry = {cmd: "edition_value", field: missing.field, value: value(missing)};
    if (missing.space !== null && missing.space !== undefined) entry.space = missing.space;
    const answer = await C.act(entry, form);
    if (!answer.ok) return;  // the refusal (rents must rise, …) is in the status line
    pending = null;
    box.hidden = true;
    if (missing.field === "name") rename(missing.space, entry.value);
    document.dispatchEvent(new CustomEvent("companion:value", {detail: entry}));  // estimates
    // again, with a fresh id; may ask for the next value (then still for the same phone)
    const again = command ? await C.act(command) : null;
    if (again && phone && again.missing && pending) pending.phone = phone;
    else if (again && phone) outcome(phone, again.ok ? "done" : "skipped");
    form.dispatchEvent(new Event("companion:asked"));
  });

  /* The phone that asked hears how it ended (web/phone_asks.py, h23 finding 2). */
  function outcome(player, what) {
    C.post(C.gameUrl(game, "/asks/outcome"), {player, outcome: what}, 2);
  }

  document.getElementById("ask-cancel").addEventListener("click", () => {
    if (pending && pending.phone) outcome(pending.phone, "skipped");
    pending = null;
    box.hidden = true;
    form.dispatchEvent(new Event("companion:asked"));
  });

  /* W2: a new passport mark in the state, as a free flight makes (picked on the console
     or on a phone), asks for the name of the wonder as a landing does. */
  let marked = null;
  function askFlown(state) {
    const now = new Map(state.players.map((p) => [p.name, (p.passport || []).map((m) => m.index)]));
    const before = marked;
    marked = now;
    if (!before) return;
    for (const [name, marks] of now) {
      const old = new Set(before.get(name) || []);
      for (const index of marks.filter((i) => !old.has(i))) {
        askName({cmd: "free_flight", space: index});
      }
    }
  }

  /* What the phones asked for (web/phone_asks.py), one at a time. */
  const waiting = [];
  const POLL_MS = 1500;
  function nextPhoneAsk() {
    if (pending || !waiting.length) return;
    const {player, command, missing, moment} = waiting.shift();
    ask(command, {missing: {...missing,
      prompt: C.fmt("%(player)s asks from their phone: %(prompt)s", {player, prompt: missing.prompt})}});
    pending.moment = moment;
    pending.phone = player;
  }
  /* A phone ask open here is dropped once the game has moved on (issue 16 point 2: the
     turn, the player to roll or the phase changed): its command would be refused now. */
  function dropStale(state) {
    const m = pending && pending.moment;
    if (!m || !state.game || !state.turn) return;
    const turn = state.turn;
    if (state.game.over || m[0] !== turn.number || m[1] !== turn.player || m[2] !== turn.phase) {
      pending = null;
      box.hidden = true;
      form.dispatchEvent(new Event("companion:asked"));
    }
  }
  async function pollPhones() {
    if (pending || waiting.length) {  // fetched only when it can be asked: never kept stale here
      nextPhoneAsk();
      setTimeout(pollPhones, POLL_MS);
      return;
    }
    try {
      const response = await fetch(C.gameUrl(game, "/asks"),
        {credentials: "same-origin", cache: "no-store"});
      if (response.ok) waiting.push(...((await response.json()).asks || []));
    } catch (err) { /* offline: next time */ }
    nextPhoneAsk();
    setTimeout(pollPhones, POLL_MS);
  }
  if (game) setTimeout(pollPhones, POLL_MS);
  form.addEventListener("companion:asked", nextPhoneAsk);

  C.onMissing(ask);
  C.onState(askFlown);
  C.onState(dropStale);
  C.askValue = (missing) => ask(null, {missing});  // a figure typed from the card (estimates)
  C.onRecorded(askName);
})();

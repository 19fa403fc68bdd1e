/* The console's new-game form (variants C23/C24, chosen deal, the house rules the chosen
   edition can use) and the
   countdown of a timed game with its "Time is up" button. */
"use strict";

(() => {
  const C = Companion;
  const form = document.getElementById("new-game");
  const editions = JSON.parse(document.getElementById("edition-deeds").textContent || "[]");
  const players = [...form.querySelectorAll("[name=player]")];
  const checked = (name) => (form.querySelector(`[name=${name}]:checked`) || {}).value;

  /* Show what the chosen variant needs; refill the deal's deed lists for the edition. */
  function refresh() {
    const variant = form.elements.variant.value;
    for (const part of form.querySelectorAll("[data-variant]")) {
      part.hidden = !part.dataset.variant.split(" ").includes(variant);
    }
    if (variant === "quick" && checked("deal") === "none") {
      form.querySelector("[name=deal][value=random]").checked = true;
    }
    const chosen = variant !== "standard" && checked("deal") === "chosen";
    document.getElementById("deal-choice").hidden = !chosen;
    const edition = editions.find((e) => e.id === form.elements.edition.value) || {deeds: []};
    for (const part of form.querySelectorAll("[data-house-rule]")) {  // what the edition can use
      const rule = part.dataset.houseRule;
      part.hidden = Boolean(edition.house_rules) && !edition.house_rules.includes(rule);
      if (part.hidden) form.elements[rule].checked = false;
    }
    for (const row of form.querySelectorAll(".deal-row")) {
      const name = players[Number(row.dataset.seat)].value.trim();
      row.hidden = !name;
      row.querySelector(".deal-name").textContent = name;
      for (const select of row.querySelectorAll("select")) {
        if (select.dataset.edition === edition.id) continue;
        select.dataset.edition = edition.id;
        select.replaceChildren(...edition.deeds.map((deed) => {
          const option = C.el("option", `${deed.label} (${deed.price})`);
          option.value = String(deed.index);
          return option;
        }));
      }
    }
  }

  function body() {
    const names = players.map((input) => input.value.trim()).filter(Boolean);
    const out = {edition: form.elements.edition.value, players: names, id: C.newId(),
      variant: form.elements.variant.value,
      house_rules: {free_parking_pot: form.elements.free_parking_pot.checked,
        auto_rent: form.elements.auto_rent.checked}};
    if (out.variant === "timed") out.minutes = Number(form.elements.minutes.value);
    const deal = checked("deal");
    if (out.variant !== "standard" && deal === "random") out.deal = "random";
    if (out.variant !== "standard" && deal === "chosen") {
      out.deal = {};
      for (const row of form.querySelectorAll(".deal-row:not([hidden])")) {
        out.deal[row.querySelector(".deal-name").textContent] =
          [...row.querySelectorAll("select")].map((select) => Number(select.value));
      }
    }
    return out;
  }

  form.addEventListener("input", refresh);
  form.addEventListener("change", refresh);
  /* The new game's pages speak its edition's language (web/locale_choice.py, rule 4): the
     form does not store its own language as the device's choice, so only a language picked
     with the header switch (the `companion_lang` cookie) outranks the edition (issue 15
     point 13). */
  C.onSubmit(form, async () => {
    const answer = await C.post("/api/games", body());
    if (!answer.ok) { C.say(answer.error, true, form); return; }
    /* replace, not a new history entry: Back never shows the empty form again (issue 16
       h17-fix point 1). */
    location.replace(`/?game=${encodeURIComponent(answer.game)}`);
  });
  refresh();

  /* C24: the countdown, from the server's clock (the page says what time it was there). */
  if (!C.page) return;
  const skew = C.page.now - Date.now() / 1000;
  const clock = document.getElementById("clock");
  const timeUp = document.getElementById("time-up");

  function left(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    const pad = (n) => String(n).padStart(2, "0");
    const hours = Math.floor(s / 3600);
    const mmss = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
    return hours ? `${hours}:${mmss}` : mmss;
  }

  function tick() {
    const state = C.state();
    const endsAt = state && state.game.ends_at;
    clock.hidden = !endsAt || state.game.over;
    if (!endsAt) { timeUp.hidden = true; return; }
    const seconds = endsAt - (Date.now() / 1000 + skew);
    clock.textContent = C.fmt("Time left: %(time)s", {time: left(seconds)});
    timeUp.hidden = state.game.over || seconds > 0;
  }

  C.onState(tick);
  setInterval(tick, 1000);
})();

/* Shared by the console and the wallet: sending commands, live state, small DOM helpers. */
"use strict";

const Companion = (() => {
  const csrf = (document.querySelector('meta[name="csrf"]') || {}).content || "";
  const strings = JSON.parse((document.getElementById("i18n") || {}).textContent || "{}");
  const t = (text) => strings[text] || text;
  /* A translated sentence, placeholders filled: fmt("Time left: %(time)s", {time: "5:00"}). */
  const fmt = (text, vars) => t(text).replace(/%\((\w+)\)[sd]/g,
    (whole, key) => (key in vars ? String(vars[key]) : whole));
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /* A fresh client id; crypto.randomUUID needs HTTPS, getRandomValues does not. */
  function newId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  /* POST JSON; on network failure or a 5xx, retry the very same body (same client id). */
  async function post(url, body, tries = 6) {
    let pause = 400;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await fetch(url, {
          method: "POST", credentials: "same-origin", cache: "no-store",
          headers: {"Content-Type": "application/json", "X-Companion-CSRF": csrf},
          body: JSON.stringify(body),
        });
        if (response.status < 500) {
          return await response.json().catch(() => ({ok: false, error: response.statusText}));
        }
      } catch (err) { /* network trouble: retry below */ }
      if (attempt >= tries) return {ok: false, error: t("Could not reach the bank.")};
      say(t("Network trouble, retrying…"));
      await sleep(pause);
      pause = Math.min(pause * 2, 4000);
    }
  }

  function gameUrl(game, rest = "") {
    return `/api/games/${encodeURIComponent(game)}${rest}`;
  }

  /* Ask once (issue 5): who handles a refusal for a value the edition lacks. */
  let missingHandler = null;
  const onMissing = (fn) => { missingHandler = fn; };

  /* Send one command; resolves with the server's answer ({ok, seq, state} or {ok, error}).
     A refusal with `missing` goes to the onMissing handler with the command (no id). */
  async function send(game, command, onState) {
    say(t("Sending…"));
    const answer = await post(gameUrl(game, "/commands"), {...command, id: newId()});
    say(answer.ok ? t(answer.duplicate ? "Already recorded." : "Done.") : answer.error, !answer.ok);
    if (answer.ok && answer.state && onState) onState(answer.state);
    if (!answer.ok && answer.missing && missingHandler) missingHandler(command, answer);
    return answer;
  }

  /* Keep `onState(state)` fed: Server-Sent Events, else polling every 3 s. */
  function live(game, onState) {
    let seq = -1;
    const accept = (state) => {
      if (state && state.game && state.game.seq > seq) { seq = state.game.seq; onState(state); }
    };
    const poll = async () => {
      try {
        const response = await fetch(gameUrl(game, `?after=${Math.max(seq, 0)}`),
          {credentials: "same-origin", cache: "no-store"});
        if (response.status === 200) accept(await response.json());
        mode(response.ok ? "polling" : "offline");
      } catch (err) { mode("offline"); }
      setTimeout(poll, 3000);
    };
    const forcePoll = new URLSearchParams(location.search).has("poll");
    if (!window.EventSource || forcePoll) { poll(); return accept; }
    const source = new EventSource(gameUrl(game, "/events"));
    let failures = 0;
    source.onopen = () => { failures = 0; mode("live"); };
    source.onmessage = (event) => { failures = 0; mode("live"); accept(JSON.parse(event.data)); };
    source.onerror = () => {
      failures += 1;
      mode("offline");
      if (source.readyState === EventSource.CLOSED || failures >= 3) { source.close(); poll(); }
    };
    return accept;
  }

  function mode(name) {
    const badge = document.getElementById("conn");
    if (badge) { badge.textContent = t(name); badge.dataset.mode = name; }
  }

  function say(text, bad = false) {
    const status = document.getElementById("status");
    if (status) { status.textContent = text || ""; status.classList.toggle("bad", bad); }
  }

  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function fill(list, items, empty) {
    list.replaceChildren(...(items.length ? items : [el("li", t(empty), "empty")]));
  }

  function money(state, amount) {
    if (window.formatMoney) return window.formatMoney(amount, state.game.unit);
    return `${new Intl.NumberFormat(document.documentElement.lang).format(amount)} ${state.game.unit || ""}`.trim();
  }

  /* The command a form describes: data-cmd plus its named fields. */
  function formCommand(form) {
    const command = {cmd: form.dataset.cmd};
    for (const field of form.querySelectorAll("[name]")) {
      if (field.disabled || field.closest("[hidden]")) continue;
      if ((field.type === "checkbox" || field.type === "radio") && !field.checked) continue;
      const value = field.value.trim();
      if (value === "" && "optional" in field.dataset) continue;
      const parsed = field.dataset.type === "int" && value !== "" ? Number(value) : value;
      if ("list" in field.dataset) (command[field.name] ||= []).push(parsed);
      else command[field.name] = parsed;
    }
    return command;
  }

  function describe(command) {
    const skip = new Set(["cmd", "id"]);
    const parts = Object.entries(command).filter(([key]) => !skip.has(key))
      .map(([key, value]) => `${key} ${typeof value === "object" ? JSON.stringify(value) : value}`);
    return `${command.cmd} ${parts.join(", ")}`;
  }

  async function history(game, list, limit = 12) {
    try {
      const response = await fetch(gameUrl(game, `/history?limit=${limit}`),
        {credentials: "same-origin", cache: "no-store"});
      const data = await response.json();
      if (!data.ok) return;
      const items = data.history.slice().reverse().map((row) => {
        const item = el("li", `#${row.seq} ${row.actor}: ${describe(row.command)}`);
        if (row.undone) { item.classList.add("undone"); item.title = t("undone"); }
        return item;
      });
      fill(list, items, "Nothing yet.");
    } catch (err) { /* the next state will try again */ }
  }

  function winner(state) {
    const box = document.getElementById("winner");
    if (!box) return;
    const name = state.tally && state.tally.winner;
    box.hidden = !state.game.over;
    box.textContent = !state.game.over ? ""
      : name ? fmt("The game is over. The winner is %(name)s.", {name})
        : t("The game is over.");
    const link = document.getElementById("tally-link");
    if (link) link.hidden = !state.game.over;
  }

  function badges(state, player) {
    const out = [];
    if (player.bankrupt) out.push(t("bankrupt"));
    if (state.turn.player === player.name) out.push(t("to roll"));
    if (player.in_jail && player.jail_tries) {
      out.push(fmt("in jail, %(tries)s failed tries", {tries: player.jail_tries}));
    } else if (player.in_jail) out.push(t("in jail"));
    if (player.jail_cards) out.push(fmt("%(count)s jail cards", {count: player.jail_cards}));
    return out.join(" · ");
  }

  /* "hotel", "1 house", "3 houses" or "" for a deed's buildings. */
  function level(space) {
    if (space.hotel) return t("hotel");
    if (!space.houses) return "";
    return space.houses === 1 ? t("1 house") : fmt("%(count)s houses", {count: space.houses});
  }

  function deedText(space) {
    const extra = [level(space)].filter(Boolean);
    if (space.mortgaged) extra.push(t("mortgaged"));
    return extra.length ? `${space.name} (${extra.join(", ")})` : space.name;
  }

  /* Modules register what they draw with onState(fn); start() feeds every one of them. */
  const renderers = [];
  let accept = null;
  let current = null;
  function onState(fn, first = false) {
    if (first) renderers.unshift(fn); else renderers.push(fn);
    if (current) fn(current);
  }
  function start(game) {
    accept = live(game, (state) => {
      current = state;
      for (const fn of renderers) {
        try { fn(state); } catch (err) { console.error(err); }
      }
    });
    if (page && page.state) accept(page.state);
    return accept;
  }
  const act = (command) => send(page.game, command, accept);
  const state = () => current;

  function player(state, name) {
    return state.players.find((p) => p.name === name);
  }

  /* A button that sends `command` (a function is called for it when clicked). */
  function button(text, command, className) {
    const node = el("button", text, className);
    node.type = "button";
    node.addEventListener("click", () => act(typeof command === "function" ? command() : command));
    return node;
  }

  const page = JSON.parse((document.getElementById("page") || {}).textContent || "null");
  return {t, fmt, newId, post, send, live, say, el, fill, money, formCommand, history, winner,
          page, gameUrl, badges, deedText, level, onState, start, act, state, player, button,
          onMissing};
})();

/* Shared by the console and the wallet: sending commands, live state, small DOM helpers. */
"use strict";

const Companion = (() => {
  const csrf = (document.querySelector('meta[name="csrf"]') || {}).content || "";
  const strings = JSON.parse((document.getElementById("i18n") || {}).textContent || "{}");
  const t = (text) => strings[text] || text;
  /* A translated sentence, placeholders filled: fmt("Time left: %(time)s", {time: "5:00"}). */
  const fmt = (text, vars) => t(text).replace(/%\((\w+)\)[sd]/g,
    (whole, key) => (key in vars ? String(vars[key]) : whole));
  /* A plural sentence (Babel's plural forms, issue 15): the page language's form for the
     count n, placeholders filled (%(num)s is n): nt("%(num)s share", "%(num)s shares", 2). */
  const plurals = typeof Intl.PluralRules === "function"
    ? new Intl.PluralRules(strings.$locale || "en") : null;
  const nt = (one, many, n, vars = {}) => {
    const forms = strings[`$n:${one}`];
    const category = plurals ? plurals.select(n) : (n === 1 ? "one" : "other");
    const text = forms ? forms[category] || forms.other : (n === 1 ? one : many);
    const all = {num: n, ...vars};
    return text.replace(/%\((\w+)\)[sd]/g, (whole, key) => (key in all ? String(all[key]) : whole));
  };
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /* A fresh client id; crypto.randomUUID needs HTTPS, getRandomValues does not. */
  function newId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  /* POST JSON; on network failure or a 5xx, retry the very same body (same client id).
     The answer carries the HTTP `status`; 401 means this device's link was replaced. */
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
          const answer = await response.json()
            .catch(() => ({ok: false, error: response.statusText}));
          if (response.status === 401) lost();
          return {...answer, status: response.status};
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
  let askedHandler = null;  // a phone: waits for the banker's answer (wallet_asks.js)
  let waitingForBanker = false;  // a page without one: the line shows until news comes
  const onMissing = (fn) => { missingHandler = fn; };
  const onAsked = (fn) => { askedHandler = fn; };
  /* `onRecorded(fn)`: fn(command, answer) after each command the bank recorded (the
     console asks a deed's name once, issue 15 point 8). */
  let recordedHandler = null;
  const onRecorded = (fn) => { recordedHandler = fn; };

  /* Send one command; resolves with the server's answer ({ok, seq, text, and `change`
     or `state`} or {ok, error}: web/README.md "Serving").  `onState` gets the answer's
     state; an answer's change goes to `onState.change` (live()'s: applied to the state
     it holds).  The state after the answer is `state()`, not `answer.state`.  `origin`
     (the form or button it came from) is where the status line shows.  A refusal with
     `missing` goes to the onMissing handler with the command, and no red line shows
     (h23 console 1: the dialog names the figure; a real refusal keeps its red line). */
  async function send(game, command, onState, origin) {
    say(t("Sending…"), false, origin);
    const answer = await post(gameUrl(game, "/commands"), {...command, id: newId()});
    if (answer.ok) {
      let text = t(answer.duplicate ? "Already recorded." : "Done.");
      if (answer.undone) text = fmt("Undone: %(what)s", {what: answer.undone});
      else if (answer.text && !answer.duplicate) text = fmt("Done: %(what)s", {what: answer.text});
      done(text, answer.seq);
    } else if (answer.missing && !missingHandler) {  // a phone: the console asks (finding 4)
      say(t("A figure is missing: the banker is asked for it, and this counts once it is entered."));
      if (askedHandler) askedHandler(command, answer); else waitingForBanker = true;
    } else if (answer.missing) {  // the console's ask dialog says it: a step, not an error
      say("");
    } else if (answer.status !== 401) {
      say(answer.error, true);
      unhide();
    }
    if (answer.ok && onState) {  // the change the streams got (issue 19), else the state
      if (answer.change && onState.change) onState.change(answer.change);
      else if (answer.state) onState(answer.state);
    }
    if (!answer.ok && answer.missing && missingHandler) missingHandler(command, answer);
    if (answer.ok && recordedHandler) recordedHandler(command, answer);
    return answer;
  }

  /* Every form sends at most one command per submission: while its request is in
     flight its submit buttons are disabled and further submits are ignored (a retry
     after network trouble re-sends the same client id).  handler(event) may be async. */
  function onSubmit(form, handler) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (form.dataset.busy) return;
      busy(form, true);
      try { await handler(event); } finally { busy(form, false); }
    });
  }

  function busy(form, on) {
    if (on) form.dataset.busy = "1"; else delete form.dataset.busy;
    form.setAttribute("aria-busy", on ? "true" : "false");
    for (const button of form.querySelectorAll("button:not([type=button])")) button.disabled = on;
  }

  /* A button that runs `handler()` (async) at most once at a time. */
  function onClick(button, handler) {
    button.addEventListener("click", async () => {
      if (button.dataset.busy) return;
      button.dataset.busy = "1";
      button.disabled = true;
      try { await handler(); } finally { delete button.dataset.busy; button.disabled = false; }
    });
  }

  /* After a command went through: empty the form's typed fields (back to their default,
     e.g. "1" for a count), so a memo or the "000" preview does not linger. */
  function clear(form) {
    for (const field of form.querySelectorAll("input")) {
      if (["hidden", "checkbox", "radio", "submit", "button"].includes(field.type)) continue;
      if (field.value === field.defaultValue) continue;
      field.value = field.defaultValue;
      field.dispatchEvent(new Event("input", {bubbles: true}));
    }
  }

  /* This device's link no longer works (a new QR code was made): say so instead of
     showing a stale wallet, and stop listening. */
  let gone = false;
  const stoppers = [];
  function lost() {
    if (gone) return;
    gone = true;
    for (const stop of stoppers) stop();
    mode("offline");
    const notice = el("p", t(page && page.me
      ? "This phone's link is no longer valid — ask the banker for a new QR code."
      : "This device's link is no longer valid — scan the banker's QR code again."),
    "notice lost-notice");
    notice.id = "lost";
    notice.setAttribute("role", "alert");
    const main = document.querySelector("main");
    if (main) main.prepend(notice);
    document.body.classList.add("lost");
  }

  /* Is this device's token still good?  (An SSE stream that failed cannot tell.) */
  async function probe(game) {
    try {
      const response = await fetch(gameUrl(game, "?after=0"),
        {credentials: "same-origin", cache: "no-store"});
      if (response.status === 401) lost();
    } catch (err) { /* offline: nothing to learn */ }
  }

  /* A nameless space's core label ("brown #3", anywhere in the state) as the page calls
     it ("Brun 3": `$places`, web/place_names.py); a name entered at the table is in the
     state itself (issue 15 point 8). */
  function places(value) {
    const found = strings.$places || {};
    if (typeof value === "string") return Object.hasOwn(found, value) ? found[value] : value;
    if (Array.isArray(value)) return value.map(places);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, places(v)]));
    }
    return value;
  }

  /* The state a change (issue 19, web/changes.py) leads to from `state`, the state at
     `change.base` (not changed itself): each `[path, value]` of `change.set` sets a
     section, a field of a section, the players, a player by name or a field of one;
     `["players", name, field, start, end]` splices: `value` replaces field[start:end].
     The twin of web.changes.rebuild; throws when a named player is not in `state`. */
  function applyChange(state, change) {
    const next = typeof structuredClone === "function"
      ? structuredClone(state) : JSON.parse(JSON.stringify(state));
    next.game.seq = change.seq;  // not among the sets: the change's own seq
    for (const [path, value] of change.set) {
      if (path[0] === "players" && path.length > 1) {
        const at = next.players.findIndex((p) => p.name === path[1]);
        if (at < 0) throw new Error("no such player");
        const one = next.players[at];
        if (path.length === 2) next.players[at] = value;
        else if (path.length === 5) one[path[2]].splice(path[3], path[4] - path[3], ...value);
        else one[path[2]] = value;
      } else if (path.length === 1) {
        next[path[0]] = value;
      } else {
        next[path[0]][path[1]] = value;
      }
    }
    return next;
  }

  /* Keep `onState(state)` fed (live.js: the stream, polling and reconnecting). */
  function live(game, onState) {
    return Live.follow(game, onState, {
      url: (rest) => gameUrl(game, rest), read: places, applyChange, lost,
      probe: () => probe(game), mode, gone: () => gone, stoppers,
    });
  }

  function mode(name) {
    const badge = document.getElementById("conn");
    if (!badge) return;
    badge.textContent = t(name === "reconnecting" ? "reconnecting…" : name);
    badge.dataset.mode = name;
  }

  /* The status line: in the page's flow (it never covers anything), moved next to the
     form or button a command came from.  "Done." fades after a few seconds; an error
     stays until dismissed or the next command. */
  const statusBox = document.getElementById("status");
  let hideTimer = null;
  let doneAt = null;  // the sequence number of the command a "Done" line tells of, or null
  let doneClaims = null;  // the ids of the claims open in the state at `doneAt`
  if (statusBox) {
    const close = statusBox.querySelector(".status-close");
    if (close) close.addEventListener("click", () => say(""));
  }

  /* Issue 16 (family 3, finding 3): a refusal must be seen.  A command retried after
     network trouble may be refused once the state moved on (a claim lapsed), and the card
     it came from is hidden by then: the line goes back to its own place in the page. */
  const home = statusBox ? {parent: statusBox.parentNode, next: statusBox.nextSibling} : null;
  function unhide() {
    if (!statusBox || statusBox.hidden || !statusBox.parentElement) return;
    if (!statusBox.parentElement.closest("[hidden]")) return;
    home.parent.insertBefore(statusBox, home.next && home.next.parentNode === home.parent ? home.next : null);
  }

  function place(origin) {
    if (!statusBox || !origin || !origin.closest) return;
    if (origin.closest("[data-status-home]")) {  // the dock of the wallet: the line stays home
      if (statusBox.parentNode !== home.parent) home.parent.insertBefore(statusBox, home.next);
      return;
    }
    const form = origin.closest("form");
    if (form) { form.append(statusBox); return; }
    const holder = origin.closest("section, .card, .box, details") || origin.parentElement;
    if (holder) holder.append(statusBox);
  }

  function say(text, bad = false, origin = null) {
    if (!statusBox) return;
    clearTimeout(hideTimer);
    doneAt = null;
    if (origin) place(origin);
    const line = statusBox.querySelector(".status-text") || statusBox;
    line.textContent = text || "";
    statusBox.classList.toggle("bad", bad);
    statusBox.hidden = !text;
    const close = statusBox.querySelector(".status-close");
    if (close) close.hidden = !bad;
  }

  /* Family play-test 4 (C5): "Done: Per rolled … Ola may claim 120 kr rent from Per." is
     stale once that claim is closed (claimed, or lapsed), and goes then, not after its
     4 s (`doneAt`, `doneClaims`: declared with the status line). */
  const openClaims = (s) => new Set(((s && s.claims) || []).map((claim) => claim.id));
  function dropStale(s) {
    if (doneAt === null || !s || !s.game) return;
    if (s.game.seq === doneAt) doneClaims = openClaims(s);
    else if (s.game.seq > doneAt && doneClaims) {
      const open = openClaims(s);
      if ([...doneClaims].some((id) => !open.has(id))) say("");
    }
  }

  const DONE_MS = 4000;
  /* Say `text` for a few seconds; `seq`: the command it tells of (its line goes early
     when a claim open after it closes). */
  function done(text, seq = null) {
    say(text);
    doneAt = seq;
    doneClaims = null;
    if (seq !== null) dropStale(current);
    hideTimer = setTimeout(() => say(""), DONE_MS);
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

  /* C5/M11: who must roll for an open claim to lapse ("Lapses when Åse rolls."); ``me``:
     the phone's player, said as "you". */
  function lapseText(claim, me) {
    const who = claim.lapses_with;
    if (!who) return "";
    if (who === me) {
      return t(claim.at_ola_roll ? "Lapses when you roll for Ola Nordmann." : "Lapses when you roll.");
    }
    return fmt(claim.at_ola_roll ? "Lapses when %(player)s rolls for Ola Nordmann."
      : "Lapses when %(player)s rolls.", {player: who});
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

  /* The recent commands in words (the server describes them: web/describe/);
     undone ones struck through.  Resolves with the answer (its `undo`: what undo would
     reverse now, for the banker). */
  async function history(game, list, limit = 12) {
    try {
      const response = await fetch(gameUrl(game, `/history?limit=${limit}`),
        {credentials: "same-origin", cache: "no-store"});
      const data = await response.json();
      if (!data.ok) return null;
      if (list) {
        const items = data.history.slice().reverse().map((row) => {
          // a phone's own money first in its own words (issue 16 point 5)
          const item = el("li", row.yours && row.yours.length ? row.yours.join(" ") : row.text);
          if (row.undone) {
            item.classList.add("undone");
            item.append(" ", el("span", t("(undone)"), "undone-mark"));
          }
          return item;
        });
        fill(list, items, "Nothing yet.");
      }
      return data;
    } catch (err) { return null; }  // the next state will try again
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
    document.body.classList.toggle("over", Boolean(state.game.over));
  }

  /* Whose turn the headlines name: the player to roll, or, when that player went bankrupt
     in their own turn, the player who rolls next (`turn.next`, C3): the bankrupt player
     does not "have the turn" while the next player's dice are live (h17-fix point 3). */
  function turnName(state) {
    const current = player(state, state.turn.player);
    return current && current.bankrupt ? state.turn.next : state.turn.player;
  }

  /* Whether the player to roll has rolled this turn (then they "have the turn"). */
  function hasRolled(state) {
    const last = state.turn.last_roll;
    return Boolean(last && turnName(state) === state.turn.player
      && last.player === state.turn.player && last.turn === state.turn.number);
  }

  function badges(state, player) {
    const out = [];
    if (player.bankrupt) out.push(t("bankrupt"));
    if (!state.game.over && turnName(state) === player.name) {  // W3: over
      out.push(hasRolled(state) ? t("has the turn") : t("to roll"));
    }
    if (player.in_jail && player.jail_tries) {
      out.push(nt("in jail, %(num)s failed try", "in jail, %(num)s failed tries",
        player.jail_tries));
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
      // Drawn: a marker with this state's sequence number (benchmarks/table_flow.py).
      if (state.game) performance.mark("companion-state", {detail: state.game.seq});
    });
    if (page && page.state) accept(page.state);
    return accept;
  }
  const act = (command, origin) => send(page.game, command, accept, origin);
  const state = () => current;

  /* Lists of players leave bankrupt players out (C21: out of the game): their options are
     taken out of every choice of player (hidden options still show, greyed, in a phone's
     own picker: h17-fix point 4), and a choice resting on one moves on to the first player
     left.  The options taken out are kept: an undone bankruptcy puts them back in place. */
  const parked = new WeakMap();  // select -> [{option, parent, before}]

  function putBack(select) {
    for (const {option, parent, before} of parked.get(select) || []) {
      if ([...select.options].some((o) => o.value === option.value)) continue;  // refilled
      const into = parent !== select && select.contains(parent) ? parent : select;
      into.insertBefore(option, before && before.parentNode === into ? before : null);
    }
    parked.delete(select);
  }

  function leaveOutBankrupt(state) {
    const out = new Set(state.players.filter((p) => p.bankrupt).map((p) => p.name));
    for (const select of document.querySelectorAll("select")) {
      putBack(select);
      let moved = false;
      const taken = [];
      for (const option of [...select.options]) {
        if (!out.has(option.value)) continue;
        moved = moved || option.selected;
        taken.push({option, parent: option.parentNode, before: option.nextSibling});
        option.remove();
      }
      if (taken.length) parked.set(select, taken);
      const next = moved && [...select.options].find((o) => !o.disabled);
      if (next) {
        select.value = next.value;
        select.dispatchEvent(new Event("change", {bubbles: true}));
      }
    }
  }
  onState(leaveOutBankrupt);
  onState(() => setTimeout(unhide, 0));  // after every renderer hid what it hides
  onState(() => { if (waitingForBanker) { waitingForBanker = false; say(""); } });
  onState(dropStale);

  function player(state, name) {
    return state.players.find((p) => p.name === name);
  }

  /* A button that sends `command` (a function is called for it when clicked). */
  function button(text, command, className) {
    const node = el("button", text, className);
    node.type = "button";
    onClick(node, () => act(typeof command === "function" ? command() : command, node));
    return node;
  }

  /* The "estimated rent" badge of a rent claim (issue 15 point 9): what it means is its
     title and, tapped (a phone has no hover) or Enter, said on the status line (h21). */
  function estimateMark() {
    const why = t("Estimated rent: the card's own figures are not known here, so the rent is the standard deed's scaled up. Check it against the card.");
    const mark = el("span", t("estimated rent"), "estimate-mark");
    mark.title = why;
    mark.tabIndex = 0;
    mark.setAttribute("aria-description", why);
    const tell = () => done(why);
    mark.addEventListener("click", tell);
    mark.addEventListener("keydown", (event) => { if (event.key === "Enter") tell(); });
    return mark;
  }

  const page = JSON.parse((document.getElementById("page") || {}).textContent || "null");
  return {t, fmt, nt, newId, post, send, live, applyChange, say, done, el, fill, money,
          formCommand, history, winner, page, gameUrl, badges, hasRolled, turnName, deedText,
          level, onState, start,
          act, state, player, button, onMissing, onAsked, onRecorded, onSubmit, onClick, clear, lost,
          lapseText, estimateMark};
})();

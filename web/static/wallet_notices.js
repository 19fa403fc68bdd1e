/* Why this phone's money moved (issue 16 point 5): each new history entry whose `yours`
   lines (the server's second-person words, web/describe/yours.py) name this player shows
   as a notice for a few seconds — an overlay fixed where it covers neither the cash nor a
   debt (place()), so nothing under a finger moves — and stays in the history list.
   `WalletNotices.seen(history)` is fed the answer of every history read (wallet.js); the
   first read only marks where news starts. */
"use strict";

const WalletNotices = (() => {
  const C = Companion;
  const SHOW_MS = 4000;
  const MAX_LINES = 3;
  let after = null;  // the newest log sequence already seen (null: nothing read yet)
  let timer = null;

  const box = C.el("div", null, "money-notice");
  box.id = "money-notice";
  box.setAttribute("role", "status");
  box.setAttribute("aria-live", "polite");
  box.hidden = true;
  box.addEventListener("click", () => { box.hidden = true; });
  document.body.append(box);

  /* The parts the notice must leave readable: the wallet's own figures (its cash, badges,
     where it stands, a status line at home: h21 play-test, a debt notice hid the cash)
     and the debt card while it lists a debt (family play-test 4: "Du skylder Ola 20 kr"
     was under the notice that said so, C21). */
  function guarded() {
    const debts = document.getElementById("debts");
    const owing = debts && debts.querySelector("li:not(.empty)") ? debts.closest("section") : null;
    return [...["#cash", "#badges", "#where", "main > #status"].map((found) => document.querySelector(found)),
      owing].filter((part) => part && !part.hidden && part.offsetHeight)
      .map((part) => part.getBoundingClientRect());
  }

  /* The highest place between the header and the dock that covers none of `guarded()`: just
     under the header, else just under one of them; above the dock when none is free. */
  function place() {
    const bar = document.querySelector(".bar");
    const top = bar ? bar.getBoundingClientRect().bottom : 0;
    const cards = [...document.querySelectorAll("#turn-dock > *")].filter((card) => !card.hidden);
    const floor = Math.min(window.innerHeight, ...cards.map((card) => card.getBoundingClientRect().top));
    const height = box.offsetHeight;
    const parts = guarded();
    const free = (at) => at + height <= floor
      && parts.every((part) => part.bottom <= at || part.top >= at + height);
    const spots = [top, ...parts.map((part) => part.bottom)].map((at) => Math.max(top, at) + 6);
    const spot = spots.sort((a, b) => a - b).find(free) ?? Math.max(top + 6, floor - height - 6);
    box.style.top = `${Math.round(spot)}px`;
  }

  function show(lines) {
    const kept = [...box.children].slice(-(MAX_LINES - Math.min(lines.length, MAX_LINES)));
    box.replaceChildren(...kept, ...lines.slice(-MAX_LINES).map((line) => C.el("p", line)));
    box.hidden = false;
    place();  // measured filled: fixed, so nothing in the page moves
    clearTimeout(timer);
    timer = setTimeout(() => { box.hidden = true; box.replaceChildren(); }, SHOW_MS);
  }

  /* `data`: the history answer ({history: [{seq, undone, yours}]}), or null. */
  function seen(data) {
    if (!data || !data.history) return;
    const rows = data.history;
    const newest = rows.reduce((top, row) => Math.max(top, row.seq), after ?? -1);
    if (after !== null) {
      const lines = rows.filter((row) => row.seq > after && !row.undone)
        .flatMap((row) => row.yours || []);
      if (lines.length) show(lines);
    }
    after = newest;
  }

  return {seen, box};
})();

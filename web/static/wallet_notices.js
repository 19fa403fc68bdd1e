/* Why this phone's money moved (issue 16 point 5): each new history entry whose `yours`
   lines (the server's second-person words, web/describe/yours.py) name this player shows
   as a notice for a few seconds — an overlay fixed under the cash, so nothing under a finger
   moves — and stays in the history list.  `WalletNotices.seen(history)` is fed the
   answer of every history read (wallet.js); the first read only marks where news starts. */
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

  /* Under the wallet's own figures (its cash, badges, where it stands, a status line at
     home) while they are on screen, so it never covers them (h21 play-test: a debt notice
     hid the cash); just under the header once the page scrolled past them. */
  function place() {
    const bar = document.querySelector(".bar");
    let top = bar ? bar.getBoundingClientRect().bottom : 0;
    for (const found of ["#cash", "#badges", "#where", "main > #status"]) {
      const part = document.querySelector(found);
      if (!part || part.hidden || !part.offsetHeight) continue;
      top = Math.max(top, part.getBoundingClientRect().bottom);
    }
    box.style.top = `${Math.round(top + 6)}px`;
  }

  function show(lines) {
    place();
    const kept = [...box.children].slice(-(MAX_LINES - Math.min(lines.length, MAX_LINES)));
    box.replaceChildren(...kept, ...lines.slice(-MAX_LINES).map((line) => C.el("p", line)));
    box.hidden = false;
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

/* The stock board as the cardboard shows it (issue 15 point 3, M3, M6): a column per
   series, its levels from the top down, the marker on today's level with its price, the
   bank's shares under it; a column that just moved is highlighted and each move is told
   ("Series 4: 7 000 kr → 8 000 kr — move the marker.").  Console and phones alike draw
   every `.stock-board` element; `#stock-told` lists the moves. */
"use strict";

(() => {
  const C = Companion;
  const board = (C.page && C.page.board) || {series: [], levels: 0};
  const boxes = [...document.querySelectorAll(".stock-board")];
  if (!boxes.length || !board.series.length) return;
  let before = null;  // {series: level} of the last state drawn
  const compact = new Intl.NumberFormat(document.documentElement.lang || "en",
    {notation: "compact"});

  function column(s) {
    const col = C.el("div", null, "series-col");
    col.dataset.series = s.id;
    col.title = s.streets.join(", ");
    col.append(C.el("div", s.id, "series-id"));
    const ladder = C.el("div", null, "ladder");
    for (let level = board.levels; level >= 1; level -= 1) {
      const step = C.el("div", null, "step");
      step.dataset.level = String(level);
      ladder.append(step);
    }
    col.append(ladder, C.el("div", null, "bank-shares"));
    return col;
  }

  function build(box) {
    box.replaceChildren(...board.series.map(column));
  }

  function price(state, stock) {
    return stock.suspended ? C.t("suspended") : C.money(state, stock.price);
  }

  function draw(box, state, moved) {
    const bank = state.bank.shares || {};
    for (const col of box.querySelectorAll(".series-col")) {
      const stock = state.stocks[col.dataset.series];
      if (!stock) continue;
      col.classList.toggle("suspended", stock.suspended);
      col.classList.toggle("moved", moved.has(col.dataset.series));
      for (const step of col.querySelectorAll(".step")) {
        const here = Number(step.dataset.level) === stock.level;
        step.classList.toggle("marker", here);
        step.replaceChildren();
        if (here) {  // the full price; a phone's narrow column shows it short ("5k")
          step.title = price(state, stock);
          step.append(C.el("span", price(state, stock), "full"),
            C.el("span", stock.suspended ? "–" : compact.format(stock.price), "short"));
        }
      }
      col.dataset.level = String(stock.level);
      const shares = col.querySelector(".bank-shares");
      shares.textContent = String(bank[col.dataset.series] || 0);
      shares.title = C.fmt("Bank: %(count)s", {count: bank[col.dataset.series] || 0});
    }
  }

  /* One sentence per series whose level changed since the last state. */
  function told(state, old) {
    const out = [];
    for (const [series, stock] of Object.entries(state.stocks)) {
      if (!old || !(series in old) || old[series].level === stock.level) continue;
      out.push(C.fmt("Series %(series)s: %(before)s → %(after)s — move the marker.",
        {series, before: price(state, old[series]), after: price(state, stock)}));
    }
    return out;
  }

  boxes.forEach(build);
  C.onState((state) => {
    if (!state.stocks) return;
    const lines = told(state, before);
    const moved = new Set(Object.keys(state.stocks).filter((s) =>
      before && before[s] && before[s].level !== state.stocks[s].level));
    for (const box of boxes) draw(box, state, moved);
    const list = document.getElementById("stock-told");
    if (list && lines.length) {
      list.hidden = false;
      list.replaceChildren(...lines.map((line) => C.el("li", line)));
    }
    before = JSON.parse(JSON.stringify(state.stocks));
  });
})();

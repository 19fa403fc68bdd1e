/* The wallet's dock (issue 16: no layout shift > 0.05 while the state changes): the
   moment's cards — the rent to claim, what the landed space offers, the dice pad, the
   last roll — are fixed at the bottom of the screen, over the page (style.css
   "h16-fixes"), and the page keeps room for them below its last card: a padding at the
   end moves nothing above it. */
"use strict";

(() => {
  const dock = document.getElementById("turn-dock");
  const main = dock && dock.closest("main");
  if (!main || !window.ResizeObserver) return;
  const room = () => {
    const shown = [...dock.children].filter((card) => !card.hidden);
    const top = Math.min(...shown.map((card) => card.getBoundingClientRect().top));
    const height = shown.length ? dock.getBoundingClientRect().bottom - top : 0;
    main.style.paddingBottom = `calc(0.75rem + ${Math.ceil(height)}px)`;
  };
  const watch = new ResizeObserver(room);
  for (const card of dock.children) watch.observe(card);
  room();
})();

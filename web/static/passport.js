/* The wallet's passport (W1): every wonder as a stamp, the visited ones filled; and the
   free flight (W2): "Free flight from the airport: pick a wonder", one button per wonder. */
"use strict";

(() => {
  const C = Companion;
  const me = C.page.me;

  function stamps(player) {
    const visited = player.passport.map((w) => ({...w, visited: true}));
    const every = visited.concat(player.passport_progress.unvisited)
      .sort((a, b) => a.index - b.index);
    return every.map((wonder) => {
      const stamp = C.el("span", wonder.name, wonder.visited ? "stamp visited" : "stamp");
      stamp.dataset.index = String(wonder.index);
      stamp.title = wonder.visited ? C.fmt("%(wonder)s: visited", {wonder: wonder.name})
        : C.fmt("%(wonder)s: not visited yet", {wonder: wonder.name});
      return stamp;
    });
  }

  function renderFlight(player) {
    const flight = player.passport_progress.free_flight;
    const box = document.getElementById("flight");
    box.hidden = !flight;
    if (!flight) return;
    document.getElementById("flight-title").textContent =
      C.fmt("Free flight from %(airport)s: pick a wonder", {airport: flight.name});
    const buttons = player.passport_progress.unvisited.map((wonder) => {
      const button = C.button(wonder.name,
        {cmd: "free_flight", player: me, wonder: wonder.index}, "wonder");
      button.dataset.wonder = String(wonder.index);
      return button;
    });
    document.getElementById("flight-wonders").replaceChildren(...buttons);
  }

  C.passportStamps = stamps;  // the table screen draws every player's (board_page.js)
  if (!me) return;
  C.onState((state) => {
    const player = C.player(state, me);
    const progress = player && player.passport_progress;
    document.getElementById("passport").hidden = !progress;
    if (!progress) return;
    document.getElementById("passport-title").textContent =
      C.fmt("Passport: %(visited)s of %(of)s wonders", progress);
    document.getElementById("stamps").replaceChildren(...stamps(player));
    renderFlight(player);
  });
})();

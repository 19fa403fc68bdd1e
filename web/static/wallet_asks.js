/* A phone's command waiting for a figure the banker enters (web/phone_asks.py; family
   play-test 3 finding 4, h23 finding 2).  A command refused for a missing value (a Kjøp
   whose price or mortgage value the edition lacks, h21) says "the banker is asked … this
   counts once it is entered" and keeps saying it while the banker enters the figures,
   one at a time; this phone reads how the ask ended (`GET /api/games/<id>/asks/mine`):
   - `done`: the command counted (the state shows it): the line goes;
   - `skipped`: the banker answered "Not now" (or the command was refused when sent
     again): nothing changed, and the phone says so plainly — a Kjøp: nothing was bought,
     the deed is still for sale (C4: buy it, once the banker has the figure, or the bank
     auctions it; no one rolls before);
   - the game moved on (another turn, player to roll or phase; the game over): the ask
     is void (web/phone_asks.py `current`), the line goes. */
"use strict";

(() => {
  const C = Companion;
  const game = C.page.game;
  const POLL_MS = 1500;
  let waiting = null;  // {command, moment} while the banker is asked

  function moment(state) {
    const turn = (state && state.turn) || {};
    return `${turn.number}|${turn.player}|${turn.phase}`;
  }

  /* What the phone says after "Not now": nothing happened, and what comes next. */
  function skippedText(command) {
    const spaces = (C.page.board && C.page.board.spaces) || [];
    const space = spaces[Number(command.space)];
    if (command.cmd === "buy" && space) {
      const player = C.player(C.state(), command.player);
      const name = (player && player.position === space.index && player.position_name) || space.label;
      return C.fmt("Nothing was bought: %(space)s is still for sale. Tap Buy to ask the banker again, or send it to auction.",
        {space: name});
    }
    return C.t("Nothing was recorded. Try again, or ask the banker.");
  }

  async function poll() {
    if (!waiting) return;
    let outcome = null;
    try {
      const response = await fetch(C.gameUrl(game, "/asks/mine"),
        {credentials: "same-origin", cache: "no-store"});
      if (response.ok) outcome = (await response.json()).outcome;
    } catch (err) { /* offline: next time */ }
    if (!waiting) return;
    if (outcome === "skipped") {
      C.say(skippedText(waiting.command), true);
      waiting = null;
      return;
    }
    if (outcome === "done") {
      C.say("");
      waiting = null;
      return;
    }
    setTimeout(poll, POLL_MS);
  }

  C.onAsked((command) => {
    const fresh = !waiting;
    waiting = {command, moment: moment(C.state())};
    if (fresh) setTimeout(poll, POLL_MS);
  });

  C.onState((state) => {
    if (waiting && (state.game.over || moment(state) !== waiting.moment)) {
      waiting = null;
      C.say("");
    }
  });
})();

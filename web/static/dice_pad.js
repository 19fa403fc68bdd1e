/* The dice pad of the console and of the phones (issue 16 point 1): rows of six faces,
   tap the first die, then the second; the pair is one command.  One row where one die is
   rolled (M8, M14).  What the pad rolls now (who, for the token or Ola Nordmann, one die
   or two, whether the roll passes the turn) is `turn.roller` of the state, decided by the
   core (companion/view.py `roller`; docs/table-log.md "The state"): the pages read it
   with `DicePad.roller(state)` and only place the pad.
   `DicePad.make(pad, send)`: `pad` holds `.die-row` rows of `.die[data-face]` buttons;
   `send(dice)` receives [d1, d2] or [d] once the dice are tapped (it may be async).  The
   returned `set(key, one, shown)` arms the pad for one roll: the taps so far are kept
   while `key` stays the same ("" disarms it), `one` shows the first row only, `shown`
   false hides both rows; every die says whether it is tapped (aria-pressed).
   `DicePad.due(state)` names the roll due, for that key (never the state's seq). */
"use strict";

const DicePad = (() => {
  function make(pad, send) {
    const rows = [...pad.querySelectorAll(".die-row")];
    let taps = [null, null];
    let key = "";
    let one = false;

    function draw() {
      rows.forEach((row, i) => {
        for (const die of row.querySelectorAll(".die")) {
          die.setAttribute("aria-pressed", String(taps[i] === Number(die.dataset.face)));
        }
      });
    }

    function set(next, oneDie, shown = true) {
      if (!next || next !== key) taps = [null, null];
      key = next || "";
      one = Boolean(oneDie);
      rows[0].hidden = !shown;
      if (rows[1]) rows[1].hidden = !shown || one;
      draw();
    }

    async function tap(row, face) {
      if (!key) return;
      taps[row] = face;
      const dice = one ? [taps[0] || taps[1]] : taps;
      draw();
      if (dice.some((d) => d === null)) return;
      taps = [null, null];
      await send([...dice]);
      draw();
    }

    rows.forEach((row, i) => {
      for (const die of row.querySelectorAll(".die")) {
        die.addEventListener("click", () => tap(i, Number(die.dataset.face)));
      }
    });
    return {set};
  }

  /* The `turn.roller` of the state ({player, for, cmd, dice, next}), or null: no roll now. */
  function roller(state) {
    return (state && state.turn && state.turn.roller) || null;
  }

  /* Which roll is due, for the key of `set` (issue 16 point 3): the turn and its phase,
     never `game.seq`, so a command by anyone else (an auction closing, a payment) keeps a
     first die tapped while the same roll is still due; the pad clears its taps itself
     once the pair is sent. */
  function due(state) {
    const turn = (state && state.turn) || {};
    return `${turn.number}:${turn.player}:${turn.phase}`;
  }

  return {make, roller, due};
})();

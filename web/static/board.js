/* The board as a ring (issue 16 points 4 and 7): the edition's spaces clockwise from
   Start in the bottom-right corner, each with its colour group's band, its name as the
   pages label it (web/place_names.py), its owner (a stripe on the outer edge in their
   colour, with their initial; a token is a round letter), houses or hotel,
   "mortgaged", and every token where it stands (Ola Nordmann's too, M4).  The side length
   comes from the board's size: 40 spaces draw 11 × 11 (10 per side), Kortstokk's 22 draw
   7 × 6.  The centre says whose turn it is and their cash, the last roll and the open
   rent claims (C5).

   BoardRing.mount(box, spaces, {onPick}) draws into `box` (spaces: the page's
   `board.spaces`, each {index, label, kind, group}) and returns {draw(state)}; every
   `.board-ring` element of a page is mounted by the page's own script. */
"use strict";

const BoardRing = (() => {
  const C = Companion;
  /* The classic colour groups' bands; other groups (series, ranks) take the palette. */
  const COLOURS = {
    brown: "#8b4a2b", "light blue": "#9fd3f0", pink: "#d6398f", orange: "#f08a24",
    red: "#d7262e", yellow: "#f4d81c", green: "#1d9a4b", "dark blue": "#1f4fa3",
  };
  const PALETTE = ["#8b4a2b", "#9fd3f0", "#d6398f", "#f08a24", "#d7262e", "#f4d81c",
    "#1d9a4b", "#1f4fa3", "#6a3d9a", "#00897b", "#795548", "#546e7a"];
  /* The players' colours by seat (the tally's chart draws its lines in these: web/chart.py
     SEAT_COLOURS — change both together). */
  const SEATS = ["#d7262e", "#1f4fa3", "#1d9a4b", "#e3a008", "#6a3d9a", "#00897b",
    "#c2185b", "#5d4037"];
  const BANDLESS = new Set(["station", "utility", "airport", "public institution", "rederi",
    "joker"]);

  /* Rows and columns of a ring of n spaces: 2w + 2h − 4 ≥ n, w − h at most 1. */
  function shape(n) {
    const w = Math.max(3, Math.ceil((n + 4) / 4));
    const h = Math.max(3, Math.ceil((n + 4 - 2 * w) / 2));
    return {w, h};
  }

  /* Grid cell (1-based row, column) and side of space i, clockwise from the bottom right. */
  function cell(i, w, h) {
    if (i < w) return {row: h, col: w - i, side: i === 0 || i === w - 1 ? "corner" : "bottom"};
    i -= w;
    if (i < h - 1) return {row: h - 1 - i, col: 1, side: i === h - 2 ? "corner" : "left"};
    i -= h - 1;
    if (i < w - 1) return {row: 1, col: 2 + i, side: i === w - 2 ? "corner" : "top"};
    i -= w - 1;
    return {row: 2 + i, col: w, side: "right"};
  }

  function groupColours(spaces) {
    const out = {};
    let next = 0;
    for (const s of spaces) {
      if (!s.group || s.group in out || BANDLESS.has(s.group)) continue;
      out[s.group] = COLOURS[s.group] || PALETTE[next++ % PALETTE.length];
    }
    return out;
  }

  const initial = (name) => Array.from(name)[0].toUpperCase();

  /* Soft hyphens (U+00AD) between the syllables of a long word, so a narrow space breaks
     "Vann-verket", never "Vannverke t" (family play-test 3, finding 10; Chromium on
     Linux has no hyphenation dictionary for nb/sv).  Norwegian/Swedish rule of thumb:
     between two vowels the break goes before the longest consonant ending of the run
     that can begin a syllable ("sk", "tr", one consonant), one consonant at least staying
     behind; 3 letters at least on each side; words under 7 letters are left whole. */
  const VOWEL = /[aeiouyæøåäöéèü]/i;
  const ONSETS = new Set(["bl", "br", "dr", "fl", "fr", "gl", "gr", "kl", "kr", "kv", "pl",
    "pr", "sk", "sl", "sm", "sn", "sp", "st", "sv", "tr", "tv", "skr", "spr", "str"]);
  function breaks(word) {
    const letters = Array.from(word);
    if (letters.length < 7) return word;
    const cut = new Set();
    let i = 0;
    while (i < letters.length) {
      if (!VOWEL.test(letters[i])) { i += 1; continue; }
      let j = i + 1;
      while (j < letters.length && /\p{L}/u.test(letters[j]) && !VOWEL.test(letters[j])) j += 1;
      if (j < letters.length && j - i > 1 && VOWEL.test(letters[j])) {
        const run = letters.slice(i + 1, j).join("").toLowerCase();
        let onset = 1;
        for (let k = Math.min(3, run.length - 1); k > 1; k -= 1) {
          if (ONSETS.has(run.slice(-k))) { onset = k; break; }
        }
        const at = j - onset;
        if (at >= 3 && letters.length - at >= 3) cut.add(at);
      }
      i = j;
    }
    return letters.map((ch, n) => (cut.has(n) ? `\u00ad${ch}` : ch)).join("");
  }
  const soft = (text) => String(text).replace(/\p{L}+/gu, breaks);

  function mount(box, spaces, options = {}) {
    const {w, h} = shape(spaces.length);
    const bands = groupColours(spaces);
    box.classList.add("board-ring");
    box.style.gridTemplateColumns = `1.6fr repeat(${w - 2}, minmax(0, 1fr)) 1.6fr`;
    box.style.gridTemplateRows = `1.6fr repeat(${h - 2}, minmax(0, 1fr)) 1.6fr`;
    box.style.aspectRatio = `${w + 1.2} / ${h + 1.2}`;
    box.dataset.spaces = String(spaces.length);
    const cells = spaces.map((space, i) => {
      const at = cell(i, w, h);
      const node = C.el(options.onPick ? "button" : "div", null, `space ${at.side}`);
      if (options.onPick) {
        node.type = "button";
        node.addEventListener("click", () => options.onPick(space.index));
      }
      node.style.gridArea = `${at.row} / ${at.col}`;
      node.dataset.index = String(space.index);
      node.dataset.kind = space.kind;
      if (bands[space.group]) {
        const band = C.el("span", null, "band");
        band.style.background = bands[space.group];
        node.append(band);
      }
      node.append(C.el("span", soft(space.label), "name"), C.el("span", null, "marks"),
        C.el("span", null, "tokens"));
      node.title = space.label;
      return node;
    });
    const centre = C.el("div", null, "ring-centre");
    centre.style.gridArea = `2 / 2 / ${h} / ${w}`;
    centre.append(C.el("p", null, "ring-turn"), C.el("p", null, "ring-roll"),
      C.el("ul", null, "ring-claims"));
    box.replaceChildren(...cells, centre);
    const byIndex = new Map(cells.map((node) => [Number(node.dataset.index), node]));
    return {draw: (state, roll) => draw(state, roll, byIndex, centre)};
  }

  function draw(state, roll, byIndex, centre) {
    const owners = new Map();
    state.players.forEach((player, seat) => {
      for (const deed of player.spaces) owners.set(deed.index, {player, seat, deed});
    });
    const here = new Map();
    state.players.forEach((player, seat) => {
      if (player.bankrupt) return;
      const list = here.get(player.position) || [];
      list.push({text: initial(player.name), name: player.name, colour: SEATS[seat % SEATS.length]});
      here.set(player.position, list);
    });
    const ola = state.market && state.market.ola;
    if (ola) {
      const list = here.get(ola.index) || [];
      list.push({text: "O", name: "Ola Nordmann", colour: "#111", ola: true});
      here.set(ola.index, list);
    }
    for (const [index, node] of byIndex) {
      drawSpace(node, owners.get(index), here.get(index) || [], C.turnName(state));
    }
    drawCentre(state, state.turn.last_roll || null, centre);  // the state's, not `roll`
  }

  /* h21 (fresh-family play-test: "Kari owns it" read as "Kari stands there"): the owner
     is a square stripe along the space's outer edge in the owner's colour (--owner) with
     their initial; a token is the round filled letter (.token).  Shape and place differ,
     not the hue alone, for colour-blind players too. */
  function ownerStripe(name) {
    const stripe = C.el("span", initial(name), "owner");
    stripe.title = C.fmt("Owner: %(name)s", {name});
    stripe.setAttribute("aria-hidden", "true");  // the space's label names the owner
    return stripe;
  }

  function drawSpace(node, owned, tokens, turn) {
    node.classList.toggle("owned", Boolean(owned));
    node.classList.toggle("mortgaged", Boolean(owned && owned.deed.mortgaged));
    node.style.setProperty("--owner", owned ? SEATS[owned.seat % SEATS.length] : "transparent");
    const marks = node.querySelector(".marks");
    marks.replaceChildren();
    const before = node.querySelector(".owner");
    if (before) before.remove();
    if (owned) {
      node.append(ownerStripe(owned.player.name));
      const level = owned.deed.castle ? "♜" : owned.deed.hotel ? "H"
        : owned.deed.houses ? `${owned.deed.houses}⌂` : "";
      if (level) marks.append(C.el("span", level, owned.deed.hotel ? "hotel" : "houses"));
      if (owned.deed.mortgaged) marks.append(C.el("span", C.t("mortgaged"), "mortgage"));
    }
    node.querySelector(".tokens").replaceChildren(...tokens.map((token) => {
      const dot = C.el("span", token.text, token.ola ? "token ola" : "token");
      dot.title = token.name;
      dot.dataset.token = token.name;
      dot.style.background = token.colour;
      dot.classList.toggle("turn", token.name === turn);
      return dot;
    }));
    const who = [owned && C.fmt("Owner: %(name)s", {name: owned.player.name}),
      ...tokens.map((token) => token.name)].filter(Boolean);
    node.setAttribute("aria-label", [node.title, ...who].join(", "));
  }

  /* "Kari to roll · 30 000 kr" until Kari rolled this turn, then "Kari has the turn · …"
     (family play-test 3, finding 5). */
  function turnLine(state) {
    const turn = C.player(state, C.turnName(state));  // never a bankrupt player
    if (state.game.over) return C.t("The game is over.");
    if (!turn) return "";
    const cash = C.money(state, turn.cash);
    return C.hasRolled(state)
      ? C.fmt("%(name)s has the turn · %(cash)s", {name: turn.name, cash})
      : C.fmt("%(name)s to roll · %(cash)s", {name: turn.name, cash});
  }

  /* An open claim as the owner may take it (C5): "Kari can claim 120 kr from Lise (…)." */
  const claimLine = (state, claim) => C.fmt(
    "%(owner)s can claim %(amount)s from %(payer)s (%(space)s).",
    {owner: claim.owner, amount: C.money(state, claim.amount), payer: claim.from,
      space: claim.space});

  function drawCentre(state, roll, centre) {
    centre.querySelector(".ring-turn").textContent = turnLine(state);
    centre.querySelector(".ring-roll").textContent = roll
      ? C.fmt("%(name)s rolled %(dice)s", {name: roll.player, dice: roll.dice.join(" + ")}) : "";
    const claims = (state.claims || []).map((claim) => C.el("li", claimLine(state, claim)));
    centre.querySelector(".ring-claims").replaceChildren(...claims);
  }

  /* The last roll ({player, dice: [..], turn}) or null: the live state's
     `turn.last_roll` (issue 16), so no request; kept for the pages that still ask. */
  async function lastRoll() {
    const state = C.state();
    return (state && state.turn.last_roll) || null;
  }

  return {mount, shape, cell, lastRoll, soft, claimLine};
})();

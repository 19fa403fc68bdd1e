/* The table page: draws the LED strip from /table/leds and presses the simulated buttons. */
"use strict";

(() => {
  const POLL_MS = 200;
  const csrf = (document.querySelector('meta[name="csrf"]') || {}).content || "";
  const strings = JSON.parse(document.getElementById("table-i18n").textContent || "{}");
  const t = (text) => strings[text] || text;
  const strip = document.getElementById("strip");
  const seats = document.getElementById("seats");
  const status = document.getElementById("table-status");
  const longButton = document.getElementById("banker-long");

  function say(text) { status.textContent = text; }

  /* A sentence with its one %(key)s filled; a light's colour in words (issue 16 point 10). */
  function put(text, value, key = "state") { return text.replace(`%(${key})s`, value); }
  function lit(colour) { return /^#0{6}$/i.test(colour) ? t("off") : t("lit"); }

  /* One circle per LED, in strip order, coloured as the strip lights it. */
  function drawStrip(colours) {
    while (strip.children.length < colours.length) {
      const led = document.createElement("span");
      led.className = "led";
      strip.appendChild(led);
    }
    while (strip.children.length > colours.length) strip.lastChild.remove();
    colours.forEach((colour, i) => { strip.children[i].style.background = colour; });
  }

  /* A card per seat button: the player's name, its claim and turn LEDs, and the button. */
  function drawSeats(data) {
    if (!seats) return;
    const template = document.getElementById("seat-template");
    while (seats.children.length < data.seats) {
      const index = seats.children.length;
      const card = template.content.firstElementChild.cloneNode(true);
      card.dataset.seat = String(index);
      card.querySelector("button").addEventListener("click", () => press({button: "seat", seat: index}));
      seats.appendChild(card);
    }
    const seg = data.segments || {};
    Array.from(seats.children).forEach((card, i) => {
      card.querySelector(".name").textContent = data.players[i] || t("empty seat");
      const claimLed = (seg.seat_leds || [])[i];
      const turnLed = (seg.turn_leds || [])[i];
      const claim = data.colours[claimLed] || "#000000";
      const turn = data.colours[turnLed] || "#000000";
      card.querySelector(".claim").style.background = claim;
      card.querySelector(".turn").style.background = turn;
      card.querySelector(".claim-words").textContent = put(t("Claim light: %(state)s"), lit(claim));
      card.querySelector(".turn-words").textContent = put(t("Turn light: %(state)s"), lit(turn));
      card.querySelector(".seat-press").textContent = data.players[i]
        ? put(t("Press %(name)s's seat"), data.players[i], "name")
        : put(t("Press seat %(num)s (empty)"), String(i + 1), "num");
    });
    if (longButton) longButton.hidden = !data.long_press;
  }

  async function poll() {
    try {
      const response = await fetch("/table/leds", {credentials: "same-origin", cache: "no-store"});
      if (response.ok) {
        const data = await response.json();
        drawStrip(data.colours);
        drawSeats(data);
      } else {
        say(t("Could not reach the bank."));
      }
    } catch (err) {
      say(t("Could not reach the bank."));
    }
    setTimeout(poll, POLL_MS);
  }

  async function press(body) {
    if (body.long) say(t("Holding the banker button…"));
    try {
      const response = await fetch("/table/press", {
        method: "POST", credentials: "same-origin", cache: "no-store",
        headers: {"Content-Type": "application/json", "X-Companion-CSRF": csrf},
        body: JSON.stringify(body),
      });
      const answer = await response.json().catch(() => ({ok: false, error: response.statusText}));
      say(answer.ok ? t("Pressed.") : answer.error);
      if (answer.colours) drawStrip(answer.colours);
    } catch (err) {
      say(t("Could not reach the bank."));
    }
  }

  const shortButton = document.getElementById("banker-short");
  if (shortButton) shortButton.addEventListener("click", () => press({button: "banker"}));
  if (longButton) longButton.addEventListener("click", () => press({button: "banker", long: true}));
  poll();
})();

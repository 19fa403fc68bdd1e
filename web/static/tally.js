/* The tally's ask once (issue 15): a value the worth needs and the edition lacks is
   entered by the banker here; each form sends `edition_value` (the figure printed on the
   card) and the page reloads, so the tally is counted again and names the winner once
   nothing is missing.  A refusal (the server's sentence, translated) shows under the form. */
"use strict";

(() => {
  const csrf = (document.querySelector('meta[name="csrf"]') || {}).content || "";
  const game = JSON.parse(document.getElementById("tally-game").textContent);

  function newId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function record(form) {
    const status = form.querySelector(".status");
    const body = {cmd: "edition_value", id: newId(), space: Number(form.dataset.space),
                  field: form.dataset.field, value: Number(form.elements.value.value)};
    const response = await fetch(`/api/games/${encodeURIComponent(game)}/commands`, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: {"Content-Type": "application/json", "X-Companion-CSRF": csrf},
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({ok: false, error: response.statusText}));
    if (answer.ok) {
      window.scrollTo(0, 0);  // the reloaded page opens on the winner, not on this form
      window.location.reload();
      return;
    }
    status.textContent = answer.error || response.statusText;
    status.classList.add("bad");
  }

  for (const form of document.querySelectorAll("form.tally-ask")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const button = form.querySelector("button.primary");
      button.disabled = true;
      try { await record(form); } finally { button.disabled = false; }
    });
  }
})();

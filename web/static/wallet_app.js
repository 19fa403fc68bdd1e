/* The wallet as an app at the table (issue 16 point 8): the screen stays on while the game
   runs (the Screen Wake Lock API), with a switch remembered on this phone.  A lock is let
   go by the browser whenever the page is hidden; it is asked for again when the page is
   shown.  Browsers offer the lock only on a secure address (https, or localhost): on the
   table's plain http address the switch says so instead. */
"use strict";

(() => {
  const C = Companion;
  const KEY = "companion.awake";
  const box = document.getElementById("awake");
  const hint = document.getElementById("awake-hint");
  if (!box) return;
  let lock = null;
  let over = false;

  const wanted = () => box.checked && !over && document.visibilityState === "visible";

  function tell(text) {
    hint.hidden = !text;
    hint.textContent = text || "";
  }

  async function step() {
    if (!("wakeLock" in navigator)) {
      box.disabled = true;
      box.checked = false;
      tell(C.t("This browser can keep the screen on only on a secure (https) address."));
      return;
    }
    if (wanted() && !lock) {
      try {
        lock = await navigator.wakeLock.request("screen");
        lock.addEventListener("release", () => { lock = null; });
        tell("");
      } catch (err) {
        tell(C.t("The screen could not be kept on."));
      }
    } else if (!wanted() && lock) {
      const held = lock;
      lock = null;
      await held.release().catch(() => {});
    }
    document.body.dataset.awake = lock ? "on" : "off";
  }

  /* One step at a time: a second request while one is pending would take two locks. */
  let chain = Promise.resolve();
  const follow = () => { chain = chain.then(step); };

  try { box.checked = localStorage.getItem(KEY) !== "off"; } catch (err) { /* private mode */ }
  box.addEventListener("change", () => {
    try { localStorage.setItem(KEY, box.checked ? "on" : "off"); } catch (err) { /* ignore */ }
    follow();
  });
  document.addEventListener("visibilitychange", follow);
  C.onState((state) => {
    over = Boolean(state.game.over);
    follow();
  });
})();

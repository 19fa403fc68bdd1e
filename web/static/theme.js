/* The page's theme and steadiness (issue 16 point 10), on every page (base.html, in <head>).

   - The theme: the family's choice in localStorage ("companion-theme": "dark" | "light"),
     else the device's prefers-color-scheme, set as <html data-theme> before the page is
     drawn (no bright flash in a dim room); followed live while no choice is stored.
   - The switch: a button in the page's sticky header (aria-pressed) that says its state,
     "Dark: on" / "Dark: off" (family play-test 3, finding 9), words from this script
     tag's data-dark-on / data-dark-off attributes (translated by the page).
   - Focus is never hidden under the sticky header: --bar-height (the header's height) feeds
     scroll-padding-top, and a focused control under the header is scrolled into view. */
"use strict";

(() => {
  const KEY = "companion-theme";
  const root = document.documentElement;
  const script = document.currentScript;
  const system = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function stored() {
    try { return localStorage.getItem(KEY); } catch (err) { return null; }
  }

  function apply() {
    const choice = stored();
    const dark = choice ? choice === "dark" : Boolean(system && system.matches);
    root.dataset.theme = dark ? "dark" : "light";
    const button = document.getElementById("theme-switch");
    if (!button) return;
    button.setAttribute("aria-pressed", String(dark));
    const words = script ? script.dataset : {};
    button.textContent = dark ? words.darkOn || "Dark: on" : words.darkOff || "Dark: off";
  }

  function toggle() {
    const next = root.dataset.theme === "dark" ? "light" : "dark";
    try { localStorage.setItem(KEY, next); } catch (err) { /* private mode: this page only */ }
    apply();
    if (stored() === null) root.dataset.theme = next;
  }

  function addSwitch(bar) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = "theme-switch";
    button.className = "bar-button theme-switch";
    button.addEventListener("click", toggle);
    const langs = bar.querySelector(".langs");
    bar.insertBefore(button, langs || null);
    apply();
  }

  function keepFocusInView(bar) {
    const measure = () => root.style.setProperty("--bar-height", `${bar.offsetHeight}px`);
    measure();
    if (window.ResizeObserver) new ResizeObserver(measure).observe(bar);
    document.addEventListener("focusin", (event) => {
      const target = event.target;
      if (!(target instanceof Element) || bar.contains(target)) return;
      const under = bar.getBoundingClientRect().bottom + 8 - target.getBoundingClientRect().top;
      if (under > 0) window.scrollBy(0, -under);
    });
  }

  apply();
  if (system && system.addEventListener) system.addEventListener("change", apply);
  document.addEventListener("DOMContentLoaded", () => {
    const bar = document.querySelector("header.bar");
    if (!bar) return;
    addSwitch(bar);
    keepFocusInView(bar);
  });
})();

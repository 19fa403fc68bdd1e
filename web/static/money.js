/* Money the local way, and quick "000" keys beside amount inputs (web/js_strings.py, web/money.py).
 *
 * formatMoney(30000, "kr") -> "30 000 kr" on a Norwegian or Swedish page, "30,000 kr" on an
 * English one (Intl.NumberFormat in the language of the page).
 *
 * <input type="number" data-money> gets buttons "000" (and "000 000" in the million-kronor
 * editions) that multiply what was typed: 15, "000 000" -> 15000000.  The multipliers come
 * from the attribute (data-money="1000 1000000"), else from the i18n block of the page
 * ("$money_keys"), else 1000.  A line under the input shows the amount written out.
 */
"use strict";

window.MoneyFormat = window.MoneyFormat || (() => {
  const block = document.getElementById("i18n");
  const strings = JSON.parse((block && block.textContent) || "{}");
  const locale = strings.$locale || document.documentElement.lang || undefined;
  const pageKeys = "$money_keys" in strings ? strings.$money_keys : "1000";
  let numbers;
  try { numbers = new Intl.NumberFormat(locale, {maximumFractionDigits: 0}); }
  catch (err) { numbers = new Intl.NumberFormat(undefined, {maximumFractionDigits: 0}); }

  let rules = null;
  try { rules = new Intl.PluralRules(locale); } catch (err) { rules = null; }
  /* A plural pair in the page language (the same lookup as Companion.nt). */
  function nt(one, many, n) {
    const forms = strings[`$n:${one}`];
    const category = rules ? rules.select(n) : (n === 1 ? "one" : "other");
    return forms ? forms[category] || forms.other : (n === 1 ? one : many);
  }

  /* The unit as the page says it: "kr" stays; coins count: "1 mynt", "3 mynter" (h17
     finding 7, as web/money.py unit_name). */
  function unitName(unit, amount) {
    if (unit === "coins") return nt("coin", "coins", Math.abs(amount));
    return strings[unit] || unit || "";
  }

  /* "30 000 kr": the number grouped as the page language does, a no-break space, the unit. */
  function formatMoney(amount, unit) {
    const name = unitName(unit === undefined ? (strings.$unit || "") : unit, amount);
    const number = numbers.format(amount);
    return name ? `${number}\u00a0${name}` : number;
  }

  /* The multipliers for one input: its data-money list, else that of the page. */
  function keysOf(input) {
    const own = (input.dataset.money || "").trim();
    return (own || pageKeys).split(/\s+/).map(Number)
      .filter((k) => Number.isSafeInteger(k) && k > 1);
  }

  /* 1000 -> "000", 1000000 -> "000 000". */
  function keyLabel(multiplier) {
    const zeros = String(multiplier).length - 1;
    const groups = [];
    for (let left = zeros; left > 0; left -= 3) groups.push("0".repeat(Math.min(3, left)));
    return groups.join("\u2009");
  }

  function preview(input, output) {
    const value = Number(input.value);
    output.textContent = input.value !== "" && Number.isFinite(value) && value >= 1000
      ? formatMoney(value, input.dataset.unit) : "";
  }

  function multiply(input, multiplier) {
    const typed = input.value.trim();
    const value = Number(typed);
    if (typed === "" || !Number.isFinite(value)) { input.focus(); return; }
    const result = Math.round(value * multiplier);
    if (!Number.isSafeInteger(result)) return;
    input.value = String(result);
    input.dispatchEvent(new Event("input", {bubbles: true}));
    input.dispatchEvent(new Event("change", {bubbles: true}));
    input.focus();
  }

  /* Give one input its keys and its preview line (once). */
  function attachOne(input) {
    if (input.dataset.moneyReady) return;
    input.dataset.moneyReady = "1";
    const keys = keysOf(input);
    const box = document.createElement("span");
    box.className = "money-keys";
    for (const multiplier of keys) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "money-key";
      button.dataset.multiply = String(multiplier);
      button.textContent = keyLabel(multiplier);
      button.setAttribute("aria-label", `× ${numbers.format(multiplier)}`);
      button.addEventListener("click", () => multiply(input, multiplier));
      box.append(button);
    }
    const output = document.createElement("output");
    output.className = "money-preview";
    box.append(output);
    input.after(box);
    input.addEventListener("input", () => preview(input, output));
    preview(input, output);
  }

  function attach(root = document) {
    for (const input of root.querySelectorAll("input[data-money]")) attachOne(input);
  }

  function start() {
    attach();
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node.nodeType !== Node.ELEMENT_NODE) continue;
          if (node.matches("input[data-money]")) attachOne(node);
          else attach(node);
        }
      }
    }).observe(document.body, {childList: true, subtree: true});
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();

  return {formatMoney, attach, locale};
})();

window.formatMoney = window.MoneyFormat.formatMoney;

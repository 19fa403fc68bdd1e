/* The edition editor: shows the deeds with their provenance; copies, edits and imports. */
"use strict";

(() => {
  const csrf = (document.querySelector('meta[name="csrf"]') || {}).content || "";
  const strings = JSON.parse(document.getElementById("editions-i18n").textContent || "{}");
  const t = (text) => strings[text] || text;
  const status = document.getElementById("editions-status");
  const problems = document.getElementById("editions-problems");
  let edition = JSON.parse(document.getElementById("edition-data").textContent);

  function say(text, bad) {
    status.textContent = text;
    status.classList.toggle("bad", Boolean(bad));
  }

  function showProblems(list) {
    problems.replaceChildren(...(list || []).map((p) => {
      const item = document.createElement("li");
      const where = p.line ? `${t("line")} ${p.line}: ` : "";
      item.textContent = `${where}${p.path ? p.path + ": " : ""}${p.message}`;
      return item;
    }));
  }

  function valueText(entry) {
    const value = Array.isArray(entry.value) ? entry.value.join(", ") : String(entry.value);
    return `${value} (${entry.provenance || "?"})`;
  }

  /* One row per space: its values with where each comes from, and what is still missing. */
  function draw() {
    document.getElementById("edition-title").textContent = edition.name;
    const rows = edition.spaces.map((space) => {
      const row = document.createElement("tr");
      const cells = [String(space.index), space.label,
        Object.entries(space.values).map(([k, v]) => `${k}: ${valueText(v)}`).join(" · "),
        space.missing.map((k) => `${k} (${t("missing")})`).join(", ")];
      cells.forEach((text) => {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.appendChild(cell);
      });
      return row;
    });
    document.getElementById("deed-rows").replaceChildren(...rows);
  }

  async function send(url, body) {
    say(t("Sending…"));
    showProblems([]);
    try {
      const response = await fetch(url, {
        method: "POST", credentials: "same-origin", body: JSON.stringify(body),
        headers: {"Content-Type": "application/json", "X-Companion-CSRF": csrf},
      });
      const data = await response.json();
      if (!data.ok) {
        say(data.error.split("\n")[0], true);
        showProblems(data.problems);
        return null;
      }
      say(t("Saved."));
      return data.edition;
    } catch (error) {
      say(t("Could not reach the bank."), true);
      return null;
    }
  }

  function parseValue(field, text) {
    if (field === "name") return text;
    if (field === "rents") return text.split(",").map((part) => Number(part.trim()));
    return Number(text.trim());
  }

  document.getElementById("value-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const field = form.field.value;
    const changed = await send(`/editions/${encodeURIComponent(edition.id)}/value`, {
      space: Number(form.space.value), field, value: parseValue(field, form.value.value)});
    if (changed) { edition = changed; draw(); }
  });

  document.getElementById("copy-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const made = await send("/editions/copy",
      {source: edition.id, id: form.new_id.value, name: form.title.value});
    if (made) window.location.search = `?id=${encodeURIComponent(made.id)}`;
  });

  document.getElementById("import-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const made = await send("/editions/import",
      {text: form.text.value, overwrite: form.overwrite.checked});
    if (made) window.location.search = `?id=${encodeURIComponent(made.id)}`;
  });

  draw();
})();

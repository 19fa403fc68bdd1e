/* Ask once (issue 5): a command refused for a value the edition lacks (the API answers
   `missing`: space, field, prompt, labels) opens a small form; the banker enters the
   figure printed on the card, the console sends `edition_value`, then the refused command
   again (with a fresh id), so the payment completes. */
"use strict";

(() => {
  const C = Companion;
  const box = document.getElementById("ask-once");
  const form = document.getElementById("ask-form");
  const inputs = document.getElementById("ask-inputs");
  let pending = null;  // {command, missing}

  function input(missing, label, n) {
    const wrap = C.el("label", label);
    const field = C.el("input");
    field.name = "value";
    field.required = true;
    field.dataset.index = String(n);
    if (missing.input === "text") {
      field.maxLength = 80;
      field.autocomplete = "off";
    } else {
      field.type = "number";
      field.inputMode = "numeric";
      field.min = "0";
      field.step = "1";
      if (missing.money) field.dataset.money = "";
    }
    wrap.append(field);
    return wrap;
  }

  function ask(command, answer) {
    const missing = answer.missing;
    pending = {command, missing};
    document.getElementById("ask-prompt").textContent = missing.prompt;
    const labels = missing.input === "list" ? missing.labels : [""];
    inputs.replaceChildren(...labels.map((label, n) => input(missing, label, n)));
    box.hidden = false;
    box.scrollIntoView({block: "center"});
    const first = inputs.querySelector("input");
    if (first) first.focus();
  }

  function value(missing) {
    const fields = [...inputs.querySelectorAll("input[name=value]")];
    if (missing.input === "text") return fields[0].value.trim();
    const numbers = fields.map((f) => Number(f.value));
    return missing.input === "list" ? numbers : numbers[0];
  }

  C.onSubmit(form, async () => {
    if (!pending) return;
    const {command, missing} = pending;
    const entry = {cmd: "edition_value", field: missing.field, value: value(missing)};
    if (missing.space !== null && missing.space !== undefined) entry.space = missing.space;
    const answer = await C.act(entry, form);
    if (!answer.ok) return;  // the refusal (rents must rise, …) is in the status line
    pending = null;
    box.hidden = true;
    await C.act(command);  // again, with a fresh id; may ask for the next missing value
  });

  document.getElementById("ask-cancel").addEventListener("click", () => {
    pending = null;
    box.hidden = true;
  });

  C.onMissing(ask);
})();

/* Ask once (issue 5): a command refused for a value the edition lacks (the API answers
   `missing`: space, field, prompt, labels) opens a small form; the banker enters the
   figure printed on the card, the console sends `edition_value`, then the refused command
   again (with a fresh id), so the payment completes.  A rent table is one row of amounts
   as printed (issue 15 point 7), with each amount shown beside its label before the one
   confirmation. */
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

  /* The amounts of one row as printed on the card (issue 15): separated by spaces (or
     ";" "/"), thousands grouped with "." "," or a thin space inside an amount, "kr" and
     other words ignored: "1.000 5.000 15.000" -> [1000, 5000, 15000]. */
  function amounts(text) {
    return text.split(/[\s;/]+/).map((part) => part.replace(/[.,\u00a0\u202f']/g, ""))
      .filter((part) => /\d/.test(part)).map((part) => Number(part.replace(/\D/g, "")));
  }

  /* One row for a rent table: the amounts as printed, checked live against the labels. */
  function row(missing) {
    const wrap = C.el("label", C.t("The amounts as printed, left to right:"));
    const field = C.el("input");
    field.name = "value";
    field.required = true;
    field.autocomplete = "off";
    field.inputMode = "text";
    field.placeholder = "1.000 5.000 15.000 …";
    field.dataset.row = "";
    const preview = C.el("ol", null, "ask-preview");
    const check = () => {
      const got = amounts(field.value);
      preview.replaceChildren(...missing.labels.map((label, n) => C.el("li",
        `${label}: ${n < got.length ? C.money(C.state(), got[n]) : "?"}`)));
      field.setCustomValidity(got.length === missing.count ? ""
        : C.nt("Enter %(count)s amount.", "Enter %(count)s amounts.", missing.count,
          {count: missing.count}));
    };
    field.addEventListener("input", check);
    wrap.append(field);
    check();
    return [wrap, preview];
  }

  function ask(command, answer) {
    const missing = answer.missing;
    pending = {command, missing};
    document.getElementById("ask-prompt").textContent = missing.prompt;
    if (missing.input === "list") inputs.replaceChildren(...row(missing));
    else inputs.replaceChildren(input(missing, "", 0));
    box.hidden = false;
    box.scrollIntoView({block: "center"});
    const first = inputs.querySelector("input");
    if (first) first.focus();
  }

  function value(missing) {
    const field = inputs.querySelector("input[name=value]");
    if (missing.input === "text") return field.value.trim();
    return missing.input === "list" ? amounts(field.value) : Number(field.value);
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

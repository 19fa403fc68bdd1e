/* Asking once before a loss (issue 16 point 6): a small step in the page (not
   window.confirm) — `ConfirmStep.ask(question, yes)` resolves true when "yes" is tapped,
   false on "Cancel", Escape or a tap beside it.  A fixed overlay: the live state may
   redraw the button that asked (the wallet's deed rows) without losing the question.
   `ConfirmStep.guard(button, question, yes)` makes a C.button ask before it sends;
   `ConfirmStep.reword(question)` words the open question again. */
"use strict";

const ConfirmStep = (() => {
  const C = Companion;
  let open = null;  // the pending {resolve} while a question shows

  const box = C.el("div", null, "confirm-step");
  box.id = "confirm-step";
  box.hidden = true;
  const panel = C.el("div", null, "confirm-panel card");
  panel.setAttribute("role", "alertdialog");
  panel.setAttribute("aria-modal", "true");
  const text = C.el("p", "", "confirm-text");
  text.id = "confirm-text";
  panel.setAttribute("aria-labelledby", text.id);
  const yes = C.el("button", "", "danger huge confirm-yes");
  const no = C.el("button", C.t("Cancel"), "huge confirm-no");
  yes.type = no.type = "button";
  const row = C.el("div", null, "row");
  row.append(no, yes);
  panel.append(text, row);
  box.append(panel);
  document.body.append(box);

  function close(answer) {
    box.hidden = true;
    if (open) { const {resolve} = open; open = null; resolve(answer); }
  }
  yes.addEventListener("click", () => close(true));
  no.addEventListener("click", () => close(false));
  box.addEventListener("click", (event) => { if (event.target === box) close(false); });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape" && open) close(false); });

  function ask(question, yesText) {
    if (open) close(false);
    text.textContent = question;
    yes.textContent = yesText;
    box.hidden = false;
    no.focus();  // Enter on a stray keyboard must not confirm
    return new Promise((resolve) => { open = {resolve}; });
  }

  /* A button (C.button) that asks first: the capture listener stops the click unless the
     question was answered yes, then clicks it once more. */
  function guard(button, question, yesText) {
    button.addEventListener("click", async (event) => {
      if (button.dataset.confirmed) { delete button.dataset.confirmed; return; }
      event.stopImmediatePropagation();
      event.preventDefault();
      if (!(await ask(question, yesText))) return;
      button.dataset.confirmed = "1";
      button.click();
    }, true);
    return button;
  }

  /* The open question worded again (what it asks about changed meanwhile: the console's
     undo, h21); nothing when none shows. */
  function reword(question) {
    if (open) text.textContent = question;
  }

  return {ask, guard, reword};
})();

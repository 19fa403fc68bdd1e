/* The tally page's Print button (scripts may not be inline: CSP). */
"use strict";

document.getElementById("print").addEventListener("click", () => window.print());

// The page's theme: the visitor's system's (static/app.css's dark set applies under prefers-color-scheme) unless
// the player chose light or dark with the Theme setting after the game's buttons.  The choice is kept in the
// page's storage and applied here, among the scripts that run before the page under the header is shown: the dark
// set's media rule is made to apply on every screen (a page printed stays light) or on none.  A choice made in
// another tab is applied as it is made.  Python has no part in it: the theme is the page's from its first frame.
"use strict";
(function () {
  const KEY = "pyramids.v1.theme";  // py/screen/store.py's PREFIX + "theme": "light", "dark", or none (the system's)
  const CHOICES = {light: "not all", dark: "screen"};  // the dark set's condition for each
  const root = document.documentElement;
  const box = document.getElementById("theme");
  const rules = sheet => {  // a stylesheet of another origin (an extension's) cannot be read, and is not ours
    try { return [...sheet.cssRules]; } catch (error) { return []; }
  };
  const dark = [...document.styleSheets].flatMap(rules)
    .find(rule => rule.media && rule.media.mediaText.includes("prefers-color-scheme"));
  const system = dark.media.mediaText;

  function read() {
    try { return localStorage.getItem(KEY) || ""; } catch (error) { return ""; }  // storage off: the system's
  }

  function apply(choice) {
    choice = Object.keys(CHOICES).includes(choice) ? choice : "";  // anything else stored: the system's
    dark.media.mediaText = CHOICES[choice] || system;
    // light on a dark system: its fields and scroll bars light too (the page declares both schemes); "only", or
    // a browser that darkens pages by itself (Chrome's auto dark) would darken this one, and its board
    root.style.colorScheme = choice === "light" ? "light only" : "";
    box.value = choice;
  }

  apply(read());
  box.disabled = false;
  box.addEventListener("change", () => {
    try {
      if (box.value) localStorage.setItem(KEY, box.value); else localStorage.removeItem(KEY);
    } catch (error) { /* not kept: this page keeps it until it is left */ }
    apply(box.value);
  });
  addEventListener("storage", event => {  // another tab's choice, or the storage cleared
    if (event.key === KEY || event.key === null) apply(read());
  });
})();

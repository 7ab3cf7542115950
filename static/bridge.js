// The page's side of what passes between the page and its Python: what the page tells the Python
// (each event, as data) and what the page does by itself around the Python's drawing (the focus
// kept).  The Python reads no element for either, so both can one day cross to a worker (issue 55).
//
// Events: the pages' Python (py/browser.py's `on`) binds its handlers here and reads only what
// `describe` sends, never the event or the elements under it.
"use strict";
(function () {
  // The event's own facts, and the places in the page it happened in: the target and each element
  // above it (as `closest()` would look) up to the body (whose root holds the page's own state),
  // innermost first.
  function describe(event) {
    const target = event.target instanceof Element ? event.target : null;  // null: the window's events
    const data = {}, within = [], cells = [];
    for (let element = target; element && element !== document.body; element = element.parentElement) {
      within.push(element.localName);
      if (element.id) within.push(`#${element.id}`);
      for (const [name, value] of Object.entries(element.dataset || {})) if (!(name in data)) data[name] = value;
      if (element.hasAttribute("data-cell")) cells.push(element.getAttribute("data-cell"));
    }
    const control = target && target.closest("button, input, select, textarea");
    const form = (event.type === "submit" || event.type === "change") && target && target.closest("form");
    return {
      type: event.type,
      key: typeof event.key === "string" ? event.key : "",  // a key pressed, or the storage entry written
      cleared: event.type === "storage" && event.key === null,  // the whole storage cleared
      shift: !!event.shiftKey, ctrl: !!event.ctrlKey, meta: !!event.metaKey,
      pointer: event.pointerType || "",
      targetId: (target && target.id) || "",
      cells,  // the board locations under it, innermost first (a piece inside its tower)
      data,  // the data-* attributes of the target and the elements above it, the innermost's value kept
      within,  // their tag names and #ids
      control: control ? control.id : null,  // the button or field it is in
      disabled: !!(control && control.disabled),
      checked: !!(control && control.checked),
      form: form ? values(form) : {},  // a form sent or changed: its fields, each name to its values, as sent
    };
  }

  function values(form) {
    const found = {};
    for (const [name, value] of new FormData(form)) (found[name] ||= []).push(String(value));
    return found;
  }

  const PLACES = {document, window};

  // `handler(describe(event))` on each `type` event at `where` (an element's id, "document" or
  // "window"); the browser's own action is prevented always (`prevent`: a form's submission) or when
  // the handler answers true (a key the page uses).
  function listen(where, type, handler, prevent) {
    (PLACES[where] || document.getElementById(where)).addEventListener(type, event => {
      if (prevent) event.preventDefault();
      if (handler(describe(event)) === true) event.preventDefault();
    });
  }

  // -- the focus kept across a drawing ------------------------------------------
  // A control that a drawing removes or disables (a choice made, the panel drawn again, the last Redo,
  // First) hands the focus on: to its counterpart (Undo, Next), the same panel location drawn again,
  // the question its use asks (Resign: Yes, resign; `answers`, from the Python), the first choice, else
  // the board; never to the page, where the keys would do nothing.  The board keeps its own focus across
  // a redraw (static/access.js).
  const PARTNER = {undo: "redo", redo: "undo", first: "next", prev: "next", next: "prev", last: "prev",
                   "prev-turn": "next-turn", "next-turn": "prev-turn"};
  const byId = id => document.getElementById(id);
  const located = (cell, within) => cell && within && within.querySelector(`[data-cell="${CSS.escape(cell)}"]`);
  let answers = {};

  // What has the focus before a drawing, if it is the drawing's to keep.
  function focused() {
    const element = document.activeElement;
    return element && element !== document.body && !element.closest("#board") ? element : null;
  }

  // After the drawing: the focus handed on if `used` (from `focused`) is gone or off.
  function handOn(used) {
    if (!used || (used.isConnected && !used.disabled)) return;
    const cell = used.getAttribute("data-cell"), panel = byId("game-panel"), choices = byId("choices");
    const next = [PARTNER[used.id] && byId(PARTNER[used.id]), located(cell, panel), located(answers[cell], panel),
                  choices && choices.querySelector("button")].find(element => element && !element.disabled);
    if (next) next.focus();
    else byId("board").dispatchEvent(new CustomEvent("pyramids-focus"));  // static/access.js picks where
  }

  window.pyramidsBridge = {listen, describe, focused, handOn, answer: table => { answers = table; }};
})();

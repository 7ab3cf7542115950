// What an event carries, as data: the pages' Python (py/browser.py's `on`) binds its handlers here
// and reads only what `describe` sends, never the event or the elements under it.  Every read a
// handler makes of an event is in this one function, so the handlers are functions of plain data:
// the first step of the page's Python moving off the page's thread (issue 55; a worker can be sent
// this object, not the event).
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
    const form = target && target.closest("form");
    return {
      type: event.type,
      key: typeof event.key === "string" ? event.key : "",  // a key pressed, or the storage entry written
      cleared: event.type === "storage" && event.key === null,  // the whole storage cleared
      shift: !!event.shiftKey, ctrl: !!event.ctrlKey, meta: !!event.metaKey, alt: !!event.altKey,
      pointer: event.pointerType || "",
      targetId: (target && target.id) || "",
      cells,  // the board locations under it, innermost first (a piece inside its tower)
      data,  // the data-* attributes of the target and the elements above it, the innermost's value kept
      within,  // their tag names and #ids
      control: control ? control.id : null,  // the button or field it is in
      disabled: !!(control && control.disabled),
      value: control && "value" in control ? String(control.value) : "",
      checked: !!(control && control.checked),
      form: form ? values(form) : {},  // the whole form's fields, each name to its values, as it would be sent
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

  window.pyramidsEvents = {listen, describe};
})();

// A page's Python in a worker (issue 55): the interpreter starts here, so no task of its start holds the
// page's thread, and the page's Python (py/embed_page.py) runs here, speaking to the page only through
// `pyramidsBridge`, as it does on the page (static/bridge.js).  This side of the bridge sends the
// commands to the page, a batch per task, and hears the page's events and its address.
//
// The page starts it (static/start.js's `startInWorker`) with {start: {interpreter, module, address, page,
// painted, stored}}.  It answers {running} or {failed: why}, then {listen} and {apply} (with `answered` for an
// event's), and hears {event, described, address}.
"use strict";
const handlers = [];
let address = "", pageUrl = "", painted = {}, stored = null, batch = null;

function send() {
  if (batch !== null) postMessage({apply: batch});
  batch = null;
}

self.pyramidsBridge = {
  // A handler for an event on the page: the page listens, and posts each event, described, with its id.
  listen(where, type, handler, prevent, asks) {
    handlers.push(handler);
    postMessage({listen: [where, type, handlers.length - 1, prevent, asks]});
  },
  // Commands, sent once the Python's task is over: one message for all a drawing does.
  apply(commands) {
    if (batch === null) {
      batch = [];
      queueMicrotask(send);
    }
    batch.push(...commands);
  },
  address: () => address,
  pageUrl: () => pageUrl,  // the page's, sent with the start (only its "#" part changes)
  painted: () => painted,  // what the page painted before the Python started, sent with the start
  stored: () => stored,  // the saved games, as the page held them at the start (py/pyramids/mirror.py)
  home: new URL("../", import.meta.url).href,  // the site's folder: the Python's fetches are relative to it
};

// A policy of the site refusing what the interpreter needs here ('wasm-unsafe-eval'): Pyodide then waits for
// ever.  The page starts it itself, and says why it cannot (static/start.js's `watch`).
addEventListener("securitypolicyviolation", event => postMessage({failed: `refused by ${event.effectiveDirective}`}));

onmessage = async ({data}) => {
  if (data.event !== undefined) {  // answered with what its handler did, at once, even nothing, or once the
    ({address} = data);  // task it returned is done (py/browser.py's `on`)
    try {
      const work = handlers[data.event](data.described);
      if (work) await Promise.resolve(work).catch(console.error).finally(() => work.destroy());
    } finally {
      await null;  // the handler's commands, which py/browser.py's `do` hands over in a microtask, sent
      // What follows the drawing (py/browser.py's `after_drawing`: a timer set before this one), sent too
      await new Promise(next => setTimeout(next, 0));
      postMessage({apply: batch || [], answered: true});
      batch = null;
    }
    return;
  }
  const {interpreter, module} = data.start;
  ({address, page: pageUrl, painted, stored} = data.start);
  try {
    const {loadPyodide} = await import(interpreter);
    const python = await loadPyodide({indexURL: new URL(".", interpreter).href});
    postMessage({apply: [["attr", "root", {"data-interpreter": self.pyramidsInterpreter || ""}]]});  // how, for tests
    python.runPython(`import ${module}`);
    postMessage({running: true});
  } catch (error) {
    postMessage({failed: String(error && error.message || error).slice(0, 200)});
  }
};

// Python's start, shared by the app (static/boot.js, at once) and the embed (static/embed.js, once a reader
// acts): the page's Python in a worker, else PyScript on the page with its start-up files asked for at once
// and a database where the browser refuses one; what the page says while Python starts, and, when it cannot
// start, why, in words, within seconds instead of "Starting…" for ever.

// PyScript imports its core, then reads its config, then imports its TOML parser and plugins,
// then Pyodide's module: a round trip each, before the interpreter even starts to load.  These
// are asked for all at once: static/build.js lists the modules, the page's Python script names the
// config.  The same requests, so the browser answers PyScript's from these.
function fetchAhead() {
  const ask = (rel, href) => {
    const link = document.createElement("link");
    link.rel = rel;
    if (rel === "preload") Object.assign(link, {as: "fetch", crossOrigin: "anonymous"});  // as fetch() asks
    link.href = href;
    document.head.append(link);
  };
  for (const href of self.PYRAMIDS_START || []) ask("modulepreload", href);
  const config = document.querySelector('script[type="py"][config]');
  if (config) ask("preload", config.getAttribute("config"));
}

// PyScript keeps its package cache in IndexedDB and never starts if the database will not open:
// the page would say "Starting…" for ever.  A browser may refuse storage to a frame of another
// site (an embed in a wiki, third-party storage blocked, a sandboxed frame): PyScript then gets a
// database in memory, which it only fills with what it needs for this visit.  The embed always
// gets one: a page shown in another site's page writes no storage there.  The app stores nothing
// of its own in IndexedDB.
function databaseInMemory() {
  const rows = new Map();
  const answer = work => {
    const request = {};
    Promise.resolve().then(() => { request.result = work(); if (request.onsuccess) request.onsuccess({target: request}); });
    return request;
  };
  const store = {
    count: () => answer(() => rows.size),
    clear: () => answer(() => rows.clear()),
    delete: key => answer(() => { rows.delete(key); }),
    get: key => answer(() => rows.get(key)),
    getKey: key => answer(() => (rows.has(key) ? key : undefined)),
    getAllKeys: () => answer(() => Array.from(rows.keys())),
    put: (value, key) => answer(() => { rows.set(key, value); return key; }),
  };
  return {objectStoreNames: {length: 1}, transaction: () => ({objectStore: () => store}), close() {}};
}

function keepDatabase(always) {
  let factory = null;
  try {
    factory = always ? null : self.indexedDB;
  } catch (refused) {  // some browsers refuse the API itself (an opaque origin: a sandboxed frame)
  }
  const open = factory ? factory.open.bind(factory) : () => { throw new DOMException("No IndexedDB", "SecurityError"); };
  const openOrMemory = (...args) => {
    const opened = database => request.onsuccess && request.onsuccess({target: {result: database}});
    let request;
    try {
      request = open(...args);
    } catch (refused) {  // Chromium and Firefox refuse at once
      request = {};
      Promise.resolve().then(() => opened(databaseInMemory()));
      return request;
    }
    request.addEventListener("error", event => {  // others refuse later; this listener runs before PyScript's
      event.preventDefault();
      event.stopImmediatePropagation();
      opened(databaseInMemory());
    });
    return request;
  };
  if (factory) factory.open = openOrMemory;
  else Object.defineProperty(self, "indexedDB", {configurable: true, value: {open: openOrMemory}});
}

// While Python starts (seconds; longer on a first visit's download) the page says what it is
// waiting for, from PyScript's progress events, instead of an animation that would cost the
// start-up time it is waiting out.
const STAGES = {"Loading interpreter": "Loading Python\u2026"};

function showProgress(say) {
  addEventListener("py:progress", event => {
    const text = STAGES[String(event.detail)];
    if (text) say(text);
  });
}

// Why Python did not start, said once: a policy of the site that refuses what it needs (the
// directive named, for whoever runs the site), an error before it was ready, no WebAssembly.
// Refused workers are not among them: the page does without (the computer thinks on the page).
const GRACE_MS = 3000;  // after a refusal or an error, how long the start may still succeed
const SLOW_MS = 10000;  // no word of trouble, but not ready: the page says it is still starting
const FATAL = /^(script-src|script-src-elem|connect-src|default-src)/;

function watch(say, wayOut) {
  const root = document.documentElement;
  let failed = false;
  const ready = () => root.hasAttribute("data-ready");
  const fail = why => {
    if (failed || ready()) return;
    failed = true;
    self.pyramidsPainted.cannotStart(why, ...(wayOut ? [wayOut()] : []));
    say("The game cannot start here.");
  };
  const later = why => setTimeout(() => fail(why), GRACE_MS);
  if (typeof WebAssembly !== "object") fail("This browser cannot run the game: it has no WebAssembly (it may be turned off).");
  addEventListener("securitypolicyviolation", event => {
    const directive = event.effectiveDirective || event.violatedDirective || "";
    if (!FATAL.test(directive)) return;
    const what = event.blockedURI === "eval" || event.blockedURI === "wasm-eval" ? `'${event.blockedURI}'` : "a file it needs";
    later(`The game cannot start here: this site's security policy (Content-Security-Policy, ${directive}) refuses ` +
          `${what}. Whoever runs the site can allow it (see the app's README, "Publishing").`);
  });
  // A download that failed reads as each engine's words for it ("Failed to fetch", "NetworkError when attempting
  // to fetch resource.", "Load failed"): said as what it is, as a file that did not load is (painted.js).
  const because = text => (/failed to fetch|networkerror|load failed/i.test(text)
    ? "The game could not load its files: check the connection, then reload the page."
    : `The game could not start here (${text.slice(0, 100)}).`);
  addEventListener("error", event => later(because(String(event.message))));
  addEventListener("unhandledrejection", event => {
    const reason = event.reason;
    later(because(String(reason && reason.message || reason)));
  });
  setTimeout(() => {
    if (!ready() && !failed) say("Still starting\u2026 the first visit downloads about 20 MB, which takes a while on a slow connection.");
  }, SLOW_MS);
}

// `say(text)` shows what the page is waiting for; `wayOut()` is the link a page that cannot start offers
// ({href, text}; by default painted.js's).  `frame`: the embed, which writes no storage of its own.
function prepare({frame = false, say, wayOut}) {
  keepDatabase(frame);
  showProgress(say);
  watch(say, wayOut);
}

// The page's Python (`module`) in a worker of its own (static/page-worker.js), speaking to the page through
// static/bridge.js, so that no task of the interpreter's start holds the page's thread (issue 55).  True
// once the Python runs there (its first word to the page); false where no worker can start it (a
// sandboxed frame, a policy refusing workers, an engine without module workers, an interpreter that
// fails there): the page then starts it itself.
function startInWorker(module, say) {
  let worker;
  try {
    worker = new Worker(new URL("page-worker.js", import.meta.url), {type: "module"});
  } catch (refused) {
    return Promise.resolve(false);
  }
  return new Promise(resolve => {
    let running = false;
    const failed = () => { worker.terminate(); resolve(false); };
    worker.addEventListener("error", event => {
      if (running) return;  // the Python's own errors, once it runs, are the console's
      event.preventDefault();
      failed();
    });
    worker.addEventListener("message", ({data}) => {
      if (running) return;
      if (data.failed) failed();
      else if (data.running) resolve(running = true);
    });
    self.pyramidsBridge.connect(worker);
    worker.postMessage({start: {interpreter: self.pyramidsBridge.interpreter(), module,
                                address: self.pyramidsBridge.address(), page: self.pyramidsBridge.pageUrl(),
                                painted: self.pyramidsBridge.painted(),
                                stored: module === "main" ? self.pyramidsBridge.stored() : null}});
    say(STAGES["Loading interpreter"]);  // what PyScript's progress says on the page
  });
}

// A page's start (the app's, static/boot.js; the embed's, static/embed.js, `frame`: it writes no storage of its
// own): the same, then its Python (`module`) in a worker, else PyScript itself on the page, its files asked
// for at once only then (in a worker they are not used: a preload unused is a console warning).
export async function startPython({frame = false, say, wayOut, module}) {
  prepare({frame, say, wayOut});
  if (!self.pyramidsBridge) {  // static/bridge.js, deferred, runs after the body is parsed, before this event
    await new Promise(parsed => addEventListener("DOMContentLoaded", parsed, {once: true}));
  }
  // The interpreter's download and compile (its WebAssembly compiled on background threads) take every core of a
  // small machine: begun once the page's first frames are drawn (the board with them), not beside them.  A page
  // out of sight draws no frames: there it begins at once, or after a second if it is hidden meanwhile.
  if (!document.hidden) {
    await new Promise(drawn => { requestAnimationFrame(() => setTimeout(drawn, 0)); setTimeout(drawn, 1000); });
  }
  const inWorker = await startInWorker(module, say);
  document.documentElement.dataset.python = inWorker ? "worker" : "page";  // which, for tests and the bench
  if (inWorker) return;
  fetchAhead();
  await import("./vendor/pyscript/core.js");
}

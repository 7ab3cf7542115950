// The service worker of a page of the app (offline use, updates), PyScript's start-up files
// asked for at once, what the frame says while Python starts, and the keyboard layer (at once on a board
// painted before Python starts, else once it has); the page loads PyScript itself, just after this script.
// On the first visit the worker is registered only once the app is ready: by then the page
// has loaded every file it needs, and the worker fills its cache from the browser's HTTP
// cache, so every file, the 9.6 MB interpreter included, is downloaded once.  A new build
// installs in the background; the page offers to reload into it rather than mixing files
// of two versions.
const workers = navigator.serviceWorker;

// PyScript imports its core, then reads its config, then imports its TOML parser and plugins,
// then Pyodide's module: a round trip each, before the interpreter even starts to load.  This
// script runs just before PyScript's (module scripts run in page order, after the page is
// parsed, so after the snapshot is painted) and asks for all of them at once: static/build.js
// lists the modules, the page's Python script names the config.  The same requests, so the
// browser answers PyScript's from these.
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
fetchAhead();

// PyScript keeps its package cache in IndexedDB and never starts if the database will not open:
// the page would say "Loading…" for ever.  A browser may refuse storage to a frame of another
// site (an embed in a wiki, third-party storage blocked): PyScript then gets a database in
// memory, which it only fills with what it needs for this visit.  The app stores nothing of its
// own there.
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

function openOrKeepInMemory() {
  let factory = null;
  try {
    factory = self.indexedDB;
  } catch (refused) {  // some browsers refuse the API itself
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
openOrKeepInMemory();

function offerReload(onClick) {
  const banner = document.getElementById("update");
  if (!banner) return;
  banner.querySelector("button").onclick = onClick;
  banner.hidden = false;
}

function watchForUpdates(registration) {
  const wasControlled = Boolean(workers.controller);
  const version = wasControlled && workers.controller.scriptURL;  // the worker's URL names its version
  let asked = false;
  const offer = worker => offerReload(() => {
    asked = true;
    worker.postMessage("skip-waiting");
  });
  const track = worker => worker && worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && workers.controller) offer(worker);
  });
  if (registration.waiting && workers.controller) offer(registration.waiting);
  track(registration.installing);
  registration.addEventListener("updatefound", () => track(registration.installing));
  workers.addEventListener("controllerchange", () => {
    if (asked) location.reload();
    else if (wasControlled && workers.controller && workers.controller.scriptURL !== version) {
      offerReload(() => location.reload());  // another tab switched versions (not: the site's data was
    }  // cleared, and the same version registered again)
  });
}

// The worker is registered by a URL naming the version the server has now (precache.js, read past every
// cache): a new version is a new URL, fetched afresh.  The browser's own check of sw.js asks "modified
// since?", and a server answers 304 to a deploy dated older than the last (a rollback, an `rsync -a` of
// an older tree): by that check alone, such a deploy would never reach a player.  Offline, the worker
// here stays.
async function deployed() {
  if (navigator.onLine !== false) {
    try {
      const found = /"version": "(\w+)"/.exec(await (await fetch("precache.js", {cache: "no-store"})).text());
      if (found) return `sw.js?v=${found[1]}`;
    } catch {}  // the network failed: as offline
  }
  return workers.controller ? workers.controller.scriptURL : "sw.js";
}

async function register() {
  try {
    watchForUpdates(await workers.register(await deployed(), {updateViaCache: "none"}));
  } catch (error) {
    console.warn("The app will not work offline:", error);
  }
}

function whenReady(then) {
  const root = document.documentElement;
  if (root.hasAttribute("data-ready")) return then();
  const watch = new MutationObserver(() => {
    if (root.hasAttribute("data-ready")) { watch.disconnect(); then(); }
  });
  watch.observe(root, {attributes: true, attributeFilter: ["data-ready"]});
}

// While Python starts (seconds; longer on a first visit's download) the frame says what it
// is waiting for, from PyScript's progress events, instead of an animation that would
// cost the start-up time it is waiting out.
const STAGES = {"Loading interpreter": "Loading Python\u2026"};
addEventListener("py:progress", event => {
  const note = document.querySelector("#board .loading:not(.snapshot-note)");  // not a snapshot's own note
  const text = STAGES[String(event.detail)];
  if (note && text) note.textContent = text;
});

// The keyboard and touch layer (static/access.js) serves the board.  On a board painted before Python
// starts (static/snapshot.js) it serves at once: the arrows move between its locations, and Enter is a
// click, kept until the game is ready.  Otherwise there is no board yet, and it is loaded once the game
// is ready, off the start-up's critical path.
function loadAccess() {
  const script = document.createElement("script");
  script.src = "static/access.js";
  document.head.append(script);
}
if (document.querySelector("#board[data-snapshot]")) loadAccess();
else whenReady(loadAccess);

if (workers && workers.controller) register();  // served from the cache: look for a new version
else if (workers) whenReady(register);  // first visit: the worker fills its cache from the browser's

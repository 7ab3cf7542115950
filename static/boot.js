// The app page's start: Python's (static/start.js: in a worker, else PyScript on the page, and what the page
// says while Python starts or why it cannot), the service worker (offline use, updates) and the keyboard
// layer (at once on a board painted before Python starts, else once it has).
// On the first visit the worker is registered only once the app is ready (and left alone a moment): by then
// the page has loaded every file it needs, and the worker fills its cache from the browser's HTTP
// cache, so every file, the 9.6 MB interpreter included, is downloaded once.  A new build
// installs in the background; the page offers to reload into it rather than mixing files
// of two versions.
import {startPython} from "./start.js";

// A sandboxed frame (an opaque origin) throws at the very mention of service workers: the app then
// runs without one, online only.
const workers = (() => { try { return navigator.serviceWorker; } catch { return undefined; } })();

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


// The app's Python (py/main.py) in a worker of its own, so that no task of its start or of its answers holds
// the page's thread (issue 55); where none can start it, PyScript runs it on the page.  Meanwhile the page
// says what it waits for on the board's place (a board painted before Python starts keeps its own "Starting…").
startPython({
  module: "main",
  say(text) {
    const note = document.querySelector("#board .loading:not(.snapshot-note)");
    if (note) note.textContent = text;
  },
});

// The keyboard and touch layer serves the board: at once on a board painted before Python starts (the arrows
// move between its locations, and Enter is a click, kept until the game is ready), else once the game is
// ready, off the start-up's critical path.
const {whenReady, loadKeys} = self.pyramidsPainted;
if (document.querySelector("#board[data-snapshot]")) loadKeys();
else whenReady(loadKeys);

// On a phone the log's drawer stands between what just happened and the panel with the controls (static/app.css
// orders them so); the keys' focus and a screen reader follow the document, which holds the panel first, in the
// side column of a wider screen.  So on a phone the panel and controls move after the drawer in the document
// too, and back on a wider screen.  Nothing on screen moves: the side and the log are display: contents there.
// A lesson on a phone is read before its board is played, so it goes over the board (beside it on a wider screen).
function orderAsShown() {
  const phone = matchMedia("(max-width: 599px)");
  const byId = id => document.getElementById(id);
  const tools = byId("tools"), side = byId("side"), rules = byId("rules");
  const lesson = byId("lesson"), status = byId("status"), play = byId("play");
  const put = (element, [parent, before]) => {
    if (element.parentElement === parent && element.nextElementSibling === before) return;
    const focused = element.contains(document.activeElement) ? document.activeElement : null;
    parent.insertBefore(element, before);
    if (focused) focused.focus({preventScroll: true});  // a move out of the document took it
  };
  const place = () => {
    put(tools, phone.matches ? [rules.parentElement, rules] : [side, null]);
    put(lesson, phone.matches ? [play.parentElement, play] : [status.parentElement, status]);
  };
  place();
  phone.addEventListener("change", place);
}
orderAsShown();

// A first visit's worker fills its cache (20 MB copied from the browser's HTTP cache, the interpreter's memory
// snapshot inflated to 31 MB: a second or two of a two-core machine's work) once the app is ready and then left
// alone for a moment: under a newcomer's first moves, that work stretched their frames past 50 ms on a phone's
// processor (the notebook, 2026-12-02, later).  Each press or key puts it off again; a pause comes soon enough.
const QUIET_MS = 2000;
function whenQuiet(then) {
  const kinds = ["pointerdown", "keydown"];
  let timer = null;
  const wait = () => { clearTimeout(timer); timer = setTimeout(done, QUIET_MS); };
  function done() {
    for (const kind of kinds) removeEventListener(kind, wait, true);
    then();
  }
  for (const kind of kinds) addEventListener(kind, wait, true);
  wait();
}

// The app in another page's frame plays online only: a worker registered there would fill a second copy of
// its cache (browsers partition a frame's storage by the page around it) and offer to reload inside that page.
if (workers && self === top) {
  if (workers.controller) register();  // served from the cache: look for a new version
  else whenReady(() => whenQuiet(register));  // first visit: the worker fills its cache from the browser's
}

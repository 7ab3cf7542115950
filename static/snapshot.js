// The board a returning player left, painted before Python starts (it takes seconds).
// After each change on screen, py/main.py calls pyramidsSnapshot.keep(home): in idle time
// this keeps a copy of the board's SVG, the status line and the move list in localStorage,
// with the build that drew it and the link it belongs to (`home`: the game a visit without a
// link reopens).  The next visit paints it from here, while the page is still being parsed,
// marked "Starting…"; Python then draws the same board over it.  A first visit (no link, no
// game to reopen) is shown the default game's start instead, drawn at build time by the same
// views (static/first-board.js).  Clicks made on either meanwhile (and Enter on a location:
// static/access.js makes it a click) are kept, each location marked "Starting…", and made once
// the game is ready.  A snapshot of another build or another link is not shown.  The snapshot
// is read back through an inert parser and an allowlist of elements and attributes, so
// whatever the storage holds cannot run script.
"use strict";
(function () {
  const KEY = "pyramids.snapshot.v1";
  const LAST = "pyramids.v1.last";  // py/screen/store.py's PREFIX + saves.LAST: the game a visit without a link reopens
  const WELCOMED = "pyramids.v1.welcomed";  // py/screen/store.py's PREFIX + saves.WELCOMED: the welcome was said once
  const LIMIT = 500000;  // characters: a full Ice Towers table is ~60,000
  const BUILD = self.PYRAMIDS_BUILD || "";
  const root = document.documentElement;
  const byId = id => document.getElementById(id);

  // What our views write (py/pyramids/svg.py, views/, page.move_list, page.turn_log) and static/access.js adds: these
  // elements, and these attributes with the forms of value they take.  Everything else is dropped,
  // so nothing in storage can run script or make the browser fetch (a check for "url(" let CSS
  // escapes, "\75rl(", and image-set() through).
  const SVG_TAGS = new Set(["svg", "g", "rect", "circle", "ellipse", "path", "polygon", "text", "tspan",
    "title", "defs", "pattern"]);
  const LIST_TAGS = new Set(["li", "button", "span", "ol", "strong"]);  // the game log's turns too (page.turn_log)
  const NUMBER = /^-?\d+(\.\d+)?$/;
  const NUMBERS = /^-?\d+(\.\d+)?([ ,]+-?\d+(\.\d+)?)*$/;
  const PAINT = /^(#[0-9a-f]{3,8}|none|url\(#[\w-]+\))$/i;  // url(#pat-red): a pattern of the same board
  const TEXT = /^/;  // names, words and notation: text the page shows or matches, never a URL or CSS
  const oneOf = (...words) => new RegExp(`^(${words.join("|")})$`);
  const ATTRIBUTES = new Map(Object.entries({
    x: NUMBER, y: NUMBER, cx: NUMBER, cy: NUMBER, r: NUMBER, rx: NUMBER, ry: NUMBER, width: NUMBER,
    height: NUMBER, opacity: NUMBER, "fill-opacity": NUMBER, "stroke-width": NUMBER, "font-size": NUMBER,
    tabindex: NUMBER, viewbox: NUMBERS, points: NUMBERS, "stroke-dasharray": NUMBERS,
    d: /^[MLHVCSQTAZ\d\s.,-]+$/i,
    transform: /^((rotate|translate|scale)\([\d\s.,-]+\)\s*)+$/,
    fill: PAINT, stroke: PAINT,
    style: /^(fill-)?opacity:\s*\d+(\.\d+)?;?$/,
    id: /^[\w-]+$/,
    xmlns: oneOf("http://www\\.w3\\.org/2000/svg"),
    patternunits: oneOf("userSpaceOnUse"),
    role: oneOf("group", "button", "img"),
    "aria-hidden": oneOf("true", "false"),
    "text-anchor": oneOf("start", "middle", "end"),
    "stroke-linecap": oneOf("butt", "round", "square"),
    "stroke-linejoin": oneOf("miter", "round", "bevel"),
    "pointer-events": oneOf("none"),
    "font-weight": oneOf("normal", "bold"),
    "font-family": oneOf("sans-serif"),
    type: oneOf("button"),
    class: TEXT, "aria-label": TEXT, title: TEXT, "data-cell": TEXT, "data-start": TEXT, "data-tower": TEXT,
    "data-arrows": TEXT, "data-ply": TEXT, "data-num": TEXT, "data-notation": TEXT,
    "data-first": NUMBER, "data-last": NUMBER, "data-open": oneOf(""), "aria-expanded": oneOf("true", "false"),
  }));

  function safeAttribute(name, value) {
    const form = ATTRIBUTES.get(name.toLowerCase());
    return form !== undefined && form.test(value);
  }

  function clean(node, tags) {
    for (const child of Array.from(node.children)) {
      if (!tags.has(child.localName.toLowerCase())) { child.remove(); continue; }
      for (const attr of Array.from(child.attributes)) {
        if (!safeAttribute(attr.name, attr.value)) child.removeAttribute(attr.name);
      }
      clean(child, tags);
    }
    return node;
  }

  // Markup parsed in a document of its own (scripts never run there), cleaned, then adopted.
  function inert(markup, tags) {
    const body = new DOMParser().parseFromString(`<body>${markup}</body>`, "text/html").body;
    return Array.from(clean(body, tags).children).map(node => document.importNode(node, true));
  }

  function read() {
    try {
      const found = JSON.parse(localStorage.getItem(KEY));
      return found && typeof found === "object" ? found : null;
    } catch (error) {
      return null;
    }
  }

  function belongs(snap) {
    if (snap.build !== BUILD || typeof snap.board !== "string") return false;
    const link = location.hash.replace(/^#/, "");
    return link ? link === snap.link : snap.home === true;
  }

  // No link and no game to reopen: the page will open the default game at its start.
  function firstVisit() {
    const start = self.PYRAMIDS_FIRST_BOARD;
    if (location.hash.replace(/^#/, "") || !start || typeof start.board !== "string") return null;
    try {
      if (localStorage.getItem(LAST) !== null) return null;
    } catch (error) {
      // Storage off: nothing can be reopened, the default game opens.
    }
    return start;
  }

  function welcomed() {
    try {
      return localStorage.getItem(WELCOMED) !== null;
    } catch (error) {
      return false;  // storage off: Python cannot note that it welcomed, so it welcomes every visit
    }
  }

  function paint(snap, kind) {
    const board = byId("board");
    const parts = inert(snap.board, SVG_TAGS);
    if (!board || !parts.length) return false;
    const note = document.createElement("p");
    note.className = "loading snapshot-note";
    note.textContent = "Starting\u2026";
    board.replaceChildren(...parts, note);
    board.setAttribute("data-snapshot", kind);  // "kept" (the player's board) or "first" (the build's)
    if (typeof snap.game === "string") {
      board.setAttribute("data-game", snap.game);
      const tab = document.querySelector(`#picker [data-game="${CSS.escape(snap.game)}"]`);
      if (tab) tab.classList.add("active");
    }
    if (kind === "first" && typeof snap.message === "string" && byId("message") && !welcomed()) {
      byId("message").textContent = snap.message;  // the welcome Python will say: read at once
    }
    for (const [id, key] of [["status", "status"], ["ply", "ply"]]) {
      if (byId(id) && typeof snap[key] === "string") byId(id).textContent = snap[key];
    }
    const list = byId("moves");
    if (list && typeof snap.moves === "string") {
      list.replaceChildren(...inert(snap.moves, LIST_TAGS));
      list.classList.toggle("paired", snap.paired === true);  // White and Black side by side
      list.classList.toggle("turns", snap.turns === true);  // one entry per turn
    }
    if (typeof snap.title === "string") document.title = snap.title;
    requestAnimationFrame(() => performance.mark("pyramids:snapshot-painted"));
    return true;
  }

  // Clicks on the snapshot's board: each kept as its nested locations, innermost first, and the
  // location marked at once, the note beside it (a tap must not look ignored).
  const queued = [];
  const WAIT = "Starting\u2026 your move will be made as soon as the game is ready.";
  function keepClick(event) {
    if (root.hasAttribute("data-ready")) return;
    const cells = [];
    const hit = event.target.closest("[data-cell]");
    for (let el = hit; el; el = el.parentElement && el.parentElement.closest("[data-cell]")) {
      cells.push(el.getAttribute("data-cell"));
    }
    if (!cells.length) return;
    event.stopPropagation();
    if (queued.length >= 8) return;
    queued.push(cells);
    hit.classList.add("queued");
    const note = document.querySelector("#board .snapshot-note");
    if (note) besides(note, hit);
    if (byId("live")) byId("live").textContent = WAIT;
  }

  // The note just below the location (above it near the board's foot), kept inside the board.
  function besides(note, cell) {
    note.textContent = WAIT;
    note.classList.add("beside");
    const board = byId("board").getBoundingClientRect(), at = cell.getBoundingClientRect();
    const half = Math.min(note.offsetWidth / 2, board.width / 2);
    const x = Math.max(half, Math.min(board.width - half, at.left + at.width / 2 - board.left));
    const below = at.bottom - board.top + 4;
    const y = below + note.offsetHeight <= board.height ? below : Math.max(0, at.top - board.top - note.offsetHeight - 4);
    Object.assign(note.style, {left: `${x}px`, top: `${y}px`});
  }

  function find(cells) {
    for (const el of document.querySelectorAll("#board [data-cell], #game-panel [data-cell]")) {
      if (el.getAttribute("data-cell") !== cells[0]) continue;
      const chain = [];
      for (let up = el; up; up = up.parentElement && up.parentElement.closest("[data-cell]")) {
        chain.push(up.getAttribute("data-cell"));
      }
      if (chain.join("\n") === cells.join("\n")) return el;
    }
    return null;
  }

  function replayClicks() {
    for (const cells of queued.splice(0)) {
      const target = find(cells);
      if (target) target.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
    }
  }

  // -- keeping the snapshot ------------------------------------------------
  let pending = null;
  let written = null;

  function save(home) {
    const board = byId("board");
    const svg = board && board.querySelector(":scope > svg");
    if (!svg) return;
    let moves = byId("moves") ? byId("moves").innerHTML : "";
    if (svg.outerHTML.length + moves.length > LIMIT) moves = "";
    const snap = {
      build: BUILD, link: location.hash.replace(/^#/, ""), home, game: board.getAttribute("data-game"),
      board: svg.outerHTML, status: byId("status").textContent, ply: byId("ply").textContent, moves,
      paired: Boolean(byId("moves") && byId("moves").classList.contains("paired")),
      turns: Boolean(byId("moves") && byId("moves").classList.contains("turns")),
      title: document.title,
    };
    const text = JSON.stringify(snap);
    if (text === written) return;
    try {
      if (text.length > LIMIT) localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, text);
      written = text;
    } catch (error) {
      // Storage off or full: the next visit simply starts without a snapshot.
    }
  }

  let pendingHome = false;
  self.pyramidsSnapshot = {
    // Called after each change on screen; the copy is made when the page is idle, never in a click.
    keep(home) {
      pendingHome = Boolean(home);
      if (pending !== null) return;
      const later = self.requestIdleCallback || (run => setTimeout(run, 50));
      pending = later(() => { pending = null; save(pendingHome); }, {timeout: 1000});
    },
    // The page is being left or hidden (py/main.py, after the URL and the save): a copy still waiting
    // for idle time is made now, so a reload right after a move paints that move's board.
    flush() {
      if (pending === null) return;
      (self.cancelIdleCallback || clearTimeout)(pending);
      pending = null;
      save(pendingHome);
    },
  };

  const kept = read();
  const [snap, kind] = kept && belongs(kept) ? [kept, "kept"] : [firstVisit(), "first"];
  if (snap && paint(snap, kind)) {
    document.addEventListener("click", keepClick, true);
    new MutationObserver((records, observer) => {
      if (!root.hasAttribute("data-ready")) return;
      observer.disconnect();
      document.removeEventListener("click", keepClick, true);
      setTimeout(replayClicks, 0);
    }).observe(root, {attributes: true, attributeFilter: ["data-ready"]});
  }
})();

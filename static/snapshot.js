// The board a returning player left, painted before Python starts (it takes seconds).
// After each change on screen, py/main.py calls pyramidsSnapshot.keep(home): in idle time
// this keeps a copy of the board (its SVG, a game's tray under it), the status line, the game's panel, whether
// a lesson is offered, the typed move's example and the move list in localStorage, with the build that drew
// it and the link it belongs to (`home`: the game a visit without a link reopens).  The next
// visit paints it from here, while the page is still being parsed, marked "Starting…"; Python
// then draws the same board over it.
// A first visit (no link, no game to reopen) is shown the default game's start instead, drawn at
// build time by the same views (static/first-board.js).  Clicks made on either meanwhile (and
// Enter on a location: static/access.js makes it a click) are kept, each location marked
// "Starting…", and made once the game is ready.  A snapshot of another build or another link is
// not shown: a link with none of its own has its board's box shaped as its game's board instead (`shapeLinked`).
// The snapshot is read back through static/painted.js (an inert parser and an
// allowlist of elements and attributes), so whatever the storage holds cannot run script; the first
// board, the build's own, is put in as it is.
"use strict";
(function () {
  const KEY = "pyramids.snapshot.v1";
  const LAST = "pyramids.v1.last";  // py/screen/store.py's PREFIX + saves.LAST: the game a visit without a link reopens
  const WELCOMED = "pyramids.v1.welcomed";  // py/screen/store.py's PREFIX + saves.WELCOMED: the welcome was said once
  const LIMIT = 500000;  // characters: a full Ice Towers table is ~60,000
  const BUILD = self.PYRAMIDS_BUILD || "";
  const byId = id => document.getElementById(id);
  const idle = self.requestIdleCallback || (run => setTimeout(run, 50));  // Safari has no idle callbacks

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

  // Python offers a lesson only where it can read My games (py/screen/learn.py).
  function storing() {
    try {
      localStorage.getItem(LAST);
      return true;
    } catch (error) {
      return false;
    }
  }

  function paint(snap, kind) {
    // A kept snapshot is read through the allowlist; the build's first board is the page's own (painted.js).
    const parsed = (markup, what) => (kind === "first" ? self.pyramidsPainted.own(markup)
      : self.pyramidsPainted.inert(markup, what));
    const board = byId("board");
    const parts = parsed(snap.board, "board");
    if (!board || !parts.length) return false;
    const note = document.createElement("p");
    note.className = "loading snapshot-note";
    note.textContent = "Starting\u2026";
    board.replaceChildren(...parts, note);
    board.setAttribute("data-snapshot", kind);  // "kept" (the player's board) or "first" (the build's)
    if (typeof snap.game === "string") {
      board.setAttribute("data-game", snap.game);
      const tab = document.querySelector(`#picker [data-game="${CSS.escape(snap.game)}"]`);
      if (tab) tab.setAttribute("aria-current", "page");
    }
    if (kind === "first" && typeof snap.message === "string" && byId("message") && !welcomed()) {
      byId("message").textContent = snap.message;  // the welcome Python will say: read at once
    }
    // The game's panel and the offer of a lesson sit above the controls: painted now, so that Python's first
    // drawing does not push the controls down under the player's pointer.  Their buttons wait for the game.
    const panel = byId("game-panel");
    if (panel && typeof snap.panel === "string") {
      panel.replaceChildren(...parsed(snap.panel, "panel"));
      for (const button of panel.querySelectorAll("button")) button.disabled = true;
    }
    if (typeof snap.offer === "string" && byId("learn-offer") && byId("learn-offer-game") && storing()) {
      byId("learn-offer-game").textContent = snap.offer;
      byId("learn-offer").hidden = false;
      self.pyramidsSnapshot.offered = snap.offer;
    }
    for (const [id, key] of [["status", "status"], ["ply", "ply"], ["move-help", "help"]]) {
      if (byId(id) && typeof snap[key] === "string") byId(id).textContent = snap[key];
    }
    const list = byId("moves");
    if (list && typeof snap.moves === "string") {
      list.replaceChildren(...parsed(snap.moves, "moves"));
      list.classList.toggle("paired", snap.paired === true);  // White and Black side by side
      list.classList.toggle("turns", snap.turns === true);  // one entry per turn
    }
    if (typeof snap.title === "string") document.title = snap.title;
    requestAnimationFrame(() => performance.mark("pyramids:snapshot-painted"));
    return true;
  }

  // A link with no snapshot of it (opened for the first time here): nothing of its game to paint, but its board's
  // box is given that game's shape (static/first-board.js: its viewBox and tray), so that Python's first drawing
  // does not change its height: Ice-Turn's board with its tray is taller than the square box the page starts with.
  function shapeLinked() {
    const game = linkedGame(), board = byId("board");
    const shape = game && (self.PYRAMIDS_BOARD_SHAPES || {})[game];
    if (!board || !Array.isArray(shape)) return;
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", shape[0]);
    svg.setAttribute("aria-hidden", "true");
    const parts = [svg];
    if (shape[1]) {  // its tray, empty, the build's own markup: its room kept as the game's own keeps it
      const tray = document.createElement("template");
      tray.innerHTML = shape[1];
      parts.push(tray.content);
    }
    const note = board.querySelector(".loading");  // "Starting the game engine…", now over the empty board (app.css)
    if (note) parts.push(note);
    board.replaceChildren(...parts);
    board.setAttribute("data-game", game);
    const tab = document.querySelector(`#picker [data-game="${CSS.escape(game)}"]`);
    if (tab) tab.setAttribute("aria-current", "page");
  }

  // The game a link names: its record's `g=` (py/pyramids/record.py), or a game's name first, as a person writes
  // it ("#icetoids", "#Ice-Turn&players=3": `record.read`), matched against the picker's games.
  function linkedGame() {
    const parts = location.hash.replace(/^#/, "").split("&");
    const decoded = part => {
      try {
        return decodeURIComponent(part);
      } catch (error) {
        return "";  // not a game's name
      }
    };
    if (parts[0].includes("=")) {
      const field = parts.find(part => part.startsWith("g="));
      return field ? decoded(field.slice(2)) : null;
    }
    const plain = name => name.toLowerCase().replace(/[^a-z0-9]/g, "");
    const wanted = plain(decoded(parts[0]));
    const tab = wanted && Array.from(document.querySelectorAll("#picker [data-game]")).find(
      button => wanted === plain(button.dataset.game) || wanted === plain(button.textContent));
    return tab ? tab.dataset.game : null;
  }

  // -- keeping the snapshot ------------------------------------------------
  let pending = null;
  let written = null;

  function save(home) {
    const board = byId("board");
    const svg = board && board.querySelector(":scope > svg");
    if (!svg) return;
    const tray = board.querySelector(":scope > .tray");  // a game's buttons under its board (Ice-Turn's)
    const drawn = svg.outerHTML + (tray ? tray.outerHTML : "");
    let moves = byId("moves") ? byId("moves").innerHTML : "";
    const panel = byId("game-panel") ? byId("game-panel").innerHTML : "";
    if (drawn.length + panel.length + moves.length > LIMIT) moves = "";
    const offer = byId("learn-offer");
    const snap = {
      build: BUILD, link: location.hash.replace(/^#/, ""), home, game: board.getAttribute("data-game"),
      board: drawn, status: byId("status").textContent, ply: byId("ply").textContent, moves, panel,
      help: byId("move-help").textContent,
      offer: offer && !offer.hidden ? byId("learn-offer-game").textContent : null,
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
      pending = idle(() => { pending = null; save(pendingHome); }, {timeout: 1000});
    },
    // The page is being left or hidden (py/main.py, after the URL and the save): a copy still waiting
    // for idle time is made now, so a reload right after a move paints that move's board.
    flush() {
      if (pending === null) return;
      (self.cancelIdleCallback || clearTimeout)(pending);
      pending = null;
      save(pendingHome);
    },
    offered: "",  // the game whose lesson it offered, painted (py/screen/learn.py keeps it from there)
  };

  // -- the boards' fonts, found while Python starts ---------------------------------
  // Each size and weight of a board's label is, the first time one is laid out, a question to the browser that
  // the page waits on (~0.4 ms; 10-17 ms while the browser is busy, as just after the page is ready: an Ice
  // Towers link opened then waited 85 ms on five).  So every game's (static/first-board.js, from our views at
  // build time) is laid out now, one in each idle moment, in a sample nobody sees, gone once done.  Each by the
  // frame after it is put in, as the page renders anyway: asked for at once (its length read), a text had the
  // whole page laid out with it whenever the page had changed since its last frame (32 ms at a phone's pace).
  function findFonts(fonts) {
    if (!Array.isArray(fonts) || !fonts.length || !document.body) return;
    const SVG = "http://www.w3.org/2000/svg";
    const sample = document.createElementNS(SVG, "svg");
    sample.setAttribute("class", "label-fonts");  // app.css: laid out as a board's labels are, never seen
    sample.setAttribute("aria-hidden", "true");
    sample.setAttribute("font-family", "sans-serif");  // as our boards' (py/pyramids/svg.py)
    document.body.append(sample);
    let next = 0;
    const one = () => {
      if (next === fonts.length) {
        sample.remove();
        performance.mark("pyramids:label-fonts", {detail: fonts.length});
        return;
      }
      const [size, weight] = fonts[next++];
      const text = document.createElementNS(SVG, "text");
      text.setAttribute("font-size", size);
      text.setAttribute("font-weight", weight);
      text.textContent = "Ag";
      sample.append(text);
      requestAnimationFrame(() => setTimeout(() => idle(one)));  // the next one once a frame has laid this out
    };
    idle(one);
  }

  const kept = read();
  const [snap, kind] = kept && belongs(kept) ? [kept, "kept"] : [firstVisit(), "first"];
  try {
    if (snap && paint(snap, kind)) self.pyramidsPainted.keepClicks();
    else shapeLinked();
  } finally {
    document.documentElement.removeAttribute("data-painting");  // the page under the header is shown (app.css)
  }
  findFonts(self.PYRAMIDS_LABEL_FONTS);
})();

// What a page painted before Python starts needs (static/snapshot.js paints the board a player
// left, static/embed.js the board an embed code carries): the markup read back, the clicks made
// on it kept until the game is ready, and, should the game never be ready, why, over the board.
//
// The markup comes from somewhere a stranger may have written (the browser's storage, an embed
// code pasted into a wiki).  It is parsed into a template, whose content belongs to a document of
// its own with no window (scripts never run there, nothing is fetched), and only what our views
// write is kept: these elements, and these attributes with the forms of value they take.
// Everything else is dropped before it joins the page, so nothing read back can run script or make
// the browser fetch (a check for "url(" let CSS escapes, "\75rl(", and image-set() through).
"use strict";
(function () {
  // py/pyramids/svg.py and views/: boards and the pieces drawn in panels.
  const SVG = ["svg", "g", "rect", "circle", "ellipse", "path", "polygon", "text", "tspan", "title", "defs", "pattern"];
  // page.move_list and page.turn_log: the move list and the game log's turns.
  const LIST = ["li", "button", "span", "ol", "strong"];
  // views.panel: the game's panel beside the board (scores, trackers, pool, fire pit, reserves).
  const PANEL = [...SVG, ...LIST, "p", "b", "em", "small", "ul", "div", "table", "caption", "tbody", "tr", "td",
    "details", "summary"];
  // views.controls: a game's tray of buttons under its board (Ice-Turn's).
  const TRAY = ["div", "p", "span", "button", "strong"];
  const TAGS = {board: new Set([...SVG, ...TRAY]), moves: new Set(LIST), panel: new Set(PANEL)};

  const NUMBER = /^-?\d+(\.\d+)?$/;
  const NUMBERS = /^-?\d+(\.\d+)?([ ,]+-?\d+(\.\d+)?)*$/;
  const PAINT = /^(#[0-9a-f]{3,8}|none|url\(#[\w-]+\))$/i;  // url(#pat-red): a pattern of the same board
  const TEXT = null;  // names, words and notation, any value: text the page shows or matches, never a URL or CSS
  const oneOf = (...words) => new RegExp(`^(${words.join("|")})$`);
  const ATTRIBUTES = new Map(Object.entries({
    x: NUMBER, y: NUMBER, cx: NUMBER, cy: NUMBER, r: NUMBER, rx: NUMBER, ry: NUMBER, width: NUMBER,
    height: NUMBER, opacity: NUMBER, "fill-opacity": NUMBER, "stroke-width": NUMBER, "font-size": NUMBER,
    tabindex: NUMBER, viewBox: NUMBERS, points: NUMBERS, "stroke-dasharray": NUMBERS,
    d: /^[MLHVCSQTAZ\d\s.,-]+$/i,
    transform: /^((rotate|translate|scale)\([\d\s.,-]+\)\s*)+$/,
    fill: PAINT, stroke: PAINT,
    style: /^(fill-)?opacity:\s*\d+(\.\d+)?;?$/,
    id: /^[\w-]+$/,
    xmlns: oneOf("http://www\\.w3\\.org/2000/svg"),
    patternUnits: oneOf("userSpaceOnUse"),
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
    "data-piece": TEXT,  // a piece's name (svg.named), which static/motion.js moves it by
    "data-arrows": TEXT, "data-ply": TEXT, "data-num": TEXT, "data-notation": TEXT,
    "data-first": NUMBER, "data-last": NUMBER, "data-open": oneOf(""), "aria-expanded": oneOf("true", "false"),
    "data-actor": TEXT, "aria-pressed": oneOf("true", "false"),  // a panel's "acting as" choices
    "aria-current": oneOf("step"),  // the move list's move on screen
  }));

  // Names as the parser gives them: an HTML element's attributes in lower case, an SVG element's in SVG's own
  // (viewBox), the tags of both as ours are written.  A name in any other case is not one of ours: dropped.
  // One pass over every element (a static list: what a dropped element held is visited, harmlessly, and goes
  // with it).  The walk it replaced, a recursion copying each child and attribute list, took 24 ms of
  // static/snapshot.js's 49 ms task on a returning visit at a phone's pace (this one 7-13 ms).
  function clean(root, tags) {
    for (const element of root.querySelectorAll("*")) {
      if (!tags.has(element.localName)) { element.remove(); continue; }
      const attributes = element.attributes;
      for (let i = attributes.length - 1; i >= 0; i--) {
        const {name, value} = attributes[i];
        const form = ATTRIBUTES.get(name);
        if (form === undefined || (form !== TEXT && !form.test(value))) element.removeAttribute(name);
      }
    }
    return root;
  }

  function parsed(markup) {
    const template = document.createElement("template");
    template.innerHTML = markup;
    return template.content;
  }

  // `markup` of one kind ("board", "moves" or "panel") as nodes for this document, cleaned.
  function inert(markup, kind) {
    return Array.from(clean(parsed(markup), TAGS[kind]).children);
  }

  // The build's own markup (static/first-board.js, drawn by our views at build time, a script of the page like
  // this one): nothing a stranger wrote, so it is put in as parsed, without the walk above.
  function own(markup) {
    return Array.from(parsed(markup).children);
  }

  const root = document.documentElement;
  const byId = id => document.getElementById(id);

  // Clicks on the painted board (or panel): each kept as its nested locations, innermost first, or as the
  // colour chosen to act as (Ice Towers' "Acting as"), and marked at once, the note beside it (a tap must not
  // look ignored).
  const queued = [];
  const WAIT = "Starting\u2026 your move will be made as soon as the game is ready.";
  const CHOSEN = "Starting\u2026 your choice will be made as soon as the game is ready.";  // whom to act as
  function keepClick(event) {
    if (root.hasAttribute("data-ready")) return;
    const chooser = event.target.closest("#game-panel [data-actor]");
    const hit = chooser || event.target.closest("[data-cell]");
    if (!hit) return;
    const cells = [];
    for (let el = chooser ? null : hit; el; el = el.parentElement && el.parentElement.closest("[data-cell]")) {
      cells.push(el.getAttribute("data-cell"));
    }
    event.stopPropagation();
    if (queued.length >= 8) return;
    queued.push(chooser ? {actor: chooser.getAttribute("data-actor")} : cells);
    hit.classList.add("queued");
    const note = document.querySelector("#board .snapshot-note");
    if (note) besides(note, hit);
    if (byId("live")) byId("live").textContent = chooser ? CHOSEN : WAIT;
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

  // The element a kept click was on, as the game now draws it: the same colour to act as, or the same nested
  // locations.
  function find(kept) {
    if (kept.actor !== undefined) {
      return Array.from(document.querySelectorAll("#game-panel [data-actor]"))
        .find(el => el.getAttribute("data-actor") === kept.actor) || null;
    }
    const cells = kept;
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
    for (const kept of queued.splice(0)) {
      const target = find(kept);
      if (target) target.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window}));
    }
  }

  // Clicks on the board are kept from now until <html data-ready>, then made; `first()` runs at the first
  // one (the embed starts Python then).
  function keepClicks(first = () => {}) {
    const keep = event => {
      const before = queued.length;
      keepClick(event);
      if (before === 0 && queued.length) first();
    };
    document.addEventListener("click", keep, true);
    new MutationObserver((records, observer) => {
      if (!root.hasAttribute("data-ready")) return;
      observer.disconnect();
      document.removeEventListener("click", keep, true);
      setTimeout(replayClicks, 0);
    }).observe(root, {attributes: true, attributeFilter: ["data-ready"]});
  }

  // The game cannot start here: `why` over the board, in words, with the way out (`link`: {href, text}) if
  // there is one (by default, for a page in another's frame, the same page in a tab of its own); the notes
  // that promised a start go.  Said to screen readers at once.
  function cannotStart(why, link = self === top ? null : {href: location.href, text: "Open it in a tab of its own."}) {
    root.setAttribute("data-start-failed", "");
    for (const note of document.querySelectorAll("#board .loading")) note.remove();
    queued.length = 0;  // what was kept will never be made: neither marked nor promised
    for (const kept of document.querySelectorAll(".queued")) kept.classList.remove("queued");
    if (byId("live") && [WAIT, CHOSEN].includes(byId("live").textContent)) byId("live").textContent = "";
    let notice = document.querySelector("#board .start-failed");
    if (!notice) {
      notice = document.createElement("p");
      notice.className = "start-failed";
      notice.setAttribute("role", "alert");
      byId("board").append(notice);
    }
    notice.replaceChildren(why);
    if (link) {
      const out = Object.assign(document.createElement("a"), {href: link.href, target: "_blank", rel: "noopener",
                                                               textContent: link.text});
      notice.append(" ", out);
    }
  }

  // `href` in a field after `where`, selected, to copy into a tab by hand, with `why` it must be.
  function addressToCopy(where, href, why) {
    let copy = where.nextElementSibling;
    if (!copy || !copy.classList.contains("address")) {
      copy = document.createElement("span");
      copy.className = "address";
      const field = Object.assign(document.createElement("input"), {readOnly: true, value: href});
      field.setAttribute("aria-label", "The game's address");
      copy.append(why, " ", field);
      where.after(copy);
    }
    copy.querySelector("input").select();
    copy.querySelector("input").focus();
  }

  // A link to a tab of its own from a frame that may not open one (sandboxed without allow-popups): the browser
  // refused it without a word (Firefox throws), and the reader was left with a dead link.  Where the tab does not
  // open, the address is shown beside the link, to copy into a tab by hand.
  if (self !== top) {
    document.addEventListener("click", event => {
      const link = event.target instanceof Element && event.target.closest("a[target=_blank]");
      if (!link || event.defaultPrevented || event.button !== 0) return;
      event.preventDefault();
      let tab = null;
      try { tab = open(link.href, "_blank"); } catch { /* Firefox: "InvalidAccessError" where no tab may open */ }
      if (tab) {
        try { tab.opener = null; } catch { /* a tab of no origin (the frame's sandbox kept): nothing to cut */ }
        return;
      }
      addressToCopy(link, link.href, "This frame may not open a tab: copy the address into one.");
    });
  }

  // A module script of the page that does not load (a sandboxed frame whose site sends no CORS headers, a
  // network error) never runs, so nothing else would say why the page waits: this classic script does.
  // A tab opened from a sandboxed frame that let it open but not leave the sandbox (allow-popups without
  // allow-popups-to-escape-sandbox) keeps the frame's limits: the game cannot start in it either, and no link
  // out of it would do better than its address typed into a tab of the reader's own.
  const notLoaded = () => (self.origin !== "null"
    ? "The game could not load its files: check the connection, then reload the page."
    : self !== top
      ? "The game cannot start in this frame: the page showing it does not let it load its files (a sandboxed frame)."
      : "The game cannot start in this tab: it was opened from a sandboxed frame, and keeps its limits.");
  document.addEventListener("error", event => {
    if (event.target instanceof HTMLScriptElement && event.target.type === "module" && !root.hasAttribute("data-ready")) {
      cannotStart(notLoaded());
      if (self.origin === "null" && self === top) {
        const notice = document.querySelector("#board .start-failed");
        notice.append(" ");
        addressToCopy(notice.lastChild, location.href, "Copy its address into a new tab:");
      }
    }
  }, true);

  // `then()` once the game is ready (<html data-ready>).
  function whenReady(then) {
    if (root.hasAttribute("data-ready")) return then();
    const watch = new MutationObserver(() => {
      if (root.hasAttribute("data-ready")) { watch.disconnect(); then(); }
    });
    watch.observe(root, {attributes: true, attributeFilter: ["data-ready"]});
  }

  // The keyboard and touch layer (static/access.js): loaded by the page when its board is there to serve.
  const HERE = document.currentScript.src;
  function loadKeys() {
    document.head.append(Object.assign(document.createElement("script"), {src: new URL("access.js", HERE).href}));
  }

  self.pyramidsPainted = {inert, own, keepClicks, cannotStart, notLoaded, whenReady, loadKeys};
})();

// The embed view before Python: the position an embed code carries, painted at once, and Python
// started only when the reader acts on it.
//
// An embed in a wiki page is mostly read, not played: a page of three diagrams must not cost its
// readers three interpreters (20 MB and ~180 MB of memory each).  The embed code carries the
// position drawn (py/pyramids/embed.py's `picture`: the board, the game's panel and the status
// line, deflated, in the link's `pic=` setting).  This classic script (no module, so it runs in a
// frame that may not load modules) paints it through static/painted.js's allowlist, then waits:
// the first step, the move list, a key or a move (with `&play`) starts the interpreter
// (static/start.js: py/embed_page.py in a worker, else through PyScript on the page) and is made once the
// game is ready;
// `&static` never starts it.  A code without a picture (made before pictures, or a picture that
// does not belong to its moves) starts Python at once, as embeds always did.
//
// What cannot start says why within seconds, in words a reader of the wiki understands, beside
// the link to the full app (set here from the first paint, so the way out keeps the game).
"use strict";
(function () {
  const root = document.documentElement;
  const byId = id => document.getElementById(id);
  const painted = window.pyramidsPainted;
  const HERE = document.currentScript.src;
  const VIEW = new Set(["ply", "embed", "play", "static", "pic"]);  // the embed's own settings (py/pyramids/embed.py)
  const PICTURE_LIMIT = 16000;  // embed.PICTURE_LIMIT: characters of a picture
  const INFLATED_LIMIT = 2000000;  // bytes: far more than any board, far less than a page can hold

  const parts = location.hash.replace(/^#/, "").split("&").filter(Boolean);
  const setting = name => {
    const found = parts.find(part => part === name || part.startsWith(`${name}=`));
    return found === undefined ? null : found.slice(name.length + 1);
  };
  const flag = name => parts.includes(name) || !["0", "", null].includes(setting(name));  // bare, or =1; =0 is off
  const recordText = parts.filter(part => !VIEW.has(part.split("=")[0])).join("&");
  const asked = /^\d{1,5}$/.test(setting("ply") || "") ? Number(setting("ply")) : null;  // the ply the code names

  function openLink(ply) {
    byId("open").href = "./#" + recordText + (ply === null ? "" : `&ply=${ply}`);
  }

  // -- the picture ---------------------------------------------------------
  function crc32(text) {
    let crc = -1;
    for (const byte of new TextEncoder().encode(text)) {
      crc ^= byte;
      for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xEDB88320 & -(crc & 1));
    }
    return (crc ^ -1) >>> 0;
  }

  async function unpacked(text) {
    if (!text || text.length > PICTURE_LIMIT || typeof DecompressionStream !== "function") return null;
    const bytes = Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), c => c.charCodeAt(0));
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const chunks = [];
    for (let size = 0; ;) {
      const {done, value} = await reader.read();
      if (done) break;
      size += value.length;
      if (size > INFLATED_LIMIT) { reader.cancel(); return null; }
      chunks.push(value);
    }
    return JSON.parse(await new Blob(chunks).text());
  }

  // The picture, if it is one of ours and belongs to this code's moves and ply; else null.
  async function picture() {
    let pic;
    try {
      pic = await unpacked(setting("pic"));
    } catch (error) {
      return null;  // not base64, not deflate, not JSON: a damaged code
    }
    const whole = pic && typeof pic === "object" && pic.v === 1 && Number.isInteger(pic.ply) && Number.isInteger(pic.moves)
      && ["board", "panel", "status", "title"].every(key => typeof pic[key] === "string");
    if (!whole || pic.ply < 0 || pic.ply > pic.moves || pic.record !== crc32(recordText)) return null;
    return (asked === null ? pic.moves : asked) === pic.ply ? pic : null;
  }

  function paint(pic) {
    const board = painted.inert(pic.board, "board");
    if (!board.length) return false;
    byId("board").replaceChildren(...board);
    byId("game-panel").replaceChildren(...painted.inert(pic.panel, "panel"));
    byId("status").textContent = byId("status").title = pic.status;
    const start = Number.isInteger(pic.start) ? pic.start : 0;  // Ice-Turn's deal: no player's moves
    byId("ply").textContent = `${pic.ply - start}/${pic.moves - start}`;
    for (const [id, enabled] of [["first", pic.ply > start], ["prev", pic.ply > start], ["next", pic.ply < pic.moves],
                                 ["last", pic.ply < pic.moves], ["toggle-moves", true]]) {
      byId(id).disabled = !enabled;
    }
    byId("moves").replaceChildren(...painted.inert(
      '<li class="waiting"><button type="button" data-ply="">Show the moves</button></li>', "moves"));
    document.title = pic.title;
    root.setAttribute("data-painted", "");  // for tests: the picture is shown, Python not started
    requestAnimationFrame(() => performance.mark("pyramids:picture-painted"));  // for the bench: on screen
    return true;
  }

  // -- a board that keeps its size -------------------------------------------------
  // The board takes the height the frame's other rows leave, so a game's panel (or a playable embed's tray)
  // that grew or shrank from move to move made the board shrink and grow under the reader: IceToids' board
  // 350-421 px, Ice-Turn's 402-466, stepping through a game in a 400x560 frame.  Each keeps the tallest it has
  // been (static/embed.css's --panel-held and --tray-held), measured as a drawing changes them, before it is
  // painted; a frame of another size, or another game in this one, starts again.
  function steady() {
    const board = byId("board"), panel = byId("game-panel");
    const held = {panel: 0, tray: 0};
    const hold = () => {
      const tray = board.querySelector(".tray");
      for (const [name, element] of [["panel", panel], ["tray", tray]]) {
        const height = element ? Math.ceil(element.getBoundingClientRect().height) : 0;
        if (height > held[name]) {
          held[name] = height;
          root.style.setProperty(`--${name}-held`, `${height}px`);
        }
      }
    };
    // From the next drawing on (another game's comes a moment after its link; a resized frame's is drawn as it is)
    const again = () => {
      held.panel = held.tray = 0;
      root.style.removeProperty("--panel-held");
      root.style.removeProperty("--tray-held");
    };
    const drawn = new MutationObserver(hold);  // from the picture's painting on
    drawn.observe(board, {childList: true, subtree: true});
    drawn.observe(panel, {childList: true, subtree: true, characterData: true});
    addEventListener("resize", again);
    addEventListener("hashchange", again);
  }

  // -- the reader's first action: kept, Python started, made once the game is ready -------
  const kept = [];
  const KEYS = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"};

  function keep(action) {
    if (kept.length < 8) kept.push(action);
    start();
  }

  function waitForReaders() {
    document.addEventListener("click", event => {
      if (root.hasAttribute("data-ready")) return;
      const control = event.target.closest("#bar button, #moves button");
      if (control && !control.disabled) {
        event.stopPropagation();
        const id = control.id;
        keep(() => (id ? byId(id).click() : byId("toggle-moves").click()));
      } else if (event.target.closest("#board [data-cell], #game-panel [data-cell]") && !flag("play")) {
        byId("status").textContent = "This is a replay: open it in the full app to play on.";
      }
    }, true);
    document.addEventListener("keydown", event => {
      const control = KEYS[event.key];
      if (root.hasAttribute("data-ready") || !control || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target.closest && event.target.closest("input, select, textarea")) return;
      event.preventDefault();
      if (!byId(control).disabled) keep(() => byId(control).click());
    });
    if (flag("play")) {  // a move on the board (by click, or Enter on a location) is made once ready
      painted.keepClicks(start);
      painted.loadKeys();
    } else {
      painted.whenReady(painted.loadKeys);
    }
    painted.whenReady(() => setTimeout(() => { for (const action of kept.splice(0)) action(); }, 0));
  }

  let starting = null;
  function start() {
    if (starting) return starting;
    say("Loading the game\u2026");
    const script = document.createElement("script");
    script.type = "py";
    script.setAttribute("config", "pyscript.toml");
    script.textContent = "import embed_page";
    document.body.append(script);
    starting = import(new URL("start.js", HERE)).then(started => started.startPython({frame: true, say, wayOut, module: "embed_page"}));
    starting.catch(() => { if (!root.hasAttribute("data-start-failed")) cannotLoad(); });
    return starting;
  }

  // What the embed is waiting for, or why it cannot start: in the status line, and on the board while it
  // has no picture.
  function say(text) {
    const status = byId("status");
    status.textContent = status.title = text;
    const note = document.querySelector("#board .loading");
    if (note) note.textContent = text;
  }

  const wayOut = () => ({href: byId("open").href, text: "Open the game in the full app."});

  // start.js itself did not load: a sandboxed frame whose site sends no CORS headers, a network error.
  function cannotLoad() {
    painted.cannotStart(painted.notLoaded(), wayOut());
    say("The game cannot start here.");
  }

  async function open() {
    openLink(asked);
    steady();
    root.classList.toggle("static", flag("static"));
    root.classList.toggle("playable", flag("play"));
    const pic = await picture();
    if (pic && paint(pic)) {
      openLink(pic.ply);
      if (!flag("static")) waitForReaders();  // a diagram is only looked at
    } else {
      start();  // no picture to show: the board comes with Python, as before pictures
      painted.whenReady(painted.loadKeys);
    }
  }

  open();
  // Another code in this frame before Python started (py/embed_page.py follows the link itself once it has):
  // opened afresh, its picture painted.
  addEventListener("hashchange", () => { if (!starting) location.reload(); });
})();

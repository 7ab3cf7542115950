// The page's side of what passes between the page and its Python: what the page tells the Python
// (each event, as data), what the Python has the page do (commands, as data), and what the page does
// by itself around the Python's drawing (the focus kept).  The Python reads no element for any of
// them, so all can cross to a worker (issue 55).
//
// Events: the pages' Python (py/browser.py's `on`) binds its handlers here and reads only what
// `describe` sends, never the event or the elements under it.
// Commands: py/browser.py's `do` hands `apply` a list of them; the page changes itself.
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
      // a focus the browser shows (the keys moved it, or the page after a key), not one the page moved after a
      // click or a tap, which points at nothing
      focusShown: event.type === "focusin" && !!target && target.matches(":focus-visible"),
      targetId: (target && target.id) || "",
      cells,  // the board locations under it, innermost first (a piece inside its tower)
      data,  // the data-* attributes of the target and the elements above it, the innermost's value kept
      within,  // their tag names and #ids
      control: control ? control.id : null,  // the button or field it is in
      disabled: !!(control && control.disabled),
      checked: !!(control && control.checked),
      form: form ? values(form) : {},  // a form sent or changed: its fields, each name to its values, as sent
      files: target && target.files ? [...target.files] : [],  // a file chosen (a worker is sent them too)
      hidden: document.hidden,  // the page out of sight (a tab in the background, a phone's screen off)
      stored: event.type === "storage" ? event.newValue : null,  // another tab's write: the value written
    };
  }

  function values(form) {
    const found = {};
    for (const [name, value] of new FormData(form)) (found[name] ||= []).push(String(value));
    return found;
  }

  const PLACES = {document, window};

  // `handler(describe(event))` on each `type` event at `where` (an element's id, "document" or
  // "window").  The browser's own action is prevented by the page, at once, whoever answers the event
  // (a worker answers too late): always for `prevent` true (a form's submission), or for the keys
  // `prevent.keys` pressed without Ctrl or Meta outside the elements `prevent.outside` (a selector:
  // the fields, where a key is the field's).
  //
  // `asks`: questions the page asks at once, in the press, when the event happened in an element a selector
  // finds: each [selector, "confirm", text], [selector, "prompt", text, the data-* name of that element
  // holding the answer's default], or [selector, "choose", the id of a file field whose chooser opens].  The
  // answer goes with the event (`answer`: true or false, the text, null for Cancel; null when nothing was
  // asked, and for a chooser, whose file comes with the field's own change); an event of the page's own
  // carries what it found (`copy`'s).  The page's own boxes wait for the reader; a question that crossed to a
  // worker and back would come after the press, when a browser no longer opens a file chooser.
  function listen(where, type, handler, prevent, asks) {
    const prevented = event => prevent === true || (!!prevent && prevent.keys.includes(event.key)
      && !(event.ctrlKey || event.metaKey)
      && !(event.target instanceof Element && event.target.closest(prevent.outside)));
    (PLACES[where] || document.getElementById(where)).addEventListener(type, event => {
      if (prevented(event)) event.preventDefault();
      const described = describe(event);
      const answer = event instanceof CustomEvent ? event.detail : ask(event, asks || []);
      if (answer instanceof Promise) {
        answer.then(given => handler({...described, answer: given}));
      } else {
        handler({...described, answer});
      }
    });
  }

  function ask(event, asks) {
    const target = event.target instanceof Element ? event.target : null;
    for (const [selector, kind, text, from, ok] of asks) {
      const element = target && target.closest(selector);
      if (!element) continue;
      if (kind === "choose") {
        document.getElementById(text).click();
        return null;
      }
      const about = element.querySelector(".visually-hidden")?.textContent.trim() || "";  // the game it acts on
      return askInBox(text, about, kind === "prompt" ? element.dataset[from] || "" : null, ok);
    }
    return null;
  }

  // A question in the page's own box (#ask-box), not the browser's confirm() and prompt(): a frame sandboxed
  // without allow-modals, and some apps' web views, ignore those, and Rename and Delete did nothing without a
  // word.  What it is about (the box covers the game's row: "Friday, Ice Lady, 2 players, 3 moves"), a text to
  // fill in (`value`, or null for a question of OK or Cancel); the answer as confirm's and prompt's: true or
  // false, the text or null.  Cancel has the focus where nothing is filled in (Delete).
  function askInBox(text, about, value, ok) {
    const box = document.getElementById("ask-box"), field = document.getElementById("ask-field");
    const said = document.getElementById("ask-text"), named = document.getElementById("ask-about");
    const yes = document.getElementById("ask-ok"), no = document.getElementById("ask-cancel");
    said.textContent = text;
    named.textContent = about;
    named.hidden = !about;
    yes.textContent = ok;
    field.hidden = value === null;
    field.value = value ?? "";
    let given = null;  // the answer, taken as it is given: the box may open again before its close event
    const answer = () => {
      given = value === null ? true : field.value;
      box.close();
    };
    no.onclick = () => box.close();  // buttons, not a form's submission, which a frame sandboxed without
    yes.onclick = answer;  // allow-forms refuses (method="dialog" too)
    field.onkeydown = event => {
      if (event.key !== "Enter") return;
      event.preventDefault();  // no keypress: it would press the button the focus goes back to, asking again
      answer();
    };
    box.showModal();
    if (value === null) {
      no.focus();
    } else {
      field.focus();
      field.select();
    }
    return new Promise(resolve => box.addEventListener("close", () => {
      resolve(given ?? (value === null ? false : null));
    }, {once: true}));
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
  const focusedBefore = [];  // what had the focus before each drawing under way

  // What has the focus before a drawing, if it is the drawing's to keep.
  function focused() {
    const element = document.activeElement;
    return element && element !== document.body && !element.closest("#board") ? element : null;
  }

  // After the drawing: the focus handed on if `used` (from `focused`) is gone or off, unless the drawing put it
  // somewhere itself (a lesson's move made: Continue, its panel's pool drawn anew under the focus it had).
  function handOn(used) {
    if (!used || (used.isConnected && !used.disabled)) return;
    if (![used, document.body, null].includes(document.activeElement)) return;
    const cell = used.getAttribute("data-cell"), panel = byId("game-panel"), choices = byId("choices");
    const next = [PARTNER[used.id] && byId(PARTNER[used.id]), located(cell, panel), located(answers[cell], panel),
                  choices && choices.querySelector("button")].find(element => element && !element.disabled);
    if (next) next.focus();
    else byId("board").dispatchEvent(new CustomEvent("pyramids-focus"));  // static/access.js picks where
  }

  // -- a press kept across a drawing ---------------------------------------------
  // A drawing replaces the board and the panel whole.  A mouse press that one replaces while the button is down
  // (the answer to the click before it, the computer's move landing) ends on the replacement, and no browser
  // clicks then: Chromium, Firefox and WebKit all drop a click whose press began on an element no longer in the
  // page.  So the page clicks for it, where the release is on the same location or button as the press began on
  // and the browser clicked nothing in the release's task.  A finger's tap needs none: a browser clicks where
  // the tap ends.  Where the page is drawn again between the release and the page's click (the answer to the
  // click before it landing then), the page clicks the same location or button as now drawn.
  function pressedOn(element) {  // what a press on `element` is on: its locations, innermost first, its button
    const named = [];
    for (let at = element instanceof Element ? element : null; at; at = at.parentElement) {
      if (at.hasAttribute("data-cell")) named.push(at.getAttribute("data-cell"));
    }
    const button = element instanceof Element && element.closest("button");
    if (button) named.push(`button#${button.id}:${button.textContent}`);
    return named.length ? JSON.stringify(named) : "";
  }
  let press = null, clicked = false;
  addEventListener("pointerdown", event => {
    const {target} = event, button = target instanceof Element && target.closest("button");
    press = event.pointerType === "mouse" && event.button === 0
      // named: found again by its locations or its button's id (one of a list's like buttons, never)
      ? {target, on: pressedOn(target), named: !button || !!button.id || !!button.closest("[data-cell]")} : null;
  }, true);
  addEventListener("click", () => { clicked = true; }, true);
  // The tab's history entry says whether a lesson is on screen (`lesson` below): the page tells the Python at Back
  // or Forward, and once the Python listens (`entry`, for a reload in a lesson), in a "pyramids-entry" event, true
  // for a lesson's entry (py/screen/learn.py's `on_entry`).
  const entry = () => document.dispatchEvent(new CustomEvent("pyramids-entry", {detail: !!history.state?.lesson}));
  addEventListener("popstate", entry);
  addEventListener("pointerup", event => {
    const began = press;
    press = null;
    if (!began || !began.on || began.target.isConnected || event.pointerType !== "mouse") return;
    const released = event.target;
    if (pressedOn(released) !== began.on) return;  // what was under the pointer changed: no click, as before
    if (released instanceof Element && released.closest(":disabled")) return;  // a button drawn off: none either
    clicked = false;
    setTimeout(() => {
      if (clicked) return;
      const now = released.isConnected ? released : began.named
        && [...document.querySelectorAll("[data-cell], button")].find(element => pressedOn(element) === began.on);
      if (!now || now.closest(":disabled")) return;
      const {pointerId, clientX, clientY, screenX, screenY, shiftKey, ctrlKey, altKey, metaKey} = event;
      now.dispatchEvent(new PointerEvent("click", {bubbles: true, cancelable: true, composed: true, view: window,
        detail: 1, pointerId, pointerType: "mouse", clientX, clientY, screenX, screenY, shiftKey, ctrlKey, altKey,
        metaKey}));
    }, 0);
  }, true);

  // -- the computer's thinking (py/screen/bots.py) -------------------------------
  // A question for the bot worker (static/bot-worker.js, started at the first and kept): the document hears
  // "pyramids-chose", its `answer` {id, move}, {id, error} (the search failed), or {id, refused: why} where no
  // worker runs here (a sandboxed frame, a policy refusing it), and the Python searches itself.  The page
  // starts it, so the Python asking could be in a worker itself.
  let thinker = null, refused = "";
  const asked = new Set();
  function chose(detail) {
    if (asked.delete(detail.id)) document.dispatchEvent(new CustomEvent("pyramids-chose", {detail}));
  }
  function refuse(why) {
    refused ||= why;
    for (const id of [...asked]) chose({id, refused});
    if (thinker) thinker.terminate();
  }
  function think(id, args) {
    asked.add(id);
    if (refused) return queueMicrotask(() => chose({id, refused}));
    if (!thinker) {
      const started = performance.now();
      try {
        thinker = new Worker("static/bot-worker.js", {type: "module"});
      } catch {  // a sandboxed frame, a browser refusing workers here
        return queueMicrotask(() => refuse("this browser refuses web workers here"));
      }
      thinker.addEventListener("message", ({data}) => {
        if (data.started) {  // how long its start took, for the bench
          document.documentElement.setAttribute("data-bot-worker-ms", String(Math.round(performance.now() - started)));
        } else if (data.refused) refuse(data.refused);
        else chose(data.error === undefined ? {id: data.think, move: data.move} : {id: data.think, error: data.error});
      });
      thinker.addEventListener("error", () => refuse("its script could not start here"));
    }
    thinker.postMessage({think: id, interpreter: interpreter(), args});
  }

  // -- the saved games' storage (py/pyramids/mirror.py) -----------------------------
  // The Python holds a copy of the page's keys under PREFIX (`stored`), and hears each other tab's write (the
  // window's "storage" event, its `stored` the value written).  Its writes come as `store` commands, [key,
  // value or null to remove it, the value its copy holds there], and those of one `apply` are made all or none:
  // the batch is refused, and what it made undone, if the browser refuses a write (storage full or off) or a
  // key holds other than the copy has (another tab wrote it, its event still on its way; an earlier batch
  // refused).  The document then hears "pyramids-store-refused", its answer {full, values}: the batch's keys
  // as the page holds them.
  const PREFIX = "pyramids.v1.";  // py/screen/store.py's
  let batch = null;

  function stored() {
    try {
      const copy = {};
      for (let i = 0; i < localStorage.length; i++) {
        const name = localStorage.key(i);
        if (name.startsWith(PREFIX)) copy[name.slice(PREFIX.length)] = localStorage.getItem(name);
      }
      return copy;
    } catch {  // storage off (disabled, a sandboxed frame)
      return null;
    }
  }

  function store(key, value, expected) {
    batch.keys.add(key);
    if (batch.refused) return;
    try {
      const before = localStorage.getItem(PREFIX + key);
      if (before !== (expected ?? null)) {
        batch.refused = "changed";
        return;
      }
      if (value === null || value === undefined) localStorage.removeItem(PREFIX + key);
      else localStorage.setItem(PREFIX + key, value);
      batch.made.push([key, before]);
    } catch {  // full, or off
      batch.refused = "full";
    }
  }

  function undone(journal) {
    for (const [key, before] of journal.made.reverse()) {
      try {
        if (before === null) localStorage.removeItem(PREFIX + key);
        else localStorage.setItem(PREFIX + key, before);  // it was there: the room the batch took is free
      } catch { /* off since: nothing more to undo */ }
    }
    const values = {};
    for (const key of journal.keys) {
      try { values[key] = localStorage.getItem(PREFIX + key); } catch { values[key] = null; }
    }
    const detail = {full: journal.refused === "full", values};
    queueMicrotask(() => document.dispatchEvent(new CustomEvent("pyramids-store-refused", {detail})));
  }

  // -- commands -----------------------------------------------------------------
  // Each is [what, where, ...]: `where` an element's id, "root" (<html>), "body" or "document".  What the page
  // does to an element is data the Python sends; what comes back (a write refused, the computer's choice, a
  // frame painted) comes as an event, as a click does.
  const PLACE = {root: () => document.documentElement, document: () => document, body: () => document.body};
  const place = where => (PLACE[where] ? PLACE[where]() : byId(where));
  // A command on an element that is not there does nothing (the clock, where the game's panel has none).
  const at = (where, act) => { const element = place(where); if (element) act(element); };
  const building = {};  // `gather`'s lists off the page, by the id of the list they will fill
  // Attributes set; null (Python's None, which arrives as undefined) removes one.
  function attributes(element, values) {
    for (const [name, value] of Object.entries(values)) {
      if (value === null || value === undefined) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  }
  const OPS = {
    set: (where, values) => at(where, element => Object.assign(element, values)),  // textContent, disabled, href…
    attr: (where, values) => at(where, element => attributes(element, values)),
    classes: (where, values) => at(where, element => {  // class names on (true) or off
      for (const [name, on] of Object.entries(values)) element.classList.toggle(name, on);
    }),
    attrsAll: (selector, values) => {  // the same attributes on each element `selector` finds
      for (const element of document.querySelectorAll(selector)) attributes(element, values);
    },
    setAll: (selector, values) => {  // the same properties on each
      for (const element of document.querySelectorAll(selector)) Object.assign(element, values);
    },
    removeAll: selector => { for (const element of document.querySelectorAll(selector)) element.remove(); },
    insert: (where, html) => at(where, element => element.insertAdjacentHTML("beforeend", html)),  // appended
    // A long list worked out a slice per task is read into a list off the page (`fresh`: a new one), then
    // takes the shown one's place whole (`swap`): the page never shows half of it.
    gather: (where, html, fresh) => {
      if (fresh || !building[where]) building[where] = document.createElement("ol");
      building[where].insertAdjacentHTML("beforeend", html);
    },
    swap: where => at(where, element => {
      const made = document.createRange();
      made.selectNodeContents(building[where]);
      element.replaceChildren(made.extractContents());
      delete building[where];
    }),
    scrollEnd: where => requestAnimationFrame(() => at(where, element => {  // in the next frame: its layout's
      element.scrollTop = element.scrollHeight;
    })),
    // options as the browser's ({preventScroll: true}), and `from`: only where the keys were on that part (the
    // board: static/access.js marks it), whose redraw in the same task may have taken the focus away
    focus: (selector, options = {}) => {
      const element = document.querySelector(selector);
      if (element && (!options.from || document.querySelector(`${options.from}[data-keys-in]`))) element.focus(options);
    },
    dialog: (where, open) => at(where, box => {  // a modal box opened (unless it is) or closed
      if (open && !box.open) box.showModal();
      else if (!open) box.close();
    }),
    // The game's link in the address: a move replaces the tab's history entry; a game the player went to (another
    // game chosen, one opened from My games, a new game) is an entry of its own, so Back returns to the one left.
    // Not in a frame: the tab's history is the host page's, whose Back should leave the page. A lesson's entry
    // (`lesson`) is taken over by the game gone to from it.
    address: (fragment, went = false) => {
      const link = `#${fragment}`;
      if (went && self === top && !history.state?.lesson && new URL(link, location.href).href !== location.href) {
        history.pushState(null, "", link);
      } else {
        history.replaceState(null, "", link);
      }
    },
    // A lesson begun is an entry of the tab's history over its game's (the same address), so that Back (a phone's
    // back gesture) leaves the lesson, not the game or the site (`entry` above).
    // Left by its own button or Esc, the lesson's entry goes back with it.
    lesson: begun => {
      if (begun && self === top && !history.state?.lesson) history.pushState({lesson: true}, "");
      else if (!begun && history.state?.lesson) history.back();
    },
    entry,
    // A method of one of the page's own modules, if it is loaded: pyramidsSnapshot's keep and flush
    // (static/snapshot.js), pyramidsSound's play (static/sound.js), pyramidsMotion's drawn (static/motion.js:
    // the board drawn again, its pieces slide).
    call: (module, method, ...args) => { if (window[module]) window[module][method](...args); },
    // The field's text put on the clipboard, in the task of the press that asked (a browser allows it there);
    // the field then tells the Python whether it was (a "pyramids-copied" event, its `answer` true or false).
    // Refused (no clipboard on an insecure page, or the browser said no), the text is selected, to copy by hand.
    copy: where => at(where, field => {
      const told = copied => field.dispatchEvent(new CustomEvent("pyramids-copied", {bubbles: true, detail: copied}));
      const refused = () => { field.focus(); field.select(); told(false); };
      field.select();
      try {
        navigator.clipboard.writeText(field.value).then(() => told(true), refused);
      } catch {
        refused();
      }
    }),
    // The phone's own share sheet (Web Share API) for the link in the field, where there is one and the
    // pointer is a finger; else the link copied, as `copy`.  The field tells the Python which ("shared").
    share: (where, title, text) => {
      if (!navigator.share || !matchMedia("(pointer: coarse)").matches) return OPS.copy(where);
      at(where, field => {
        field.dispatchEvent(new CustomEvent("pyramids-copied", {bubbles: true, detail: "shared"}));
        navigator.share({title, text, url: field.value}).catch(() => {});  // closed: nothing shared, nothing said
      });
    },
    // A file handed to the browser to save (a backup of My games, a board's picture): `text` of the type given.
    download: (name, text, type) => save(name, new Blob([text], {type})),
    // The SVG `svg` drawn as a PNG at `scale` times its size, then saved; else the document hears
    // "pyramids-picture-failed", its `answer` what went wrong.
    picture: (name, svg, scale) => {
      const picture = new Image();
      picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      picture.decode().then(() => {
        const canvas = document.createElement("canvas");
        canvas.width = picture.naturalWidth * scale;
        canvas.height = picture.naturalHeight * scale;
        canvas.getContext("2d").drawImage(picture, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(blob => save(name, blob), "image/png");
      }).catch(error => document.dispatchEvent(new CustomEvent("pyramids-picture-failed", {
        detail: String((error && error.message) || error)})));
    },
    // The browser asked to keep the site's storage (the saved games; a worker may not ask), and whether it
    // does said in the element: `kept` if so, else `mayClear` (a browser without the question may clear them).
    keep: () => {
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
    },
    kept: (where, kept, mayClear) => {
      const persisted = navigator.storage && navigator.storage.persisted ? navigator.storage.persisted() : null;
      Promise.resolve(persisted).catch(() => false).then(safe => at(where, element => {
        element.textContent = safe ? kept : mayClear;
      }));
    },
    // The element hidden; the focus, if in it, goes to the element `back` (the button that showed it).
    hide: (where, back) => at(where, element => {
      if (element.hidden) return;
      if (element.contains(document.activeElement)) at(back, button => button.focus());
      element.hidden = true;
    }),
    answers: table => { answers = table; },  // the focus's answers, for `handOn`
    // Around a drawing's commands (main.py's `focus_kept`): what has the focus before them, then handed on
    // after them if they removed or disabled it.  Drawings inside drawings each keep their own.
    keepFocus: () => { focusedBefore.push(focused()); },
    handOn: () => handOn(focusedBefore.pop()),
    // py/browser.py's `caught_up`: the document hears "pyramids-caught-up" once the commands before this one
    // are made and what they caused was told (a refused write's event, told in a microtask).
    caughtUp: () => setTimeout(() => document.dispatchEvent(new CustomEvent("pyramids-caught-up")), 0),
    // py/browser.py's `after_drawing`: the document hears "pyramids-painted" in the task after the browser has
    // painted this frame; on a page out of sight, which paints none, in the next task.
    afterPaint: () => {
      const told = () => setTimeout(() => document.dispatchEvent(new CustomEvent("pyramids-painted")), 0);
      if (document.hidden) told();
      else requestAnimationFrame(told);
    },
    classesAll: (selector, values) => {  // the same class names on or off on each
      for (const element of document.querySelectorAll(selector)) {
        for (const [name, on] of Object.entries(values)) element.classList.toggle(name, on);
      }
    },
    // The list `where` scrolled to its element `selector`, in its middle (the move on screen).
    centre: (where, selector) => at(where, list => {
      const element = list.querySelector(selector);
      if (element) list.scrollTop = element.offsetTop - Math.floor(list.clientHeight / 2);
    }),
    // The element scrolled into view in the next frame, should it be out of it (`block` as scrollIntoView's; only
    // where the window matches `media`): its box is read in that frame, whose layout it then is (read at once, it
    // laid the whole page out in the drawing's task: ~40 ms of the task that ends a long link's opening).
    intoView: (where, block = "nearest", media = "all") => requestAnimationFrame(() => at(where, element => {
      const box = element.getBoundingClientRect();
      if ((box.top < 0 || box.bottom > innerHeight) && matchMedia(media).matches) element.scrollIntoView({block});
    })),
    // The elements' joint box brought into view in the next frame: the page scrolled as little as shows it, its
    // top first where it cannot all be seen at once.  A lesson's step begins: its words and the board (a phone's
    // lesson is over the board; the page was scrolled down to the board, or up to Continue).  Its move is made:
    // what the move did and Continue (the keys' focus put there showed Continue alone, the answer over it cut).
    span: (...selectors) => requestAnimationFrame(() => {
      const boxes = selectors.map(s => document.querySelector(s)).filter(e => e && e.offsetHeight)
        .map(e => e.getBoundingClientRect());
      if (!boxes.length) return;
      const top = Math.min(...boxes.map(b => b.top)) - 8, bottom = Math.max(...boxes.map(b => b.bottom)) + 8;
      const by = Math.floor(Math.min(top, Math.max(0, bottom - innerHeight)));  // whole pixels
      if (by) scrollBy(0, by);
    }),
    // Show me: should none of `selector`'s elements be in view, the first scrolled to the middle of the screen,
    // in the next frame (a phone scrolled down to the lesson's buttons, a pool's piece lit far under them).
    seen: selector => requestAnimationFrame(() => {
      const shown = [...document.querySelectorAll(selector)].filter(e => e.getBoundingClientRect().width > 0);
      const inView = e => { const box = e.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; };
      if (shown.length && !shown.some(inView)) shown[0].scrollIntoView({block: "center"});
    }),
    tell: (where, name) => at(where, element => element.dispatchEvent(new CustomEvent(name))),  // access.js hears
    think,  // a question for the computer's worker (above)
    store,  // a write to the saved games (above)
    script: name => {  // static/`name` run once loaded (motion, sounds)
      const script = document.createElement("script");
      script.src = `static/${name}`;
      document.head.append(script);
    },
  };

  function save(name, blob) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);  // the browser has it by then
  }

  function apply(commands) {
    const outer = batch, journal = batch = {made: [], keys: new Set(), refused: ""};
    try {
      for (const [what, ...args] of commands) OPS[what](...args);
    } finally {
      batch = outer;
      if (journal.refused) undone(journal);
    }
  }

  // The interpreter module's whole address (static/build.js lists it among the start's files): a worker that
  // starts Python imports it (static/page-worker.js, static/bot-worker.js).
  function interpreter() {
    const module = (self.PYRAMIDS_START || []).find(href => /\/interpreter-\w+\.mjs$/.test(href));
    return new URL(module, document.baseURI).href;
  }

  // What the page's address holds after the "#" (the game's record and its settings).
  const address = () => location.hash.replace(/^#/, "");
  // The page's own address, without its "#" part (the links the Python makes start with it).
  const pageUrl = () => location.href.split("#")[0];
  // What the page painted before its Python started (static/snapshot.js: the game whose lesson it offered, ""
  // for none).
  const painted = () => ({offer: (window.pyramidsSnapshot && window.pyramidsSnapshot.offered) || ""});

  // -- the Python in a worker (static/page-worker.js) --------------------------------
  // Its handlers bound here, each event posted to it as `describe` sees it (with the address, which the
  // worker cannot read), and its commands applied as they come, a batch per message.  <html
  // data-answering> while an event waits for its answer (tests wait for it to go).
  function connect(worker) {
    let waiting = 0;
    const root = document.documentElement;
    // The page left: the board kept for the next visit (static/snapshot.js) is written now, as py/main.py's
    // `on_leave` has it on the page; from a worker its word would come after the page is gone.
    addEventListener("pagehide", () => self.pyramidsSnapshot && self.pyramidsSnapshot.flush());
    worker.addEventListener("message", ({data}) => {
      if (data.apply) apply(data.apply);
      if (data.answered && --waiting === 0) root.removeAttribute("data-answering");
      if (data.listen) {
        const [where, type, id, prevent, asks] = data.listen;
        listen(where, type, described => {
          if (waiting++ === 0) root.setAttribute("data-answering", "");
          worker.postMessage({event: id, described, address: address()});
        }, prevent, asks);
      }
    });
  }

  window.pyramidsBridge = {listen, describe, apply, address, pageUrl, painted, interpreter, stored, connect, home: ""};
})();

// The board by keyboard and by finger, for every game.
//
// Keyboard: one Tab stop (and one for a tray of buttons under the board), arrows between locations.
// Every view marks its clickable locations with data-cell (and Python names each
// with aria-label, see views.labelled).  After each drawing this layer gives them
// a role and a roving tabindex (WAI-ARIA Authoring Practices, "Keyboard
// Navigation Inside Components": one location has tabindex 0, the others -1), so
// a game added later is playable by keyboard with no code of its own:
//   arrows      the nearest location in that direction (by geometry on screen)
//   Home / End  the first / last location
//   Enter/Space acts as a click on it (the page's click handler does the rest)
// Esc (cancel a selection or a pending choice) is the page's, as it applies anywhere.
// The focus survives a redraw: the location with the same data-cell gets it back.
// The focus ring is drawn over the board, around the location's box on screen: an outline on an SVG
// element is painted in the drawing's order, under the locations drawn after it (its right and bottom
// edges hidden, it looked a few pixels up and left of the square).
//
// Touch: holding a location says what choosing it would do, as pointing at it does (`hold`).
// A tap with a location under 44 CSS px within a finger's reach (22 px: a piece in
// an Ice Towers tower, a split point, a piece beside the tile tapped) opens a lens: that part
// of the board, magnified until its locations measure at least 44 px; a tap there clicks the
// same location on the board, and a tap outside them (or Esc, or Close) closes the lens.  A
// tap inside a big location with a small one in reach opens it too: the finger may have meant either.  A tray of
// buttons under the board (Ice-Turn's, HTML) is not the lens's: its buttons are a finger high already.
(function () {
  "use strict";
  const LOCATION = "[data-cell]";
  const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

  function centre(el) {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  function shown(el) {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  }

  // The nearest location in the arrow's direction, favouring ones in line with `from`.
  function nearest(from, [dx, dy], cells) {
    const a = centre(from);
    let best = null, bestScore = Infinity;
    for (const el of cells) {
      if (el === from) continue;
      const b = centre(el);
      const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
      const across = Math.abs((b.x - a.x) * dy + (b.y - a.y) * dx);
      if (along < 1) continue;
      const score = along + 2.5 * across;
      if (score < bestScore) { best = el; bestScore = score; }
    }
    return best;
  }

  function attach(board) {
    let current = null; // the data-cell that has (or last had) the focus
    let inside = false; // the focus is on the board (kept across a redraw)

    const cells = () => [...board.querySelectorAll(LOCATION)].filter(shown);
    const ring = Object.assign(document.createElement("div"), { className: "focus-ring", hidden: true });

    // The ring around the focused location, while the keyboard has the focus there; else none.
    function drawRing() {
      const el = document.activeElement;
      if (!el || !board.contains(el) || !el.matches(LOCATION) || !el.matches(":focus-visible")) {
        ring.hidden = true;
        return;
      }
      if (ring.parentNode !== board) board.appendChild(ring); // a redraw of the board took it away
      const b = board.getBoundingClientRect(), r = el.getBoundingClientRect();
      Object.assign(ring.style, { left: `${r.left - b.left - board.clientLeft}px`,
        top: `${r.top - b.top - board.clientTop}px`, width: `${r.width}px`, height: `${r.height}px` });
      ring.hidden = false;
    }

    // A game's tray of buttons under the board (Ice-Turn's, IceToids') is a Tab stop of its own: its End or
    // Treehouse action was reached only by arrows down from the board's bottom row, which no help said.
    const part = (el) => el.closest(".tray") || board;
    let inTray = false;  // `current` is in the tray (a name may be in both: Ice-Turn's tip:N by the tile and under it)
    let onBoard = null;  // the data-cell last focused on the board itself: Shift+Tab from the tray comes back to it
    let words = "";  // what the focused location said: a tray button that says another thing after a redraw is not
    // given the focus back (Ice-Turn's End movement became End turn under it, and a second Enter ended the turn)
    const seen = (el) => {
      current = el.dataset.cell;
      words = el.textContent;
      inTray = part(el) !== board;
      if (!inTray) onBoard = current;
    };
    // The locations the arrow keys move between: a tray's buttons, but not those drawn on the board too (IceToids'
    // ways to point by the piece, Ice-Turn's by the tile), which Tab reaches in the tray: ↑ from a piece went to its
    // "point north", 39 px off, before the square 107 px north it was meant for, and Enter pointed it.
    const reachable = () => {
      const all = cells();
      const tray = new Set(all.filter((el) => part(el) !== board).map((el) => el.dataset.cell));
      return all.filter((el) => part(el) !== board || !tray.has(el.dataset.cell));
    };

    function focusOn(el) {
      for (const other of board.querySelectorAll('[tabindex="0"]')) {
        if (part(other) === part(el)) other.setAttribute("tabindex", "-1");
      }
      el.setAttribute("tabindex", "0");
      seen(el);
      el.focus({ preventScroll: false });
    }

    // Where Tab enters a part: the location last focused there (in the tray: only while the focus is there) unless
    // targets are lit and it is neither one nor chosen (Show me lit one: Tab went back to the square left), a
    // selected one, a lit target (in a tray: a hinted button, a lit one), the one a move begins at, else the first.
    function entry(locations) {
      const label = (el, word) => (el.getAttribute("aria-label") || "").includes(word);
      const was = part(locations[0]) === board ? onBoard : inTray && current;
      const lit = locations.find((el) => label(el, ", legal target"));
      const left = locations.find((el) => el.dataset.cell === was);
      return (left && (!lit || label(left, ", legal target") || label(left, ", selected")) ? left : null) ||
        locations.find((el) => label(el, ", selected")) || lit || locations.find((el) => el.matches(".tray .hinted")) ||
        locations.find((el) => el.matches(".tray .lit")) || locations.find((el) => el.hasAttribute("data-start")) ||
        locations[0];
    }

    // After each drawing: roles, one tab stop in each part, and the focus back where it was.
    function prepare() {
      const all = [...board.querySelectorAll(LOCATION)];
      if (!all.length) return;
      const groups = new Set();  // the locations holding others (a tower and its pieces): found upwards, not by
      for (const el of all) {    // searching every location's subtree, which was a click's milliseconds
        const outer = el.parentElement && el.parentElement.closest(LOCATION);
        if (outer) groups.add(outer);
      }
      if (inTray && all.some((el) => part(el) !== board && el.dataset.cell === current && el.textContent !== words)) {
        inTray = false;  // the tray button pressed says another thing now: back to the board
      }
      const parts = new Map();
      for (const el of all) {
        if (!el.hasAttribute("role")) el.setAttribute("role", groups.has(el) ? "group" : "button");
        el.setAttribute("tabindex", "-1");
        if (!parts.has(part(el))) parts.set(part(el), []);
        parts.get(part(el)).push(el);
      }
      const stops = [...parts.values()].map(entry);
      for (const el of stops) el.setAttribute("tabindex", "0");
      const stop = stops.find((el) => (part(el) !== board) === inTray) || stops[0];  // in the part it was in
      const lost = !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;
      if (inside && lost) stop.focus({ preventScroll: true });
      drawRing();
      return stop;
    }

    // `data-keys-in`: the keys are on the board (the page then takes them on to the choices a move asks for).
    board.addEventListener("focusin", (event) => {
      const el = event.target.closest(LOCATION);
      if (el) { inside = true; seen(el); board.toggleAttribute("data-keys-in", el.matches(":focus-visible")); }
      drawRing();
    });
    board.addEventListener("focusout", (event) => {
      // A redraw removes the focused element (no relatedTarget): that is not leaving the board.
      if (event.relatedTarget && !board.contains(event.relatedTarget)) {
        inside = false;
        board.removeAttribute("data-keys-in");
      }
      ring.hidden = true;
    });
    new ResizeObserver(drawRing).observe(board);
    document.addEventListener("pointerdown", (event) => {
      if (!board.contains(event.target)) { inside = false; board.removeAttribute("data-keys-in"); }
    }, true);
    // A mouse click acts without taking the focus: the history keys keep browsing the game for mouse players.
    board.addEventListener("mousedown", (event) => {
      if (event.target.closest(LOCATION) && !inside) event.preventDefault();
    });
    board.addEventListener("keydown", (event) => {
      const el = event.target.closest(LOCATION);
      if (!el || event.altKey || event.ctrlKey || event.metaKey) return;
      let next = null;
      if (ARROWS[event.key]) next = nearest(el, ARROWS[event.key], reachable());
      else if (event.key === "Home") next = cells()[0];
      else if (event.key === "End") next = cells().at(-1);
      else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
        return;
      } else return;
      event.preventDefault();
      event.stopPropagation(); // the arrows browse the game only outside the board
      if (next) focusOn(next);
    });
    // The page asks for the focus here when the control a keyboard player used is gone (py/main.py).
    board.addEventListener("pyramids-focus", () => {
      inside = true;
      const stop = prepare();
      if (stop) stop.focus({ preventScroll: true });
    });
    new MutationObserver(prepare).observe(board, { childList: true, subtree: true });
    prepare();
  }

  const TARGET = 44; // CSS px: the smallest target a finger should be asked to hit (WCAG 2.5.5)

  function viewBox(svg) {
    const [x, y, w, h] = svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
    return { x, y, w, h };
  }

  // The board's locations within a finger's reach of the point (their boxes, in the document's order).
  function near(svg, x, y) {
    const all = [...svg.querySelectorAll(LOCATION)].filter(shown);
    const dist = (el) => {
      const r = el.getBoundingClientRect();
      return Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
    };
    return all.filter((el) => dist(el) < TARGET / 2);
  }

  function small(el) {
    const r = el.getBoundingClientRect();
    return r.width < TARGET || r.height < TARGET;
  }

  // An embed that only replays its game (no &play): nothing on its board is to be chosen, and a tap says so; a lens
  // opened over it to choose from hid the frame's controls.
  const replayOnly = () => document.documentElement.matches(".embed:not(.playable)");

  function lens(board) {
    let touch = false;
    board.addEventListener("pointerdown", (event) => { touch = event.pointerType === "touch"; }, true);
    board.addEventListener("click", (event) => {
      if (!touch || !event.isTrusted || replayOnly()) return;
      const svg = board.querySelector("svg");
      if (!svg || !svg.contains(event.target)) return;  // a tray under the board (Ice-Turn's): its buttons are big
      const around = near(svg, event.clientX, event.clientY);
      if (!around.some(small)) return;
      event.stopPropagation();
      event.preventDefault();
      open(board, svg, around, event.clientX, event.clientY);
    }, true);
  }

  // Touch and hold: a finger cannot point, and its tap makes the move at once, so holding a location says what
  // choosing it would do (the line the mouse's pointing shows: the page hears "pyramids-held" on it), until the
  // finger lifts; the hold then chooses nothing.  A finger that slides is scrolling, not holding.
  const HOLD_MS = 500, SLIDE = 10;  // ms a finger stays; CSS px it may drift meanwhile

  function hold(board) {
    let timer = null, from = null, held = false;
    const stop = () => { clearTimeout(timer); timer = null; };
    board.addEventListener("pointerdown", (event) => {
      stop();
      held = false;
      const el = event.pointerType === "touch" && event.target.closest(LOCATION);
      if (!el) return;
      from = { x: event.clientX, y: event.clientY };
      const cell = el.dataset.cell;
      timer = setTimeout(() => {  // on the location as drawn now: a drawing may have replaced the one pressed
        timer = null;
        held = true;
        const now = [...board.querySelectorAll(LOCATION)].find((e) => e.dataset.cell === cell);
        if (now) now.dispatchEvent(new CustomEvent("pyramids-held", { bubbles: true }));
      }, HOLD_MS);
    }, true);
    board.addEventListener("pointermove", (event) => {
      if (timer && Math.hypot(event.clientX - from.x, event.clientY - from.y) > SLIDE) stop();
    }, true);
    for (const type of ["pointerup", "pointercancel"]) board.addEventListener(type, stop, true);
    // A browser that clicks after a hold: that click chose nothing.  Not the page's own clicks (the keys' Enter,
    // a tap in the lens), which no hold made.
    board.addEventListener("click", (event) => {
      if (!held || !event.isTrusted) return;
      held = false;
      event.stopImmediatePropagation();
      event.preventDefault();
    }, true);
    board.addEventListener("contextmenu", (event) => { if (held || timer) event.preventDefault(); });
  }

  // The line that says what choosing a location would do sits under the board; on a phone the board's foot is often
  // below the window (a lesson over the board, a board scrolled up), and a held square's line was out of sight
  // there.  Where it would be out of sight, it is pinned to the window's foot instead.
  function keepInSight(line) {
    new MutationObserver(() => {
      line.classList.remove("pinned");
      if (!line.textContent) return;
      const r = line.getBoundingClientRect();
      if (r.bottom > innerHeight || r.top < 0) line.classList.add("pinned");
    }).observe(line, { childList: true, characterData: true, subtree: true });
  }

  // A board whose rows are named (Ice Towers: a row per colour, `.row` rects and `.row-name` texts) has each row the
  // lens shows named at its left edge: magnified, the names at the board's edge are out of sight.
  function labelRows(svg, view, left, top, height, unit) {
    const names = [...svg.querySelectorAll(".row-name")];
    for (const text of view.querySelectorAll(".row-name")) text.remove();  // cut off at the lens's edge: ours instead
    const size = 15 * unit;  // 15 CSS px
    for (const row of svg.querySelectorAll("rect.row")) {
      const y = Number(row.getAttribute("y")), bottom = y + Number(row.getAttribute("height"));
      const name = names.find((text) => Number(text.getAttribute("y")) >= y && Number(text.getAttribute("y")) <= bottom);
      const at = Math.max(y, top) + 3 * unit;  // just inside the row's top, or the lens's
      if (!name || Math.min(bottom, top + height) - at < size * 1.5) continue;  // too little of the row to name
      const label = document.createElementNS("http://www.w3.org/2000/svg", "g");
      label.setAttribute("class", "lens-label");
      label.setAttribute("pointer-events", "none");
      const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
      text.setAttribute("x", left + 8 * unit);
      text.setAttribute("y", at + size);
      text.setAttribute("font-size", size);
      text.setAttribute("font-weight", "bold");
      text.setAttribute("fill", "#222");
      text.textContent = name.textContent;
      const back = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      back.setAttribute("x", left + 4 * unit);
      back.setAttribute("y", at);
      back.setAttribute("width", (name.textContent.length * 9 + 8) * unit);
      back.setAttribute("height", size * 1.4);
      back.setAttribute("rx", 4 * unit);
      back.setAttribute("fill", "#fff");
      back.setAttribute("fill-opacity", "0.85");
      label.append(back, text);
      view.appendChild(label);
    }
  }

  function open(board, svg, around, x, y) {
    const box = svg.getBoundingClientRect(), vb = viewBox(svg);
    const scale = Math.min(box.width / vb.w, box.height / vb.h); // screen px per SVG unit
    const least = Math.min(...around.map((el) => {
      const r = el.getBoundingClientRect();
      return Math.min(r.width, r.height);
    }));
    const zoom = Math.max(1, (TARGET * 1.25) / Math.max(least, 4));
    const width = Math.min(window.innerWidth - 16, 420), height = Math.min(window.innerHeight * 0.6, 420);
    const w = width / (scale * zoom), h = height / (scale * zoom);
    const cx = vb.x + (x - box.left - (box.width - vb.w * scale) / 2) / scale;
    const cy = vb.y + (y - box.top - (box.height - vb.h * scale) / 2) / scale;
    // Around the tap, but never past the board's edge: no blank band where the board ends.
    const within = (centre, size, start, whole) =>
      size >= whole ? start + (whole - size) / 2 : Math.min(Math.max(centre - size / 2, start), start + whole - size);
    const left = within(cx, w, vb.x, vb.w), top = within(cy, h, vb.y, vb.h);
    const view = svg.cloneNode(true);
    view.setAttribute("viewBox", `${left} ${top} ${w} ${h}`);
    labelRows(svg, view, left, top, h, 1 / (scale * zoom));
    view.setAttribute("aria-hidden", "true"); // a screen reader has the board itself
    view.style.width = `${width}px`;
    view.style.height = `${height}px`;
    const layer = document.createElement("div");
    layer.className = "lens";
    layer.innerHTML = '<p>Tap a piece or a place; tap outside to close.</p><button type="button">Close</button>';
    layer.insertBefore(view, layer.lastChild);
    const close = () => { layer.remove(); document.removeEventListener("keydown", onKey, true); };
    const onKey = (event) => { if (event.key === "Escape") { event.stopPropagation(); close(); } };
    document.addEventListener("keydown", onKey, true);
    layer.addEventListener("click", (event) => {
      const hit = event.target.closest(LOCATION);
      close();
      if (!hit) return;
      const same = [...board.querySelectorAll(LOCATION)].find((el) => el.dataset.cell === hit.dataset.cell);
      if (same) same.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
    });
    document.body.appendChild(layer);
  }

  window.pyramidsAccess = { attach, hold, lens };
  const board = document.getElementById("board");
  if (board) { attach(board); hold(board); lens(board); }  // the hold before the lens: a hold opens none
  const line = document.getElementById("preview");
  if (line) keepInSight(line);
  document.documentElement.setAttribute("data-keys", "");  // for tests: a selector needs no script (a strict policy refuses eval)
})();

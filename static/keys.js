// The board by keyboard, for every game: one Tab stop, arrows between locations.
//
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
    const byName = (name) => [...board.querySelectorAll(LOCATION)].find((el) => el.dataset.cell === name);

    function focusOn(el) {
      for (const other of board.querySelectorAll('[tabindex="0"]')) other.setAttribute("tabindex", "-1");
      el.setAttribute("tabindex", "0");
      current = el.dataset.cell;
      el.focus({ preventScroll: false });
    }

    // After each drawing: roles, one tab stop, and the focus back where it was.
    function prepare() {
      const all = [...board.querySelectorAll(LOCATION)];
      if (!all.length) return;
      for (const el of all) {
        if (!el.hasAttribute("role")) el.setAttribute("role", el.querySelector(LOCATION) ? "group" : "button");
        el.setAttribute("tabindex", "-1");
      }
      const label = (el, word) => (el.getAttribute("aria-label") || "").includes(word);
      const stop = (current && byName(current)) || all.find((el) => label(el, ", selected")) ||
        all.find((el) => label(el, ", legal target")) || all[0];
      stop.setAttribute("tabindex", "0");
      const lost = !document.activeElement || document.activeElement === document.body || !document.activeElement.isConnected;
      if (inside && lost) stop.focus({ preventScroll: true });
    }

    board.addEventListener("focusin", (event) => {
      const el = event.target.closest(LOCATION);
      if (el) { inside = true; current = el.dataset.cell; }
    });
    board.addEventListener("focusout", (event) => {
      // A redraw removes the focused element: that is not leaving the board.
      if (event.target.isConnected && !board.contains(event.relatedTarget)) inside = false;
    });
    board.addEventListener("keydown", (event) => {
      const el = event.target.closest(LOCATION);
      if (!el || event.altKey || event.ctrlKey || event.metaKey) return;
      let next = null;
      if (ARROWS[event.key]) next = nearest(el, ARROWS[event.key], cells());
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
    new MutationObserver(prepare).observe(board, { childList: true, subtree: true });
    prepare();
  }

  window.pyramidsKeys = { attach };
  const board = document.getElementById("board");
  if (board) attach(board);
})();

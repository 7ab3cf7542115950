// Moves that move: after the board is drawn again, each piece slides from where it stood (and grows, shrinks
// or turns where its size or direction changed), a piece that is new fades in, one that is gone fades out.
//
// The board is one SVG, drawn whole on every change (py/browser.py `draw_board`), which then calls
// `pyramidsMotion.drawn(follows)`: `follows` is false for a board that does not continue the one before (a new
// game, another saved game, the board turned round), whose pieces just appear.  The views name each piece
// (`data-piece`, py/pyramids/svg.py `named`): a name stays with a piece as it moves.  In the next animation frame
// (the board is laid out then anyway) every named piece is measured in the board's own units; each is matched
// with the piece of its name that stood nearest, and of the nearest size, on the board before, and animated
// from there (FLIP: the new drawing is final at once, the animation only takes it from where the old one was).
// So every game, and a game added later, moves with no code of its own here.
//
// Never in the way: a click or a key press makes every animation jump to its end (so what is clicked is where it
// is drawn), a board drawn again mid-animation is drawn final, and prefers-reduced-motion turns it all off.
(function () {
  "use strict";
  let duration = 200;  // ms: long enough to follow, short enough never to wait for (lichess: 200 by default)
  const STEPS = 8;  // keyframes of a piece that turns or changes size, so its centre keeps to a straight line
  const EASE = "cubic-bezier(0.25, 0.8, 0.35, 1)";
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

  const board = document.getElementById("board");
  let before = null;  // the pieces on the board last measured (final places, not mid-animation)
  let follows = true;  // every drawing since that measure continued the board before it
  let queued = false;
  let running = [];  // the animations under way
  let fading = [];  // pictures of the pieces that are gone, fading out over the new board

  // [a, b, c, d, e, f] matrices, as SVG and CSS write them.
  const multiply = (m, n) => [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
  const move = (x, y) => [1, 0, 0, 1, x, y];
  const turn = (degrees) => {
    const r = degrees * Math.PI / 180;
    return [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0];
  };
  const css = (m) => `matrix(${m.map((v) => +v.toFixed(4)).join(",")})`;
  const lerp = (a, b, t) => a + (b - a) * t;

  // Each named piece: its centre on the board, its own width and height (before its own rotation), its
  // rotation, its own transform (a lying piece's), in the SVG's units, whatever size the board is shown at.
  function measure() {
    const svg = board.querySelector("svg");
    if (!svg || !svg.getBoundingClientRect().width) return null;  // hidden: nothing to move from
    return Array.from(svg.querySelectorAll("[data-piece]"), (el) => {
      const box = el.getBBox();
      const own = el.transform.baseVal.consolidate();
      const m = own ? [own.matrix.a, own.matrix.b, own.matrix.c, own.matrix.d, own.matrix.e, own.matrix.f] : null;
      const lx = box.x + box.width / 2, ly = box.y + box.height / 2;
      return {
        el, key: el.getAttribute("data-piece"), m, lx, ly, w: box.width || 1, h: box.height || 1,
        x: m ? m[0] * lx + m[2] * ly + m[4] : lx, y: m ? m[1] * lx + m[3] * ly + m[5] : ly,
        angle: m ? Math.atan2(m[1], m[0]) * 180 / Math.PI : 0,
      };
    });
  }

  // Pairs of the same name, nearest first (by place, then size): pieces that stayed are paired with themselves.
  function match(old, now) {
    const pairs = [];
    old.forEach((a, i) => now.forEach((b, j) => {
      if (a.key === b.key) pairs.push([Math.hypot(a.x - b.x, a.y - b.y) + Math.abs(a.w - b.w) + Math.abs(a.h - b.h), i, j]);
    }));
    pairs.sort((p, q) => p[0] - q[0]);
    const from = new Map(), taken = new Set();
    for (const [, i, j] of pairs) {
      if (taken.has(i) || from.has(j)) continue;
      taken.add(i);
      from.set(j, old[i]);
    }
    return {from, gone: old.filter((_, i) => !taken.has(i))};
  }

  const own = (p) => p.m || [1, 0, 0, 1, 0, 0];
  // The piece `p` drawn scaled by (sx, sy) about its own centre, turned by `degrees` and centred on (x, y).
  function placed(p, x, y, degrees, sx, sy) {
    const scaled = multiply(move(p.lx, p.ly), multiply([sx, 0, 0, sy, 0, 0], move(-p.lx, -p.ly)));
    return multiply(move(x, y), multiply(turn(degrees), multiply(move(-p.x, -p.y), multiply(own(p), scaled))));
  }

  function animate(el, frames, options = {}) {
    const animation = el.animate(frames, {duration, easing: EASE, ...options});
    running.push(animation);
    animation.onfinish = () => { running = running.filter((a) => a !== animation); };
  }

  // A piece from where it stood (`a`) to where it is drawn (`b`).
  function slide(a, b) {
    const sx = a.w / b.w, sy = a.h / b.h;
    let degrees = (a.angle - b.angle) % 360;
    if (degrees > 180) degrees -= 360;
    if (degrees < -180) degrees += 360;
    const still = Math.abs(sx - 1) < 0.02 && Math.abs(sy - 1) < 0.02 && Math.abs(degrees) < 1;
    if (still && Math.hypot(a.x - b.x, a.y - b.y) < 0.5) return;
    const steps = still ? 1 : STEPS;
    const frames = [];
    for (let k = 0; k <= steps; k++) {
      const t = k / steps;
      frames.push({transform: css(placed(b, lerp(a.x, b.x, t), lerp(a.y, b.y, t), degrees * (1 - t),
        lerp(sx, 1, t), lerp(sy, 1, t)))});
    }
    animate(b.el, frames);
  }

  function appear(b) {
    animate(b.el, [{transform: css(placed(b, b.x, b.y, 0, 0.4, 0.4)), opacity: 0},
      {transform: css(own(b)), opacity: 1}]);
  }

  // The pieces that are gone: copies of them where they stood, fading out in a picture laid over the board,
  // outside it (never clicked, never read: not in the board's SVG, which the page keeps for the next visit).
  function vanish(gone, svg) {
    if (!gone.length) return;
    const box = svg.getBoundingClientRect();
    const layer = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    layer.setAttribute("viewBox", svg.getAttribute("viewBox"));
    layer.setAttribute("aria-hidden", "true");
    layer.setAttribute("class", "fading");
    Object.assign(layer.style, {position: "absolute", left: `${box.left + scrollX}px`, top: `${box.top + scrollY}px`,
      width: `${box.width}px`, height: `${box.height}px`, pointerEvents: "none", overflow: "visible"});
    for (const a of gone) {
      const copy = a.el.cloneNode(true);
      for (const el of [copy, ...copy.querySelectorAll("*")]) {
        for (const name of ["data-piece", "data-cell", "role", "tabindex", "aria-label"]) el.removeAttribute(name);
      }
      layer.append(copy);
      animate(copy, [{transform: css(own(a)), opacity: 1}, {transform: css(placed(a, a.x, a.y, 0, 0.6, 0.6)), opacity: 0}],
        {fill: "forwards"});
    }
    document.body.append(layer);
    fading.push(layer);
    running.at(-1).addEventListener("finish", () => layer.remove());
  }

  // Every animation at its end at once: the board as drawn.
  function finish() {
    for (const animation of running) animation.finish();
    for (const layer of fading) layer.remove();
    running = [];
    fading = [];
  }

  function frame() {
    queued = false;
    const now = measure();
    if (now && before && follows && !reduced.matches) {
      const svg = board.querySelector("svg");
      const {from, gone} = match(before, now);
      now.forEach((b, j) => (from.has(j) ? slide(from.get(j), b) : appear(b)));
      vanish(gone, svg);
    }
    before = now;
    follows = true;
  }

  // The board was drawn again; `follows`: it continues the one before (py/pyramids/page.py `follows`).
  function drawn(continues) {
    finish();
    follows = follows && Boolean(continues);
    if (!queued) {
      queued = true;
      requestAnimationFrame(frame);
    }
  }

  // Input never waits for an animation: what is pressed is where it is drawn.
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, finish, true);

  // `duration` may be set: the tests slow a move down to act in the middle of it.
  window.pyramidsMotion = {drawn, finish, get duration() { return duration; }, set duration(ms) { duration = ms; }};
  if (board) requestAnimationFrame(() => { if (!queued) before = measure(); });
  document.documentElement.setAttribute("data-motion", "");  // for tests: the layer is loaded
})();

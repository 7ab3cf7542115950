"""Measurements in Debian's Chromium: page loads, click latency, long links, a start-up profile.

The built app is served from the repository by a local HTTP server that counts
every request and byte it sends.  Bench-only pages (the bare PyScript baseline
and the profiling page) are written to a temporary folder served at
``/__bench__/`` beside the app, so they load the very same vendored files and
never become part of the app.
"""

from __future__ import annotations

import functools
import http.server
import pathlib
import random
import re
import shutil
import tempfile
import threading
import tomllib
from contextlib import contextmanager

from playwright.sync_api import TimeoutError as PlaywrightTimeout, sync_playwright

from pyramids import games
from pyramids.core import CHANCE, players_to_act, seats
from tests.bench import engine
from tests.bench.serving import LocalServer
from tests.e2e.conftest import ARGS, CHROMIUM, READY_MS

ROOT = pathlib.Path(__file__).resolve().parents[2]
BENCH = "__bench__/"  # where the bench pages are served, beside the app
VENDOR = "/static/vendor/"
VIEWPORT = {"width": 1200, "height": 850}
PHONE_CPU = 4  # Lighthouse's mobile throttling: a mid-range phone's processor, this machine's slowed four times
# Lighthouse's 4x was chosen to make a high-end desktop (a BenchmarkIndex of 1500-2000) a mid-tier phone; on
# another machine its documentation ("Calibrating the CPU slowdown", in its throttling notes) says to calibrate.
# The phone 4x means is the middle of that desktop bracket slowed four times: a BenchmarkIndex of ~440.
PHONE_INDEX = 1750 / PHONE_CPU
# Lighthouse's BenchmarkIndex (its computeBenchmarkIndex, which DevTools' CPU calibration also runs): the mean of
# how many times a second a 10,000-character string is built (a garbage-collecting loop) and a 100,000-integer
# array is copied, each divided by ten, over `duration` ms.
BENCHMARK_INDEX_JS = """duration => {
  function rate(step, every) {
    const start = Date.now();
    let done = 0;
    while (done % every !== 0 || Date.now() - start < duration / 2) { step(done); done++; }
    return Math.round(done / 10 / ((Date.now() - start) / 1000));
  }
  const a = [], b = [];
  for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
  const built = rate(() => { let s = ''; for (let j = 0; j < 10000; j++) s += 'a'; if (s.length === 1) throw 0; }, 1);
  const copied = rate(n => { const [from, to] = n % 2 ? [b, a] : [a, b];
                             for (let j = 0; j < from.length; j++) to[j] = from[j]; }, 10);
  return (built + copied) / 2;
}"""
PHONE_VIEWPORT = {"width": 390, "height": 844}
# A phone's screen is touched: its taps arrive as touches, the finger down a while before it lifts, each its own
# task (Playwright's click sends a mouse's move, press and release back to back, which the page handled in one
# task of up to 124 ms at 4x that no person's tap makes).
PHONE_CONTEXT = {"viewport": PHONE_VIEWPORT, "has_touch": True, "is_mobile": True}
TAP_MS = 90  # how long a finger rests on the screen in a tap
BETWEEN_TAPS_MS = 400  # a piece tapped, then where it goes
SETTLE_MS = 2000  # after a link opened: its drawing, the log, the save and the rules page done
SHOWN_MS = 5000  # a control the page draws a frame late (the game's panel): how long a click waits to see it

# Installed before any page script: the main thread's long tasks, as [start, duration] (ms since navigation start),
# each over 50 ms, from `__longTasks()`.  Chromium runs a frame's rendering (style, layout, paint) as a task of its
# own, and the Long Tasks API reports none of a page's first frames: a phone's, 50-140 ms of style and layout at
# 4x, were never counted (the notebook, 2026-12-05).  Each long animation frame's rendering, from its
# `renderStart`, is counted with the API's tasks, where none of them holds it.
LONG_TASKS_JS = """
(() => {
  const tasks = [], renders = [], observers = [];
  const watch = (type, take) => {
    if (!(PerformanceObserver.supportedEntryTypes || []).includes(type)) return;  // Firefox, WebKit: neither
    const observer = new PerformanceObserver(list => list.getEntries().forEach(take));
    observer.observe({type, buffered: true});
    observers.push([observer, take]);
  };
  watch('longtask', e => tasks.push([e.startTime, e.duration]));
  watch('long-animation-frame', e => {
    const end = e.startTime + e.duration;
    if (e.renderStart && end - e.renderStart > 50) renders.push([e.renderStart, end - e.renderStart]);
  });
  window.__longTasks = () => {
    for (const [observer, take] of observers) observer.takeRecords().forEach(take);
    const overlaps = ([s, d]) => tasks.some(([a, b]) => s < a + b && a < s + d);
    return [...tasks, ...renders.filter(span => !overlaps(span))].sort((x, y) => x[0] - y[0]);
  };
})();
"""

# And timestamps of PyScript's progress events, of the start and end of the page's script, and of
# <html data-ready>.
INIT_JS = LONG_TASKS_JS + """
window.__bench = {ready: null, progress: []};
addEventListener('py:progress', e => __bench.progress.push([String(e.detail), performance.now()]));
for (const stage of ['py:ready', 'py:done'])  // around the page's own script (its source fetched after ready)
  addEventListener(stage, () => __bench.progress.push([stage, performance.now()]), {capture: true});
new MutationObserver((records, observer) => {
  if (document.documentElement && document.documentElement.hasAttribute('data-ready')) {
    __bench.ready = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""

# Long main-thread tasks, and the spans while a bot search runs (<html data-bot-thinking> above 0).
BOTS_JS = LONG_TASKS_JS + """
window.__thinking = [];
new MutationObserver(records => {  // a search may start and end within one task: read the old values
  const now = performance.now(), started = records.some(r => !(Number(r.oldValue) > 0));
  let last = __thinking[__thinking.length - 1];
  if (started && !(last && last[1] === null)) __thinking.push(last = [now, null]);
  if (!(Number(document.documentElement.getAttribute('data-bot-thinking')) > 0) && last && last[1] === null)
    last[1] = now;
}).observe(document, {attributes: true, attributeOldValue: true, subtree: true,
                      attributeFilter: ['data-bot-thinking']});
window.__botLongest = () => {  // the longest task inside a search, and the longest of those that begin or end one
  const spans = __thinking.map(([a, b]) => [a, b === null ? performance.now() : b]);
  const longest = tasks => Math.max(0, ...tasks.map(([, d]) => d));
  const during = __longTasks().filter(([s, d]) => spans.some(([a, b]) => s < b && s + d > a));
  const inside = during.filter(([s, d]) => spans.some(([a, b]) => s >= a && s + d <= b));
  return {inside: longest(inside), edges: longest(during.filter(task => !inside.includes(task))),
          searches: spans.length};
};
"""

COLLECT_JS = """() => {
  const paint = Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]));
  const snapshot = performance.getEntriesByName('pyramids:snapshot-painted')[0];
  return {ready: __bench.ready, progress: __bench.progress, long: __longTasks(),
          fcp: paint['first-contentful-paint'] ?? null, first_paint: paint['first-paint'] ?? null,
          snapshot: snapshot ? snapshot.startTime : null};
}"""

# One click dispatched in the page, timed there (no Playwright round trip): from
# just before the click to the first change under #board (a MutationObserver
# fires at the first microtask checkpoint after the change), and to style and
# layout done for the changed page.
CLICK_JS = """selector => new Promise(resolve => {
  const target = document.querySelector(selector);
  if (!target) return resolve({missing: true});
  const board = document.getElementById('board'), root = document.documentElement;
  let updated = null, laid_out = null, start = null;
  // The page's Python answers in a worker: the board changes when its answer comes, a message or two later;
  // the click is over once the page has applied every answer (<html data-answering> gone) and drawn a frame.
  const settled = () => requestAnimationFrame(() => setTimeout(() => {
    if (root.hasAttribute('data-answering') && performance.now() - start < 5000) return settled();
    observer.disconnect();
    resolve({update: updated === null ? null : updated - start,
             layout: laid_out === null ? null : laid_out - start});
  }, 0));
  const observer = new MutationObserver(() => {
    if (updated !== null) return;
    updated = performance.now();
    board.getBoundingClientRect();
    laid_out = performance.now();
  });
  observer.observe(board, {attributes: true, childList: true, subtree: true, characterData: true});
  start = performance.now();
  window.__profileOn?.();
  target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));
  window.__profileOff?.();
  settled();
})"""

# The last move in the list: its count stops growing past the moves a long game lists (page.LISTED).
LAST_PLY_JS = ("Math.max(0, ...Array.from(document.querySelectorAll('#moves li[data-ply]'), "
               "li => Number(li.dataset.ply)))")

BASELINE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Bare PyScript baseline</title>
  <link rel="stylesheet" href="/static/vendor/pyscript/core.css">
  <script type="module" src="/static/vendor/pyscript/core.js"></script>
</head>
<body>
  <h1>Bare PyScript on the vendored Pyodide</h1>
  <script type="py" config="baseline.toml">
from pyscript import document
document.documentElement.setAttribute("data-ready", "")
  </script>
</body>
</html>
"""

# The app's page with its entry script run under cProfile (where start-up time
# goes); then the page's clicks are profiled between __profileOn and __profileOff.
PROFILE_PY = """
import asyncio, cProfile, io, pstats, time
from pyodide.ffi import create_proxy
from pyscript import window

def report(profiler, title):
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(35)
    return title + "\\n" + out.getvalue()

profiler = cProfile.Profile()
start = time.perf_counter()
profiler.enable()
import main

async def opened():
    await main.opening
    profiler.disable()
    window.__profile = report(profiler, f"import main and its opening under cProfile: "
                                        f"{(time.perf_counter() - start) * 1000:.0f} ms")

asyncio.ensure_future(opened())
clicks = cProfile.Profile()
window.__profileOn = create_proxy(clicks.enable)
window.__profileOff = create_proxy(clicks.disable)
window.__clickReport = create_proxy(lambda: report(clicks, "Clicks under cProfile"))
"""


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves the repository, plus the bench pages under /__bench__/; logs what it sends."""

    server: "Server"

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        if path.startswith("/" + BENCH):
            name = path[len(BENCH) + 1:].split("?")[0].split("#")[0]
            return str(self.server.bench_dir / pathlib.PurePosixPath(name).name)
        return super().translate_path(path)

    def setup(self):
        super().setup()
        self.wfile = CountingWriter(self.wfile)

    def send_response(self, code, message=None):
        self.status = code
        super().send_response(code, message)

    def handle_one_request(self):
        self.status, before = None, self.wfile.count
        super().handle_one_request()
        if self.status is not None:  # the service worker's own fetches name it as their referrer
            filling = "/sw.js" in (self.headers.get("Referer") or "")
            self.server.record(self.path.split("?")[0], self.status, self.wfile.count - before, filling)


def _answered_by(state, bots: list[str]) -> bool:
    """Whether the computer's seats decide next in `state`, whatever chance does first (an IceToids tile turned
    over is its mover's to orient; the dice after an Ice-Turn turn are the next player's)."""
    if state.outcome is not None:
        return False
    if state.actors == (CHANCE,):
        return all(_answered_by(state.play(outcome), bots) for outcome, _ in state.chance_outcomes())
    return bool(state.actors) and set(state.actors) <= set(bots)


class CountingWriter:
    def __init__(self, raw):
        self.raw, self.count = raw, 0

    def write(self, data):
        self.count += len(data)
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


class Server(LocalServer):
    def __init__(self, bench_dir: pathlib.Path):
        super().__init__(("127.0.0.1", 0), functools.partial(Handler, directory=str(ROOT)))
        self.bench_dir = bench_dir
        self.lock = threading.Lock()
        self.log: list[tuple[str, int, int]] = []  # what pages loaded
        self.filled: list[tuple[str, int, int]] = []  # what the app's service worker fetched to fill its cache

    def record(self, path, status, sent, filling):
        with self.lock:
            (self.filled if filling else self.log).append((path, status, sent))

    def take(self) -> tuple[list[tuple[str, int, int]], list[tuple[str, int, int]]]:
        """What pages loaded and what the service worker fetched, since the last take."""
        with self.lock:
            taken, self.log, self.filled = (self.log, self.filled), [], []
        return taken


def write_baseline(folder: pathlib.Path) -> None:
    """The bare PyScript page (baseline.html and its config) in `folder`, served at /__bench__/ beside the app."""
    (folder / "baseline.html").write_text(BASELINE_HTML)
    # The app's Pyodide, from the root, started the plain way: not the module that starts it from our snapshot.
    interpreter = tomllib.loads((ROOT / "pyscript.toml").read_text())["interpreter"].rpartition("/")[0]
    (folder / "baseline.toml").write_text(f'interpreter = "/{interpreter.removeprefix("./")}/pyodide.mjs"\n')


def write_bench_pages(folder: pathlib.Path) -> None:
    write_baseline(folder)
    page = (ROOT / "index.html").read_text()
    page = page.replace("<head>", '<head>\n  <base href="/">', 1)
    page, count = re.subn(r'<script type="py"[^>]*>import main</script>',
                          '<script type="py" src="__bench__/profile.py" config="__bench__/profile.toml"></script>',
                          page)
    if count != 1:
        raise SystemExit("bench: index.html has no <script type=\"py\">import main</script> to profile")
    (folder / "profile.html").write_text(page)
    (folder / "profile.py").write_text(PROFILE_PY)
    # PyScript resolves the config's URLs against the page's location, not <base>: make them absolute.
    config = (ROOT / "pyscript.toml").read_text()
    (folder / "profile.toml").write_text(config.replace('"./static/', '"/static/').replace('"./py/', '"/py/'))


class Bench:
    """One server and one Playwright driver for every browser measurement."""

    def __init__(self, pw, server: Server, log=print):
        self.pw, self.server, self.log = pw, server, log
        self.profiles: list[str] = []
        self.errors: list[str] = []

    # -- page loads ---------------------------------------------------------
    def new_profile(self) -> str:
        folder = tempfile.mkdtemp(prefix="bench-profile-")
        self.profiles.append(folder)
        return folder

    def calibrate(self) -> dict:
        """This machine's BenchmarkIndex (at 1x), and the slowdown that makes it the phone Lighthouse's 4x means
        (`PHONE_INDEX`): bisected, as DevTools' calibration is, since the index is not linear in the rate."""
        browser = self.pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_page()
            cdp = page.context.new_cdp_session(page)

            def index(rate: float) -> float:
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                return max(page.evaluate(BENCHMARK_INDEX_JS, 1000) for _ in range(3))  # the least disturbed

            index(1)  # warm up: V8 optimises the loops
            here = index(1)
            low, high = 1.0, max(1.0, here / PHONE_INDEX * 1.5)
            rate = low
            for _ in range(8):
                rate = round((low + high) / 2, 2)
                got = index(rate)
                if abs(got - PHONE_INDEX) < 10:
                    break
                low, high = (rate, high) if got > PHONE_INDEX else (low, rate)
            return {"index": here, "rate": rate, "at_4x": index(PHONE_CPU)}
        finally:
            browser.close()

    def visit(self, profile: str, path: str, workers: str = "allow", phone: bool = False,
              cells: tuple[str, ...] = (), rate: float = PHONE_CPU) -> dict:
        """Launch Chromium on `profile`, open `path`, and measure until the page is ready.

        `workers="block"` turns service workers off, to see what the offline cache costs.  `phone`: a phone's
        touch screen and processor (this one's slowed `rate` times).  `cells`: tapped once the page is ready
        (`clicked`, ms since navigation start), a move; the long tasks are then read once it is made and drawn
        (`moved`).
        """
        context = self.pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=ARGS,
            service_workers=workers, **(PHONE_CONTEXT if phone else {"viewport": VIEWPORT}))
        try:
            page = context.pages[0] if context.pages else context.new_page()
            if phone:
                context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
            page.on("pageerror", lambda e: self.errors.append(f"{path}: {e}"))
            page.add_init_script(INIT_JS)
            self.server.take()
            page.goto(self.server.url + path, wait_until="commit")
            page.wait_for_function("window.__bench && __bench.ready !== null", timeout=READY_MS, polling=50)
            try:
                page.wait_for_load_state("networkidle", timeout=10_000)
            except Exception:  # a late request is reported in the log anyway
                pass
            found = page.evaluate(COLLECT_JS)
            if cells:
                found.update(self.first_move(page, cells))
            served, filled = self.server.take()
            if workers == "allow" and not path.startswith(BENCH):  # the app's offline cache: let it fill,
                # as it has for a returning player, so the next visit is answered by the service worker
                page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_MS, polling=100)
            with page.expect_event("close", timeout=10_000):  # left as a person leaves it: its pagehide runs
                page.close(run_before_unload=True)
        finally:
            context.close()
        found.update(
            requests=len(served),
            bytes=sum(sent for _, _, sent in served),
            own_bytes=sum(sent for p, _, sent in served if not p.startswith(VENDOR)),
            served=served,
            cache_fill_bytes=sum(sent for _, _, sent in filled + self.server.take()[1]),
        )
        return found

    @staticmethod
    def first_move(page, cells: tuple[str, ...]) -> dict:
        """Tap `cells`, a move, as a person does on a phone (`TAP_MS` each, `BETWEEN_TAPS_MS` apart); wait until
        it is listed and the next frame drawn."""
        before, clicked = page.evaluate(LAST_PLY_JS), page.evaluate("performance.now()")
        touch = page.context.new_cdp_session(page)
        for i, cell in enumerate(cells):
            if i:
                page.wait_for_timeout(BETWEEN_TAPS_MS)
            box = page.locator(f'#board [data-cell="{cell}"]').bounding_box()
            point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
            touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
            page.wait_for_timeout(TAP_MS)
            touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.wait_for_function(f"({LAST_PLY_JS}) > {before}", timeout=READY_MS)
        moved = page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(() => "
                              "done(performance.now()), 0)))")
        page.wait_for_timeout(500)  # a task the move left behind (the game saved) is over
        return {"clicked": clicked, "moved": moved, "long": page.evaluate("__longTasks()")}

    def cold_and_warm(self, path: str, workers: str = "allow") -> tuple[dict, dict]:
        """A first visit on a fresh profile, then a second visit after a browser restart."""
        profile = self.new_profile()
        return self.visit(profile, path, workers), self.visit(profile, path, workers)

    # What is loaded: the app, the bare baseline, and the app with its service worker blocked.
    PAGES = {"app": ("", "allow"), "baseline": (BENCH + "baseline.html", "allow"), "app-no-worker": ("", "block")}

    def loads(self, runs: int, link: str = "") -> dict:
        """Each page of PAGES cold and warm, interleaved run by run (the order rotates); with `link` (a game's
        fragment), also "app-link": the app opened at that link, then opened again (the link the player was
        on, reloaded), in the same rotation, so that its board is read against the bare page's of the same
        minutes."""
        pages = {**self.PAGES, **({"app-link": ("#" + link, "allow")} if link else {})}
        names = list(pages)
        results = {name: {"cold": [], "warm": []} for name in names}
        for run in range(runs):
            for name in names[run % len(names):] + names[:run % len(names)]:
                cold, warm = self.cold_and_warm(*pages[name])
                results[name]["cold"].append(cold)
                results[name]["warm"].append(warm)
                self.log(f"  load run {run + 1}/{runs} {name:13}: cold ready {cold['ready']:7.0f} ms, "
                         f"warm ready {warm['ready']:7.0f} ms")
        return results

    def long_links(self, game_id: str, moves: list[str], runs: int, cold: bool) -> dict:
        """Time to ready of the game's fresh start and of a link to `moves`, interleaved."""
        fresh = "#" + engine.link(game_id, ())
        long = "#" + engine.link(game_id, moves)
        primed = None if cold else self.new_profile()
        if primed:
            self.visit(primed, fresh)
        out = {"fresh": [], "long": []}
        for run in range(runs):
            for which in (("fresh", "long") if run % 2 == 0 else ("long", "fresh")):
                profile = primed or self.new_profile()
                out[which].append(self.visit(profile, fresh if which == "fresh" else long)["ready"])
            self.log(f"  {game_id} link run {run + 1}/{runs}: fresh {out['fresh'][-1]:7.0f} ms, "
                     f"{len(moves)} moves {out['long'][-1]:7.0f} ms")
        return out

    def link_longest_task(self, game_id: str, moves: list[str]) -> float:
        """The longest main-thread task while a link to `moves` opens in a running page (0 when none
        was long): its replay runs a slice per task; the e2e tests check the slicing, this its time."""
        with self.page() as page:
            opened = page.evaluate("performance.now()")
            self.open_link(page, game_id, moves)
            return page.evaluate("from => Math.max(0, ...__longTasks().filter(([s]) => s >= from).map(([, d]) => d))",
                                 opened)

    # -- clicks -------------------------------------------------------------
    @contextmanager
    def page(self, path: str = ""):
        """A page in a fresh browser, ready to play."""
        browser = self.pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_context(viewport=VIEWPORT).new_page()
            page.on("pageerror", lambda e: self.errors.append(f"{path or 'clicks'}: {e}"))
            page.add_init_script(LONG_TASKS_JS)
            page.goto(self.server.url + path)
            page.wait_for_selector("html[data-ready]", timeout=READY_MS)
            yield page
        finally:
            browser.close()

    def latency(self, game_id: str, count: int, plies: int, rng: random.Random) -> dict:
        """Time the clicks of `count` random moves, a few from each of several random positions.

        The positions are random playouts 0 to `plies` moves long: a move late in a
        long game (a long move list, a long link to save) must answer as fast.
        """
        found: dict = {"move": [], "select": [], "failures": []}
        with self.page() as page:
            for _ in range(count * 3):
                if len(found["move"]) >= count:
                    break
                self.open_link(page, game_id, engine.playout(game_id, rng.randrange(0, plies + 1), rng))
                self.play_moves(page, game_id, min(8, count - len(found["move"])), rng, found)
        return found

    def open_link(self, page, game_id: str, moves) -> None:
        """Open a link in the running page, the way a pasted link opens (hashchange)."""
        expected = games.get(game_id).replay(moves).to_text()
        page.evaluate("fragment => { location.hash = fragment; }", engine.link(game_id, moves))
        page.wait_for_function("text => document.getElementById('board').dataset.position === text",
                               arg=expected, timeout=READY_MS)

    def play_moves(self, page, game_id: str, count: int, rng: random.Random, found: dict) -> None:
        """Click up to `count` random legal moves from the position on screen; stop at the end."""
        game = games.get(game_id)
        for _ in range(count):
            state = game.from_text(page.get_attribute("#board", "data-position"))
            if state.outcome is not None:
                return
            move = rng.choice(state.legal_plays())  # on the board (not a draw offered, nor resignation)
            problem = self.click_move(page, state, move, found)
            if problem:
                found["failures"].append(f"{move}: {problem}")
                return

    @staticmethod
    def click_move(page, state, move: str, found: dict) -> str | None:
        """Click the cells of `move` (and its choice button); None when the move was made."""
        before = page.evaluate(LAST_PLY_JS)
        selectors = [f'#board [data-cell="{cell}"], #game-panel [data-cell="{cell}"]' for cell in state.path(move)]
        timings = []
        for i, selector in enumerate(selectors):
            try:  # the game's panel is drawn a frame after the board: a player clicks its buttons once shown
                page.wait_for_selector(selector, state="attached", timeout=SHOWN_MS)
            except PlaywrightTimeout:
                return f"nothing on the page matches {selector}"
            timing = page.evaluate(CLICK_JS, selector)
            if timing.get("missing"):
                return f"nothing on the page matches {selector}"
            if timing["update"] is None:
                return f"a click on {selector} changed nothing"
            timings.append(timing)
            if i == len(selectors) - 1 and page.locator("#choices [data-move]").count():
                selectors.append(f'#choices [data-move="{move}"]')
        if page.evaluate(LAST_PLY_JS) <= before:
            return "not played: " + page.inner_text("#message")
        found["select"].extend(timings[:-1])
        found["move"].append(timings[-1])
        return None

    # -- the computer's seats ------------------------------------------------
    def bots(self, game_ids, count: int, rng: random.Random) -> dict:
        """The bot worker's start, then `count` bot moves per game and level, each opened as a link
        whose player to move is the computer; and the longest main-thread task while a search ran."""
        found: dict = {"start": [], "moves": {}, "failures": []}
        browser = self.pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_context(viewport=VIEWPORT).new_page()
            page.on("pageerror", lambda e: self.errors.append(f"bots: {e}"))
            page.add_init_script(BOTS_JS)
            page.goto(self.server.url)
            page.wait_for_selector("html[data-ready]", timeout=READY_MS)
            for game_id in game_ids:
                found["moves"][game_id] = {}
                for level in ("easy", "medium", "hard"):
                    times = found["moves"][game_id][level] = []
                    while len(times) < count:
                        problem = self.bot_move(page, game_id, level, rng, times)
                        if problem:
                            found["failures"].append(f"{game_id} {level}: {problem}")
                            break
                    started = page.get_attribute("html", "data-bot-worker-ms")
                    if not found["start"] and started:
                        found["start"].append(float(started))
                    self.log(f"  {game_id} {level}: " + ", ".join(f"{t:.0f}" for t in times) + " ms")
            found["longest_task"] = page.evaluate("window.__botLongest()")
            answering = found["answering"] = {"inside": 0.0, "edges": 0.0, "searches": 0}
            for game_id in game_ids:
                if len(players_to_act(games.get(game_id).new())) > 1:  # no turns: a bot acts on a timer of its own
                    continue
                for _ in range(count):
                    problem, seen = self.bot_answer(browser, game_id, rng)
                    if problem:
                        found["failures"].append(f"{game_id}, a bot answering a move: {problem}")
                        break
                    answering.update(inside=max(answering["inside"], seen["inside"]),
                                     edges=max(answering["edges"], seen["edges"]),
                                     searches=answering["searches"] + seen["searches"])
        finally:
            browser.close()
        return found

    def bot_answer(self, browser, game_id: str, rng: random.Random) -> tuple[str | None, dict]:
        """A player's first visit, by a link to a random position where they move against Hard: the page
        settles, then the player makes a move by clicking it and the computer answers it, its search started
        as in play; the main thread's long tasks while it searched (`__botLongest`)."""
        page = browser.new_context(viewport=VIEWPORT).new_page()
        try:
            page.on("pageerror", lambda e: self.errors.append(f"bots: {e}"))
            page.add_init_script(BOTS_JS)
            return self._answered(page, game_id, rng), page.evaluate("window.__botLongest()")
        finally:
            page.context.close()

    def _answered(self, page, game_id: str, rng: random.Random) -> str | None:
        from pyramids import ai
        game = games.get(game_id)
        for _ in range(200):
            moves = engine.playout(game_id, rng.randrange(*engine.timed_plies(game_id)), rng)
            state = game.replay(moves)
            acting = ai.players_to_act(state)
            everyone = seats(game, {})
            if state.outcome is not None or len(acting) != 1 or acting[0] not in everyone:
                continue
            bots = [seat for seat in everyone if seat != acting[0]]
            paths = {m: state.paths(m) for m in state.legal_moves()}
            spelt = [p for found in paths.values() for p in found]  # a click path another move shares, or begins
            answered = [found[0] for m, found in paths.items() if len(found) == 1
                        and sum(p[:len(found[0])] == found[0] for p in spelt) == 1
                        and _answered_by(state.play(m), bots)]
            if bots and answered:
                break
        else:
            return "no position where a person's move is answered by the computer"
        clicks = rng.choice(answered)
        page.goto(f"{self.server.url}#{engine.link(game_id, moves)}&bots=" + ",".join(f"{seat}:hard" for seat in bots))
        page.wait_for_function(f"document.getElementById('board').dataset.position === {state.to_text()!r}",
                               timeout=READY_MS)
        page.wait_for_timeout(SETTLE_MS)  # the page's own opening work done: only the answer's search is timed
        before = int(page.get_attribute("html", "data-bot-count") or 0)
        for location in clicks:
            page.locator(f'#board [data-cell="{location}"], #game-panel [data-cell="{location}"]').first.click()
        try:
            page.wait_for_function(f"Number(document.documentElement.getAttribute('data-bot-count')) > {before}",
                                   timeout=READY_MS)
        except Exception:  # noqa: BLE001
            return f"no answer to {' '.join(clicks)}: " + page.inner_text("#message")
        return None

    def bot_move(self, page, game_id: str, level: str, rng: random.Random, times: list) -> str | None:
        """Open a random position whose player to move is the computer; wait for its search."""
        from pyramids import ai
        moves = engine.playout(game_id, rng.randrange(*engine.timed_plies(game_id)), rng)
        state = games.get(game_id).replay(moves)
        acting = ai.players_to_act(state)
        if state.outcome is not None or not acting:
            return None
        page.wait_for_function("!(Number(document.documentElement.getAttribute('data-bot-thinking')) > 0)",
                               timeout=READY_MS)  # the worker is idle: no search queued before this one
        before = int(page.get_attribute("html", "data-bot-count") or 0)
        page.evaluate("fragment => { location.hash = fragment; }",
                      engine.link(game_id, moves) + f"&bots={acting[0]}:{level}")
        try:
            page.wait_for_function(f"Number(document.documentElement.getAttribute('data-bot-count')) > {before}",
                                   timeout=READY_MS)
        except Exception:  # noqa: BLE001
            return "no bot move within the time limit: " + page.inner_text("#message")
        times.append(float(page.get_attribute("html", "data-bot-ms")))
        return None

    # -- where start-up time goes -------------------------------------------
    def profile(self, clicks: int, plies: int, rng: random.Random, game_id: str | None = None) -> str:
        """cProfile of the app's start-up (warm cache), then of clicks in games `plies` long
        (of `game_id`, else the game the page opens with)."""
        profile = self.new_profile()
        self.visit(profile, BENCH + "profile.html")  # warm the cache: profile Python, not the network
        context = self.pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=ARGS, viewport=VIEWPORT)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(self.server.url + BENCH + "profile.html")
            page.wait_for_function("window.__profile !== undefined", timeout=READY_MS)
            startup = page.evaluate("window.__profile")
            game_id = game_id or page.evaluate("document.querySelector('#picker [aria-current=page]')?.dataset.game") \
                or games.ids()[0]
            found: dict = {"move": [], "select": [], "failures": []}
            self.open_link(page, game_id, engine.playout(game_id, plies, rng))
            while len(found["move"]) < clicks and not found["failures"]:
                done = len(found["move"])
                self.play_moves(page, game_id, clicks - done, rng, found)
                if len(found["move"]) == done:
                    self.open_link(page, game_id, engine.playout(game_id, plies, rng))
            return startup + "\n" + page.evaluate("window.__clickReport()")
        finally:
            context.close()

    def close(self):
        for folder in self.profiles:
            shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def bench(log=print):
    """A running server and Playwright driver; cleans up the temporary profiles."""
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as folder:
        write_bench_pages(pathlib.Path(folder))
        server = Server(pathlib.Path(folder))
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            with sync_playwright() as pw:
                runner = Bench(pw, server, log)
                try:
                    yield runner
                finally:
                    runner.close()
        finally:
            server.shutdown()
            server.server_close()


__all__ = ["bench", "Bench"]

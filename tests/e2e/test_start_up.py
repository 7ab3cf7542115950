"""What the first load fetches (issue 14): the interpreter (its snapshot holds the rules core and the page's
code) and the game on screen.

Every other game, the computer's search and the keyboard layer come when first
needed, so a sixth game or a stronger bot does not slow anyone's start.  The
service worker is blocked here, so every request reaches our server, which
records them.
"""

import time

import pytest

from conftest import ROOT, App, python_on_the_page, settled
from offline import pyscript_start
from static_server import StaticServer
from pyramids import games

# When <html data-ready> appeared, in the page's clock (resource timings use the same one).
READY_AT = """
new MutationObserver((records, observer) => {
  if (document.documentElement.hasAttribute('data-ready')) {
    window.readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""


@pytest.fixture
def app_server():
    with StaticServer(ROOT) as server:
        yield server


def fetched_before_ready(page) -> list[str]:
    """Our own files (not the vendored runtime) the page asked for before it was ready."""
    return page.evaluate("""() => performance.getEntriesByType('resource')
        .filter(e => e.startTime < window.readyAt)
        .map(e => new URL(e.name).pathname.slice(1))
        .filter(p => !p.startsWith('static/vendor/'))
        .sort()""")


def archives(paths) -> list[str]:
    return sorted(p for p in paths if p.endswith(".zip") and not p.startswith("static/vendor/"))


def test_the_first_load_fetches_the_core_and_the_game_on_screen_only(app_server, watched):
    context = watched(app_server.origin, service_workers="block")
    page = context.new_page()
    page.add_init_script(READY_AT)
    app = App(page, app_server.url).open("v=1&g=terrafex&m=")
    before = fetched_before_ready(page)
    served = app_server.paths()  # the worker's fetches too, which the page's own list of resources lacks
    assert archives(served) == ["static/games/terrafex.zip"], "the start-up archive's modules are in the snapshot"
    assert "static/ai.zip" not in served and "static/bot-worker.js" not in served, "no computer player at start"
    assert "static/access.js" not in before, "the keyboard layer comes once the game is ready"
    assert page.evaluate("performance.getEntriesByName(new URL('static/access.js', location.href).href).length") == 1
    for script in ("static/motion.js", "static/sound.js"):  # moves that move, and their sounds: once ready
        assert script not in before
        page.wait_for_function("name => performance.getEntriesByName(new URL(name, location.href).href).length === 1",
                               arg=script)
    app_server.paths()

    app.pick("ice-turn")
    assert archives(app_server.paths()) == ["static/games/ice-turn.zip"], "a game's files the first time it is shown"
    app.pick("terrafex")
    assert archives(app_server.paths()) == [], "and only then"

    page.click("#hint")  # the search: fetched by the worker (this game's files too, from the HTTP cache)
    page.wait_for_function("Number(document.documentElement.getAttribute('data-bot-count')) >= 1", timeout=60_000)
    assert "Hint:" in app.message()
    assert archives(app_server.paths(downloaded=True)) == ["static/ai.zip"]


def test_a_game_whose_files_cannot_be_fetched_says_so_and_the_game_on_screen_stays(app_server, watched, expect_console):
    expect_console("ERR_INTERNET_DISCONNECTED")  # the browser's own line for the fetch this test cuts
    context = watched(app_server.origin, service_workers="block")
    app = App(context.new_page(), app_server.url).open()
    app.play("d3", "e4")
    app.page.route("**/static/games/icetoids.zip", lambda route: route.abort("internetdisconnected"))
    app.page.click('#picker [data-game="icetoids"]')
    app.page.wait_for_function("document.getElementById('message').textContent.includes('could not be loaded')")
    assert "The files of IceToids could not be loaded" in app.message() and "try again" in app.message()
    assert app.page.get_attribute("#board", "data-game") == "ice-lady" and app.moves() == ["d3-e4"]
    app.page.unroute("**/static/games/icetoids.zip")
    app.pick("icetoids")  # the network is back: a second click fetches them
    assert app.status() == "P1: choose a colour."


# What the page asked for before the interpreter's WebAssembly: [path, started, response ended].
BEFORE_INTERPRETER = """() => {
  const entries = performance.getEntriesByType('resource')
    .map(e => [new URL(e.name).pathname.slice(1), e.startTime, e.responseEnd]);
  const wasm = entries.find(([path]) => path.endsWith('/pyodide.asm.wasm'));
  return entries.filter(([, start]) => start < wasm[1]);
}"""


def test_pyscript_start_up_files_are_asked_for_at_once_and_each_once(app_server, watched):
    """PyScript imports its core, reads its config, imports its parser and plugins, then Pyodide's module: a
    round trip each.  boot.js asks for them all together (static/build.js lists them), so each is requested
    before the config has arrived, and PyScript's own requests are answered from these, not sent again.  Where
    the Python runs on the page (the fallback, where no worker can run it; the app's worker asks for none)."""
    context = watched(app_server.origin, service_workers="block")
    page = context.new_page()
    python_on_the_page(page)
    page.goto(app_server.url + "index.html")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    start = pyscript_start(ROOT)
    assert page.evaluate("self.PYRAMIDS_START") == start, "static/build.js is this build's"
    asked = {path: (started, ended) for path, started, ended in page.evaluate(BEFORE_INTERPRETER)}
    runtime = {p for p in asked if p.endswith((".js", ".mjs")) and p.startswith("static/vendor/")}
    assert runtime - set(start) == {"static/vendor/pyscript/core.js"}, "nothing PyScript imports is left out"
    config_arrived = asked["pyscript.toml"][1]
    late = [p for p in start if asked[p][0] >= config_arrived]
    assert not late, f"asked for only after the config arrived, one after another: {late}"
    requests = app_server.paths()
    for path in [*start, "pyscript.toml"]:
        assert requests.count(path) == 1, f"{path} requested {requests.count(path)} times"


def assert_started_in_a_worker(page, app_server):
    """The page's Python answered from static/page-worker.js: the page compiled no interpreter (the worker asked
    for Pyodide's, once) and asked for none of PyScript's files."""
    assert page.get_attribute("html", "data-python") == "worker"
    assert page.evaluate("performance.getEntriesByType('resource').filter(e => /\\.wasm$/.test(e.name)).length") == 0
    requests = app_server.paths()
    assert requests.count("static/page-worker.js") == 1
    assert [path for path in requests if path.endswith("/pyodide.asm.wasm")] != []
    assert [path for path in requests if path.startswith("static/vendor/pyscript/") or path == "pyscript.toml"] == []


def test_the_apps_python_starts_in_a_worker_and_pyscript_is_never_asked_for(app_server, watched):
    """Issue 55: the app's interpreter starts in a worker too (static/boot.js), so no task of its start or of its
    answers holds the page's thread (a phone's, under Lighthouse's throttling, 300-400 ms a task); the page
    compiles no interpreter and asks for none of PyScript's files, and a move is answered from the worker."""
    context = watched(app_server.origin, service_workers="block")
    app = App(context.new_page(), app_server.url).open()
    page = app.page
    assert_started_in_a_worker(page, app_server)
    app.play("c3", "d4")
    assert app.moves() == ["c3-d4"] and app.status() == "Black to move."


def test_the_embeds_python_starts_in_a_worker_and_pyscript_is_never_asked_for(app_server, watched):
    """Issue 55: the embed's interpreter starts in a worker (static/page-worker.js), so no task of its start
    holds the thread of the page around it (a wiki's, on a phone one thread for both); its Python speaks to the
    page through static/bridge.js.  The page itself never compiles the interpreter, and asks for none of
    PyScript's files; the reader's steps are answered from the worker."""
    context = watched(app_server.origin, service_workers="block")
    page = context.new_page()
    page.goto(app_server.url + "embed.html#v=1&g=ice-lady&m=c3-d4+d6-e5")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    assert_started_in_a_worker(page, app_server)
    assert page.inner_text("#ply") == "2/2"
    page.keyboard.press("Home")
    page.click("#next")
    settled(page)
    assert page.inner_text("#ply") == "1/2" and page.get_attribute("#board", "data-position") == \
        games.get("ice-lady").replay(["c3-d4"]).to_text()


def test_an_embed_that_starts_at_once_waits_for_the_bridge(app_server, watched):
    """A code without a picture starts Python as the page is parsed (static/embed.js, at the body's foot), before
    the deferred static/bridge.js has run: the worker's start waits for it (it once failed there, one start in
    two, with the cache warm)."""
    context = watched(app_server.origin, service_workers="block")
    page = context.new_page()
    bridge = (ROOT / "static" / "bridge.js").read_bytes()

    def late(route):
        time.sleep(0.5)  # the module start.js is there long before
        route.fulfill(body=bridge, content_type="text/javascript")
    page.route("**/static/bridge.js", late)
    page.goto(app_server.url + "embed.html#v=1&g=ice-lady&m=c3-d4")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    assert page.get_attribute("html", "data-python") == "worker"
    assert page.get_attribute("html", "data-start-failed") is None


# Each batch of changes the page's observers are handed (one per turn of the event loop, at most): what it holds.
BATCHES = """
window.batches = [];
new MutationObserver(records => {
  const kinds = new Set();
  for (const r of records) {
    if (r.attributeName === 'disabled' && r.target.closest && r.target.closest('#controls')) kinds.add('wired');
    if (r.attributeName === 'data-ready') kinds.add('ready');
    if (r.type === 'childList' && r.target.closest && r.target.closest('#board')) kinds.add('board');
  }
  if (kinds.size) window.batches.push([...kinds].sort());
}).observe(document, {attributes: true, childList: true, subtree: true, attributeFilter: ['disabled', 'data-ready']});
"""


def test_a_browser_with_javascript_off_is_told_what_to_do(new_context, server):
    """With JavaScript off (a browser's setting, a privacy extension) nothing can start: the page said "Starting the
    game engine…" for ever beside controls that never woke.  Its <noscript> says why and what to do instead, and
    the board's box and the columns that would wait are left out (app.css, `scripting: none`)."""
    page = new_context(java_script_enabled=False).new_page()
    page.goto(server)
    assert "Turn it on for this site" in page.locator(".no-script").inner_text()
    assert page.is_hidden("#board") and page.is_hidden("#side") and page.is_hidden("#log")


def test_the_page_is_wired_and_drawn_in_tasks_of_their_own(new_context, server):
    """Issue 29: the page answers input through all of start-up.  The game is opened, the page wired up and
    the game drawn one after the other, the browser free to handle input in between: its observers are
    handed the wiring and the drawing separately."""
    page = new_context().new_page()
    page.add_init_script(BATCHES)
    App(page, server).open()
    batches = page.evaluate("window.batches")
    assert ["wired"] in batches, f"the controls enabled in a batch of their own: {batches}"
    ready = next(i for i, kinds in enumerate(batches) if "ready" in kinds)
    assert batches.index(["wired"]) < ready, batches


def test_a_page_that_crashed_as_it_opened_is_opened_again_as_it_was_set_up(app, monkeypatch):
    """The e2e tests' own way through Chromium's rare renderer death as Pyodide starts (conftest's `App.open`):
    the page opened again has the crashed one's init scripts and routes, so that the test goes on as it meant to
    (a test that routed the snapshot away failed on a page that started from it)."""
    import conftest
    from playwright.sync_api import Error as PlaywrightError
    monkeypatch.setattr(conftest, "CRASHES", [])  # this death is not the run's one forgiven
    app.page.add_init_script("window.setUp = 'by its init script'")
    app.page.route("**/routed-by-the-test", lambda route: route.fulfill(body="by its route"))
    crashed = app.page

    def crash_as_it_opens(url, **options):
        raise PlaywrightError("Target crashed")  # what Playwright raises when the renderer dies (Page.crash over
        # CDP never answers, so the death is stood in for here)
    crashed.goto = crash_as_it_opens
    app.open()
    assert conftest.CRASHES == [app.server], "the crash was met"
    assert app.page is not crashed
    assert app.page.evaluate("window.setUp") == "by its init script"
    assert app.page.evaluate("fetch('routed-by-the-test').then(answer => answer.text())") == "by its route"


# When the page's worker (static/page-worker.js) was made, and the first frame after the page was parsed (its
# deferred scripts run, static/boot.js's among them), in the page's clock.
WORKER_MADE = """
const Made = window.Worker;
window.Worker = function (url, options) {
  if (String(url).includes('page-worker.js')) window.workerMadeAt = performance.now();
  return new Made(url, options);
};
window.Worker.prototype = Made.prototype;
addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => {
  window.frameAfterParse = performance.now();
}));
"""


@pytest.mark.parametrize("visit", ["first", "returning"])
def test_the_interpreter_is_begun_once_the_page_is_drawn(new_context, server, visit):
    """Issue 55: the interpreter's download and compile take every core of a small machine; begun as the page's
    deferred scripts run, they shared it with the page's first frames (a phone's longest start-up task 110 ms,
    against 92 begun after them, nine visits each).  The page's worker is made after the first frame that follows
    the page's parsing, and so after the board's (static/snapshot.js marks it as it is drawn): on a first visit
    (the build's first board) and a returning one (the board kept)."""
    context = new_context()
    page = context.new_page()
    if visit == "returning":
        App(page, server).open().play("c3", "d4")
        page.wait_for_function("localStorage.getItem('pyramids.snapshot.v1') !== null")
        page.close(run_before_unload=True)
        page = context.new_page()
    page.add_init_script(WORKER_MADE)
    page.goto(server)
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    made, parsed, drawn = page.evaluate("""[window.workerMadeAt, window.frameAfterParse,
        performance.getEntriesByName('pyramids:snapshot-painted')[0].startTime]""")
    assert made > parsed > 0 and made > drawn, (made, parsed, drawn)

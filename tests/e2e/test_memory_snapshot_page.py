"""Python starts from the interpreter's memory snapshot (issue 29), and the plain way when the snapshot fails.

build.sh makes the snapshot (tools/snapshot.py): Pyodide's memory once our start-up
modules are imported, gzipped beside the interpreter.  The module pyscript.toml names
(tools/interpreter.mjs) starts Pyodide from it and says how it started in
<html data-interpreter>; whatever goes wrong with the snapshot, it starts the plain way
and says nothing, only later.
"""

import gzip

import pytest

from conftest import App, python_on_the_page

SNAPSHOT = "**/static/vendor/pyodide-*/memory-*.gz"
STARTED = "document.documentElement.dataset.interpreter"


def test_the_app_starts_from_the_snapshot_with_our_modules_already_imported(app):
    app.open()
    assert app.page.evaluate(STARTED) == "snapshot"
    app.play("c3", "d4")  # the snapshot's modules play
    assert app.moves() == ["c3-d4"]


# A page of this test's own, beside index.html: PyScript and pyscript.toml as the app uses them, a script
# that says what `random` draws first.
DRAW_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>random</title>
<script type="module" src="static/vendor/pyscript/core.js"></script></head>
<body><script type="py" config="pyscript.toml">
import random
from pyscript import document
document.documentElement.dataset.draw = str(random.random())
</script></body></html>
"""


def test_each_snapshot_start_seeds_random_afresh(new_context, server):
    """Every visitor gets the snapshot's memory, and `random`'s state with it: each start reseeds it."""
    draws = []
    for _ in range(2):
        tab = new_context().new_page()
        tab.route(server + "draw.html", lambda route: route.fulfill(body=DRAW_PAGE, content_type="text/html"))
        tab.goto(server + "draw.html")
        tab.wait_for_selector("html[data-draw]")
        assert tab.evaluate(STARTED) == "snapshot"
        draws.append(tab.get_attribute("html", "data-draw"))
    assert draws[0] != draws[1]


# A page of this test's own: where PyScript's package and a binding of ours were imported from, and whether
# the default game's rules page (a file of the start-up archive, not a module) is there to read.
LOADERS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>loaders</title>
<script type="module" src="static/vendor/pyscript/core.js"></script></head>
<body><script type="py" config="pyscript.toml">
import browser, pyscript
from pyscript import document
from pyramids import games
document.documentElement.dataset.loaders = " ".join(type(m.__spec__.loader).__name__ for m in (pyscript, browser))
document.documentElement.dataset.rules = games.rules_page("ice-lady")[:17]
</script></body></html>
"""


@pytest.mark.parametrize("snapshot", [True, False])
def test_the_page_s_code_comes_with_the_snapshot_and_from_the_archive_without_it(new_context, server,
                                                                               expect_console, snapshot):
    """The snapshot holds the start-up archive and PyScript's package compiled (tools/frozen.py): no archive is
    fetched, nothing compiled.  Started without it, the interpreter module unpacks the archive itself."""
    tab = new_context().new_page()
    asked = []
    tab.on("request", lambda request: asked.append(request.url))
    if not snapshot:
        expect_console(r"^error: Failed to load resource: net::ERR_FAILED$")  # Chromium's own, of the aborted request
        tab.route(SNAPSHOT, lambda route: route.abort())
    tab.route(server + "loaders.html", lambda route: route.fulfill(body=LOADERS_PAGE, content_type="text/html"))
    tab.goto(server + "loaders.html")
    tab.wait_for_selector("html[data-loaders]", state="attached")
    assert tab.evaluate(STARTED) == ("snapshot" if snapshot else "plain")
    assert tab.get_attribute("html", "data-loaders") == (
        "FrozenFinder FrozenFinder" if snapshot else "SourceFileLoader SourcelessFileLoader")
    assert tab.get_attribute("html", "data-rules") == "<h3>Ice Lady</h3>"
    assert any(url.endswith("/static/pyramids.zip") for url in asked) is not snapshot


# How many times Pyodide's interpreter is started on the page (in a browser it streams its WebAssembly; a
# snapshot that fails before it is used never gets that far).
INSTANTIATIONS = """
window.instantiations = 0;
const streamed = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = function (...args) {
  window.instantiations += 1;
  return streamed.apply(this, args);
};
"""


@pytest.mark.parametrize("where", ["worker", "page"])
@pytest.mark.parametrize("how", ["refused", "garbled", "another build's", "a page instead"])
def test_when_the_snapshot_fails_python_starts_the_plain_way(new_context, server, expect_console, how, where):
    """Bytes that are not this build's snapshot are never handed to Pyodide: it would run its interpreter on
    them (on 1 MB of zeros, it once took the page down); it is started once, the plain way, in the app's
    worker (the page starts none) or on the page where no worker can run it."""
    tab = new_context().new_page()
    tab.add_init_script(INSTANTIATIONS)
    if where == "page":
        python_on_the_page(tab)
    if how == "refused":
        expect_console(r"^error: Failed to load resource: net::ERR_FAILED$")  # Chromium's own, of the aborted request
        tab.route(SNAPSHOT, lambda route: route.abort())
    elif how == "garbled":  # not gzip, though it starts like it
        tab.route(SNAPSHOT, lambda route: route.fulfill(body=b"\x1f\x8b not a snapshot"))
    elif how == "another build's":  # inflates, but is not this build's snapshot: never handed to Pyodide
        tab.route(SNAPSHOT, lambda route: route.fulfill(body=gzip.compress(bytes(1 << 20))))
    else:  # a host that answers a missing file with its own page, and 200
        tab.route(SNAPSHOT, lambda route: route.fulfill(body=b"<!doctype html><title>Not here</title>",
                                                        content_type="text/html"))
    app = App(tab, server).open()
    assert app.page.evaluate(STARTED) == "plain"
    assert app.page.evaluate("window.instantiations") == (1 if where == "page" else 0)
    app.play("c3", "d4")
    assert app.moves() == ["c3-d4"]


def test_the_embed_starts_from_the_snapshot_too(page, server):
    """It shares pyscript.toml with the app, so the interpreter module and its snapshot."""
    page.goto(server + "embed.html#v=1&g=ice-lady&m=c3-d4")
    page.wait_for_selector("html[data-ready]")
    assert page.evaluate(STARTED) == "snapshot"


# Counts the workers the page makes of static/inflate.js (the inflater), or refuses them all (a sandboxed frame,
# an engine without workers).
WORKERS = """(refuse => {
    const Made = window.Worker;
    window.inflaters = 0;
    window.Worker = function (url, options) {
        if (String(url).endsWith('/static/inflate.js')) {
            if (refuse) throw new DOMException('refused by this test', 'SecurityError');
            window.inflaters += 1;
        }
        return new Made(url, options);
    };
})"""


@pytest.mark.parametrize("refused", [False, True])
def test_the_snapshot_is_inflated_off_the_page_s_thread_where_a_worker_can_be_made(page, server, refused):
    """Inflating its 31 MB held the page's thread for ~240 ms in one task (docs/performance-notebook.md): a worker
    (static/inflate.js) does it; where none can be made, the page's thread still does, from the snapshot.  On
    the page: the app's Python, in its own worker, holds no thread of the page whichever way it inflates."""
    python_on_the_page(page)
    page.add_init_script(f"({WORKERS})({'true' if refused else 'false'})")
    app = App(page, server).open()
    assert page.evaluate(STARTED) == "snapshot"
    assert page.evaluate("window.inflaters") == (0 if refused else 1)
    app.play("c3", "d4")
    assert app.moves() == ["c3-d4"]


def test_the_app_s_python_in_its_worker_inflates_the_snapshot_there(page, server):
    """A worker of that worker only cost a start and a copy, and in Firefox ESR it sometimes never answered: the
    start then waited for ever (CI, 2026-12-07; 3 starts in about 100 of a reload probe).  The app's Python starts
    from the snapshot, which its own worker fetched and inflated: static/inflate.js is never asked for."""
    asked = []
    page.context.on("request", lambda request: asked.append(request.url))
    app = App(page, server).open()
    assert page.evaluate("document.documentElement.dataset.python") == "worker"
    assert page.evaluate(STARTED) == "snapshot"
    assert any("/memory-" in url for url in asked), "the worker's requests are seen here"
    assert not [url for url in asked if url.endswith("/static/inflate.js")]
    app.play("c3", "d4")
    assert app.moves() == ["c3-d4"]

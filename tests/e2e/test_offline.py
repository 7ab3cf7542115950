"""Offline: the service worker caches the app on the first visit and serves it with the network off.

Measured in Chromium against a server of our own that records every request it receives.
"""

import collections
import json
import os
import time

import pytest

import offline
from conftest import ROOT, App
from pyramids import games, record
from static_server import (UPDATE_CHECK, StaticServer, launch_profile, not_from_the_worker,
                           requests_log, wait_controlled)

WASM = offline.interpreter_folder() + "pyodide.asm.wasm"  # the 9.6 MB interpreter
MEMORY = offline.memory()  # its memory snapshot, 6 MB gzipped, 31 MB inflated
GAME = games.get("ice-lady")
SETTLE_MS = 2500  # Chromium checks the worker for updates about a second after a navigation


@pytest.fixture
def app_server():
    with StaticServer(ROOT) as server:
        yield server


def wait_rules(page):
    page.wait_for_function("document.querySelector('#rules-body').textContent.length > 200")


def cache_names(page):
    return page.evaluate("caches.keys()")


def test_the_first_visit_downloads_each_file_once_and_caches_the_app(app_server, browser, tmp_path):
    # A real profile: the worker fills its cache from the browser's disk cache, which an
    # incognito context replaces with a small in-memory one that cannot hold the 9.6 MB wasm.
    context, watch = launch_profile(browser, tmp_path / "profile", app_server.origin)
    try:
        page = context.new_page()
        App(page, app_server.url).open()
        wait_controlled(page)
        check_first_visit(app_server, page)
    finally:
        context.close()
    watch.check()
    context, watch = launch_profile(browser, tmp_path / "profile", app_server.origin)
    try:
        seen = requests_log(context)
        page = App(context.new_page(), app_server.url).open().page
        check_later_visit(app_server, seen)
        check_snapshot_kept(app_server, page, seen)
    finally:
        context.close()
    watch.check()


def check_later_visit(app_server, seen):
    """The worker answers the interpreter from the HTTP cache (where V8 keeps its compiled code)."""
    wasm = [r for r in seen if r.url == app_server.url + WASM]
    by_page = [r for r in wasm if r.service_worker is None]
    by_worker = [r for r in wasm if r.service_worker is not None]
    assert len(by_page) == 1 and by_page[0].response().from_service_worker
    assert len(by_worker) == 1 and by_worker[0].failure is None and by_worker[0].response().status == 200
    # Chromium may send a navigation to the network while it starts the worker (its answer
    # unused when the worker answers); every file the page loads came from the worker.
    assert set(app_server.paths()) - {""} <= UPDATE_CHECK, "and no file came from the server"


def check_snapshot_kept(app_server, page, seen):
    """The worker keeps the snapshot inflated; the page reads it from that cache, with no request at all."""
    assert page.evaluate("document.documentElement.dataset.interpreter") == "snapshot"
    assert [r.url for r in seen if "/memory-" in r.url] == []
    head, size = page.evaluate("""async url => {
      const bytes = new Uint8Array(await (await caches.match(url)).arrayBuffer());
      return [Array.from(bytes.slice(0, 2)), bytes.length];
    }""", f"{app_server.url}{MEMORY}?v={offline.precache()['files'][MEMORY]}")
    assert head != [0x1F, 0x8B] and size > 4 * (ROOT / MEMORY).stat().st_size, "not gzipped"


def check_first_visit(app_server, page):
    counts = collections.Counter(app_server.paths())
    files = offline.files()
    assert counts[WASM] == 1, "the 9.6 MB interpreter, once"
    loaded_by_pyscript = [f for f in files if f.startswith((offline.interpreter_folder(), "py/"))
                          or f in ("static/pyramids.zip", "pyscript.toml")]  # the archive: by the worker only
    assert {f: counts[f] for f in loaded_by_pyscript} == {f: 1 for f in loaded_by_pyscript}
    assert max(counts.values()) <= 2, "only the page's first few files come twice (before the worker runs)"
    assert counts["index.html"] == 0, "the worker takes the page from the navigation's answer"
    fetched = {"index.html" if path == "" else path for path in counts}
    assert set(files) <= fetched, "the worker fetched every file of the list"
    text = (ROOT / "precache.js").read_text()  # what the server serves (the build's version)
    version = json.loads(text[text.index("{"):text.rindex("}") + 1])["version"]
    assert cache_names(page) == [f"pyramids {app_server.url} {version}"]
    cached = page.evaluate("async name => (await (await caches.open(name)).keys()).length", cache_names(page)[0])
    assert cached == len(files)


def test_offline_reload_plays_a_move_with_zero_server_requests(app_server, watched):
    context = watched(app_server.origin)
    app = App(context.new_page(), app_server.url).open()
    wait_controlled(app.page)
    app_server.paths()
    context.set_offline(True)
    seen = requests_log(context)
    app.reload()
    assert app.page.evaluate("navigator.onLine") is False
    app.play("d3", "e4")
    assert app.moves() == ["d3-e4"] and app.status() == "Black to move."
    wait_rules(app.page)
    app.pick("ice-turn")  # a game never shown before: its files are in the worker's cache too
    assert "place a tile" in app.status()
    link = record.encode(record.Record("ice-lady", {}, ("d3-e4", "e6-f5")))
    app.page.goto(app_server.url + "embed.html#" + link)
    app.wait_ready()
    assert app.position() == GAME.replay(["d3-e4", "e6-f5"]).to_text()
    app.page.wait_for_timeout(SETTLE_MS)
    assert len(seen) > 30, "the page really loaded (from the cache)"
    assert not_from_the_worker(seen) == [], "every request of the page was answered by the worker"
    assert set(app_server.paths()) <= UPDATE_CHECK, "nothing but the browser's own update check"


def test_offline_after_the_browser_restarts(app_server, browser, tmp_path):
    profile = tmp_path / "profile"
    context, watch = launch_profile(browser, profile, app_server.origin)
    try:
        app = App(context.new_page(), app_server.url).open()
        wait_controlled(app.page)
        app.play("d3", "e4")
        session = context.new_cdp_session(app.page)
        assert session.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = session.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"] == app_server.url + "static/manifest.webmanifest"
    finally:
        context.close()
    watch.check()
    app_server.paths()
    context, watch = launch_profile(browser, profile, app_server.origin, offline=True)
    try:
        seen = requests_log(context)
        app = App(context.new_page(), app_server.url).open()
        assert app.moves() == ["d3-e4"], "the saved game is back"
        app.play("e6", "f5")
        assert app.moves() == ["d3-e4", "e6-f5"]
        app.page.wait_for_timeout(SETTLE_MS)
        assert not_from_the_worker(seen) == []
    finally:
        context.close()
    watch.check()
    assert set(app_server.paths()) <= UPDATE_CHECK


def test_a_new_build_offers_to_reload_into_it(tmp_path, watched):
    app_dir = tmp_path / "app"
    offline.dist(app_dir)

    def css(page):
        return page.evaluate("fetch('static/app.css').then(r => r.text())")

    with StaticServer(app_dir) as server:
        page = watched(server.origin).new_page()
        app = App(page, server.url).open()
        wait_controlled(page)
        assert page.is_hidden("#update")
        with open(app_dir / "static" / "app.css", "a") as stylesheet:
            stylesheet.write("/* build 2 */\n")
        offline.write_precache(app_dir)
        server.paths()
        app.reload()
        page.wait_for_selector("#update:not([hidden])", timeout=30_000)
        assert "new version" in page.inner_text("#update")
        assert "build 2" not in css(page), "until the reader reloads, the page keeps its version"
        assert set(server.paths()) == {"sw.js", "precache.js", "static/app.css"}, \
            "the new version downloads only what changed"
        with page.expect_navigation():
            page.click("#update button")
        app.wait_ready()
        assert "build 2" in css(page)
        assert cache_names(page) == [f"pyramids {server.url} {offline.precache(app_dir)['version']}"], \
            "the old cache is gone"
        assert page.is_hidden("#update")


def test_a_deploy_dated_older_than_the_last_still_reaches_players(tmp_path, watched):
    """Issue 52: a deploy whose files are dated older than the last (a rollback, `rsync -a` of an older tree)
    never reached players on a server that answers If-Modified-Since with 304 for sw.js and precache.js (as
    this one does: Python's http.server)."""
    app_dir = tmp_path / "app"
    offline.dist(app_dir)
    with StaticServer(app_dir) as server:
        page = watched(server.origin).new_page()
        app = App(page, server.url).open()
        wait_controlled(page)
        with open(app_dir / "static" / "app.css", "a") as stylesheet:
            stylesheet.write("/* the build before */\n")
        offline.write_precache(app_dir)
        month_ago = time.time() - 30 * 86400
        for path in app_dir.rglob("*"):
            os.utime(path, (month_ago, month_ago))
        app.reload()
        page.wait_for_selector("#update:not([hidden])", timeout=30_000)
        with page.expect_navigation():
            page.click("#update button")
        app.wait_ready()
        assert "the build before" in page.evaluate("fetch('static/app.css').then(r => r.text())")
        assert cache_names(page) == [f"pyramids {server.url} {offline.precache(app_dir)['version']}"]


def test_the_precache_list_holds_everything_the_pages_load(watched, server):
    """With the worker blocked, every request the pages make must be a file of the list."""
    context = watched(server, service_workers="block")
    seen = requests_log(context)
    app = App(context.new_page(), server).open()
    assert app.page.evaluate("navigator.serviceWorker === undefined || !navigator.serviceWorker.controller")
    app.play("d3", "e4")
    wait_rules(app.page)
    app.page.click("#embed")
    app.pick("terrafex")  # a game's own archive (the default game's files are in the start-up archive)
    app.page.goto(server + "embed.html#v=1&g=ice-lady&m=d3-e4&ply=1")
    app.wait_ready()
    paths = {r.url.removeprefix(server).split("#")[0].split("?")[0] for r in seen if r.url.startswith(server)}
    assert WASM in paths and "static/games/terrafex.zip" in paths
    assert paths - {"", "precache.js"} <= set(offline.files()), "loaded but not precached (precache.js names the " \
        "version deployed: the page reads it past every cache)"


REGISTER_WATCHED = """
window.__registered = null;
window.__ready = null;
window.__pressed = null;
addEventListener('keydown', () => { window.__pressed = performance.now(); }, true);
const register = ServiceWorkerContainer.prototype.register;
ServiceWorkerContainer.prototype.register = function (...args) {
  window.__registered = performance.now();
  return register.apply(this, args);
};
new MutationObserver((records, observer) => {
  if (document.documentElement && document.documentElement.hasAttribute('data-ready')) {
    window.__ready = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""


def test_a_first_visit_s_worker_fills_its_cache_once_the_player_leaves_the_page_alone(app_server, browser, tmp_path):
    """The worker's first fill (20 MB copied, the interpreter's memory inflated) made a newcomer's first move
    long on a phone's processor: it is registered once the app is ready and no key or press has come for
    boot.js's two seconds, each one putting it off again (timers never fire early: these bounds hold on any
    machine)."""
    context, watch = launch_profile(browser, tmp_path / "profile", app_server.origin)
    try:
        page = context.new_page()
        page.add_init_script(REGISTER_WATCHED)
        App(page, app_server.url).open()
        page.wait_for_timeout(1200)
        assert page.evaluate("window.__registered") is None, "not while the page has just become ready"
        page.keyboard.press("ArrowRight")
        page.wait_for_function("window.__registered !== null", timeout=30_000)
        ready, pressed, registered = page.evaluate("[window.__ready, window.__pressed, window.__registered]")
        assert ready + 1200 <= pressed and registered >= pressed + 2000 - 5, (ready, pressed, registered)
        wait_controlled(page)
    finally:
        context.close()
    watch.check()

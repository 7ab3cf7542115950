"""Embeds as a wiki carries them (issue 50): the board at once from the picture the embed code carries, Python
only when a reader acts, and every host either works or says why.

The site is served on 127.0.0.2 and the wiki's pages on 127.0.0.3: two sites, as on the web, so each embed is a
third-party frame.
"""

import base64
import html
import json
import re
import zlib

import pytest

from conftest import ARGS, CHROMIUM, ROOT, App, Watch, settled
from pyramids import embed, games, record, views
from pyramids.session import Session
from pyramids.words import status_of
from static_server import StaticServer
from test_embed import NO_STORAGE_IN_FRAMES_JS
from test_embed_links import pieces_in
from test_ice_turn_page import DEAL, PLACE

CORS = {"Access-Control-Allow-Origin": "*"}
# A policy many hosts send (issue 50): the app works under it.
STRICT = {"Content-Security-Policy": "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
                                     "style-src 'self' 'unsafe-inline'"}
# One that refuses WebAssembly itself: no Python can run; the reader is told why.
NO_WASM = {"Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'"}
INTERPRETER = re.compile(r"static/(vendor/|start\.js|inflate\.js|memory\.json|pyramids\.zip|games/|ai\.zip)"
                         r"|pyscript\.toml")


def played(game_id: str, plies: int, shown: int | None = None) -> Session:
    """A game of `game_id` `plies` moves long (the same moves every run), shown at move `shown` (the end)."""
    session = Session(game_id)
    for _ in range(plies):
        state = session.latest
        if state.outcome is not None:
            break
        moves = sorted(state.legal_moves())
        session.push(moves[len(session.moves) * 7 % len(moves)])
    session.cursor = len(session.moves) if shown is None else shown
    return session


def code(site_url: str, session: Session, view: embed.View = embed.View(), attributes: str = "") -> str:
    """The embed code the app's Embed box gives for `session` on screen, as a wiki editor pastes it."""
    painted = embed.picture(session.record(), session.state, session.clicks.marks(), session.cursor, view)
    snippet = embed.snippet(site_url, session.record(), session.cursor, view, session.game.title,
                            views.draw(session.state), painted)
    return snippet.replace("<iframe ", f"<iframe {attributes} ", 1)


def wiki_page(folder, *codes) -> str:
    (folder / "wiki.html").write_text('<!doctype html><title>A wiki page</title><link rel="icon" href="data:,">'
                                      "<h1>Games</h1>" + "".join(f"<p>{c}</p>" for c in codes))
    return "wiki.html"


def frame_of(page, game_id):
    """The frame of that game's embed, once the page has made it (a frame of the wiki's is loaded lazily)."""
    for _ in range(200):
        found = [frame for frame in page.frames if f"g={game_id}" in frame.url]
        if found:
            return found[0]
        page.wait_for_timeout(50)
    raise AssertionError(f"no frame of {game_id}")


def painted(frame):
    frame.wait_for_selector("html[data-painted] #board svg", timeout=30_000)
    return frame


def ready(frame):
    frame.wait_for_selector("html[data-ready]", timeout=60_000)
    return frame


def position(frame):
    settled(frame)  # the embed's Python answers from a worker
    return frame.get_attribute("#board", "data-position")


def test_three_embeds_show_their_boards_with_no_interpreter_until_a_reader_steps(watched, tmp_path):
    sessions = {"ice-lady": played("ice-lady", 6, 3), "terrafex": played("terrafex", 20, 12),
                "ice-turn": played("ice-turn", 40, 30)}
    with StaticServer(ROOT, host="127.0.0.2") as site, StaticServer(tmp_path, host="127.0.0.3") as wiki:
        context = watched((wiki.origin, site.origin))
        sizes = []
        context.on("requestfinished", lambda request: sizes.append((request.url, request.sizes()["responseBodySize"])))
        page = context.new_page()
        page.goto(wiki.url + wiki_page(tmp_path, *(code(site.url, s) for s in sessions.values())))
        for game_id, session in sessions.items():
            frame = painted(frame_of(page, game_id))
            assert pieces_in(frame.inner_html("#board")) == pieces_in(views.draw(session.state)), game_id
            assert frame.inner_text("#ply") == f"{session.cursor}/{len(session.moves)}"
            assert frame.inner_text("#status") == status_of(session.state)
            assert frame.evaluate("document.documentElement.hasAttribute('data-ready')") is False
        page.wait_for_timeout(500)  # anything the paint would have asked for
        assert [url for url, _ in sizes if INTERPRETER.search(url)] == [], "no interpreter before a reader acts"
        assert sum(size for _, size in sizes) < 1_000_000, sizes

        ice_lady = frame_of(page, "ice-lady")
        ice_lady.click("#next")
        ready(ice_lady)
        assert position(ice_lady) == sessions["ice-lady"].states[4].to_text(), "the click, made once ready"
        assert ice_lady.inner_text("#ply") == "4/6"
        for game_id in ("terrafex", "ice-turn"):
            frame = frame_of(page, game_id)
            assert frame.evaluate("document.documentElement.hasAttribute('data-ready')") is False, game_id
            assert frame.is_visible("html[data-painted] #board svg"), "the others stay pictures"


def test_keys_and_the_move_list_start_it_too_and_are_made_once_ready(watched, tmp_path):
    session = played("ice-lady", 6, 3)
    with StaticServer(ROOT, host="127.0.0.2") as site, StaticServer(tmp_path, host="127.0.0.3") as wiki:
        page = watched((wiki.origin, site.origin)).new_page()
        page.goto(wiki.url + wiki_page(tmp_path, code(site.url, session)))
        frame = painted(frame_of(page, "ice-lady"))
        frame.focus("#prev")
        page.keyboard.press("ArrowLeft")
        ready(frame)
        frame.wait_for_function("document.getElementById('ply').textContent === '2/6'")
        assert position(frame) == session.states[2].to_text()
        frame.click("#toggle-moves")
        assert frame.locator("#moves li[data-ply]").count() == 6


def test_a_static_diagram_never_starts_python(watched, tmp_path):
    session = played("terrafex", 10)
    with StaticServer(ROOT, host="127.0.0.2") as site, StaticServer(tmp_path, host="127.0.0.3") as wiki:
        page = watched((wiki.origin, site.origin)).new_page()
        page.goto(wiki.url + wiki_page(tmp_path, code(site.url, session, embed.View(static=True))))
        frame = painted(frame_of(page, "terrafex"))
        frame.click("#board svg", position={"x": 40, "y": 40})
        page.keyboard.press("ArrowLeft")
        page.wait_for_timeout(1000)
        assert [path for path in site.paths() if INTERPRETER.search(path)] == [], "nothing but the picture"
        assert frame.evaluate("document.documentElement.classList.contains('static')")


def test_with_play_a_move_on_the_picture_is_made_once_python_is_ready(watched, tmp_path):
    session = played("ice-lady", 2)
    state = session.latest
    move = sorted(state.legal_moves())[0]
    with StaticServer(ROOT, host="127.0.0.2") as site, StaticServer(tmp_path, host="127.0.0.3") as wiki:
        page = watched((wiki.origin, site.origin)).new_page()
        page.goto(wiki.url + wiki_page(tmp_path, code(site.url, session, embed.View(play=True))))
        frame = painted(frame_of(page, "ice-lady"))
        for cell in state.path(move):
            frame.click(f'#board [data-cell="{cell}"]')
        ready(frame)
        frame.wait_for_function("document.getElementById('ply').textContent === '3/3'")
        assert position(frame) == state.play(move).to_text()


def test_with_play_the_board_keeps_its_size_when_python_draws_it(watched, tmp_path):
    """Ice-Turn's tray of buttons under the board is the live embed's where the reader plays on: it is painted
    with the picture, so the board does not shrink by the tray's height when Python draws the same position."""
    session = Session("ice-turn", moves=DEAL + PLACE + ["roll:3", "face:aim"])  # Red's turn: every button there
    with StaticServer(ROOT, host="127.0.0.2") as site, StaticServer(tmp_path, host="127.0.0.3") as wiki:
        page = watched((wiki.origin, site.origin)).new_page()
        page.goto(wiki.url + wiki_page(tmp_path, code(site.url, session, embed.View(play=True))))
        frame = painted(frame_of(page, "ice-turn"))
        assert frame.locator("#board .face button").count() == 12, "the arrows, the Aim's three, End movement"
        before = frame.locator("#board > svg").bounding_box()
        frame.click("#toggle-moves")  # the reader's first action starts Python; the position stays
        ready(frame)
        assert position(frame) == session.state.to_text()
        frame.click("#toggle-moves")
        after = frame.locator("#board > svg").bounding_box()
        assert all(abs(after[k] - before[k]) < 1 for k in ("x", "y", "width", "height")), (before, after)


def test_with_play_whom_to_act_as_chosen_on_the_picture_is_chosen_once_python_is_ready(watched, tmp_path):
    """Ice Towers has no turns: a reader who plays on chooses whom to act as in the panel.  Chosen on the
    picture, before any Python, it starts Python and is made once ready, as a move on the board is."""
    session = played("ice-towers", 2)
    with StaticServer(ROOT, host="127.0.0.2") as site, StaticServer(tmp_path, host="127.0.0.3") as wiki:
        page = watched((wiki.origin, site.origin)).new_page()
        page.goto(wiki.url + wiki_page(tmp_path, code(site.url, session, embed.View(play=True))))
        frame = painted(frame_of(page, "ice-towers"))
        frame.click('#game-panel [data-actor="yellow"]')
        assert frame.text_content("#live").startswith("Starting\u2026 your choice will be made")
        ready(frame)
        frame.wait_for_selector('#game-panel [data-actor="yellow"][aria-pressed="true"]')
        assert frame.get_attribute('#game-panel [data-actor=""]', "aria-pressed") == "false"


def test_what_was_pressed_is_not_kept_once_the_game_cannot_start(watched, tmp_path, expect_console):
    """A sandboxed frame whose site sends no CORS headers cannot start: a colour chosen on the picture is then
    neither marked as kept nor promised (`cannotStart`), only the notice and its way out remain."""
    session = played("ice-towers", 2)
    expect_console(r"^error: (Access to script at .* has been blocked by CORS policy|Failed to load resource|"
                   r"Blocked opening .* 'allow-popups' permission is not set)")
    with StaticServer(ROOT, host="127.0.0.2") as site, StaticServer(tmp_path, host="127.0.0.3") as wiki:
        page = watched((wiki.origin, site.origin)).new_page()
        page.goto(wiki.url + wiki_page(tmp_path, code(site.url, session, embed.View(play=True),
                                                      'sandbox="allow-scripts"')))
        frame = painted(frame_of(page, "ice-towers"))
        frame.click('#game-panel [data-actor="yellow"]')
        frame.wait_for_selector("#board .start-failed", timeout=10_000)
        assert frame.locator(".queued").count() == 0
        assert "will be made" not in frame.text_content("#live")


def test_open_in_the_full_app_holds_the_game_before_python_starts(watched, tmp_path):
    session = played("ice-lady", 6, 2)
    with StaticServer(ROOT, host="127.0.0.2") as site, StaticServer(tmp_path, host="127.0.0.3") as wiki:
        context = watched((wiki.origin, site.origin))
        page = context.new_page()
        page.goto(wiki.url + wiki_page(tmp_path, code(site.url, session)))
        frame = painted(frame_of(page, "ice-lady"))
        assert frame.get_attribute("#open", "href") == embed.app_link(session.record(), 2)
        with context.expect_page() as opened:
            frame.click("#open")
        full = App(opened.value, site.url)
        full.wait_ready()
        assert full.moves() == list(session.moves) and full.position() == session.states[2].to_text()
        assert not any(INTERPRETER.search(path) for path in site.paths() if "embed" in path), \
            "the embed stayed a picture"


@pytest.fixture
def allowing_third_parties(browser, tmp_path):
    """A browser profile that allows third-party cookies and storage, as a reader may choose: a frame of another
    site then has storage of its own, partitioned by the page around it (Playwright's own contexts refuse it)."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps({"profile": {"cookie_controls_mode": 0}}))
    contexts = []

    def make(origins):
        context = browser.browser_type.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True,
                                                                  args=ARGS)
        watch = Watch(origins)
        watch.attach(context)
        contexts.append((context, watch))
        return context
    yield make
    for context, watch in contexts:
        context.close()
        watch.check()


@pytest.mark.parametrize("storage", ["partitioned", "refused"])
def test_the_embed_writes_no_storage_and_registers_no_worker_in_a_third_party_frame(watched, allowing_third_parties,
                                                                                    tmp_path, storage):
    """Browsers give a frame of another site storage of its own (partitioned), or none: either way the embed
    registers no service worker, writes nothing there and never offers to reload (issue 50: it registered the
    worker in the wiki's partition, filled ~45 MB of Cache Storage, downloaded every file twice and later showed
    "A new version is available" inside the wiki page)."""
    session = played("ice-lady", 6, 2)
    with StaticServer(ROOT, host="127.0.0.2") as site, StaticServer(tmp_path, host="127.0.0.3") as wiki:
        if storage == "partitioned":
            context = allowing_third_parties((wiki.origin, site.origin))
        else:
            context = watched((wiki.origin, site.origin))
            context.add_init_script(NO_STORAGE_IN_FRAMES_JS)
        page = context.new_page()
        page.goto(wiki.url + wiki_page(tmp_path, code(site.url, session)))
        frame = painted(frame_of(page, "ice-lady"))
        if storage == "partitioned":
            assert frame.evaluate("localStorage.length") == 0, "the frame may store, partitioned: it does not"
        frame.click("#next")
        ready(frame)
        assert frame.get_attribute("html", "data-python") == "worker"
        assert position(frame) == session.states[3].to_text()
        page.wait_for_timeout(1000)  # a worker registered when ready would be there by now
        assert "sw.js" not in site.paths(), "the worker's script is never asked for"
        assert frame.locator("#update").count() == 0, "no update bar in someone else's page"
        if storage == "partitioned":
            assert frame.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
            assert frame.evaluate("localStorage.length") == 0
            assert frame.evaluate("indexedDB instanceof IDBFactory") is False, "PyScript's cache kept in memory"
            assert frame.evaluate("caches.keys().then(k => k.length)") == 0
            downloaded = [path for path in site.paths(downloaded=True)]
            assert len(downloaded) == len(set(downloaded)), "nothing downloaded twice"


def test_a_sandboxed_frame_plays_where_the_site_sends_cors_and_says_why_where_it_does_not(watched, tmp_path,
                                                                                          expect_console):
    session = played("ice-lady", 6, 2)
    expect_console(r"^error: (Access to script at .* has been blocked by CORS policy|Failed to load resource|"
                   r"Blocked opening .* 'allow-popups' permission is not set)")
    for headers, works in ((CORS, True), ({}, False)):
        with StaticServer(ROOT, host="127.0.0.2", headers=headers) as site, \
                StaticServer(tmp_path, host="127.0.0.3") as wiki:
            page = watched((wiki.origin, site.origin)).new_page()
            page.goto(wiki.url + wiki_page(tmp_path, code(site.url, session, attributes='sandbox="allow-scripts"')))
            frame = painted(frame_of(page, "ice-lady"))
            frame.click("#next")
            if works:
                ready(frame)
                assert frame.get_attribute("html", "data-python") == "page", \
                    "a frame of no origin cannot start a worker of the site's: its Python runs on the page"
                assert position(frame) == session.states[3].to_text()
            else:
                notice = frame.wait_for_selector("#board .start-failed", timeout=10_000)
                assert "sandboxed frame" in notice.inner_text()
                href = site.url + embed.app_link(session.record(), 2).removeprefix("./")
                assert notice.query_selector("a").get_attribute("href") == href
                notice.query_selector("a").click()  # no allow-popups: the browser opens no tab, and said nothing
                address = frame.wait_for_selector("#board .start-failed .address input", timeout=10_000)
                assert address.input_value() == href and frame.evaluate(
                    "document.activeElement.value.length === document.activeElement.selectionEnd - "
                    "document.activeElement.selectionStart")


def test_a_tab_opened_from_a_sandboxed_frame_starts_only_where_it_may_leave_the_sandbox(watched, tmp_path,
                                                                                         expect_console):
    """docs/wiki.md told a wiki with sandboxed frames to add allow-popups for "Open in the full app": the tab then
    keeps the frame's sandbox, and the app in it said "cannot start in this frame" (it is no frame) with no way
    out.  It says so of a tab and gives its address to copy; with allow-popups-to-escape-sandbox (what wiki.md
    says now) the app starts in the tab."""
    session = played("ice-lady", 6, 2)
    expect_console(r"^error: (Access to script at .* has been blocked by CORS policy|Failed to load resource)")
    for sandbox, starts in (("allow-scripts allow-popups", False),
                            ("allow-scripts allow-popups allow-popups-to-escape-sandbox", True)):
        with StaticServer(ROOT, host="127.0.0.2") as site, StaticServer(tmp_path, host="127.0.0.3") as wiki:
            page = watched((wiki.origin, site.origin)).new_page()
            page.goto(wiki.url + wiki_page(tmp_path, code(site.url, session, attributes=f'sandbox="{sandbox}"')))
            frame = painted(frame_of(page, "ice-lady"))
            with page.context.expect_page() as opened:
                frame.click("#open")
            tab = opened.value
            if starts:
                tab.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
                assert tab.get_attribute("#board", "data-position") == session.states[2].to_text()
                continue
            notice = tab.wait_for_selector("#board .start-failed", timeout=10_000).inner_text()
            assert notice.startswith("The game cannot start in this tab: it was opened from a sandboxed frame"), notice
            assert tab.input_value("#board .start-failed .address input") == tab.url


def test_a_frame_where_no_script_may_run_says_so(watched, tmp_path, expect_console):
    """A wiki that sandboxes its frames without allow-scripts: the embed cannot even paint its picture, and said
    "Loading…" for ever; it says why instead (its <noscript>)."""
    expect_console(r"^error: Blocked script execution in .* the 'allow-scripts' permission is not set\.$")
    with StaticServer(ROOT, host="127.0.0.2") as site, StaticServer(tmp_path, host="127.0.0.3") as wiki:
        page = watched((wiki.origin, site.origin)).new_page()
        page.goto(wiki.url + wiki_page(tmp_path, code(site.url, played("ice-lady", 6, 2), attributes='sandbox=""')))
        frame = frame_of(page, "ice-lady")
        frame.wait_for_selector(".no-script", state="visible")
        assert "does not let it run" in frame.inner_text(".no-script")
        assert frame.is_hidden("#board") and frame.is_hidden("#bar") and frame.is_hidden("#footer")


def test_a_strict_security_policy_runs_the_app_and_the_embed(watched, expect_console):
    """Issue 50: under this policy the app stayed "Starting…" for ever (PyScript made its workers' hooks with
    Function(), which needs 'unsafe-eval'; build.sh's eval_free_hooks makes them without).  The computer thinks
    in its worker, the site's own script (static/bot-worker.js), which the policy allows, as PyScript's (made
    from a blob: URL) it did not."""
    session = played("ice-lady", 6, 2)
    with StaticServer(ROOT, host="127.0.0.2", headers=STRICT) as site:
        context = watched(site.origin)
        app = App(context.new_page(), site.url).open()
        app.play("c3", "d4")
        assert app.moves() == ["c3-d4"]
        app.page.click("#hint")
        app.page.wait_for_selector("#message:text-matches('^Hint')",
                                   timeout=60_000)  # no script: the policy refuses eval
        assert app.page.get_attribute("html", "data-bot-worker") is None, "the computer thought in its worker"
        assert app.page.get_attribute("html", "data-bot-worker-ms") is not None
        view = context.new_page()
        view.goto(site.url + "embed.html#" + embed.fragment(session.record(), 2, painted=embed.picture(
            session.record(), session.state, session.clicks.marks(), 2)))
        painted(view.main_frame)
        view.click("#next")
        ready(view.main_frame)
        assert view.get_attribute("html", "data-python") == "worker", "the site's own worker script is allowed"
        assert position(view.main_frame) == session.states[3].to_text()
        context.close()  # before the site, as in the embed-code test below: the app's worker may be filling its cache


def test_a_policy_that_refuses_webassembly_is_named_to_the_reader(watched, expect_console):
    expect_console(r"^warning: (wasm instantiation failed|CompileError|falling back to ArrayBuffer instantiation)")
    expect_console(r"^error: Uncaught \(in promise\)")
    session = played("ice-lady", 6, 2)
    with StaticServer(ROOT, host="127.0.0.2", headers=NO_WASM) as site:
        context = watched(site.origin)
        for page_url in ("embed.html#" + embed.fragment(session.record(), 2, painted=embed.picture(
                session.record(), session.state, session.clicks.marks(), 2)), ""):
            page = context.new_page()
            page.goto(site.url + page_url)
            if page_url:
                painted(page.main_frame)
                page.click("#next")
            notice = page.wait_for_selector("#board .start-failed", timeout=60_000)
            words = notice.inner_text()
            assert "Content-Security-Policy" in words and "script-src" in words and "'wasm-eval'" in words, words
            assert page.get_attribute("html", "data-ready") is None


def test_a_game_engine_that_cannot_be_loaded_is_named_to_the_reader(watched, server, expect_console):
    """A deploy without pyodide.asm.wasm on a host that answers a missing file with its own page (sent with 200), or a
    proxy that answers .wasm so: Pyodide only logs that its WebAssembly could not be compiled, then waits for ever,
    and the page said "Starting…" for ever. It says the game cannot start, and why."""
    expect_console(r"^warning: (wasm instantiation failed!|TypeError: Failed to execute 'compile' on 'WebAssembly')")
    context = watched(server)
    context.route("**/pyodide.asm.wasm", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<!doctype html><title>Not here</title><p>Page not found."))
    page = context.new_page()
    page.goto(server)
    notice = page.wait_for_selector("#board .start-failed", timeout=60_000)
    assert "The game could not start here (the game engine, pyodide.asm.wasm, could not be loaded)." in \
        notice.inner_text(), notice.inner_text()
    assert page.get_attribute("html", "data-ready") is None


def test_a_file_that_does_not_download_is_told_as_such_not_in_the_engine_s_words(browser, server):
    """A download cut off while the interpreter starts: the reader read "The game could not start here (Failed to
    fetch)."; each engine words it its own way, and the page says what it is, as a script that did not load.  (Not
    a watched context: the interpreter's loader leaves the failed download's rejections unhandled, on purpose
    here.)"""
    context = browser.new_context()
    try:
        context.route("**/pyodide-lock.json", lambda route: route.abort())
        page = context.new_page()
        page.goto(server + "embed.html#" + embed.fragment(played("ice-lady", 2).record()))
        notice = page.wait_for_selector("#board .start-failed", timeout=60_000).inner_text()
        assert notice.startswith("The game could not load its files: check the connection, then reload the page."), \
            notice
    finally:
        context.close()


HOSTILE = {
    "board": ('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1" viewBox="0 0 10 10">'
              '<script>window.__pwned=2</script><rect data-cell="a1" width="5" height="5" onclick="window.__pwned=3" '
              'style="fill:url(http://example.org/x)"/><image href="http://example.org/i.png"/>'
              '<foreignObject><img src="x" onerror="window.__pwned=4"></foreignObject></svg>'),
    "panel": '<p style="background:\\75rl(http://example.org/p)">'
             '<img src="http://example.org/p.png" onerror="window.__pwned=5">'
             '<a href="javascript:window.__pwned=6">x</a><button onclick="window.__pwned=7">b</button></p>',
    "status": "<b>plain</b>", "title": "<i>t</i>",
}


def forged(rec: record.Record, ply: int, shown: dict) -> str:
    """A picture anyone could write into an embed code, with the right checksum."""
    body = record.encode(record.Record(rec.game, rec.options, rec.moves))
    data = {"v": 1, "ply": ply, "moves": len(rec.moves), "record": zlib.crc32(body.encode()), **shown}
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(data).encode()) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_a_forged_picture_can_neither_run_script_nor_fetch(watched, tmp_path):
    session = played("ice-lady", 6, 2)
    rec = session.record()
    with StaticServer(ROOT, host="127.0.0.2") as site:
        page = watched(site.origin).new_page()  # a request to example.org fails the test
        page.goto(site.url + "embed.html#" + embed.fragment(rec, 2, painted=forged(rec, 2, HOSTILE)))
        frame = painted(page.main_frame)
        assert frame.inner_text("#status") == "<b>plain</b>", "text stays text"
        page.click('#board [data-cell="a1"]', force=True)
        page.click("#game-panel button")
        page.wait_for_timeout(500)
        assert page.evaluate("window.__pwned") is None
        markup = page.inner_html("#board") + page.inner_html("#game-panel")
        assert not re.search(r"onload|onclick|onerror|<script|<image|<img|<a |foreignObject|example\.org|style=",
                             markup)


def test_a_picture_that_does_not_belong_to_the_code_is_not_shown(watched):
    """A wiki editor who changes the moves or the move number by hand gets the true position, drawn by Python."""
    session = played("ice-lady", 6, 2)
    rec = session.record()
    picture = embed.picture(rec, session.state, session.clicks.marks(), 2)
    other = record.Record(rec.game, rec.options, rec.moves[:5])
    with StaticServer(ROOT, host="127.0.0.2") as site:
        page = watched(site.origin).new_page()
        for fragment, expected in ((embed.fragment(rec, 3, painted=picture), session.states[3]),
                                   (embed.fragment(other, 2, painted=picture), session.states[2]),
                                   (embed.fragment(rec, 2, painted=picture[:-40]), session.states[2])):
            page.goto(site.url + "embed.html#" + fragment)  # after the first, the same page: its Python opens it
            ready(page.main_frame)
            assert page.get_attribute("html", "data-painted") is None
            # the hash's change is answered at once, and the game opened in a task after it: its board
            page.wait_for_function("p => document.getElementById('board').dataset.position === p",
                                   arg=expected.to_text())
            assert position(page.main_frame) == expected.to_text()


def test_the_app_s_embed_code_carries_the_position_on_screen(watched):
    session = played("ice-lady", 6)
    with StaticServer(ROOT, host="127.0.0.2") as site:
        context = watched(site.origin)
        app = App(context.new_page(), site.url).open(record.encode(session.record()))
        app.page.click("#prev")
        app.page.click("#prev")
        app.page.click("#embed")
        src = html.unescape(re.search(r'<iframe src="([^"]+)"', app.page.input_value("#embed-code")).group(1))
        view = context.new_page()
        view.goto(src)
        painted(view.main_frame)
        assert pieces_in(view.inner_html("#board")) == pieces_in(views.draw(session.states[4]))
        assert view.inner_text("#ply") == "4/6" and view.get_attribute("html", "data-ready") is None
        context.close()  # before the site: the app's service worker may still be filling its cache (a CI run's
        # console once had "net::ERR_CONNECTION_RESET", the site shut under a request)


def test_every_game_s_picture_passes_the_allowlist_unchanged(watched):
    """The picture is our own markup: painted through static/painted.js's allowlist, nothing of it is lost."""
    with StaticServer(ROOT, host="127.0.0.2") as site:
        page = watched(site.origin).new_page()
        for game_id in games.ids():
            session = played(game_id, 16)
            picture = embed.picture(session.record(), session.state, session.clicks.marks())
            page.goto(site.url + "embed.html#" + embed.fragment(session.record(), painted=picture))
            painted(page.main_frame)
            data = json.loads(zlib.decompress(base64.urlsafe_b64decode(picture + "=" * (-len(picture) % 4)), -15))
            as_parsed = """([board, panel]) => {
                const parse = markup => new DOMParser().parseFromString(`<body>${markup}</body>`, "text/html").body;
                return [parse(board).innerHTML, parse(panel).innerHTML]; }"""
            assert page.evaluate("() => [document.getElementById('board').innerHTML, "
                                 "document.getElementById('game-panel').innerHTML]") == \
                page.evaluate(as_parsed, [data["board"], data["panel"]]), game_id

"""Playwright in Debian's Chromium against the built app served on 127.0.0.1.

Every test fails if the page asks for anything outside its own origin or gets
an HTTP error (the app must work offline from its own files), and on a page
error or a console error or warning that it does not expect: a test that
provokes one names it with the `expect_console` fixture.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import pathlib
import re
import shutil
import sys
import threading
import tomllib

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Frame, Keyboard, Locator, Mouse, Page, Touchscreen, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
# --disable-dev-shm-usage: Chromium's shared memory in /tmp, not /dev/shm, where a machine short of it kills
# pages ("Target crashed") with memory to spare; Debian's launcher adds it only when its check of /dev/shm works.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
READY_MS = 60_000


def machine() -> str:
    """Memory and shared memory left, and the browser's processes: what a crashed page is first suspected of."""
    meminfo = dict(line.split(":", 1) for line in pathlib.Path("/proc/meminfo").read_text().splitlines())
    shm = shutil.disk_usage("/dev/shm").free // 2**20 if os.path.isdir("/dev/shm") else None
    processes = 0
    for comm in pathlib.Path("/proc").glob("[0-9]*/comm"):
        with contextlib.suppress(OSError):  # a process that ended meanwhile
            processes += "chrom" in comm.read_text()
    return (f"memory available {meminfo.get('MemAvailable', '?').strip()}, /dev/shm free {shm} MB, "
            f"{processes} Chromium processes")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def server():
    config = ROOT / "pyscript.toml"  # written by build.sh, not kept in git
    interpreter = tomllib.loads(config.read_text())["interpreter"] if config.exists() else "-/-"
    if not (ROOT / interpreter).parent.joinpath("pyodide.asm.wasm").exists():
        pytest.fail("The app is not built: run ./build.sh test (or ./build.sh) first.")
    handler = functools.partial(QuietHandler, directory=str(ROOT))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


# -- the page's Python answers a message later ---------------------------------------------------------------
# The app's Python runs in a worker (static/page-worker.js): a click or a key reaches it as a message and its
# answer comes a message later, as a player sees it a few milliseconds later.  Each input action of Playwright's
# returns once the Python of every frame of the page has answered what the action sent it (static/bridge.js's
# <html data-answering> gone), so that a test reads the page as the player then sees it.
ANSWERED = "html:not([data-answering])"
ACTIONS = ("click", "dblclick", "tap", "press", "fill", "type", "check", "uncheck", "set_checked", "select_option",
           "dispatch_event", "set_input_files", "press_sequentially", "hover")
DEVICE_ACTIONS = ("press", "type", "insert_text", "down", "up", "click", "dblclick", "tap", "move")
# A pointer moved: Chromium hands the page its pointer events at the next frame (moves are aligned to frames), so
# the action returns before the page has heard them; what it sends the Python is waited for a frame on.
MOVES = ("hover", "move")
NEXT_FRAME = "() => new Promise(next => requestAnimationFrame(() => setTimeout(next)))"


def answered(page) -> None:
    """Wait until the Python of each of `page`'s frames has answered every event sent to it."""
    for frame in page.frames:
        with contextlib.suppress(PlaywrightError):  # a frame gone, or a page closed, by the action
            frame.wait_for_selector(ANSWERED, state="attached", timeout=READY_MS)


def _answered_after(action, page_of):
    @functools.wraps(action)
    def act(self, *args, **kwargs):
        result = action(self, *args, **kwargs)
        page = page_of(self)
        if page is not None and not page.is_closed():
            if action.__name__ in MOVES:
                page.evaluate(NEXT_FRAME)
            answered(page)
        return result
    return act


def _device(kind):
    """The page's keyboard, mouse or touchscreen, knowing its page."""
    made = kind.fget

    def device(page):
        found = made(page)
        found.owner = page
        return found
    return property(device)


for _kind, _page_of, _names in ((Page, lambda page: page, ACTIONS), (Frame, lambda frame: frame.page, ACTIONS),
                                (Locator, lambda locator: locator.page, ACTIONS),
                                *((device, lambda made: getattr(made, "owner", None), DEVICE_ACTIONS)
                                  for device in (Keyboard, Mouse, Touchscreen))):
    for _name in _names:
        if hasattr(_kind, _name):
            setattr(_kind, _name, _answered_after(getattr(_kind, _name), _page_of))
for _name in ("keyboard", "mouse", "touchscreen"):
    setattr(Page, _name, _device(getattr(Page, _name)))


def _remembered(setup):
    """A page's own set-up (its init scripts and routes), kept on the page, so that `App.open` can give a page
    opened after a renderer crash the same."""
    @functools.wraps(setup)
    def remember(self, *args, **kwargs):
        self.__dict__.setdefault("set_up", []).append((setup, args, kwargs))
        return setup(self, *args, **kwargs)
    return remember


for _name in ("add_init_script", "route"):
    setattr(Page, _name, _remembered(getattr(Page, _name)))


def python_on_the_page(page) -> None:
    """Have `page` start its Python on the page with PyScript, as where no worker can start it (static/start.js's
    fallback): its worker says at once that it cannot."""
    page.route("**/static/page-worker.js", lambda route: route.fulfill(
        content_type="text/javascript", body='postMessage({failed: "this test runs the Python on the page"});'))


STARTED = ["?"]  # machine() as the session's browser started, beside it when a page crashes
CRASHES: list[str] = []  # the page opened again after a renderer crash (App.open): one per run is forgiven


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        STARTED[:] = [machine()]
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


EXPECTED: list[re.Pattern] = []  # the console errors and warnings the running test provokes on purpose
# A context made with service_workers="block" (to see every request the pages make) is refused the app's
# service worker: Playwright says so, and the page says what that costs.
BLOCKED_WORKER = [re.compile(r"^warning: Service Worker registration blocked by Playwright"),
                  re.compile(r"^warning: The app will not work offline:")]


@pytest.fixture(autouse=True)
def expect_console():
    """expect_console(pattern): a console error or warning matching `pattern` is part of this test.

    Every other one fails the test, as does any page error.
    """
    EXPECTED.clear()
    yield lambda pattern: EXPECTED.append(re.compile(pattern))
    EXPECTED.clear()


class Watch:
    """Requests leaving the origin, HTTP errors, page errors and console errors or warnings seen by one context."""

    def __init__(self, origin, blocked_worker: bool = False):
        self.origin = origin
        self.expected = list(BLOCKED_WORKER if blocked_worker else [])
        self.foreign: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []
        self.console: list[str] = []

    def attach(self, context):
        context.on("request", self._request)
        context.on("response", self._response)
        context.on("page", self._page)

    def _page(self, page):
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("console", self._console)
        page.on("crash", lambda _page: print(f"The page crashed. The machine then: {machine()}; "
                                             f"as the browser started: {STARTED[0]}", file=sys.stderr))

    def _console(self, message):
        if message.type in ("error", "warning"):
            self.console.append(f"{message.type}: {message.text}")

    def _request(self, request):
        if not request.url.startswith(self.origin) and not request.url.startswith(("data:", "blob:")):
            self.foreign.append(request.url)

    def _response(self, response):
        if response.status >= 400:
            self.failed.append(f"{response.status} {response.url}")

    def check(self):
        assert self.foreign == [], "requests left the page's origin"
        assert self.failed == [], "requests failed"
        assert self.errors == [], "the page raised errors"
        unexpected = [line for line in self.console if not any(p.search(line) for p in [*EXPECTED, *self.expected])]
        assert unexpected == [], f"the console had errors or warnings: {unexpected}"


@contextlib.contextmanager
def watched_contexts(browser):
    """make(origin, **options) opens a fresh context watched against `origin`; all are checked at the end."""
    made = []

    def make(origin: str, **options):
        context = browser.new_context(**{"viewport": {"width": 1200, "height": 850}, **options})
        watch = Watch(origin, blocked_worker=options.get("service_workers") == "block")
        watch.attach(context)
        made.append((context, watch))
        return context

    yield make
    for context, watch in made:
        context.close()
        watch.check()


@pytest.fixture
def new_context(browser, server):
    """Open fresh browser contexts (fresh storage), each watched for foreign requests; options as Playwright's."""
    with watched_contexts(browser) as make:
        yield lambda **options: make(server, **options)


@pytest.fixture
def page(new_context):
    return new_context().new_page()


@pytest.fixture
def watched(browser):
    """New browser contexts checked against `origin` like new_context's: watched(origin, **options)."""
    with watched_contexts(browser) as make:
        yield make


class App:
    """Drives the page the way a player does."""

    def __init__(self, page, server):
        self.page, self.server = page, server

    def open(self, fragment: str = ""):
        """Go to the app (at `fragment`) and wait for its game.

        Chromium's renderer dies, rarely, inside WebAssembly as Pyodide starts (about once in 1,500 page loads in
        long runs, never reproduced on its own; see docs/performance-notebook.md). The first such death in a run
        is reported and the page opened once more in the same context, with the crashed page's init scripts and
        routes (a test reads `app.page` after this, not the page it began with); a second one fails the test."""
        url = self.server + (f"#{fragment}" if fragment else "")
        if self.page.url.split("#")[0] == self.server and self.page.url != url and fragment:
            return self.paste(url)
        try:
            self.page.goto(url)
            self.wait_ready()
        except PlaywrightError as error:
            if "crashed" not in str(error) or CRASHES:
                raise
            CRASHES.append(url)
            print(f"A page crashed as it opened {url}; opened again. The machine: {machine()}", file=sys.stderr)
            crashed, self.page = self.page, self.page.context.new_page()
            for setup, args, kwargs in crashed.__dict__.get("set_up", []):
                setup(self.page, *args, **kwargs)
            self.page.goto(url)
            self.wait_ready()
        return self

    def paste(self, url: str):
        """The link pasted into the running app, its game open: only the "#" changes, the page's Python opens the
        link as it hears the hashchange, and answers it once the game is on screen (py/main.py's
        `on_hashchange`)."""
        return self._hashchanged("location.href = to", url)

    def go(self, step: int = -1):
        """The browser's Back (or Forward, `step` 1) to another game's entry: the page's Python opens its link as it
        hears the hashchange, as a pasted one (`paste`)."""
        return self._hashchanged("history.go(to)", step)

    def _hashchanged(self, change: str, to):
        """`change` made to the address (with `to`), once the page's Python has answered the hashchange."""
        self.page.evaluate(f"""to => new Promise(heard => {{
            addEventListener("hashchange", () => heard(), {{once: true}});  // after static/bridge.js's listener
            {change};
        }})""", to)
        answered(self.page)
        self.settled()
        return self

    def wait_ready(self):
        """The game on screen, and the keyboard layer that boot.js loads then; its panel and log a frame later."""
        self.page.wait_for_selector("html[data-ready]", timeout=READY_MS)
        self.page.wait_for_selector("html[data-keys]", state="attached")  # static/access.js's
        self.settled()

    def reload(self):
        self.page.reload()
        self.wait_ready()

    def click(self, cell: str):
        self.page.click(f'#board [data-cell="{cell}"]')
        self.settled()

    def panel_click(self, cell: str):
        """A location in the game's panel (a hand, a pool's piece, "Done"), as a player clicks it."""
        self.page.click(f'#game-panel [data-cell="{cell}"]')
        self.settled()

    def settled(self):
        """Wait until what a move draws after the board's frame is drawn: the log, the save, the URL
        (py/main.py's `later`: in the task after the next frame, queued before this one's); where the page's
        Python is in a worker, once it has answered every event (static/bridge.js's data-answering)."""
        settled(self.page)

    def play(self, *cells: str):
        for cell in cells:
            self.click(cell)

    def pick(self, game_id: str):
        """Click a game in the picker and wait for its board: its files are fetched the first time."""
        self.page.click(f'#picker [data-game="{game_id}"]')
        self.page.wait_for_selector(f'#board[data-game="{game_id}"]')

    def new_game(self, game_id: str, **choices: str):
        """Pick `game_id`, open New game, choose each option's value from its list, and start."""
        self.pick(game_id)
        self.page.click("#new")
        for name, value in choices.items():
            self.page.select_option(f'#new-options [name="{name}"]', value)
        self.page.click("#new-start")
        self.settled()

    def position(self) -> str:
        return self.page.get_attribute("#board", "data-position")

    def moves(self) -> list[str]:
        """The moves in notation: the list shows them in words, each with its notation in data-notation."""
        self.settled()
        return self.page.locator("#moves button[data-notation]").evaluate_all("els => els.map(e => e.dataset.notation)")

    def answer(self, text: str | None = None, ok: bool = True) -> None:
        """Answer the page's own box (#ask-box: Rename's name, Delete's question): `text` typed in, then OK or
        Cancel."""
        self.page.wait_for_selector("#ask-box[open]")
        if text is not None:
            self.page.fill("#ask-field", text)
        self.page.click("#ask-ok" if ok else "#ask-cancel")
        self.page.wait_for_selector("#ask-box:not([open])", state="attached")

    def message(self) -> str:
        self.settled()  # what saving says (a side taken, storage full) is drawn after the frame
        return self.page.inner_text("#message")

    def status(self) -> str:
        return self.page.inner_text("#status")

    def fragment(self) -> str:
        self.settled()
        return self.page.evaluate("location.hash").lstrip("#")

    def storage(self, key: str):
        self.settled()
        return self.page.evaluate("k => localStorage.getItem(k)", "pyramids.v1." + key)

    def share(self) -> str:
        """Press Share and return the link it offers, once the page has said what became of it (copied or not:
        the browser answers the copy a moment later)."""
        self.page.click("#share")
        self.page.wait_for_function("/link|Send it to|Anyone who/i"
                                    ".test(document.getElementById('message').textContent)")
        return self.page.input_value("#share-link")

    def elsewhere(self, link: str, page) -> "App":
        """The app opened from `link` in another browser page (e.g. a fresh context)."""
        other = App(page, self.server)
        other.page.goto(link)
        other.wait_ready()
        return other


def watch_positions(page):
    """From now on, keep every position the board shows (its data-position), however briefly: a replay shows one
    for 0.6 s, which a page slowed by a busy machine can draw and replace between two of a test's polls."""
    page.evaluate("""() => {
        const board = document.getElementById('board'), seen = window.positionsShown = [];
        new MutationObserver(records => seen.push(...records.map(r => r.oldValue), board.dataset.position))
            .observe(board, {attributes: true, attributeFilter: ['data-position'], attributeOldValue: true});
    }""")


def wait_shown(page, position: str, timeout: int = 30_000):
    """Wait until the board has shown `position` since `watch_positions`."""
    page.wait_for_function("p => window.positionsShown.includes(p)", arg=position, timeout=timeout)


def settled(page_or_frame):
    """`App.settled` for any page or frame."""
    page_or_frame.wait_for_selector("html:not([data-answering])", state="attached")
    page_or_frame.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))")


@pytest.fixture
def app(page, server):
    return App(page, server)


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def two_frames(page) -> None:
    """Wait for two frames: what the page was asked to do in the next one (a scroll) is done, however slow the
    machine (a fixed wait is not)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def in_window(box, height) -> bool:
    """A box (its top and bottom) within a window `height` high, to the pixel: a scroll is in whole pixels, a box's
    edges in fractions of one."""
    return -1 < box[0] and box[1] < height + 1
SCREENS = {"desktop": {}, "phone": PHONE}  # desktop: the contexts' 1200x850


@pytest.fixture(params=list(SCREENS))
def screen(request, browser, server):
    """The app at desktop size, then in a 390x844 touch screen."""
    with watched_contexts(browser) as make:
        yield App(make(server, **SCREENS[request.param]).new_page(), server)


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.e2e)


__all__ = ["App", "READY_MS"]

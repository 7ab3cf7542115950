"""WebKit keeps working: Debian's WebKitGTK (installed by ./build.sh test), the engine of Safari and of every
browser on an iPhone, driven by its WebKitWebDriver under xvfb-run (tests/bench/webdriver.py).  The app starts, is
played by clicks and by keys, reloads, opens every game (Back returns to the one left), a press held while the
board is drawn again still clicks, the computer answers from its worker, the embed steps, a theme chosen holds, and
with the site gone the service worker plays on.  The rules and the page are tested in Chromium; this checks that
another engine runs them."""

from __future__ import annotations

import time

import pytest
from bench.webdriver import WebDriver, across_unload
from conftest import ROOT
from static_server import StaticServer

WAIT_S = 120  # the interpreter starts in 2-10 s here; a cold WebKit on a busy machine is slower
ENTER, TAB = "\ue007", "\ue004"
ARROWS = {(1, 0): "\ue014", (-1, 0): "\ue012", (0, 1): "\ue015", (0, -1): "\ue013"}  # right, left, down, up
MOVES = "return [...document.querySelectorAll('#moves button[data-notation]')].map(e => e.dataset.notation)"
READY = "return document.documentElement.hasAttribute('data-ready') && !window.left"
PAPER, DARK = "return getComputedStyle(document.body).backgroundColor", "rgb(24, 23, 21)"  # the dark theme's paper
# A page's errors from the moment it is ready (classic WebDriver reads no console): kept in sessionStorage, so that
# an error on a page the next navigation replaces is still read.
WATCH = """
    const keep = text => sessionStorage.setItem('errors', (sessionStorage.getItem('errors') || '') + text + '\\n');
    addEventListener('error', e => keep('error: ' + e.message));
    addEventListener('unhandledrejection', e => keep('unhandled rejection: ' + e.reason));
"""


class WebKitPage:
    """One MiniBrowser window: navigation, scripts, clicks and keys, each waited on as a player would wait."""

    def __init__(self, driver: WebDriver, sid: str):
        self.driver, self.sid = driver, sid

    def run(self, script: str, *args):
        return across_unload(lambda: self.driver.run(self.sid, script, *args))

    def until(self, script: str, what: str, *args):
        deadline = time.monotonic() + WAIT_S
        while not (found := self.run(script, *args)):
            if time.monotonic() > deadline:
                message = self.run("return document.getElementById('message')?.textContent")
                raise AssertionError(f"{what}: not within {WAIT_S} s (the message: {message!r})")
            time.sleep(0.1)
        return found

    def open(self, url: str = ""):
        """`url` loaded anew (or the page reloaded), until the app says it is ready; then its errors watched."""
        self.run("window.left = true")  # gone with the document
        if url:
            # Through a blank page, so that a link to the page on screen is not a hash change; that page waited
            # for, since the driver answers before a navigation commits (the link would change the hash alone).
            self.driver.call("POST", f"/session/{self.sid}/url", {"url": "about:blank"})
            self.until("return location.href === 'about:blank'", "the blank page")
            self.driver.call("POST", f"/session/{self.sid}/url", {"url": url})
        else:
            self.driver.call("POST", f"/session/{self.sid}/refresh", {})
        self.until(READY, f"{url or 'the page'} ready")
        self.run(WATCH)

    def on_element(self, css: str, act):
        """`act` on what `css` finds (its reference), found again should a redraw replace it meanwhile."""
        for _ in range(50):
            found = self.driver.call("POST", f"/session/{self.sid}/element", {"using": "css selector", "value": css})
            try:
                return act(found)
            except RuntimeError as error:
                if "stale element" not in str(error):
                    raise
        raise AssertionError(f"{css}: replaced at every try")

    def click(self, css: str):
        """A click in the middle of what `css` finds."""
        self.on_element(css, lambda found: self.driver.call(
            "POST", f"/session/{self.sid}/element/{next(iter(found.values()))}/click", {}))

    def press_across_a_drawing(self, css: str):
        """The mouse pressed on what `css` finds, the board drawn again meanwhile (as the answer to the click
        before it, or the computer's move landing, draws it), then released: no browser clicks then, so the page
        does (static/bridge.js).  The pressed button is the driver's input state between the two actions."""
        mouse = {"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}}
        self.on_element(css, lambda found: self.driver.call("POST", f"/session/{self.sid}/actions", {"actions": [
            {**mouse, "actions": [{"type": "pointerMove", "origin": found, "x": 0, "y": 0},
                                  {"type": "pointerDown", "button": 0}]}]}))
        self.run("""window.pyramidsBridge.apply([
            ['set', 'board', {innerHTML: document.getElementById('board').innerHTML}]])""")
        self.driver.call("POST", f"/session/{self.sid}/actions", {"actions": [{**mouse, "actions": [
            {"type": "pointerUp", "button": 0}]}]})

    def press(self, key: str):
        self.driver.call("POST", f"/session/{self.sid}/actions", {"actions": [{
            "type": "key", "id": "keys", "actions": [{"type": "keyDown", "value": key},
                                                     {"type": "keyUp", "value": key}]}]})

    def focused_cell(self):
        return self.run("return document.activeElement?.closest?.('#board [data-cell]')?.dataset.cell ?? null")

    def keys_to(self, cell: str):
        """Tab to the board (one stop), then the arrow keys toward `cell` by where it lies on screen."""
        for _ in range(60):
            if self.focused_cell():
                break
            self.press(TAB)
        for _ in range(30):
            if self.focused_cell() == cell:
                return
            dx, dy = self.run("""
                const a = document.activeElement.getBoundingClientRect();
                const b = document.querySelector(`#board [data-cell="${arguments[0]}"]`).getBoundingClientRect();
                const x = b.x - a.x, y = b.y - a.y;
                return Math.abs(x) > Math.abs(y) ? [Math.sign(x), 0] : [0, Math.sign(y)];""", cell)
            self.press(ARROWS[dx, dy])
        raise AssertionError(f"the arrow keys never reached {cell} (at {self.focused_cell()})")

    def moves(self, count: int) -> list[str]:
        self.until(MOVES + f".length === {count}", f"{count} moves")
        return self.run(MOVES)

    def errors(self) -> str:
        return self.run("return sessionStorage.getItem('errors') || ''")


@pytest.fixture
def webkit():
    with WebDriver() as driver, driver.session() as (capabilities, sid):
        assert capabilities["browserName"] == "MiniBrowser", capabilities
        driver.call("POST", f"/session/{sid}/window/rect", {"width": 1200, "height": 850})
        yield WebKitPage(driver, sid)


def test_webkit_plays_by_clicks_and_keys_reloads_opens_every_game_and_plays_on_offline(webkit):
    with StaticServer(ROOT) as site:
        webkit.open(site.url)
        webkit.until("return window.pyramidsAccess", "the board's keys")  # static/access.js, once ready
        webkit.click('#board [data-cell="d3"]')
        webkit.click('#board [data-cell="e4"]')
        assert webkit.moves(1) == ["d3-e4"]
        assert webkit.run("return document.getElementById('message').textContent") == "White small d3 to e4."

        for cell in ("e6", "f5"):  # Black, by keys
            webkit.keys_to(cell)
            webkit.press(ENTER)
        assert webkit.moves(2) == ["d3-e4", "e6-f5"]

        webkit.open()  # the address holds the moves
        assert webkit.moves(2) == ["d3-e4", "e6-f5"]
        webkit.open(site.url)  # no moves in the address: the game comes from the browser's storage
        assert webkit.moves(2) == ["d3-e4", "e6-f5"]

        for game in ("ice-towers", "icetoids", "terrafex", "ice-turn"):
            webkit.click(f'#picker [data-game="{game}"]')
            webkit.until(f"return document.querySelectorAll('#board[data-game=\"{game}\"] [data-cell]').length > 0 "
                         "&& document.getElementById('status').textContent.trim() !== ''", f"{game}'s board")
        webkit.click('#board [data-cell="a1"]')  # Ice-Turn's first tile, the tray an HTML row under the board
        webkit.click('#board .tray button[data-cell^="tile:"]')
        webkit.until(MOVES + ".some(m => m.startsWith('place:a1='))", "Ice-Turn's tile placed")
        webkit.run("history.back()")  # the game left when Ice-Turn was chosen
        webkit.until("return document.querySelector('#board[data-game=\"terrafex\"] [data-cell]') !== null",
                     "Back to Terrafex")
        webkit.run("history.forward()")
        webkit.until(MOVES + ".some(m => m.startsWith('place:a1='))", "Forward to Ice-Turn, its tile placed")

        webkit.open(site.url + "#v=1&g=ice-lady&m=&bots=black:easy")
        webkit.click('#board [data-cell="d3"]')
        webkit.press_across_a_drawing('#board [data-cell="e4"]')
        answered = webkit.moves(2)
        assert answered[0] == "d3-e4", answered
        assert webkit.run("return document.documentElement.dataset.botWorker ?? null") is None, \
            "the computer thought on the page, not in its worker (static/bot-worker.js)"

        webkit.open(site.url + "embed.html#v=1&g=ice-lady&m=d3-e4+e6-f5&ply=1")
        assert webkit.run("return document.getElementById('ply').textContent") == "1/2"
        webkit.click("#next")
        webkit.until("return document.getElementById('ply').textContent === '2/2'", "the embed's next move")

        webkit.open(site.url + "#v=1&g=ice-lady&m=d3-e4+e6-f5")
        webkit.until("return navigator.serviceWorker.controller !== null", "the service worker")
        webkit.run("const box = document.getElementById('theme'); box.value = 'dark';"  # on a light system
                   "box.dispatchEvent(new Event('change'))")
        assert webkit.run(PAPER) == DARK
    # The site is gone: every file now comes from the service worker.
    webkit.open()
    assert webkit.run(PAPER) == DARK, "the theme chosen is kept"
    webkit.click('#board [data-cell="e4"]')
    webkit.click('#board [data-cell="d5"]')
    assert webkit.moves(3) == ["d3-e4", "e6-f5", "e4-d5"]
    assert webkit.errors() == ""

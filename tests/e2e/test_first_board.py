"""A first visit while Python starts (issue 29): the default game's start, painted at once and inert.

Python is held back by routing the interpreter's WebAssembly and never answering: Python never starts.
"""

import re

from conftest import App
from pyramids import games, page
from pyramids.session import Session

READY = "document.documentElement.hasAttribute('data-ready')"


def cells_and_pieces(html: str) -> tuple[list[str], list[str]]:
    return sorted(re.findall(r'data-cell="([^"]+)"', html)), sorted(re.findall(r'<g class="(pyramid[^"]*)"', html))


def test_a_first_visit_sees_the_default_games_start_before_python_starts(new_context, server):
    tab = new_context().new_page()
    tab.route("**/pyodide.asm.wasm", lambda route: None)  # the interpreter never arrives
    tab.goto(server)
    tab.wait_for_selector('#board[data-snapshot="first"] svg [data-cell]')
    assert not tab.evaluate(READY)
    drawn = page.board(Session(games.DEFAULT))
    assert cells_and_pieces(tab.inner_html("#board")) == cells_and_pieces(drawn), "the board Python draws"
    assert tab.get_attribute("#board", "data-game") == games.DEFAULT
    assert tab.inner_text("#status") == Session(games.DEFAULT).status()
    assert tab.inner_text("#board .snapshot-note") == "Starting\u2026"

    tab.click('#board [data-cell="c3"]', force=True)  # inert: kept, nothing played
    assert "your move will be made" in tab.inner_text("#board .snapshot-note")
    assert cells_and_pieces(tab.inner_html("#board")) == cells_and_pieces(drawn)


def test_a_link_or_a_game_to_reopen_is_not_shown_the_default_start(new_context, server):
    tab = new_context().new_page()
    tab.route("**/pyodide.asm.wasm", lambda route: None)
    tab.goto(server + "#v=1&g=terrafex&m=")  # a link: the page will open that game
    assert tab.get_attribute("#board", "data-snapshot") is None
    tab.unroute("**/pyodide.asm.wasm")
    app = App(tab, server).open()
    app.play("c3", "d4")  # a game to reopen ...
    tab.wait_for_function("(localStorage.getItem('pyramids.snapshot.v1') || '').includes('c3-d4')")
    tab.evaluate("localStorage.removeItem('pyramids.snapshot.v1')")  # ... but no snapshot of it
    tab.route("**/pyodide.asm.wasm", lambda route: None)
    tab.reload()
    assert tab.get_attribute("#board", "data-snapshot") is None
    assert tab.locator("#board [data-cell]").count() == 0

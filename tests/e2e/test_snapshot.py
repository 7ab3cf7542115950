"""The board a returning player left, painted before Python starts (static/snapshot.js).

An init script records what #board holds the first time the page's snapshot
is painted, and whether the app was ready then; the game's opening is held back by
routing static/memory.json (which names the interpreter's snapshot: Python does not start
without it) where a test needs time to click on the snapshot.  Service
workers are blocked so that every request reaches Playwright's router.
"""

import json
import random
import re

import pytest

from conftest import App, watched_contexts
from pyramids import games, page, record, views
from pyramids.session import Session
from pyramids.svg import Marks
from test_ice_turn_page import DEAL, PLACE

HELD = "**/static/memory.json"  # names the interpreter's snapshot: held, Python never starts

# Records the snapshot's board the moment it is painted, before Python can draw anything.
SEEN_JS = """
window.__snapshot = null;
new MutationObserver((records, observer) => {
  const board = document.getElementById('board');
  if (board && board.hasAttribute('data-snapshot') && window.__snapshot === null) {
    window.__snapshot = {html: board.innerHTML, ready: document.documentElement.hasAttribute('data-ready'),
                         status: document.getElementById('status').textContent,
                         help: document.getElementById('move-help').textContent,
                         paired: document.getElementById('moves').classList.contains('paired'),
                         moves: Array.from(document.querySelectorAll('#moves li button')).map(b => b.dataset.notation)};
  }
}).observe(document, {childList: true, subtree: true, attributes: true});
"""

KEY = "pyramids.snapshot.v1"


@pytest.fixture
def snap_app(browser, server):
    """The app in a context with service workers blocked, watching for the snapshot."""
    with watched_contexts(browser) as make:
        page = make(server, service_workers="block").new_page()
        page.add_init_script(SEEN_JS)
        yield App(page, server)


def kept(app, text):
    """Wait until the snapshot in storage holds `text` (it is written when the page is idle)."""
    app.page.wait_for_function("([k, t]) => (localStorage.getItem(k) || '').includes(t)", arg=[KEY, text])


def cells_and_pieces(html: str) -> tuple[list[str], list[str]]:
    """The board's locations and its pieces, as a test can compare two drawings of one position."""
    cells = sorted(re.findall(r'data-cell="([^"]+)"', html))
    pieces = sorted(re.findall(r'<g class="(pyramid[^"]*)"', html))
    return cells, pieces


def test_a_reload_paints_the_board_the_player_left_before_python_is_ready(snap_app):
    app = snap_app
    app.open()
    app.play("d3", "e4", "e6", "f5")
    kept(app, "e6-f5")
    app.reload()
    seen = app.page.evaluate("window.__snapshot")
    assert seen is not None, "the snapshot was painted"
    assert seen["ready"] is False, "it was painted before Python was ready"
    assert "Starting" in seen["html"]
    final = app.page.inner_html("#board")
    assert cells_and_pieces(seen["html"]) == cells_and_pieces(final), "the same board as Python's"
    assert seen["moves"] == ["d3-e4", "e6-f5"] and seen["status"] == "White to move."
    assert seen["paired"], "White's and Black's moves side by side, as Python lists them"
    assert seen["help"] == app.page.text_content("#move-help"), "the typed move's example Python writes"
    assert "target" not in seen["html"], "no targets lit"


def test_a_reload_before_idle_time_paints_the_board_of_the_last_move(snap_app):
    """The copy waits for idle time, never made in a click; a page left before that time came (a reload
    right after a move, `pagehide`) makes it then, so the next visit paints that move's board."""
    app = snap_app
    app.page.add_init_script("window.requestIdleCallback = () => 1; window.cancelIdleCallback = () => {};")
    app.open()
    app.play("d3", "e4", "e6", "f5")
    app.settled()
    assert "e6-f5" not in (app.page.evaluate(f"localStorage.getItem('{KEY}')") or ""), "idle time never came"
    app.reload()
    seen = app.page.evaluate("window.__snapshot")
    assert seen is not None and seen["ready"] is False, "painted before Python was ready"
    assert seen["moves"] == ["d3-e4", "e6-f5"]


def test_the_copy_is_made_once_the_move_list_and_the_link_are_drawn(snap_app):
    """The move list, the game's panel and the link follow the board a frame later (py/main.py's
    `draw_after_paint`): idle time that comes between the two must not keep a copy without them,
    or the next visit's link would not match it and no board would be painted before Python."""
    app = snap_app
    app.page.add_init_script("window.requestIdleCallback = run => { queueMicrotask(run); return 1; };")  # at once
    app.open()
    app.play("d3", "e4")
    app.settled()  # idle time comes at once here: the copy is made as soon as it is asked for
    snap = json.loads(app.page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert snap["link"] == app.fragment() and "d3-e4" in snap["link"]
    assert "d3-e4" in snap["moves"]


def test_a_visit_without_a_link_paints_the_last_game(snap_app):
    app = snap_app
    app.open()
    app.play("d3", "e4")
    kept(app, "d3-e4")
    app.open()  # the bare address: the saved game reopens, and its snapshot shows at once
    seen = app.page.evaluate("window.__snapshot")
    assert seen is not None and seen["ready"] is False and seen["moves"] == ["d3-e4"]


def test_a_link_to_another_game_does_not_show_the_stale_snapshot(snap_app):
    app = snap_app
    app.open()
    app.play("d3", "e4")
    kept(app, "d3-e4")
    app.page.goto("about:blank")  # a new visit: the link typed into the address bar
    app.page.goto(app.server + "#v=1&g=icetoids")
    app.wait_ready()
    assert app.page.evaluate("window.__snapshot") is None
    assert app.page.get_attribute("#board", "data-game") == "icetoids"


def test_a_snapshot_of_another_build_is_not_shown(snap_app):
    app = snap_app
    app.open()
    app.play("d3", "e4")
    kept(app, "d3-e4")
    app.page.evaluate("""k => { const s = JSON.parse(localStorage.getItem(k)); s.build = 'older';
                                localStorage.setItem(k, JSON.stringify(s)); }""", KEY)
    app.reload()
    assert app.page.evaluate("window.__snapshot") is None


def test_markup_in_a_snapshot_cannot_run_script(snap_app):
    app = snap_app
    app.open()
    kept(app, "ice-lady")  # written when idle: the hostile one must not be overwritten
    build = app.page.evaluate("self.PYRAMIDS_BUILD")
    hostile = {
        "build": build, "link": "", "home": True, "game": "ice-lady",
        "board": ('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1" viewBox="0 0 10 10">'
                  '<script>window.__pwned=2</script><rect data-cell="a1" width="5" height="5" '
                  'onclick="window.__pwned=3" style="fill:url(http://example.org/x)"/>'
                  '<foreignObject><img src="x" onerror="window.__pwned=4"></foreignObject>'
                  '<a href="javascript:window.__pwned=5"><rect data-cell="b1"/></a></svg>'
                  '<img src="x" onerror="window.__pwned=6">'),
        "status": "<b>plain</b>", "ply": "", "title": "t",
        "moves": ('<li><button onclick="window.__pwned=7" data-ply="1">x</button>'
                  '<img src=x onerror="window.__pwned=8"></li>'),
    }
    app.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(hostile)])
    app.page.route(HELD, lambda route: None)  # Python never runs our code: the snapshot stays
    app.page.goto(app.server)
    app.page.wait_for_selector("#board[data-snapshot] svg")
    app.page.click('#board [data-cell="a1"]', force=True)
    app.page.click("#moves li button")
    app.page.wait_for_timeout(300)
    assert app.page.evaluate("window.__pwned") is None, "nothing in the snapshot ran"
    board = app.page.inner_html("#board")
    assert "onload" not in board and "onclick" not in board and "<script" not in board
    assert "example.org" not in board and "foreignObject" not in board and "<img" not in board
    assert app.page.inner_text("#status") == "<b>plain</b>", "text stays text"


# Markup and CSS that make a browser fetch another site's address.  A check for "url(" let CSS escapes
# ("\75rl(" is "url(") and image-set() through: only the forms of value our views write are kept.
FETCHING_BOARD = (
    r'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 10" role="group">'
    r'<style>@import url(http://example.org/import.css); rect { fill: url(http://example.org/sheet) }</style>'
    r'<rect data-cell="a1" width="5" height="5" style="fill:\75rl(http://example.org/escaped-style)"/>'
    r'<rect data-cell="b1" x="5" width="5" height="5" fill="\75rl(http://example.org/escaped-attribute#p)"/>'
    r'<rect x="10" width="5" height="5" style="fill:u\r\l(http://example.org/escaped-letters#p)"/>'
    r'<rect x="15" width="5" height="5" style="fill:URL(http://example.org/upper-case#p)"/>'
    r"""<rect x="20" width="5" height="5" style="cursor:image-set('http://example.org/image-set' 1x), auto"/>"""
    r"""<rect x="25" width="5" height="5" style="cursor:-webkit-image-set('http://example.org/webkit' 1x), auto"/>"""
    r'<rect x="30" width="5" height="5" filter="\75rl(http://example.org/filter#f)" '
    r'clip-path="\75rl(http://example.org/clip#c)" mask="\75rl(http://example.org/mask#m)"/>'
    r'<rect x="35" width="5" height="5" style="background:u\000072l(http://example.org/long-escape)"/>'
    r'<use href="http://example.org/use#x"/><use xlink:href="http://example.org/xlink#x"/>'
    r'<image href="http://example.org/image.png" width="5" height="5"/>'
    r'<pattern id="p" href="http://example.org/pattern#p"/><linearGradient id="g" href="http://example.org/gradient#g"/>'
    r'<rect x="40" width="5" height="5" fill="url(#g)"><set attributeName="fill" to="url(http://example.org/set#p)"/>'
    r'<animate attributeName="fill" values="url(http://example.org/animate#p)" dur="1s"/></rect>'
    r'<foreignObject width="5" height="5"><img src="http://example.org/img.png">'
    r'<div style="background:\75rl(http://example.org/foreign-div)">x</div></foreignObject>'
    r'<a href="http://example.org/link"><rect x="45" width="5" height="5"/></a>'
    r'<text x="50" y="8" font-family="\75rl(http://example.org/font)" style="src:\75rl(http://example.org/src)">t</text>'
    r'</svg>'
)
FETCHING_MOVES = (
    r'<li class="ply" data-ply="1" style="background-image:\75rl(http://example.org/li)">'
    r'<button type="button" data-ply="1" style="background-image:image-set(&quot;http://example.org/button&quot; 1x)">'
    r'<span class="who white" style="list-style-image:\75rl(http://example.org/span)">x</span></button></li>'
)


def test_a_snapshot_cannot_fetch_from_another_site(snap_app):
    """Issue 27: six of these made the browser ask example.org; the context's watch fails on any such request."""
    app = snap_app
    app.open()
    kept(app, "ice-lady")  # written when idle: the hostile one must not be overwritten
    hostile = {"build": app.page.evaluate("self.PYRAMIDS_BUILD"), "link": "", "home": True, "game": "ice-lady",
               "board": FETCHING_BOARD, "status": "", "ply": "", "title": "t", "moves": FETCHING_MOVES}
    app.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(hostile)])
    app.page.route(HELD, lambda route: None)  # Python never runs our code: the snapshot stays
    app.page.goto(app.server)
    app.page.wait_for_selector("#board[data-snapshot] svg")
    app.page.hover('#board [data-cell="a1"]', force=True)  # cursors are fetched when shown
    app.page.hover("#moves li button")
    app.page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    app.page.wait_for_timeout(500)  # for requests the paint started
    board = app.page.inner_html("#board") + app.page.inner_html("#moves")
    assert "example.org" not in board and "style" not in board and "href" not in board
    assert app.page.locator('#board [data-cell="b1"]').count() == 1, "the board's own parts are kept"


def drawn(game_id: str, plies: int) -> tuple[str, str]:
    """A board of `game_id` `plies` moves in, its last move marked and a move selected, and its move list."""
    session = Session(game_id)
    for _ in range(plies):
        if session.latest.outcome is not None:
            break
        legal = sorted(session.latest.legal_plays())
        session.push(legal[len(session.moves) * 7 % len(legal)])
    session.cursor = len(session.moves)
    state, move = session.latest, sorted(session.latest.legal_moves())[0]
    path = tuple(state.path(move))
    marks = Marks(selected=path[:1], targets=path[1:], last=path, captured=path[-1:])
    return views.labelled(views.draw(state, marks), state, marks, path[:1]), page.move_list(session)


def test_the_snapshot_keeps_every_part_of_our_own_boards(snap_app):
    """The allowlist is the forms our views write: a board of each game is painted as it was drawn."""
    app = snap_app
    app.open()
    kept(app, "ice-lady")
    boards = [drawn(game_id, 12) for game_id in games.ids()]
    snap = {"build": app.page.evaluate("self.PYRAMIDS_BUILD"), "link": "", "home": True, "game": "ice-lady",
            "board": "".join(board for board, _ in boards), "status": "", "ply": "", "title": "t",
            "moves": boards[-1][1]}
    app.page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(snap)])
    app.page.route(HELD, lambda route: None)  # Python never runs our code: the snapshot stays
    # What snapshot.js paints, without the keyboard layer that then gives each location a role and a tab stop:
    app.page.route("**/static/access.js", lambda route: route.fulfill(body="", content_type="text/javascript"))
    app.page.goto(app.server)
    app.page.wait_for_selector("#board[data-snapshot] svg")
    as_parsed = """([board, moves]) => {
        const parse = markup => new DOMParser().parseFromString(`<body>${markup}</body>`, "text/html").body;
        return [Array.from(parse(board).children, e => e.outerHTML), parse(moves).innerHTML]; }"""
    expected = app.page.evaluate(as_parsed, [snap["board"], snap["moves"]])
    painted = app.page.evaluate("""() => [Array.from(document.querySelectorAll('#board > svg'), e => e.outerHTML),
                                          document.getElementById('moves').innerHTML]""")
    assert len(painted[0]) == len(games.ids())
    assert painted == expected


def test_a_click_on_the_snapshot_is_made_once_the_game_is_ready(snap_app):
    app = snap_app
    app.open()
    app.play("d3", "e4")
    kept(app, "d3-e4")
    held = []
    app.page.route(HELD, lambda route: held.append(route))
    app.page.reload(wait_until="domcontentloaded")
    app.page.wait_for_selector("#board[data-snapshot] svg")
    app.page.click('#board [data-cell="e6"]', force=True)
    app.page.click('#board [data-cell="f5"]', force=True)
    assert "your move will be made" in app.page.inner_text("#board .snapshot-note")
    for _ in range(600):  # the snapshot is asked for: held until the clicks are in
        if held:
            break
        app.page.wait_for_timeout(100)
    assert held, "Python was held back"
    assert not app.page.evaluate("document.documentElement.hasAttribute('data-ready')")
    for route in held:
        route.continue_()
    app.page.unroute(HELD)
    app.wait_ready()
    app.page.wait_for_function("() => document.querySelectorAll('#moves li').length === 2")
    assert app.moves() == ["d3-e4", "e6-f5"]


AIMING = record.encode(record.Record("ice-turn", {}, tuple(DEAL + PLACE + ["roll:3", "face:aim"])))  # a turn's tray


def icetoids_link(in_play: bool) -> str:
    """A link to an IceToids game a few moves past its setup, or one that P1's colour and home have begun
    (sent to P2 to choose theirs, as a game played by link begins)."""
    state, rng, moves = games.get("icetoids").new(), random.Random(3), []
    while (state.in_setup or len(moves) < 12) if in_play else len(moves) < 2:
        moves.append(rng.choice(state.legal_plays()))
        state = state.play(moves[-1])
    assert state.in_setup != in_play
    return record.encode(record.Record("icetoids", {}, tuple(moves)))


@pytest.mark.parametrize("fragment, game, tab, width", [
    (AIMING, "ice-turn", "Ice-Turn", 1200),  # taller than wide, with its tray under it
    (AIMING, "ice-turn", "Ice-Turn", 390),  # on a phone, its tray four rows high
    ("v=1&g=terrafex&m=", "terrafex", "Terrafex", 1200),  # wider than tall
    ("Ice%20Towers", "ice-towers", "Ice Towers", 1200),  # a game's name alone, as a person writes it
    (icetoids_link(in_play=True), "icetoids", "IceToids", 1200),  # its tray under it
    (icetoids_link(in_play=False), "icetoids", "IceToids", 1200),  # in setup: the tray's room kept
    ("IceToids&players=3", "icetoids", "IceToids", 1200),  # a name first (record.read), no move
], ids=["ice-turn", "ice-turn-phone", "terrafex", "named", "icetoids-played", "icetoids-setup", "icetoids-new"])
def test_a_link_with_nothing_to_paint_gets_its_games_board_shape_before_python_draws(snap_app, fragment, game, tab,
                                                                                      width):
    """A link opened for the first time has no snapshot: its board's box takes the game's shape at once
    (static/first-board.js's shapes), so that Python's first drawing does not change its height (Ice-Turn's
    board and tray, 571 px high at this width, stood in a 536 px square), and the game's tab is marked."""
    app = snap_app
    app.page.set_viewport_size({"width": width, "height": 844})
    held = []
    app.page.route(HELD, lambda route: held.append(route))
    app.page.goto(f"{app.server}#{fragment}", wait_until="domcontentloaded")
    for _ in range(600):  # the interpreter's snapshot is asked for: Python has not started
        if held:
            break
        app.page.wait_for_timeout(100)
    assert held and not app.page.evaluate("document.documentElement.hasAttribute('data-ready')")
    before = app.page.locator("#board").bounding_box()
    assert app.page.get_attribute("#board", "data-game") == game
    assert app.page.locator("#picker [aria-current=page]").inner_text() == tab
    assert app.page.locator("#board .loading").is_visible(), "the note that the game is starting, over the box"
    for route in held:
        route.continue_()
    app.page.unroute(HELD)
    app.wait_ready()
    after = app.page.locator("#board").bounding_box()
    assert app.page.locator("#board > svg").get_attribute("aria-label"), "Python's board"
    # Ice-Turn's tray as high as its room, whatever the turn (Aim's rows were 1.2 px over the room it was kept)
    assert abs(before["height"] - after["height"]) < 1 and before["width"] == after["width"], (before, after)


def test_a_link_to_a_game_this_app_does_not_know_keeps_the_square_box(snap_app):
    app = snap_app
    app.page.route(HELD, lambda route: None)  # Python never starts: what snapshot.js did is what stays
    app.page.goto(f"{app.server}#v=1&g=chess&m=", wait_until="domcontentloaded")
    app.page.wait_for_function("() => !document.documentElement.hasAttribute('data-painting')")
    assert app.page.locator("#board > *").count() == 1 and app.page.locator("#board .loading").is_visible()
    assert not app.page.get_attribute("#board", "data-game")

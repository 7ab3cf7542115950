"""The embed view (embed.html) in Chromium, and the app's Embed box with its board images."""

import html
from importlib import import_module
import random
import re
import struct
import xml.etree.ElementTree as ET
import zlib

import pytest

from conftest import App, settled
from pyramids import embed, games, page as fragments, record, views
from pyramids.core import CHANCE
from pyramids.session import Session
from pyramids.words import status_of
from static_server import StaticServer
from test_access import small_controls, violations
from test_embed_links import expected_pieces, iframe_of, pieces_in
from test_my_games_page import ANSWERED_JS, answered_while_opening, long_game

GAME = games.get("ice-lady")
MOVES = ("d3-e4", "e6-f5", "e4xg6", "d6-c5", "c3-b4")
REC = record.Record("ice-lady", {}, MOVES)


def at(ply):
    return GAME.replay(MOVES[:ply]).to_text()


class EmbedView(App):
    def open(self, fragment: str = ""):
        self.page.goto(self.server + "embed.html#" + fragment)
        self.wait_ready()
        return self

    def ply(self):
        self.settled()  # its Python answers from a worker
        return self.page.inner_text("#ply")

    def position(self):
        self.settled()
        return super().position()


def stored(page):
    """Everything in the origin's localStorage, to compare before and after."""
    return page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")


def host_game(app):
    """The full app with a saved game in it; returns the storage to compare with later."""
    app.open()
    app.play("d3", "e4")
    # The page keeps a snapshot of its board when idle (issue 14): compare from once it is written.
    app.page.wait_for_function("(localStorage.getItem('pyramids.snapshot.v1') || '').includes('d3-e4')")
    before = stored(app.page)
    assert "pyramids.v1.saved." in before and "d3-e4" in before
    return before


def fits(page_or_frame):
    """No scrollbars: the document is no larger than its frame."""
    return page_or_frame.evaluate("""() => {
        const r = document.documentElement, b = document.body;
        return r.scrollWidth <= innerWidth && r.scrollHeight <= innerHeight
            && b.scrollWidth <= innerWidth && b.scrollHeight <= innerHeight; }""")


def test_the_embed_opens_a_record_at_ply_n_and_steps_through_it(app):
    before = host_game(app)
    view = EmbedView(app.page, app.server).open(embed.fragment(REC, 2))
    assert view.position() == at(2) and view.ply() == "2/5"
    view.page.click("#next")
    assert view.position() == at(3)
    said = GAME.replay(MOVES[:2]).words(MOVES[2]).rstrip(".") + "."
    assert view.page.inner_text("#status") == said, "a replay says the move on screen, not whose turn it is"
    view.page.click("#last")
    assert view.position() == at(5) and view.page.is_disabled("#next")
    view.page.click("#first")
    assert view.position() == at(0) and view.page.is_disabled("#prev")
    assert view.page.inner_text("#status") == "The start of the game."
    view.page.keyboard.press("ArrowRight")
    assert view.position() == at(1)
    assert view.page.is_hidden("#moves"), "the move list starts collapsed"
    view.page.click("#toggle-moves")
    assert view.moves() == list(MOVES)
    view.page.click('#moves button[data-ply="4"]')
    assert view.position() == at(4) and view.page.is_hidden("#moves")
    view.click("b4")
    assert view.position() == at(4), "read-only: a click changes nothing"
    assert view.page.locator("#game-panel .agree").count() == 0, "no draw to offer in a page that shows a game"
    assert "replay" in view.page.inner_text("#status")
    assert stored(view.page) == before, "the host app's saved game is untouched"
    app.open()
    assert app.moves() == ["d3-e4"]


def test_a_tap_on_a_replay_s_board_says_it_is_one_and_opens_no_lens(new_context, server):
    """At 390 px an Ice Lady square is under a finger's width: a tap opens the lens to choose from, which in an
    embed that only replays its game hid the frame's controls and chose nothing.  There a tap says it is a replay;
    where the reader plays on, the lens opens as in the app."""
    for fragment, lens in ((embed.fragment(REC, 2), False), (embed.fragment(REC, 2, view=embed.View(play=True)), True)):
        view = EmbedView(new_context(viewport={"width": 390, "height": 560}, has_touch=True, is_mobile=True)
                         .new_page(), server).open(fragment)
        view.page.tap('#board [data-cell="c3"]')
        view.settled()
        assert view.page.locator(".lens").count() == (1 if lens else 0), fragment
        if not lens:
            assert view.page.inner_text("#status") == "This is a replay: open it in the full app to play on."


def test_play_on_lets_the_reader_move_and_still_saves_nothing(app):
    before = host_game(app)
    view = EmbedView(app.page, app.server).open(embed.fragment(REC, view=embed.View(play=True)))
    assert view.position() == at(5)
    state = GAME.replay(MOVES)
    move = state.legal_moves()[0]
    view.play(*state.path(move))
    assert view.moves() == [*MOVES, move]
    assert view.position() == state.play(move).to_text()
    assert view.page.inner_text("#status") == status_of(state.play(move)), "what comes next, not the move made"
    assert view.page.get_attribute("#open", "href") == embed.app_link(record.Record("ice-lady", {}, (*MOVES, move)), 6)
    assert stored(view.page) == before
    assert view.fragment() == embed.fragment(REC, view=embed.View(play=True)), "nor does it rewrite its link"


def test_a_static_diagram_shows_only_the_board(new_context, server):
    page = new_context().new_page()
    page.set_viewport_size({"width": 320, "height": 320})
    view = EmbedView(page, server).open(embed.fragment(REC, 3, embed.View(static=True)))
    assert view.position() == at(3)
    for part in ("#bar", "#footer", "#moves", "#update"):
        assert page.is_hidden(part), part
    box = page.locator("#board svg").bounding_box()
    assert box["width"] >= 300 or box["height"] >= 300, "the board fills the frame"
    view.click("c3")
    assert view.position() == at(3)
    assert fits(page)


def test_keys_follow_the_link_a_frame_opens_after_its_first(new_context, server):
    """A frame given another code (hashchange) takes its view's keys: a diagram's first link no longer leaves a
    replay after it without them, nor does a replay's keep a diagram after it from scrolling its page."""
    page = new_context().new_page()
    view = EmbedView(page, server).open(embed.fragment(REC, 3, embed.View(static=True)))
    page.evaluate("""() => addEventListener("keydown", event => {
        window.prevented = event.defaultPrevented; })""")  # the window hears it after the page's own listener
    page.evaluate("f => { location.hash = f; }", embed.fragment(REC, 3))
    page.wait_for_function("!document.documentElement.classList.contains('static')")
    assert view.position() == at(3)
    page.keyboard.press("ArrowRight")
    assert view.position() == at(4), "a replay's arrow keys step through its moves"
    assert page.evaluate("window.prevented") is True, "... and do not scroll the page"
    page.evaluate("f => { location.hash = f; }", embed.fragment(REC, 2, embed.View(static=True)))
    page.wait_for_function("document.documentElement.classList.contains('static')")
    assert view.position() == at(2)
    page.keyboard.press("ArrowRight")
    assert view.position() == at(2) and page.evaluate("window.prevented") is False, "a diagram leaves keys alone"


def test_the_embed_fits_its_frame_from_300px_wide(new_context, server):
    page = new_context().new_page()
    page.set_viewport_size({"width": 300, "height": 372})
    view = EmbedView(page, server).open(embed.fragment(REC, 2))
    for width, height in [(300, 372), (300, 260), (400, 472), (700, 420), (1000, 1000)]:
        page.set_viewport_size({"width": width, "height": height})
        assert fits(page), (width, height)
        for part in ("#board svg", "#next", "#toggle-moves", "#open"):
            box = page.locator(part).bounding_box()
            if part == "#toggle-moves" and width / height >= 1.5:
                assert box is None, "wide frames show the list beside the board"
                continue
            assert box and box["x"] >= 0 and box["y"] >= 0, (part, width, height)
            assert box["x"] + box["width"] <= width + 0.5 and box["y"] + box["height"] <= height + 0.5, \
                (part, width, height)
    page.set_viewport_size({"width": 300, "height": 372})
    view.page.click("#toggle-moves")
    view.settled()
    assert page.locator("#moves").is_visible() and fits(page), "the open move list scrolls inside itself, not the frame"


def test_the_embed_in_an_iframe_of_another_site(watched, server, tmp_path):
    board = views.draw(GAME.replay(MOVES[:2]))
    snippet = embed.snippet(server, REC, 2, embed.View(), "Ice Lady", board).replace('width="400"', 'width="300"')
    src = html.unescape(re.search(r'src="([^"]+)"', snippet).group(1))
    (tmp_path / "wiki.html").write_text('<!doctype html><title>A wiki page</title><link rel="icon" href="data:,">'  # no
                                        f"<h1>A game</h1>{snippet}")  # /favicon.ico: the wiki's own 404 is not ours
    with StaticServer(tmp_path) as wiki:
        page = watched((wiki.origin, server)).new_page()
        page.goto(wiki.url + "wiki.html")
        frame = page.frame_locator("iframe")
        frame.locator("html[data-ready]").wait_for(timeout=60_000)
        inner = page.frames[1]
        assert inner.url == src
        assert inner.get_attribute("#board", "data-position") == at(2)
        inner.click("#next")
        settled(inner)  # the embed's Python answers from a worker
        assert inner.get_attribute("#board", "data-position") == at(3)
        assert fits(inner)


# A frame of another site whose storage the browser refuses, as Chromium does when the reader blocks
# third-party storage: Web Storage throws on access, IndexedDB refuses to open, no service worker.
NO_STORAGE_IN_FRAMES_JS = """
if (window !== top) {
  const refused = what => new DOMException(`Access to ${what} is denied for this document.`, "SecurityError");
  for (const name of ["localStorage", "sessionStorage"]) {
    Object.defineProperty(window, name, {configurable: true, get() { throw refused(name); }});
  }
  IDBFactory.prototype.open = function () { throw refused("the Indexed Database API"); };
  ServiceWorkerContainer.prototype.register = () => Promise.reject(refused("service workers"));
}
"""


def test_the_embed_needs_no_storage(watched, server, tmp_path, expect_console):
    """Issue 27: PyScript kept its package cache in IndexedDB and never started without it ("Loading…" for ever)."""
    expect_console(r"^warning: The app will not work offline: .*service workers")
    snippet = embed.snippet(server, REC, 2, embed.View(), "Ice Lady", views.draw(GAME.replay(MOVES[:2])))
    (tmp_path / "wiki.html").write_text('<!doctype html><title>A wiki page</title><link rel="icon" href="data:,">'
                                        f'{snippet}')
    with StaticServer(tmp_path) as wiki:
        context = watched((wiki.origin, server))
        context.add_init_script(NO_STORAGE_IN_FRAMES_JS)
        page = context.new_page()
        page.goto(wiki.url + "wiki.html")
        page.frame_locator("iframe").locator("html[data-ready]").wait_for(timeout=60_000)
        inner = page.frames[1]
        assert inner.evaluate("() => { try { localStorage; return 'allowed'; } "
                              "catch (e) { return e.name; } }") == "SecurityError"
        assert inner.get_attribute("#board", "data-position") == at(2)
        assert inner.inner_text("#status") == "Black small e6 to f5.", "a replay says the move on screen"
        inner.click("#next")
        settled(inner)  # the embed's Python answers from a worker
        assert inner.get_attribute("#board", "data-position") == at(3)


def test_a_10000_move_embed_opens_in_slices_and_answers_meanwhile(page, server):
    """Issue 27: the embed replayed a long link in one task of seconds, freezing the page around it."""
    moves = long_game(record.MAX_MOVES)
    page.add_init_script(ANSWERED_JS)
    page.goto(server + "embed.html#" + embed.fragment(record.Record("ice-lady", {}, tuple(moves)), 9_000))
    answered = answered_while_opening(page)
    assert answered and all(done < total == 10_000 for done, total in answered), "answered mid-replay"
    view = EmbedView(page, server)
    view.wait_ready()
    assert view.ply() == "9000/10000" and view.position() == GAME.replay(moves[:9_000]).to_text()
    listed = page.locator("#moves li[data-ply]").evaluate_all("items => items.map(li => Number(li.dataset.ply))")
    assert 9_000 in listed and len(listed) <= fragments.LISTED + fragments.STEP, \
        "the list shows the moves around the one on screen, not 10,000"


def test_the_app_gives_embed_code_for_the_position_on_screen(app):
    app.open(record.encode(REC))
    app.page.click("#prev")
    app.page.click("#prev")
    app.page.click("#embed")
    code = app.page.input_value("#embed-code")
    src = html.unescape(re.search(r'<iframe src="([^"]+)"', code).group(1))
    link, painted = src.split("&pic=")
    assert link == app.server + "embed.html#" + embed.fragment(REC, 3), "the position on screen, then its picture"
    app.page.check("#embed-static")
    assert app.page.input_value("#embed-code").count("&amp;static") == 1
    app.page.uncheck("#embed-static")
    app.page.click("#next")
    app.settled()  # the open boxes are drawn a frame after the board (py/main.py's `draw_after_paint`)
    assert "ply=4" in app.page.input_value("#embed-code"), "the code follows the position on screen"
    other = App(app.page.context.new_page(), app.server)
    other.page.goto(link)  # without its picture, the embed starts Python at once
    other.wait_ready()
    assert other.position() == at(3)


def test_open_in_the_full_app(app):
    view = EmbedView(app.page, app.server).open(embed.fragment(REC, 2))
    view.page.click("#next")
    view.settled()
    with view.page.context.expect_page() as opened:
        view.page.click("#open")
    full = App(opened.value, app.server)
    full.wait_ready()
    assert full.page.url == app.server + "#" + embed.fragment(REC, 3)
    assert full.moves() == list(MOVES) and full.position() == at(3)


def png_size_and_pixels(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    chunks, pos = [], 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            chunks.append(data[pos + 8:pos + 8 + length])
        pos += 12 + length
    return width, height, zlib.decompress(b"".join(chunks))


def test_board_images_download_as_svg_and_png(app):
    app.open(record.encode(REC))
    app.page.click("#prev")
    app.page.click("#prev")
    app.page.click("#embed")
    with app.page.expect_download() as got:
        app.page.click("#download-svg")
    assert got.value.suggested_filename == "ice-lady-move-3.svg"
    text = open(got.value.path(), encoding="utf-8").read()
    root = ET.fromstring(text.split("\n", 1)[1])
    assert root.tag.endswith("svg")
    assert pieces_in(text) == expected_pieces(GAME.replay(MOVES[:3]))
    assert "stylesheet" not in text and "@import" not in text and "href=" not in text
    with app.page.expect_download() as got:
        app.page.click("#download-png")
    assert got.value.suggested_filename == "ice-lady-move-3.png"
    width, height, pixels = png_size_and_pixels(open(got.value.path(), "rb").read())
    svg_width, svg_height = embed.svg_size(text)
    assert (width, height) == (2 * svg_width, 2 * svg_height)
    assert len(set(pixels)) > 20, "a drawn board, not a blank picture"


def test_a_broken_embed_link_says_what_is_wrong(app):
    view = EmbedView(app.page, app.server).open("v=1&g=ice-lady&m=d3-e4+c3-d4")
    assert view.position() == at(1), "the valid prefix is shown"
    assert "Move 2 ('c3-d4')" in view.page.inner_text("#status")
    view.page.goto(app.server + "embed.html#this-is-not-a-game")
    view.page.reload()
    view.wait_ready()
    assert "cannot be shown" in view.page.inner_text("#status")
    assert view.page.is_disabled("#next") and view.page.locator("#board svg").count() == 0


TERRAFEX = games.get("terrafex")
# Layout 1 to White's capping glacier: Black's fire burned f5 and went to the fire pit; Black's turn, three
# actions used.
CAPPED = ("glacier:a3E", "mountain:start:e3", "forest:grow:e6", "fire:3", "fire:burn:f5", "end", "forest:grow:d2",
          "mountain:start:a3", "glacier:b3E")


def test_the_terrafex_embed_shows_score_pool_fire_pit_and_trackers(new_context, server):
    """Issue 25: "The Terrafex embed shows the score, the pool, the fire pit and the turn trackers, as the app does",
    in the frame the Embed box's code makes, without scrolling, and they follow the move on screen."""
    rec = record.Record("terrafex", {}, CAPPED)
    state = TERRAFEX.replay(CAPPED)
    frame = iframe_of(embed.snippet(server, rec, len(CAPPED), embed.View(), "Terrafex", views.draw(state)))
    width, height = int(frame["width"]), int(frame["height"])
    page = new_context().new_page()
    page.set_viewport_size({"width": width, "height": height})
    view = EmbedView(page, server).open(embed.fragment(rec))
    panel = page.locator("#game-panel")

    def shown():
        """The panel's words, each part checked to be in the frame's view."""
        pool = panel.locator(".tfx-pool").first.locator(".tfx-piece")  # words, not buttons: nobody plays here
        for name, part in ((".scores", panel.locator(".scores")), ("trackers", panel.locator(".tfx-trackers")),
                           ("pool's first", pool.first), ("pool's last", pool.last),
                           ("fire pit", panel.locator(".tfx-pool + .tfx-pool"))):
            box = part.bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, name
        return " ".join(panel.inner_text().split())

    words = shown()
    scores = state.scores()
    assert f"White {scores['white']}" in words and f"Black {scores['black']}" in words
    assert panel.locator(".tfx-tracker").evaluate_all("els => els.map(e => e.textContent)") == \
        ["forest: used", "mountain: used", "fire: available", "glacier: used"], "Black's fire is still to take"
    assert "Fire pit" in words and panel.locator('[title="1 large red in the fire pit"]').count() == 1
    assert panel.locator(".tfx-pool").first.locator(".tfx-piece").count() == 12
    assert panel.locator("button").count() == 0, "the pool in words: nobody plays from it here"
    assert fits(page)
    assert small_controls(page) == [] and violations(view) == [], "compact, yet every control a target and named"
    view.page.click("#first")
    view.settled()
    assert panel.locator(".tfx-tracker.used").count() == 0 and "0 large red in the fire pit" in panel.inner_html()
    shown()
    view.page.locator("#board [data-cell]").first.click()
    view.settled()
    assert "This is a replay" in view.page.inner_text("#status")


LABELS_SCALED = "[...document.querySelectorAll('#board svg text')].map(t => getComputedStyle(t).textRendering)"


def test_board_labels_are_scaled_with_the_board_in_the_app_and_the_embed(app, page, server):
    """Issue 55: SVG text fitted anew to each size a board is shown at asked the browser for a font per size, in
    the page's task (~10 ms each while it was busy: a game opened just after ready waited 121 ms on twelve).
    Drawn at their own size and scaled with the board (static/app.css, static/embed.css), the labels ask none."""
    app.open()
    assert set(app.page.evaluate(LABELS_SCALED)) == {"geometricprecision"}
    view = EmbedView(page, server).open(embed.fragment(REC, 3))
    assert set(view.page.evaluate(LABELS_SCALED)) == {"geometricprecision"}


def test_an_embed_offers_ice_towers_controls_only_where_the_reader_plays_on(app):
    """An embed that shows a game offers none of its own controls (whom to act as, "I'm done", a held piece as a
    button: they only said it was a replay), and says the scores and the hand in words; one that plays offers them,
    and choosing whom to act as answers."""
    moves = ("red:cap:rS1>t16", "yellow:cap:yS1>t16", "red:cap:rS2>t16", "yellow:cap:yS2>t16", "red:mine:rS1")
    rec = record.Record("ice-towers", {}, moves)
    shown = EmbedView(app.page, app.server).open(embed.fragment(rec))
    shown.settled()
    panel = shown.page.locator("#game-panel")
    assert "holds small" in panel.inner_text() and "Scores" in panel.inner_text()
    assert panel.locator("button").count() == 0 and "Acting as" not in panel.inner_text()
    playing = EmbedView(app.page, app.server).open(embed.fragment(rec, view=embed.View(play=True)))
    playing.settled()
    assert panel.locator("button", has_text="I'm done").count() == 2
    assert panel.locator('button[data-cell="hand:red"]').count() == 1
    # whom the reader acts as is theirs to choose, as in the app
    panel.locator('button[data-actor="yellow"]').click()
    playing.settled()
    assert panel.locator('button[data-actor="yellow"]').get_attribute("aria-pressed") == "true"
    assert panel.locator('button[data-actor=""]').get_attribute("aria-pressed") == "false"


def random_game(game_id: str, seed: int, plies: int, options: dict | None = None) -> Session:
    session, rng = Session(game_id, options=options or {}, rng=random.Random(seed)), random.Random(seed)
    while len(session.moves) < plies and session.latest.outcome is None:
        session.play(rng.choice(session.latest.legal_moves()))
    return session


def board_height(page) -> int:
    settled(page)
    return round(page.locator("#board > svg").bounding_box()["height"])


def test_stepping_through_a_game_the_board_keeps_its_size(new_context, server):
    """The board takes the height the frame's other rows leave, and IceToids' panel grows and shrinks from move to
    move: stepping through a game in a 400×560 frame the board was 350-421 px, up and down.  It now only shrinks,
    to make room for a taller panel than before, and once the panel has been at its tallest it keeps its size;
    a frame of another size starts again."""
    session = random_game("icetoids", 2, 40)
    page = new_context(viewport={"width": 400, "height": 560}).new_page()
    view = EmbedView(page, server).open(session.link() + "&ply=0")
    forth = [board_height(page)]
    for _ in session.moves:
        page.click("#next")
        forth.append(board_height(page))
    assert forth == sorted(forth, reverse=True) and forth[0] > forth[-1], forth
    back = []
    for _ in session.moves:
        page.click("#prev")
        back.append(board_height(page))
    assert set(back) == {forth[-1]}, back
    assert view.ply() == f"0/{len(session.moves)}"
    page.set_viewport_size({"width": 400, "height": 700})
    page.wait_for_function("h => document.querySelector('#board > svg').getBoundingClientRect().height > h",
                           arg=forth[-1] + 100)


PANEL_HEIGHTS_JS = """panels => {
    const panel = document.getElementById("game-panel"), was = panel.innerHTML;
    panel.style.maxHeight = "none";  // its natural height: the room must hold it, not its scrolled share
    const heights = panels.map(markup => { panel.innerHTML = markup; return panel.getBoundingClientRect().height; });
    panel.innerHTML = was;
    panel.style.maxHeight = "";
    return heights;
}"""


@pytest.mark.parametrize("game_id, options, play", [
    ("ice-lady", {}, False), ("ice-towers", {"players": 6}, True), ("ice-towers", {"players": 3, "timer": 300}, False),
    ("icetoids", {"players": 2}, False), ("icetoids", {"players": 4}, True), ("terrafex", {}, False),
    ("ice-turn", {"players": 3}, False)])
def test_an_embed_code_s_frame_holds_its_panel_at_every_move(new_context, server, game_id, options, play):
    """The Embed box's frame gave IceToids' and Ice-Turn's panel two lines and Ice Towers' the same room for two
    players as for six, so the board came out a quarter narrower than the frame (IceToids: 300 px in 400), and
    shrank again as taller panels appeared.  Every panel of a game, drawn in the frame the code gives, now fits
    the room the game's view gives it (views.embed_panel_height), and at the move with the tallest panel the
    board spans the frame's width."""
    session = random_game(game_id, 5, 160, options)
    view = embed.View(play=play)
    plies: dict[str, int] = {}  # each panel drawn, and the first move it is drawn at
    for ply in range(len(session.moves) + 1):
        session.go(ply)
        markup = views.panel(session.state, None, people=(), controls=embed.controls(view))
        plies.setdefault(markup, ply)
    panels = list(plies)
    frame = iframe_of(embed.snippet(server, session.record(), 0, view, "A game", views.draw(session.latest)))
    page = new_context(viewport={"width": int(frame["width"]), "height": int(frame["height"])}).new_page()
    page.goto(html.unescape(frame["src"]))
    App(page, server).wait_ready()
    heights = page.evaluate(PANEL_HEIGHTS_JS, panels)
    game = session.state.game
    players = game.resolve_options(options).get("players", game.max_players)
    tray = getattr(import_module(f"pyramids.views.{game_id.replace('-', '_')}"), "EMBED_TRAY", 0) if play else 0
    room = views.embed_panel_height(game_id, players, play) - tray
    tallest = max(range(len(panels)), key=heights.__getitem__)
    assert heights[tallest] <= room, f"the panel at move {plies[panels[tallest]]} is {heights[tallest]:.0f} px tall"
    page.evaluate("ply => { location.hash = location.hash.replace(/&ply=\\d+/, '&ply=' + ply); }",
                  plies[panels[tallest]])
    page.wait_for_function("ply => document.getElementById('ply').textContent.startsWith(ply + '/')",
                           arg=plies[panels[tallest]])
    settled(page)
    drawn = page.evaluate("""() => {
        const svg = document.querySelector("#board > svg"), box = svg.getBoundingClientRect();
        const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
        return [Math.min(box.width / width, box.height / height) * width, box.width];
    }""")
    assert drawn[0] >= drawn[1] - 1, f"the board is drawn {drawn[0]:.0f} px wide in a frame {drawn[1]:.0f} px wide"


def test_a_choice_in_a_playable_embed_leaves_the_board_in_view(new_context, server):
    """Ice-Turn's "at the bottom" or "on top" came as two 150 px cards in the bar, which left the board of a
    400×560 frame no room at all; a choice is now a line of small buttons, each within the frame."""
    session, rng = Session("ice-turn", rng=random.Random(4)), random.Random(4)
    for _ in range(400):
        state = session.latest
        paths: dict = {}
        for move in state.legal_moves():
            if state.actor_of(move) != CHANCE:
                paths.setdefault(state.path(move), []).append(move)
        asked = next((path for path, moves in paths.items() if len(moves) > 1), None)
        if asked:
            break
        session.play(rng.choice(state.legal_moves()))
    assert asked, "a position that asks a choice"
    page = new_context(viewport={"width": 400, "height": 560}).new_page()
    EmbedView(page, server).open(session.link() + "&play")
    for cell in asked:
        page.click(f'#board [data-cell="{cell}"], #game-panel [data-cell="{cell}"]')
        settled(page)
    choices = page.locator("#choices .choice")
    assert choices.count() == len(paths[asked])
    for n in range(choices.count()):
        found = choices.nth(n).bounding_box()
        assert 0 <= found["y"] and found["y"] + found["height"] <= 560 and found["x"] + found["width"] <= 400
    assert board_height(page) >= 150 and fits(page)
    for n in range(choices.count()):  # what a choice would change is out of sight, still in its name
        said = choices.nth(n).locator("small.preview")
        if said.count():
            assert not said.is_visible() or said.bounding_box()["width"] <= 1
            assert page.get_by_role("button", name=said.inner_text()).count() >= 1

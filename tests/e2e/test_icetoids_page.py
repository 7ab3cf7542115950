"""IceToids in the browser: setup by clicks, reveals with orientation, pushes, links -- and no leaks.

The page draws revealed tiles with its own random generator, so these tests read what
was drawn from the page (its move list and data-position) instead of predicting it;
where a test needs a particular tile it opens a link whose record already holds the draw.
"""

import json
from urllib.parse import unquote

from conftest import PHONE, App
from pyramids import games, record
from pyramids.games.icetoids import CELLS, ORIENTATIONS
from pyramids.loading import Loading

GAME = games.get("icetoids")
# Red (P1) at a2 and Blue (P2) at a1, waiting south of it; Red entered and drew the corner tile.
CORNER_DRAWN = ("p1:colour=red", "p1:home=a2", "p2:colour=blue", "p2:home=a1S", "off-a2", "reveal:a2=corner")


def state_on_page(app):
    return GAME.from_text(app.position())


def choice_labels(app):
    """Each choice's words, without what it would do to the race (its preview, issue 51)."""
    return app.page.locator("#choices button").evaluate_all(
        "els => els.map(e => e.innerText.replace(e.querySelector('.preview')?.innerText ?? '', '').trim())")


def choose(app, move):
    app.page.click(f'#choices button[data-move="{move}"]')


def orient_if_asked(app):
    """A tile drawn by the page may need turning; turn it the first way offered."""
    state = state_on_page(app)
    if state.revealing is None:
        return None
    app.click(state.revealing)
    moves = app.page.locator("#choices button").evaluate_all("els => els.map(e => e.dataset.move)")
    assert len(moves) == len(ORIENTATIONS[state.tiles[CELLS.index(state.revealing)][0]])
    choose(app, moves[0])
    return moves[0]


def page_text_without_rules(page):
    """The whole document except the rules, whose notation examples name cells."""
    return page.evaluate("""() => {
        const copy = document.documentElement.cloneNode(true);
        copy.querySelector('#rules-body').remove();
        return copy.outerHTML;
    }""")


def assert_no_face_down_tile_is_named(app):
    """The link, every storage entry and the page name only tiles that have been turned over."""
    state = state_on_page(app)
    face_down = [c for c, t in zip(CELLS, state.tiles) if t is None]
    revealed = [c for c, t in zip(CELLS, state.tiles) if t is not None]
    link = unquote(app.fragment())
    if link.startswith("v=2&"):  # Share's compact link: its moves are indexes; read them as the page does
        link = unquote(record.encode(Loading.from_link(link).finish()[0].record()))
    storage = unquote(json.dumps(app.page.evaluate("Object.entries(localStorage)")))
    page = page_text_without_rules(app.page)
    saved = "icetoids" in storage  # nothing is saved until the player acts
    for cell in revealed:  # the check can fail: a turned tile is named wherever the game is
        assert f"reveal:{cell}=" in link and f"reveal:{cell}=" in page
        assert f"reveal:{cell}=" in storage or not saved
    for cell in face_down:
        for where, text in (("link", link), ("storage", storage), ("page", page)):
            assert f"reveal:{cell}=" not in text and f"orient:{cell}=" not in text, (where, cell)
    backs = app.page.locator("#board rect.face-down")
    assert sorted(backs.evaluate_all("els => els.map(e => e.dataset.cell)")) == sorted(face_down)
    titles = set(backs.evaluate_all("els => els.map(e => e.textContent.replace(/^\\w+: /, ''))"))
    assert titles <= {"face down"}


def test_setup_for_three_players_then_enter_and_reveal(app):
    app.open()
    app.pick("icetoids")
    assert app.status() == "P1: choose a colour."
    app.page.click("#new")
    app.page.select_option('#new-options [name="players"]', "3")
    app.page.click("#new-start")
    assert "g=icetoids" in app.fragment() and "players=3" in app.fragment()
    app.click("colour:red")
    assert app.status() == "Red (P1): choose a home tile on the edge of the board."
    app.click("b1")
    assert app.status() == "P2: choose a colour."
    app.click("colour:red")
    assert "Red is taken" in app.message()
    app.click("colour:blue")
    app.click("b1")
    assert "already p1's home tile" in app.message()
    app.click("d4")
    assert sorted(choice_labels(app)) == ["home d4, waiting by the east edge", "home d4, waiting by the north edge"]
    choose(app, "p2:home=d4E")
    app.click("colour:green")
    app.click("b2")
    assert "not on the edge" in app.message()
    app.click("a3")
    assert app.moves() == ["p1:colour=red", "p1:home=b1", "p2:colour=blue", "p2:home=d4E",
                           "p3:colour=green", "p3:home=a3"]
    assert app.status() == "Red (P1) to move."
    assert app.page.locator('#board [data-cell="off:blue"]').count() == 1
    app.click("off:red")
    assert app.page.locator("#board rect.target").evaluate_all("els => els.map(e => e.dataset.cell)") == ["b1"]
    app.click("b1")
    moves = app.moves()
    assert moves[6] == "off-b1" and moves[7].startswith("reveal:b1=")
    turned = orient_if_asked(app)
    assert app.moves()[8:] == ([turned] if turned else [])
    assert app.status() == "Blue (P2) to move."
    assert app.position() == GAME.replay(app.moves(), players=3).to_text()
    assert app.page.locator("#board rect.face-down").count() == 15
    assert_no_face_down_tile_is_named(app)


def test_turn_a_revealed_tile_then_push_and_share(app, new_context, server):
    app.open(record.encode(record.Record("icetoids", {}, CORNER_DRAWN)))
    assert app.status() == "Red (P1): choose how a2 is turned (the buttons under the board)."
    assert app.page.locator("#board .preview").count() == 4, "the four layouts are drawn"
    app.click("a2")
    assert sorted(choice_labels(app)) == ["Arrows E and S", "Arrows N and E", "Arrows N and W", "Arrows S and W"]
    choose(app, "orient:a2=ES")
    assert app.moves()[-1] == "orient:a2=ES" and app.status() == "Blue (P2) to move."
    assert app.page.locator("#board .preview").count() == 0
    arrows = app.page.locator("#board .art .arrow").evaluate_all("els => els.map(e => e.getAttribute('class'))")
    assert sorted(arrows) == ["arrow E", "arrow S"]

    app.play("off:blue", "a1")  # the page draws a1
    orient_if_asked(app)
    app.play("a2:red.U", "dir:S")  # Red points its piece at a1
    app.play("a1:blue.U", "dir:N")
    app.play("off:red", "a2")  # entering could push the red piece on a2: decline
    assert choice_labels(app) == ["no push", "push red (pointing S)"]
    choose(app, "off-a2")
    app.play("off:blue", "a1")
    choose(app, "off-a1")
    app.play("a2:red.S", "a1")
    assert choice_labels(app) == ["no push", "push blue (pointing N)", "push blue (upright)"]
    choose(app, "a2.S-a1!blue.N")
    assert app.moves()[-1] == "a2.S-a1!blue.N"
    state = state_on_page(app)
    assert state.off_board["blue"] == 2, "pushed off the board, back beside its home tile"
    assert app.position() == GAME.replay(app.moves()).to_text()
    marked = app.page.locator("#board .art .last").count()
    assert marked == 2, "the push marks where the mover came from and the tile it entered"
    position, moves = app.position(), app.moves()
    assert_no_face_down_tile_is_named(app)

    app.reload()
    assert app.position() == position and app.moves() == moves
    link = app.share()
    assert link.startswith(server) and "g=icetoids" in link
    other = app.elsewhere(link, new_context().new_page())
    assert other.position() == position and other.moves() == moves
    assert other.status() == "Blue (P2) to move."
    assert_no_face_down_tile_is_named(other)


def test_point_with_the_tray_s_buttons_and_undo(app):
    moves = CORNER_DRAWN + ("orient:a2=NE", "off-a1", "reveal:a1=green")
    app.open(record.encode(record.Record("icetoids", {}, moves)))
    app.click("a2:red.U")
    assert "Choose" in app.message()
    app.page.click('#board .tray [data-cell="dir:W"]')
    assert app.moves()[-1] == "a2.U>W"
    assert app.page.locator('#board [data-cell="a2:red.W"]').count() == 1, "the piece now lies pointing west"
    app.page.click("#undo")
    assert app.moves() == list(moves)
    app.page.click("#redo")
    assert app.moves()[-1] == "a2.U>W"


def test_on_a_phone_a_lone_piece_and_the_waiting_pieces_are_taken_at_one_tap(new_context, server):
    """On a 390 px phone a piece alone on its tile measured 38 px and the waiting pieces 24 px, so every tap to
    choose one opened the lens, and a move took four taps. Now each takes the clicks of most of its tile or of
    the margin by its home: a finger high, chosen at one tap. A way to point drawn by the tile, smaller, still
    opens the lens; the same ways under the board, a finger high, act at one tap."""
    app = App(new_context(**PHONE).new_page(), server)
    app.open(record.encode(record.Record("icetoids", {}, CORNER_DRAWN + ("orient:a2=ES", "off-a1",
                                                                         "reveal:a1=green"))))
    assert app.status().startswith("Red (P1) to move")

    def tap(cell, within="#board"):
        location = app.page.locator(f'{within} [data-cell="{cell}"]').first
        location.scroll_into_view_if_needed()
        box = location.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44 or within == ".lens", f"{cell}: {box}"
        app.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        app.settled()

    def selected():
        return app.page.locator('#board [aria-label*="selected"]').evaluate_all("els => els.map(e => e.dataset.cell)")

    for cell in ("a2:red.U", "off:red"):
        tap(cell)
        assert app.page.locator(".lens").count() == 0 and selected() == [cell]
        app.page.keyboard.press("Escape")
        app.settled()
        assert selected() == []
    empty = app.page.locator("#board .tray").bounding_box()
    tap("a2:red.U")
    filled = app.page.locator("#board .tray").bounding_box()
    assert abs(filled["height"] - empty["height"]) < 1, "what is under the board stays as the ways fill the tray"
    app.page.locator('#board > svg [data-cell="dir:N"]').tap()
    assert app.page.locator(".lens").count() == 1, "a way to point by the tile is smaller than a finger: magnified"
    tap("dir:N", ".lens")
    assert app.moves()[-1] == "a2.U>N"
    app.page.click("#undo")
    app.settled()
    tap("a2:red.U")
    tap("dir:S", "#board .tray")  # under the board, a finger high: at one tap
    assert app.page.locator(".lens").count() == 0 and app.moves()[-1] == "a2.U>S"


def test_on_a_phone_a_revealed_tile_is_turned_at_one_tap_under_the_board(new_context, server):
    """[A11] the mover turns the revealed tile: on a 390 px phone its pictures over the board measured 27 px and
    their words 7 px, and each tap opened the lens.  There the tray under the board has them, a finger high, taken
    at one tap, as high as the tray's room (nothing under it moves); the pictures over the board are not drawn."""
    app = App(new_context(**PHONE).new_page(), server)
    app.open(record.encode(record.Record("icetoids", {}, CORNER_DRAWN)))
    assert app.page.locator("#board .orientations").is_hidden()
    buttons = app.page.locator("#board .tray [data-cell^='turn:']")
    assert buttons.evaluate_all("els => els.map(e => e.dataset.cell)") == [f"turn:{a}" for a in ORIENTATIONS["corner"]]
    assert buttons.first.get_attribute("title") == "Turn a2: Arrows N and E"
    tray = app.page.locator("#board .tray").bounding_box()
    east = buttons.nth(1)
    east.scroll_into_view_if_needed()
    box = east.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    east.tap()
    app.settled()
    assert app.page.locator(".lens").count() == 0 and app.moves()[-1] == "orient:a2=ES"
    assert abs(app.page.locator("#board .tray").bounding_box()["height"] - tray["height"]) < 1


def test_on_a_1366x768_laptop_the_board_and_its_tray_fit_the_window(new_context, server):
    """The board's column was as wide as the window is high, less the header's room: IceToids' square board
    with its tray under it stood 34 px below the window's foot once play began, the ways to point among what
    was cut off. Now its column is narrowed by the tray's room, in setup (the tray's room kept) and in play."""
    laptop = {"width": 1366, "height": 768}
    app = App(new_context(viewport=laptop).new_page(), server)
    for moves in ((), CORNER_DRAWN + ("orient:a2=NE", "off-a1", "reveal:a1=green")):
        app.open(record.encode(record.Record("icetoids", {}, moves)))
        if moves:
            app.click("a2:red.U")  # the ways to point, in the tray
            assert app.page.locator('#board .tray [data-cell="dir:W"]').count() == 1
        board, tray = (app.page.locator(s).bounding_box() for s in ("#board", "#board .tray"))
        assert tray["y"] + tray["height"] <= board["y"] + board["height"] <= laptop["height"], (moves, board, tray)
        assert app.page.evaluate("scrollY") == 0

"""Terrafex in the browser: a whole turn by clicks (the fire played by the opponent, a glacier
splitting against a mountain), reload and share; the layout editor makes a layout that opens from its link."""

import re

from conftest import App, in_window, two_frames
from pyramids import games, record
from test_access import active, arrow_to, to_board

GAME = games.get("terrafex")
LAYOUT = ["put:B3@a4", "put:Y2@b4", "put:G2@e2", "put:B2@h6", "put:G1@f5", "start"]
TURN = ["glacier:a4E/1@b3,2@b5", "forest:grow:e2", "mountain:start:g6", "fire:1", "fire:start:h7", "end"]


def lit(app):
    return sorted(app.page.locator("#board rect.target").evaluate_all("els => els.map(e => e.dataset.cell)"))


def test_a_whole_turn_by_clicks_with_the_opponents_fire_and_a_split(app, new_context):
    app.open(record.encode(record.Record("terrafex", {"layout": "custom"}, tuple(LAYOUT))))
    assert app.status() == "White: choose a forest, mountain, fire or glacier action."
    assert "White" in app.page.inner_text("#game-panel") and "Score now" in app.page.inner_text("#game-panel")
    # The glacier on a4 moves east into the medium mountain and splits: small to b3, medium to b5.
    app.click("a4")
    assert lit(app) == ["b4"]
    app.click("b4")
    assert "small glacier" in app.message()
    assert lit(app) == ["a4", "b3", "b5"]
    app.click("b3")
    assert "medium glacier" in app.message()
    app.click("b5")
    app.click("e2")  # grow the forest
    app.click("g6")  # an empty square: a small mountain starts there
    app.panel_click("pool:R1")  # White selects a small fire ...
    assert app.status() == "Black: play the fire."
    assert "f5" in lit(app) and "e2" in lit(app), "the squares Black may play it on are lit"
    app.click("h7")  # ... and Black plays it
    assert app.moves()[-len(TURN):] == TURN
    assert "White has taken all four actions" in app.message()
    assert app.status() == "Black: choose a forest, mountain, fire or glacier action."
    position = GAME.replay(LAYOUT + TURN, layout="custom").to_text()
    assert app.position() == position
    assert app.page.locator("#game-panel .tfx-tracker.used").count() == 0, "Black's trackers stand again"

    app.reload()
    assert app.position() == position and app.moves()[-len(TURN):] == TURN
    other = app.elsewhere(app.share(), new_context().new_page())
    assert other.position() == position
    other.page.click("#undo")
    assert other.position() == GAME.replay(LAYOUT + TURN[:-2], layout="custom").to_text(), \
        "undo takes back the fire and the turn's end together"


def test_the_layout_editor_makes_a_layout_that_opens_from_its_link(app, new_context):
    app.open()
    app.new_game("terrafex", layout="custom")
    assert "Layout editor" in app.status()
    assert "at least one glacier" in app.page.inner_text("#game-panel")
    app.panel_click("pool:B3")
    app.click("c4")
    app.panel_click("start")
    assert "at least one forest" in app.message(), "Start says what the layout lacks"
    app.panel_click("pool:G3")
    app.click("d4")
    assert "The layout is valid" in app.page.inner_text("#game-panel")
    app.click("c4")  # take the glacier off again, then put it back on a3
    app.panel_click("pool:B3")
    app.click("a3")
    app.panel_click("start")
    assert app.status() == "White: choose a forest, mountain, fire or glacier action."
    moves = ["put:B3@c4", "put:G3@d4", "clear:c4", "put:B3@a3", "start"]
    assert app.moves() == moves
    app.click("e4")  # next to the large forest: spread a forest or start a mountain? The page asks.
    assert app.page.locator("#choices button").count() == 2
    app.page.click('#choices button[data-move="forest:spread:e4"]')
    position = GAME.replay(moves + ["forest:spread:e4"], layout="custom").to_text()
    assert app.position() == position
    link = app.share()
    assert "layout=custom" in link
    other = app.elsewhere(link, new_context().new_page())
    assert other.position() == position and other.moves() == moves + ["forest:spread:e4"]


def test_the_editor_replaces_a_piece_rather_than_deleting_it(app):
    """Issue 26: a supply piece, then an occupied square, deleted the piece there; now it takes its place."""
    app.open(record.encode(record.Record("terrafex", {"layout": "custom"}, ("put:G2@d4",))))
    app.panel_click("pool:B3")
    app.click("d4")
    assert app.moves() == ["put:G2@d4", "put:B3@d4"]
    assert "in place of a medium forest" in app.message()
    assert app.position().startswith("......../......../......../...B3....")


def test_the_computer_plays_black_after_a_custom_layout(app):
    """Issue 26: with a custom layout Black is a seat: New game offers it, and a link with bots=black:hard opens;
    the computer plays Black's fire and turn, and the page does not light that fire's squares for the person."""
    app.open()
    app.pick("terrafex")
    app.page.click("#new")
    app.page.select_option('#new-options [name="layout"]', "custom")
    app.page.wait_for_selector('#new-seats select[name="seat:black"]')
    app.page.keyboard.press("Escape")
    app.open(record.encode(record.Record("terrafex", {"layout": "custom"}, tuple(LAYOUT), {"bots": "black:easy"})))
    assert "bots=black:easy" in app.fragment() and "Every seat is a person's" not in app.message()
    app.open(record.encode(record.Record("terrafex", {"layout": "custom"}, tuple(LAYOUT), {"bots": "black:hard"})))
    app.play("a4", "b4", "b3", "b5", "e2", "g6")
    app.panel_click("pool:R1")  # White selects a small fire: the computer plays it for Black
    app.page.wait_for_function("document.getElementById('status').textContent.includes('thinking')")
    assert lit(app) == [], "no square invites a tap: the fire is the computer's to play"
    assert "Black will play the small fire" in app.page.inner_text("#game-panel .tfx-fire")
    app.page.wait_for_function("document.querySelectorAll('#moves [data-notation]').length > "
                               f"{len(LAYOUT) + len(TURN)}", timeout=60_000)
    assert app.moves()[len(LAYOUT):len(LAYOUT) + 4] == TURN[:4]
    assert app.moves()[len(LAYOUT) + 4].startswith("fire:"), "Black's fire, played by the computer"


# Layout 1: White's glacier caps the forest on c3 at Black's first glacier move (a small forest under a large glacier).
CAPPED = ("glacier:a3E", "mountain:start:e3", "forest:grow:e6", "fire:3", "fire:burn:f5", "end", "forest:grow:d2",
          "mountain:start:a3", "glacier:b3E")


def test_each_square_names_what_it_holds_and_what_it_scores_for_whom(app):
    """Issue 25: "every Terrafex square has a hover text and an accessible name saying what it holds and what it
    scores for whom"; the pointer over a piece reaches its square's hover text (pieces take no pointer)."""
    from playwright.sync_api import expect

    state = GAME.replay(CAPPED)
    app.open(record.encode(record.Record("terrafex", {}, CAPPED)))
    capped = "c3: capped forest (a small forest under a large glacier) — scores nothing while capped"
    assert state.location_name("c3") == capped
    def named(cell, name):  # ", last move" where the link's last whole turn (here White's) changed the square
        expect(app.page.locator(f'#board [data-cell="{cell}"]')).to_have_accessible_name(
            re.compile("^" + re.escape(name) + "(, last move)?$"))
    named("c3", capped)
    named("d2", "d2: large forest — scores 3 for White")
    named("f5", state.location_name("f5"))
    assert "costs" in state.location_name("f5"), "f5 holds the fire left by the burn"
    for square in ("c3", "d2", "f5", "h7"):
        box = app.page.locator(f'#board [data-cell="{square}"]').bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.4  # over the piece, off its pips
        app.page.mouse.move(x, y)
        hovered = app.page.evaluate("([x, y]) => document.elementFromPoint(x, y).querySelector('title')?.textContent",
                                    [x, y])
        assert hovered == state.location_name(square), square
    to_board(app)  # the keyboard layer walks the squares by these names
    arrow_to(app, "c3")
    assert active(app)["label"].startswith(capped)


def test_on_a_short_phone_a_mountain_chosen_in_the_pool_brings_its_lit_squares_into_view(new_context, server):
    """On a phone the pool is in the panel, far under the board (390x664: ~950 px down the page).  A small mountain
    chosen there lit the squares it may start on 560 px over the window's top, and the message saying so with them:
    the tap seemed to do nothing.  The lit squares now come into view, and the message under the board with them;
    a square then tapped starts the mountain."""
    app = App(new_context(viewport={"width": 390, "height": 664}, has_touch=True, is_mobile=True).new_page(), server)
    app.open()
    app.pick("terrafex")
    pool = app.page.locator('#game-panel [data-cell="pool:Y1"]')
    pool.scroll_into_view_if_needed()
    assert app.page.locator("#board").bounding_box()["y"] + app.page.locator("#board").bounding_box()["height"] < 0
    pool.tap()
    app.settled()
    two_frames(app.page)
    squares = app.page.locator('#board [aria-label*="legal target"]').evaluate_all(
        "els => els.map(e => { const box = e.getBoundingClientRect(); return [box.top, box.bottom]; })")
    assert squares and any(in_window(box, 664) for box in squares), "a lit square in view"
    message = app.page.evaluate("(() => { const box = document.querySelector('#message').getBoundingClientRect(); "
                                "return [box.top, box.bottom]; })()")
    assert app.message() == "Choose a lit square for the small mountain." and in_window(message, 664)
    app.page.locator('#board [data-cell="a1"]').tap()
    app.settled()
    assert app.moves()[-1] == "mountain:start:a1"


def test_a_hint_is_said_alone_not_run_into_the_turn_told_before_it(app):
    """A hint after the other side's turn read "Hint: White grows the mountain on e3. The rest of Black's turn: …",
    as if the turn were part of the hint; the turn is told until the player acts, and asking for a hint is acting."""
    state, moves, black = games.get("terrafex").new(), [], False
    while not (black and state.turn_of() == "white"):  # White's turn, then Black's, made by their first moves
        black = black or state.turn_of() == "black"
        moves.append(sorted(state.legal_moves())[0])
        state = state.play(moves[-1])
    app.open(f"v=1&g=terrafex&m={'+'.join(moves)}")
    assert app.message().startswith("Black's turn: ")
    app.page.click("#hint")
    app.page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint:')",
                               timeout=60_000)
    hint = app.message()
    assert "turn" not in hint and re.fullmatch(r"Hint: White [^.]+\.", hint), hint

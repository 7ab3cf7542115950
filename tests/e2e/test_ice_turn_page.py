"""Ice-Turn in the browser: placement by clicks, a full turn by clicks, and no re-drawn deal or roll.

The page deals and rolls with its own random generator; where a test needs a particular deal or
roll it opens a link whose record already holds it, and otherwise it reads the draws from the page.
"""

import pytest
from conftest import PHONE, App, in_window, two_frames
from pyramids import games, record

GAME = games.get("ice-turn")
# The layout of tests/test_ice_turn.py, placed alternately by Red and Blue (2 players).
PLACEMENTS = [
    ("a1", "single", "N"), ("b4", "qturner", ""), ("a3", "double", "EW"), ("c4", "double", "NS"),
    ("a2", "qturner", ""), ("b3", "single", "N"), ("c3", "single", "S"), ("d3", "qturner", ""),
    ("c1", "qturner", ""), ("a4", "single", "E"), ("b2", "double", "EW"), ("d4", "single", "W"),
    ("b1", "double", "NS"), ("c2", "single", "E"), ("d1", "double", "EW"), ("d2", "double", "NS"),
]
DEAL = [f"deal:{'red' if i % 2 == 0 else 'blue'}={kind}" for i, (_, kind, _) in enumerate(PLACEMENTS)]
PLACE = [f"place:{c}={kind}" + (f":{arrows}" if arrows else "") for c, kind, arrows in PLACEMENTS]


FACES_ROLLED = ("tip", "aim", "swap", "hop", "dig", "wild")


def link(moves):
    return record.encode(record.Record("ice-turn", {}, tuple(moves)))


def choose(app, move):
    app.page.click(f'#choices button[data-move="{move}"]')


def test_placement_by_clicks_with_refusals_explained(app):
    app.open(link(DEAL))
    assert app.moves() == DEAL, "the deal in the link is kept, not drawn again"
    assert app.status() == "Red: place a tile: choose an empty cell, then a tile from your hand."
    assert app.page.locator("#game-panel .seat").count() == 2
    app.play("a1", "tile:sW")
    assert "off the board" in app.message()
    app.play("a1", "tile:sN")
    assert app.moves()[-1] == "place:a1=single:N"
    assert app.status().startswith("Blue: place a tile")
    app.play("b4", "tile:q")
    app.play("a3", "tile:dEW")
    app.play("b2", "tile:q")
    assert "same column" in app.message()
    app.play("c4", "tile:dNS")
    assert app.moves()[16:] == PLACE[:4]
    assert app.position() == GAME.replay(app.moves()).to_text()
    art = app.page.locator("#board .art .arrows").evaluate_all("els => els.map(e => e.getAttribute('class'))")
    assert sorted(art) == ["arrows double EW", "arrows double NS", "arrows qturner any", "arrows single N"]


def test_a_full_turn_by_clicks_then_reload_share_and_undo(app, new_context, server):
    app.open(link(DEAL + PLACE + ["roll:3", "face:aim"]))
    assert "3 of 3 movement points" in app.page.inner_text("#game-panel")
    assert "Aim" in app.page.inner_text("#game-panel")
    app.click("a1")  # the starting tree
    lit = app.page.locator("#board .tray .action.lit").evaluate_all("els => els.map(e => e.dataset.cell)")
    assert "tip:N" in lit and "tip:E" in lit and "tip:S" not in lit
    app.click("tip:N")
    assert app.moves()[-1] == "tip:a1N"
    app.play("a3", "a4")  # the small, lying north on a3, moves one cell for 1 MP
    assert app.moves()[-1] == "move:a3"
    app.play("c4", "aim:+90")
    assert app.moves()[-1] == "aim:c4+90"
    assert "1 of 3 movement points" in app.page.inner_text("#game-panel")
    app.click("end")
    assert app.moves()[-1] == "end-moves"
    assert app.status() == "Red: reactionary turning: turn any lit piece, or end the turn."
    lit = app.page.locator("#board rect.turnable").count()
    assert lit == 3, "a2 (reached from a1's arrow), a1 and a4 (reached from a2's Q-Turner)"
    app.play("a2", "turn:E")
    assert app.moves()[-1] == "react:a2E"
    app.click("end")
    moves = app.moves()
    assert moves[-4:-2] == ["react:a2E", "end-turn"]
    assert moves[-2].startswith("roll:") and moves[-1].startswith("face:"), "Blue's dice, drawn by the page"
    assert app.position() == GAME.replay(moves).to_text()
    position = app.position()

    app.reload()
    assert app.moves() == moves and app.position() == position, "reload draws nothing again"
    other = app.elsewhere(app.share(), new_context().new_page())
    assert other.moves() == moves and other.position() == position, "the link replays the same dice"

    app.page.click("#undo")
    assert app.moves() == moves[:-3], "end-turn goes back with Blue's dice"
    app.page.click("#redo")
    assert app.moves() == moves and app.position() == position, "redo brings back the same dice"
    app.page.click("#undo")
    app.click("end")
    assert app.moves() == moves, "ending the turn again is the same move: same dice"
    app.page.click("#first")
    app.page.click("#last")
    assert app.moves() == moves and app.position() == position


def test_a_stack_insertion_is_chosen_with_a_picture(app):
    # Red tipped its tree north and turned the medium (a2) south, at the large on a1.
    moves = DEAL + PLACE + ["roll:6", "face:hop", "tip:a1N", "turn:a2S"]
    app.open(link(moves))
    app.play("a2", "a1")  # the medium points south at the large on a1
    labels = app.page.locator("#choices button").evaluate_all(  # the words after the picture, before the preview
        "els => els.map(e => e.innerText.replace(e.querySelector('.preview')?.innerText ?? '', '').trim())")
    assert [text.split("\n")[-1] for text in labels] == ["At the bottom on a1", "On top on a1"]
    assert app.page.locator("#choices button .preview").all_inner_texts() == \
        ["Red 1 cell farther from the nest (16 to go)"] * 2
    assert app.page.locator("#choices button svg.stack-picture").count() == 2
    choose(app, "move:a2@0")
    assert app.moves()[-1] == "move:a2@0"
    assert GAME.from_text(app.position()).stacks[0] == ("r2", "r3")


def test_four_players_from_the_new_game_form(app):
    app.open()
    app.new_game("ice-turn", players="4")
    assert "players=4" in app.fragment()
    assert len(app.moves()) == 16 and all(m.startswith("deal:") for m in app.moves())
    assert app.page.locator("#game-panel .seat").count() == 4
    assert app.page.locator("#board .goal").count() == 4
    assert app.status().startswith("Red: place a tile")
    deal = app.moves()
    app.reload()
    assert app.moves() == deal, "the deal is stored, not drawn again"


BOXES = """() => {
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const all = sel => [...document.querySelectorAll(sel)].map(box);
  const svg = document.querySelector('#board > svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const words = [...document.querySelectorAll('#board .face .caption, #board .face p')]  // what the tray shows
    .filter(e => e.getClientRects().length);
  return {board: box(svg), tray: box(document.querySelector('#board .tray')), help: all('#board .face .help'),
          buttons: all('#board .face button'), words: words.map(box),
          sizes: [...words, ...document.querySelectorAll('#board .face button')]
            .map(e => parseFloat(getComputedStyle(e).fontSize)),
          goal_size: 13 * scale, goals: all('#board .goal text'), pieces: all('#board .pieces .pyramid')};
}"""


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(inner, outer):
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def test_the_tray_s_help_and_the_goal_labels_stay_clear_on_a_phone_and_a_desktop(app):
    """Issue 26: at 390x844 the tray's help overlapped the tile buttons and the "goal" label on a1 hid under
    the tree there; the tray's words came out 7-8 px high there, smaller than the board's labels. The tray is
    now HTML under the board: measured on screen, nothing overlaps, every label lies on the board and every
    word and button in the tray, no word smaller than "goal", and on the phone each button a finger high
    (44 px; drawn in the board's SVG, they were 22 px)."""
    for width, height in ((390, 844), (1200, 850)):
        app.page.set_viewport_size({"width": width, "height": height})
        app.open(link(DEAL))
        boxes = app.page.evaluate(BOXES)
        assert len(boxes["help"]) == 1 and len(boxes["buttons"]) >= 3 and len(boxes["goals"]) == 2
        assert boxes["tray"][1] >= boxes["board"][3] - 1, "under the board"
        for label in boxes["goals"]:
            assert label[2] > label[0] and inside(label, boxes["board"]), width
            assert not any(overlap(label, piece) for piece in boxes["pieces"]), f"a goal label is hidden at {width}"
        for state in ("setup", "a turn with a Wild face"):
            words, buttons = boxes["words"], boxes["buttons"]
            if state == "setup":
                assert len(words) == 4, "the help and each kind's caption, double arrow, Q-Turner and single arrow"
            else:
                assert len(words) == (4 if width == 390 else 3) and len(buttons) == 16, \
                    "(on the phone the die and the movement points) Tip 1 MP, Turn 1 MP, Treehouse; the arrows, the " \
                    "Wild's Tip, three Aims, Swap, Hop, Dig, End"
            assert min(boxes["sizes"]) >= boxes["goal_size"], f"tray words below 'goal' at {width}, {state}"
            assert all(inside(w, boxes["tray"]) for w in words + buttons), f"{width}, {state}"
            assert not any(overlap(a, b) for i, a in enumerate(words + buttons) for b in (words + buttons)[i + 1:]), \
                f"{width}, {state}"
            if width == 390:
                assert all(b[2] - b[0] >= 44 and b[3] - b[1] >= 44 for b in buttons), f"a finger high: {state}"
            app.open(link(DEAL + PLACE + ["roll:3", "face:wild"]))
            boxes = app.page.evaluate(BOXES)


FACES = {"placing": DEAL + PLACE[:3], "rolling": DEAL + PLACE + ["roll:3"], "reacting": DEAL + PLACE + [
    "roll:3", "face:dig", "end-moves"], **{face: DEAL + PLACE + ["roll:3", f"face:{face}"] for face in FACES_ROLLED}}


def test_the_tray_is_as_high_on_every_turn_so_nothing_under_the_board_moves(app):
    """A phone's Wild face took two rows more than a Tip face's, and its Aim face one: the game log under the board
    moved down and back as the dice fell.  The tray keeps the room of its tallest faces, at every width: on a phone,
    a tablet's column and a laptop (where board and tray also stay within the window)."""
    for width, height in ((390, 844), (360, 740), (800, 1000), (1280, 720), (1366, 768)):
        app.page.set_viewport_size({"width": width, "height": height})
        seen = {}
        for name, moves in FACES.items():
            app.open(link(moves))
            app.page.evaluate("window.scrollTo(0, 0)")
            seen[name] = app.page.evaluate("""() => [document.querySelector('#board .tray').offsetHeight,
                document.querySelector('#board').getBoundingClientRect().bottom]""")
        heights = {h for h, _ in seen.values()}
        assert len(heights) == 1, (width, seen)
        if width >= 1280:
            assert all(bottom <= height for _, bottom in seen.values()), (width, seen)


@pytest.mark.parametrize("width, height", [(1280, 720), (1366, 700), (1024, 600)])
def test_on_a_touch_screen_every_face_of_the_tray_is_within_the_window(new_context, server, width, height):
    """With a finger's 44 px buttons a Wild face takes four rows under a board less than 600 px wide: on a tablet
    or a touch laptop (1280x720, or a 1280x800 screen less the browser's bars) End movement stood 60-80 px under
    the window's foot.  The board now leaves the room of those rows, and every face's buttons are in view."""
    app = App(new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True).new_page(),
              server)
    for name, moves in FACES.items():
        app.open(link(moves))
        app.page.evaluate("window.scrollTo(0, 0)")
        lowest = app.page.evaluate("""() => Math.max(...[...document.querySelectorAll('#board .tray .face button')]
            .map(b => b.getBoundingClientRect().bottom))""")
        assert lowest <= height, f"{name}: a button of the tray ends {lowest - height:.0f} px under the window"


def test_on_a_phone_the_tray_s_buttons_act_at_one_tap(new_context, server):
    """Drawn in the board's SVG, the tray's buttons measured 22 px on a 390 px phone and each tap opened the
    lens (two taps for End movement). In HTML, a finger high, each acts at one tap, and the lens still
    magnifies the small arrows drawn on the selected piece's tile."""
    app = App(new_context(**PHONE).new_page(), server)
    app.open(link(DEAL + PLACE + ["roll:3", "face:aim"]))

    def tap(cell, within="#board .tray"):
        location = app.page.locator(f'{within} [data-cell="{cell}"]').first
        location.scroll_into_view_if_needed()
        box = location.bounding_box()
        app.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        app.settled()

    tap("a1", "#board")
    tap("tip:N")
    assert app.page.locator(".lens").count() == 0 and app.moves()[-1] == "tip:a1N"
    tap("a3", "#board")
    tap("a4", "#board")
    assert app.moves()[-1] == "move:a3"
    tap("a1", "#board")
    app.page.locator('#board > svg [data-cell="turn:E"]').tap()
    assert app.page.locator(".lens").count() == 1, "the arrows on the tile are smaller than a finger: magnified"
    app.page.keyboard.press("Escape")
    tap("end")
    assert app.page.locator(".lens").count() == 0 and app.moves()[-1] == "end-moves"
    tap("end")
    assert app.moves()[-3] == "end-turn", "the reactionary turn ended, Blue's dice rolled"
    app.page.tap("#prev")  # a past position: nobody acts there, the tray says what was being done
    app.settled()
    tray, board = (app.page.locator(sel).bounding_box() for sel in ("#board .tray", "#board > svg"))
    assert app.page.locator("#board .face button").count() == 0
    assert "Blue rolls the dice next" in app.page.inner_text(".tray")
    assert tray["width"] >= board["width"] - 20, "as wide as the board, however little it holds"


def test_on_a_short_phone_a_refused_tap_and_the_choices_a_tap_leaves_open_come_into_view(new_context, server):
    """An iPhone with Safari's bars shown (390x664): under the board and its tray, the message and the choices
    stood under the window's foot.  A tile placed pointing off the board seemed to do nothing, and so did the
    tap that moves a piece onto a stack (Ice-Turn's nest is built so): where in the stack it goes is chosen
    from pictures under the window's foot.  Both are scrolled into view, the board's top moved no further than
    that needs (the cell tapped stays in view where they leave room)."""
    app = App(new_context(viewport={"width": 390, "height": 664}, has_touch=True, is_mobile=True).new_page(), server)

    def box(selector):
        return app.page.evaluate(f"""() => {{ const box = document.querySelector('{selector}').getBoundingClientRect();
            return [box.top, box.bottom]; }}""")

    def tap(*cells):
        for cell in cells:
            app.page.locator(f'#board [data-cell="{cell}"]').first.tap()
            app.settled()
        two_frames(app.page)  # the scroll comes in the frame after the drawing

    app.open(link(DEAL))
    assert box("#message")[0] > 664, "the message's place, under the window's foot"
    tap("a1", "tile:sW")
    assert "off the board" in app.message() and in_window(box("#message"), 664)
    assert app.page.locator('#board [data-cell="a1"]').first.bounding_box()["y"] >= 0, "the cell tapped, in view"
    app.open(link(DEAL + PLACE + ["roll:6", "face:hop", "tip:a1N", "turn:a2S"]))
    assert box("#choices")[0] > 664
    tap("a2", "a1")  # the medium points south at the large on a1
    assert app.page.locator("#choices button").count() == 2 and in_window(box("#choices"), 664)

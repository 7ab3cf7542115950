"""Ice-Turn in the browser: placement by clicks, a full turn by clicks, and no re-drawn deal or roll.

The page deals and rolls with its own random generator; where a test needs a particular deal or
roll it opens a link whose record already holds it, and otherwise it reads the draws from the page.
"""

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
    lit = app.page.locator("#board .bar .action.lit").evaluate_all("els => els.map(e => e.dataset.cell)")
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
  const help = [...document.querySelectorAll('#board .bar text')].filter(t => t.textContent.includes('then a tile'));
  return {board: box(document.querySelector('#board svg')), help: help.map(box),
          bar: all('#board .bar > rect'), buttons: all('#board .bar .action'),
          words: [...document.querySelectorAll('#board .bar text')].filter(t => !t.closest('.action')).map(box),
          captions: all('#board .bar .action text'),
          goals: all('#board .goal text'), pieces: all('#board .pieces .pyramid')};
}"""


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(inner, outer):
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def test_the_tray_s_help_and_the_goal_labels_stay_clear_on_a_phone_and_a_desktop(app):
    """Issue 26: at 390x844 the tray's help overlapped the tile buttons and the "goal" label on a1 hid under
    the tree there; its captions came out 7-8 px high there, smaller than the board's labels, in setup and in a
    turn. Measured on screen: nothing overlaps, every label and button lies in the picture, no word in the tray
    smaller than "goal", each button's caption inside it."""
    for width, height in ((390, 844), (1200, 850)):
        app.page.set_viewport_size({"width": width, "height": height})
        app.open(link(DEAL))
        boxes = app.page.evaluate(BOXES)
        assert len(boxes["help"]) == 1 and len(boxes["buttons"]) >= 3 and len(boxes["goals"]) == 2
        assert not any(overlap(boxes["help"][0], button) for button in boxes["buttons"]), width
        for label in boxes["goals"]:
            assert label[2] > label[0] and inside(label, boxes["board"]), width
            assert not any(overlap(label, piece) for piece in boxes["pieces"]), f"a goal label is hidden at {width}"
        words, goal = boxes["words"], boxes["goals"][0]
        assert len(words) == 4, "the help and each kind's caption, double arrow, Q-Turner and single arrow"
        assert all(w[3] - w[1] >= goal[3] - goal[1] for w in words), f"the tray's words smaller than 'goal' at {width}"
        assert all(inside(w, boxes["bar"][0]) for w in words), width
        assert not any(overlap(a, b) for i, a in enumerate(words) for b in words[i + 1:] + boxes["buttons"]), width
        app.open(link(DEAL + PLACE + ["roll:3", "face:wild"]))
        boxes = app.page.evaluate(BOXES)
        buttons = boxes["buttons"]
        assert len(buttons) == 16, "tip and turn arrows, the Wild's Tip, three Aims, Swap, Hop, Dig, End movement"
        assert all(inside(button, boxes["bar"][0]) for button in buttons), f"a button leaves the tray at {width}"
        assert not any(overlap(a, b) for i, a in enumerate(buttons) for b in buttons[i + 1:]), width
        words, captions, goal = boxes["words"], boxes["captions"], boxes["goals"][0]
        assert len(words) == 3 and len(captions) == 8, "Tip 1 MP, Turn 1 MP, Treehouse; MP=7 ... Dig, End movement"
        assert all(w[3] - w[1] >= goal[3] - goal[1] for w in words + captions), f"tray words below 'goal' at {width}"
        assert all(inside(w, boxes["bar"][0]) for w in words), width
        assert not any(overlap(a, b) for i, a in enumerate(words) for b in words[i + 1:] + buttons), width
        assert all(any(inside(c, button) for button in buttons) for c in captions), "a caption leaves its button"

"""Ice Lady played in the browser by clicking, with records in the URL and in storage."""

import random

from pyramids import games, record

GAME = games.get("ice-lady")
# 1. d3-e4  2. e6-f5  3. e4xg6 (a small captures diagonally forward).
OPENING = [("d3", "e4"), ("e6", "f5"), ("e4", "g6")]


def play_opening(app):
    for cells in OPENING:
        app.play(*cells)
    return GAME.replay(["d3-e4", "e6-f5", "e4xg6"]).to_text()


def test_moves_by_clicking_including_a_capture(app):
    app.open()
    assert app.status() == "White to move."
    app.click("d3")
    targets = app.page.locator("#board rect.target")
    assert sorted(targets.evaluate_all("els => els.map(e => e.dataset.cell)")) == ["c4", "e4"]
    app.click("e4")
    app.play("e6", "f5")
    app.play("e4", "g6")
    assert app.moves() == ["d3-e4", "e6-f5", "e4xg6"]
    assert app.position() == GAME.replay(["d3-e4", "e6-f5", "e4xg6"]).to_text()
    assert app.page.locator("#board .captured").count() == 1, "the capture is marked"
    assert app.status() == "Black to move."


def test_reload_restores_the_game(app):
    app.open()
    position = play_opening(app)
    app.reload()
    assert app.position() == position
    assert app.moves() == ["d3-e4", "e6-f5", "e4xg6"]


def test_share_link_opens_the_same_game_in_a_fresh_browser(app, new_context, server):
    app.open()
    position = play_opening(app)
    link = app.share()
    assert link.startswith(server) and "g=ice-lady" in link
    other = app.elsewhere(link, new_context().new_page())
    assert other.position() == position
    assert other.moves() == ["d3-e4", "e6-f5", "e4xg6"]


def test_undo_and_redo(app):
    app.open()
    position = play_opening(app)
    app.page.click("#undo")
    assert app.moves() == ["d3-e4", "e6-f5"]
    assert app.status() == "White to move."
    app.page.click("#redo")
    assert app.moves() == ["d3-e4", "e6-f5", "e4xg6"]
    assert app.position() == position
    assert app.page.is_disabled("#redo")


def test_history_browsing_with_keys_and_buttons(app):
    app.open()
    position = play_opening(app)
    app.page.keyboard.press("Home")
    assert app.position() == GAME.new().to_text()
    app.page.keyboard.press("ArrowRight")
    assert app.position() == GAME.replay(["d3-e4"]).to_text()
    app.click("e6")
    assert "looking at move 1 of 3" in app.message()
    app.page.click("#last")
    assert app.position() == position
    app.page.click("#prev")
    assert app.position() == GAME.replay(["d3-e4", "e6-f5"]).to_text()
    app.page.keyboard.press("End")
    assert app.position() == position


def test_illegal_clicks_explain_themselves(app):
    app.open()
    app.click("d6")
    assert "Black" in app.message()
    app.click("d4")
    assert app.message() != ""
    app.click("d3")
    app.click("d5")
    assert app.message(), "a click on a square the small cannot reach says why"
    assert "Traceback" not in app.page.content()
    assert app.moves() == []


def promotion_record():
    """A random game (fixed seed) up to a moment where White may promote."""
    rng = random.Random(7)
    for _ in range(200):
        state, moves = GAME.new(), []
        while state.outcome is None and len(moves) < 200:
            promos = [m for m in state.legal_plays() if m.endswith("=K")]
            if promos and state.to_move == "white":
                return moves, promos[0]
            move = rng.choice(state.legal_plays())
            moves.append(move)
            state = state.play(move)
    raise AssertionError("no promotion found")


def test_promotion_asks(app):
    moves, promo = promotion_record()
    app.open(record.encode(record.Record("ice-lady", {}, tuple(moves))))
    start, end = promo[:2], promo[3:5]
    app.play(start, end)
    buttons = app.page.locator("#choices button")
    assert buttons.count() == 2
    app.page.click(f'#choices button[data-move="{promo}"]')
    assert app.moves()[-1] == promo
    assert app.position() == GAME.replay(moves + [promo]).to_text()


def test_new_game_with_mandatory_capture(app):
    app.open()
    app.play("d3", "e4")
    app.page.click("#new")
    app.page.check('#new-options [name="mandatory_capture"]')
    app.page.click("#new-start")
    assert app.moves() == []
    assert "mandatory_capture=1" in app.fragment()
    app.play("d3", "e4")
    app.play("e6", "f5")
    app.click("c3")
    assert "capturing is mandatory" in app.message()
    assert app.moves() == ["d3-e4", "e6-f5"]


def test_a_whole_game_by_clicking(app):
    """Plays to the end by clicks only, preferring captures so the game finishes."""
    app.open()
    rng = random.Random(3)
    state = GAME.new()
    while state.outcome is None:
        legal = state.legal_plays()
        captures = [m for m in legal if "x" in m]
        move = rng.choice(captures or legal)
        app.play(*state.path(move))
        if app.page.locator("#choices button").count():
            app.page.click(f'#choices button[data-move="{move}"]')
        state = state.play(move)
        assert app.moves()[-1] == move
    assert app.position() == state.to_text()
    assert "wins" in app.status()


def test_the_frame_says_what_it_waits_for_while_python_starts(app):
    """The frame is there before Python; its note follows PyScript's stages until the board replaces it.
    (A link opened on a first visit: no board can be painted before Python, not even the default game's.)"""
    app.page.add_init_script("""
        window.__notes = [];
        new MutationObserver(() => {
          const note = document.querySelector('#board .loading');
          // the parser may add the note and its text in two steps: a note without text yet is not one
          if (note && note.textContent && note.textContent !== __notes.at(-1)) __notes.push(note.textContent);
        }).observe(document, {childList: true, subtree: true, characterData: true});
    """)
    app.open("v=1&g=ice-lady&m=d3-e4")
    assert app.page.evaluate("__notes") == ["Starting the game engine…", "Loading Python…"]  # it brings the games
    assert app.page.locator("#board .loading").count() == 0 and app.page.locator("#board svg").count() == 1

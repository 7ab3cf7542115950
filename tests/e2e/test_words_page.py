"""Issue 13 on the page: moves in words, the end of a game, the new-game form, Esc, and a quiet console."""

from __future__ import annotations

import random

import pytest
from conftest import in_window, two_frames

from pyramids import games, record

PROMOTION = "c3-b4+f6-g5+b4-a5+g5-h4+a5-b6+h4-g3"  # White's small on b6 may take on d8, promoted or not


@pytest.mark.parametrize("game_id", games.ids())
def test_no_console_warning_or_error_on_load(new_context, server, game_id):
    """Every game's page loads without a console warning (py/main.py was preloaded and used seconds later)."""
    page = new_context().new_page()
    said = []
    page.on("console", lambda m: said.append(f"{m.type}: {m.text}") if m.type in ("warning", "error") else None)
    page.goto(f"{server}#v=1&g={game_id}")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    page.wait_for_timeout(1500)  # Chromium reports an unused preload about 3 s after the load event
    assert said == []


def test_moves_in_words_paired_with_the_notation_to_copy(app):
    app.open()
    for cells in (("d3", "e4"), ("e6", "f5"), ("e4", "g6")):
        app.play(*cells)
    assert app.moves() == ["d3-e4", "e6-f5", "e4xg6"]  # kept in data-notation
    assert app.page.get_attribute("#moves li button", "title") == "White small d3 to e4"
    items = app.page.locator("#moves li")
    assert app.page.get_attribute("#moves", "class") == "paired"
    assert items.nth(0).get_attribute("data-num") == "1." and items.nth(2).get_attribute("data-num") == "2."
    assert items.nth(0).inner_text().strip() == "White small d3 to e4"
    assert app.message() == "White small e4 to g6, capturing Black's small on f5."
    assert app.page.get_attribute("#message", "class") == "message", "a note, not a warning"
    app.page.click("#notation")
    assert app.page.input_value("#notation-text") == "1. d3-e4 e6-f5\n2. e4xg6"
    app.page.keyboard.press("Escape")
    assert app.page.is_hidden("#notation-box")


def test_undo_while_browsing_takes_back_the_move_on_screen(app):
    app.open("v=1&g=ice-lady&m=d3-e4+e6-f5+e4xg6")
    app.page.click("#prev")
    app.page.click("#prev")
    assert "Take back move 1, the one on screen, and the 2 after it" in app.page.get_attribute("#undo", "title")
    app.page.click("#undo")
    assert app.moves() == [] and app.message() == "Took back 3 moves, from move 1 on; Redo puts them back."


def test_escape_cancels_a_pending_choice(app):
    app.open(f"v=1&g=ice-lady&m={PROMOTION}")
    app.play("b6", "d8")
    assert app.page.locator("#choices button").count() == 2
    app.page.focus("#choices button")
    app.page.keyboard.press("Escape")
    assert app.page.locator("#choices button").count() == 0
    assert len(app.moves()) == 6 and app.page.locator("#board .selected").count() == 0


def test_a_new_game_over_a_running_one_says_so_first_and_keeps_it(app):
    app.open()
    app.play("d3", "e4")
    app.page.click("#new")
    running = app.page.inner_text("#new-running")
    assert "This game is in progress (1 move)" in running and "My games" in running
    app.page.click("#new-cancel")
    assert app.moves() == ["d3-e4"]
    app.page.click("#new")
    app.page.click("#new-start")
    assert app.moves() == []
    app.page.click("#my-games")
    assert app.page.locator("#games-list li.saved").count() == 1, "the game left is kept in My games"


def test_the_form_keeps_its_values_and_explains_an_invalid_combination(app):
    app.open("v=1&g=ice-towers")
    app.page.click("#new")
    app.page.select_option('#new-options select[name="players"]', "3")
    app.page.check('#new-options input[name="haunted"]')
    app.page.click("#new-start")
    assert app.page.is_visible("#new-game"), "the form stays open"
    assert "Haunted Ice Towers is for two players" in app.page.inner_text("#new-error")
    assert app.page.input_value('#new-options select[name="players"]') == "3"
    assert app.page.is_checked('#new-options input[name="haunted"]')
    app.page.click("#new-cancel")
    app.page.click("#new")
    assert app.page.input_value('#new-options select[name="players"]') == "3", "kept when the form opens again"
    assert app.page.inner_text("#new-error") == ""
    app.page.uncheck('#new-options input[name="haunted"]')
    app.page.click("#new-start")
    assert app.page.is_hidden("#new-game") and "Green" in app.status()


def test_acting_as_red_a_click_on_a_yellow_piece_says_so(app):
    app.open("v=1&g=ice-towers")
    app.page.click('#game-panel [data-actor="red"]')
    yellow = app.page.evaluate("""() => [...document.querySelectorAll('#board [data-cell]')]
        .find(e => /^t[0-9]+$/.test(e.dataset.cell) && e.querySelector('.yellow, [fill*="yellow"]')) ?.dataset.cell""")
    app.click(yellow or "t10")
    assert app.message() == "You are acting as Red; that is Yellow's. Act as Yellow to move it."
    assert app.page.get_attribute("#message", "class") == "message warn"


def test_the_end_of_a_game_offers_a_rematch(app):
    app.open("v=1&g=ice-towers&trios=4")
    assert app.page.is_hidden("#end")
    app.page.click('#game-panel [data-cell="done:red"]')
    app.page.click('#game-panel [data-cell="done:yellow"]')
    assert app.page.is_visible("#end")
    result = app.page.inner_text("#end-result")
    assert result == "Red and Yellow share the win. Everyone agreed the game is over. Final scores: Red 24, Yellow 24."
    assert app.status() == result and app.page.locator("#end-result").bounding_box()["height"] <= 1, \
        "the result is shown once, in the status over the box, and read in the box's region"
    assert app.page.inner_text("#moves li.result") == "Red and Yellow win"
    app.page.click("#rematch")
    assert app.moves() == [] and app.page.is_hidden("#end")
    assert "trios=4" in app.fragment(), "a rematch keeps the options"


def ice_lady_won_by_white():
    """A random game of Ice Lady (fixed seed) that White wins by a move on the board: its moves before that move,
    and that move."""
    rng, game = random.Random(2), games.get("ice-lady")
    for _ in range(200):
        state, moves = game.new(), []
        while state.outcome is None and len(moves) < 400:
            before = state
            moves.append(rng.choice(state.legal_plays()))
            state = state.play(moves[-1])
        if state.outcome and state.outcome.winners == ("white",):
            return moves[:-1], before.path(moves[-1])
    raise AssertionError("no game found")


def end_in_view(app) -> bool:
    two_frames(app.page)
    return in_window(app.page.evaluate("""() => { const box = document.getElementById('end').getBoundingClientRect();
        return [document.getElementById('status').getBoundingClientRect().top, box.bottom]; }"""), SHORT["height"])


SHORT = {"width": 390, "height": 664}  # an iPhone with Safari's bars shown


def test_on_a_short_phone_a_game_that_ends_brings_its_result_and_rematch_into_view(app):
    """The result, Rematch and New game had stood under the window's foot after a move on the board, and over its
    top after the press in the panel under the board that ended the game (Ice Towers' Done)."""
    app.page.set_viewport_size(SHORT)
    moves, last = ice_lady_won_by_white()
    app.open(record.encode(record.Record("ice-lady", {}, tuple(moves))))
    app.page.evaluate("scrollTo(0, 0)")
    app.play(*last)
    assert app.page.is_visible("#end") and end_in_view(app)
    app.open("v=1&g=ice-towers&trios=4")
    app.page.click('#game-panel [data-cell="done:red"]')
    app.page.click('#game-panel [data-cell="done:yellow"]')
    assert app.page.is_visible("#end") and end_in_view(app)

"""The bench's click timing (tests/bench/browser.py, `CLICK_JS`) against the app as it runs: the page's Python
answers from a worker, a message or more after the click, and a timing taken one frame after the click read
every answer as "changed nothing" (the clicks section failed so, unnoticed, once the Python had moved)."""

from bench.browser import CLICK_JS


def test_a_click_is_timed_until_the_page_s_python_has_answered(app):
    app.open()
    timing = app.page.evaluate(CLICK_JS, '#board [data-cell="d3"]')
    assert timing["update"] is not None, "the selection drawn on the board was seen"
    assert timing["layout"] >= timing["update"]
    assert not app.page.evaluate("document.documentElement.hasAttribute('data-answering')"), "answered in full"
    moved = app.page.evaluate(CLICK_JS, '#board [data-cell="e4"]')
    assert moved["update"] is not None and app.moves() == ["d3-e4"]


def test_a_move_on_the_game_s_panel_is_clicked_once_the_panel_shows_it(app):
    """The game's panel is drawn a frame after the board (py/main.py's `draw_after_paint`): a move picked from
    the board's position, on a button the panel has not drawn yet, is clicked once it is there, as a player
    would, not reported as "nothing on the page matches" (Ice Towers' "I'm done" so, after a link opened)."""
    from bench.browser import Bench
    from pyramids import games

    app.open("#ice-towers")
    button = '#game-panel [data-cell="done:red"]'
    app.page.wait_for_selector(button)
    app.page.evaluate("""selector => {  // the panel not yet drawn: its button comes a little later
      const button = document.querySelector(selector), place = button.parentNode;
      button.remove();
      setTimeout(() => place.append(button), 300);
    }""", button)
    state = games.get("ice-towers").from_text(app.position())
    found = {"move": [], "select": []}
    assert Bench.click_move(app.page, state, "red:done", found) is None
    assert "Not done" in app.page.inner_text("#game-panel") and len(found["move"]) == 1

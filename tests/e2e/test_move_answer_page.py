"""A click is answered in its own frame: the board, the status and the choices in the click's task; the
game's panel and log, the save and the link in the task after the next frame (py/main.py's `later`), and
nothing is lost.  Where the Python runs on the page (PyScript, the fallback): from its worker, the board comes
in the worker's first message and the rest in its next (`browser.after_drawing`)."""

from conftest import python_on_the_page
from pyramids import games

GAME = games.get("ice-lady")
CLICK = """cell => document.querySelector(`#board [data-cell="${cell}"]`)
    .dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}))"""


def test_a_move_is_drawn_in_its_click_and_logged_and_saved_after_that_frame(app):
    """Issue 25: "appending a turn to the log must not add to a click's time"; nor does the save."""
    python_on_the_page(app.page)
    app.open()
    app.click("d3")
    before = app.fragment()
    seen = app.page.evaluate(f"""async () => {{
        ({CLICK})('e4');
        for (let i = 0; i < 3; i += 1) await null;  // the click's task ends with its microtasks: the commands
        return {{position: document.getElementById('board').dataset.position, hash: location.hash.slice(1),
                 listed: document.querySelectorAll('#moves [data-notation]').length,
                 status: document.getElementById('status').textContent}};
    }}""")
    assert seen["position"] == GAME.replay(["d3-e4"]).to_text(), "the board is drawn in the click's task"
    assert seen["status"] == "Black to move."
    assert (seen["hash"], seen["listed"]) == (before, 0), "the link and the log wait for the next frame"
    assert app.moves() == ["d3-e4"]
    assert app.fragment() != before
    app.reload()
    assert app.position() == GAME.replay(["d3-e4"]).to_text()


def test_a_move_made_as_the_page_is_left_is_saved_at_once(app):
    """A tab closed or reloaded right after a move (before the next frame) keeps the move: `pagehide`
    runs what waited for the frame."""
    python_on_the_page(app.page)
    app.open()
    app.click("d3")
    before = app.fragment()
    left = app.page.evaluate(f"""() => {{
        ({CLICK})('e4');
        window.dispatchEvent(new PageTransitionEvent('pagehide', {{persisted: false}}));
        return location.hash.slice(1);
    }}""")
    assert left != before
    assert left == app.fragment()
    app.page.goto("about:blank")
    app.open()
    assert app.position() == GAME.replay(["d3-e4"]).to_text()


def test_a_click_that_leaves_the_panel_as_it_was_does_not_draw_it_again(app):
    """Parsing and laying out an unchanged panel again was several milliseconds of a Terrafex click
    (`browser.set_html`); an element kept also keeps its focus and what the keyboard layer added."""
    app.open()
    app.page.evaluate("""() => {
        window.panelChanges = 0;
        new MutationObserver(records => { window.panelChanges += records.length; })
            .observe(document.getElementById('game-panel'), {childList: true, subtree: true});
    }""")
    app.click("d3")  # a selection: the board marks it, the panel (the reserves) does not change
    assert app.page.locator('#board [data-cell="d3"].selected').count() == 1
    app.settled()
    assert app.page.evaluate("window.panelChanges") == 0
    app.play("e4", "e6", "f5")  # moves that change neither the options nor the reserves
    app.settled()
    assert app.page.evaluate("window.panelChanges") == 0
    app.pick("terrafex")  # another panel: the score, the pool, the trackers
    app.settled()
    assert app.page.evaluate("window.panelChanges") > 0
    assert "Score now" in app.page.inner_text("#game-panel")

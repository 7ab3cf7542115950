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

"""Issue 27 in the browser: never lose a game.  A save that would kill the interpreter is listed as
damaged; a browser that does not save says so for as long as it does not; My games says whether the
browser keeps the games safe."""


def my_games(app) -> str:
    app.page.click("#my-games")
    text = app.page.inner_text("#games-box")
    app.page.click("#games-close")
    return text


def test_a_save_nested_20_000_deep_opens_the_page_and_is_listed_as_damaged(app):
    """Issue 27: as the last game it left the page on "Starting…" on every visit (Pyodide's fatal error)."""
    app.open()
    app.play("d3", "e4")
    app.page.evaluate("""localStorage.setItem('pyramids.v1.saved.' + localStorage.getItem('pyramids.v1.last'),
                                              '['.repeat(20000) + ']'.repeat(20000))""")
    app.page.goto(app.server)
    app.reload()
    assert "A saved game could not be opened" in app.message() and "not readable" in app.message()
    assert app.moves() == []
    listed = my_games(app)
    assert "Damaged save" in listed and "not readable" in listed

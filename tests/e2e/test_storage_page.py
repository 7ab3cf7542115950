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


FULL = """(() => {
  // localStorage as a full browser's: a write that would take more room throws, one in place of a value
  // at least as long is taken (as in Chromium)
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    const old = this.getItem(key);
    if (this === window.localStorage && (old === null || String(value).length > old.length)) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})()"""


def test_full_storage_is_said_while_it_lasts_and_a_later_visit_says_the_last_game_was_not_saved(app):
    """Issue 27: a move said "This browser is not saving games", the next action cleared it, the new game was
    not saved at all, and a later bare visit silently showed an older save."""
    app.open()
    app.play("d3", "e4")
    app.page.context.add_init_script(FULL)
    app.page.evaluate(FULL)
    app.new_game("ice-lady")
    app.play("c3", "b4")
    assert "This browser is not saving games" in app.message()
    app.play("f6")  # a selection: no move, saves still fail
    assert "This browser is not saving games" in app.message()
    app.play("g5")
    assert "This browser is not saving games" in app.message()
    app.page.goto(app.server)
    app.reload()
    assert "Your last game could not be saved here" in app.message()
    assert "Your latest saved game is shown" in app.message() and app.moves() == ["d3-e4"]

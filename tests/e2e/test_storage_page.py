"""Issue 27 in the browser: never lose a game.  A save that would kill the interpreter is listed as
damaged; a browser that does not save says so for as long as it does not; My games says whether the
browser keeps the games safe; undo and reload never draw a tile anew."""

from pyramids import record


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


COUNT_PERSIST = """(() => {
  // counts the page's requests for persistent storage; `persisted` answers as the test sets it
  window.persistAsked = 0;
  const storage = navigator.storage;
  storage.persist = async () => { window.persistAsked += 1; return false; };
  storage.persisted = async () => window.localStorage.getItem("test.persisted") === "yes";
})()"""


def test_persistent_storage_is_asked_once_a_game_is_saved_and_my_games_says_whether_it_is_kept(app):
    """Issue 27: a browser may clear storage that is not persistent (Safari after 7 days without a visit)."""
    app.page.context.add_init_script(COUNT_PERSIST)
    app.open()
    assert app.page.evaluate("window.persistAsked") == 0, "never asked of a mere visitor"
    app.play("d3", "e4")
    app.page.wait_for_function("window.persistAsked === 1")
    app.play("e6", "f5")
    listed = my_games(app)
    assert "This browser may clear these games if the site is not visited for a while." in listed
    assert app.page.evaluate("window.persistAsked") == 1, "once a visit"
    app.page.evaluate("localStorage.setItem('test.persisted', 'yes')")
    app.page.click("#my-games")
    app.page.wait_for_function("document.getElementById('games-kept').textContent.includes('kept safe')")
    assert app.page.inner_text("#games-kept") == "Your games are kept safe in this browser."


def test_a_browser_without_navigator_storage_saves_and_says_the_games_may_be_cleared(app):
    app.page.context.add_init_script("Object.defineProperty(Navigator.prototype, 'storage', {get: () => undefined})")
    app.open()
    app.play("d3", "e4")
    app.page.click("#my-games")
    app.page.wait_for_function("document.getElementById('games-kept').textContent !== ''")
    assert app.page.inner_text("#games-kept").startswith("This browser may clear these games")
    assert app.storage("last") is not None


# Yellow (p1) at b1 and Blue (p2) at c1 have entered; Yellow points north at the face-down b2.
POINTING = ("p1:colour=yellow", "p1:home=b1", "p2:colour=blue", "p2:home=c1", "off-b1", "reveal:b1=red",
            "off-c1", "reveal:c1=straight", "orient:c1=NS", "b1.U>N", "c1.U>N")


def test_an_icetoids_tile_undone_and_reloaded_comes_back_the_same(app):
    """Issue 27: Undo (or a reload) and the same move drew another tile: "yellow, yellow, blue, red in four
    tries", so a player could fish for the tile they wanted."""
    app.open(record.encode(record.Record("icetoids", {}, POINTING)))
    tiles = []
    for _ in range(4):
        app.page.fill("#move-text", "b1.N-b2")
        app.page.keyboard.press("Enter")
        app.page.wait_for_function(f"document.querySelectorAll('#moves li[data-ply]').length > {len(POINTING)}")
        tiles.append(next(m for m in app.moves() if m.startswith("reveal:b2=")))
        app.page.click("#undo")
        app.page.wait_for_function(f"document.querySelectorAll('#moves li[data-ply]').length === {len(POINTING)}")
        app.reload()
    assert len(set(tiles)) == 1, tiles


HIDDEN = """() => {
    Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
    window.requestAnimationFrame = () => 0;  // a page out of sight paints no frames
}"""


def test_a_move_made_as_the_page_is_hidden_is_still_saved_and_linked(app):
    """What waits for the next frame (the save, the link, the log: main.py's `later`) runs in the next task on a
    page out of sight (a phone's screen turned off as the computer answers), which paints no frame: the page
    tells the Python when to run them (static/bridge.js's `afterPaint`), as it would a worker."""
    app.open()
    app.page.evaluate(HIDDEN)
    app.page.click('#board [data-cell="d3"]')
    app.page.click('#board [data-cell="e4"]')
    app.page.wait_for_function("location.hash.includes('d3-e4')")
    app.page.wait_for_function("""Object.keys(localStorage).some(key => key.startsWith('pyramids.v1.saved.')
        && localStorage.getItem(key).includes('d3-e4'))""")
    assert app.page.locator('#moves [data-notation="d3-e4"]').count() == 1, "the log drawn too"

"""Links and saved games in the browser: bad input is reported and never destroys a saved game."""

import json

from conftest import App
from pyramids import games

GAME = games.get("ice-lady")


def saved_game(app):
    """Play one move so the browser has a saved game; return its entry's key and what it holds."""
    app.open()
    app.play("d3", "e4")
    key = "saved." + app.storage("last")
    saved = app.storage(key)
    assert saved and "d3-e4" in json.loads(saved)["record"]
    return key, saved


def test_the_url_updates_after_every_move(app):
    app.open()
    app.play("d3", "e4")
    assert app.fragment() == "v=1&g=ice-lady&m=d3-e4"
    app.play("e6", "f5")
    assert app.fragment() == "v=1&g=ice-lady&m=d3-e4+e6-f5"


def open_link(app, fragment):
    """Open `fragment` as a fresh visit (typed into the address bar of a tab with a saved game)."""
    app.page.goto(app.server + "#" + fragment)
    app.page.reload()
    app.wait_ready()


def test_unknown_game_in_a_link(app):
    key, saved = saved_game(app)
    open_link(app, "v=1&g=chess&m=e2-e4")
    assert "There is no game called 'chess'" in app.message()
    assert app.moves() == ["d3-e4"], "the saved game is shown instead"
    assert app.storage(key) == saved


def test_malformed_link(app):
    key, saved = saved_game(app)
    open_link(app, "this-is-not-a-game")
    assert "cannot be opened" in app.message() and "Your last game is shown instead." in app.message()
    assert app.storage(key) == saved


def test_a_bad_link_on_a_first_visit_says_a_new_game_is_shown(app):
    """With no saved game, there is no "last game" to show instead."""
    app.open("this-is-not-a-game")
    assert "cannot be opened" in app.message() and "A new game is shown instead." in app.message()
    assert "last game" not in app.message()


def test_a_link_whose_game_is_plain_but_not_its_options_opens_that_game_as_the_picker_does(app):
    """A friend's Ice Towers link with options this app cannot take (a hand-edited count of players): the
    message says why, and the board is Ice Towers, not the game played last of another kind (nor, on a first
    visit, Ice Lady); with a saved game of its kind, that one, as the picker's button opens it."""
    app.open("v=1&g=ice-towers&players=9&m=")
    assert app.page.get_attribute("#board", "data-game") == "ice-towers"
    message = app.message()
    assert "cannot be opened" in message and "players" in message, message
    assert "A new game of Ice Towers is shown instead." in message, message
    assert "Tap or click a piece" in message, "a first visit is welcomed all the same"
    key, saved = saved_game(app)  # an Ice Lady game
    open_link(app, "v=1&g=ice-lady&mandatory_capture=maybe&m=d3-e4+e6-f5")
    assert "Your last game of Ice Lady is shown instead." in app.message(), app.message()
    assert app.moves() == ["d3-e4"] and app.storage(key) == saved


def test_a_link_that_is_only_a_game_s_name_opens_that_game_as_the_picker_does(app):
    """An address written by hand (`#IceToids`, `#ice-lady`): a new game of it, or the one of it played last."""
    key, saved = saved_game(app)
    open_link(app, "IceToids")
    assert app.page.get_attribute("#board", "data-game") == "icetoids"
    assert app.moves() == [] and "cannot be opened" not in app.message()
    assert app.fragment() == "v=1&g=icetoids&m=", "the address becomes the game's own link"
    open_link(app, "Ice%20Lady")
    assert app.moves() == ["d3-e4"], "the Ice Lady game played last, as the picker's button opens it"
    assert app.fragment() == "v=1&g=ice-lady&m=d3-e4" and app.storage(key) == saved
    app.paste(app.server + "#icetoids")  # pasted into the open tab
    assert app.page.get_attribute("#board", "data-game") == "icetoids"


def test_a_link_that_begins_with_a_game_s_name_becomes_that_game_s_link(app):
    """`#icetoids&players=3` (record.read: a game's name, then its options or view settings) opens that game;
    the address is then the game's own link at once, as for a name alone, not after the first move."""
    app.open("icetoids&players=3&bots=p2:easy")
    assert app.page.get_attribute("#board", "data-game") == "icetoids" and "cannot be opened" not in app.message()
    assert app.fragment().startswith("v=1&g=icetoids&players=3&m=")
    assert "bots=p2" in app.fragment(), "who the computer plays stays in the link"


def test_a_link_naming_no_game_lists_the_games(app):
    app.open("chess")
    assert "There is no game called 'chess'; the games here are Ice Lady, Ice Towers, IceToids" in app.message()


def test_illegal_move_in_a_link_keeps_the_valid_prefix(app):
    key, saved = saved_game(app)
    open_link(app, "v=1&g=ice-lady&m=c3-b4+f6-g5+c3-d4+e6-f5")
    assert "Move 3 ('c3-d4')" in app.message() and "c3 is empty" in app.message()
    assert app.moves() == ["c3-b4", "f6-g5"]
    assert app.position() == GAME.replay(["c3-b4", "f6-g5"]).to_text()
    assert app.storage(key) == saved, "nothing is overwritten before the player acts"
    app.play("d3", "e4")
    assert app.moves() == ["c3-b4", "f6-g5", "d3-e4"]
    assert app.storage(key) == saved, "the link's game is a new entry"
    assert "c3-b4" in json.loads(app.storage("saved." + app.storage("last")))["record"]


def test_a_damaged_entry_is_kept_and_listed_and_play_goes_on(app):
    app.open()
    app.page.evaluate("""localStorage.setItem('pyramids.v1.saved.x', '{not json');
                         localStorage.setItem('pyramids.v1.last', 'x')""")
    app.reload()
    assert "could not be opened" in app.message() and "stays in My games" in app.message()
    app.play("d3", "e4")
    assert app.moves() == ["d3-e4"]
    assert app.storage("saved.x") == "{not json"
    app.page.click("#my-games")
    assert "Damaged save" in app.page.inner_text("#games-list")


def test_an_old_one_slot_save_moves_into_my_games(app):
    """Nobody loses a game on upgrade: pyramids.v1.game.<id> is opened and listed."""
    app.open()
    app.page.evaluate("""localStorage.setItem('pyramids.v1.game.ice-lady',
        JSON.stringify({v: 1, record: 'v=1&g=ice-lady&m=c3-b4+f6-g5', redo: [], ply: 2, clock: null}));
        localStorage.setItem('pyramids.v1.last', 'ice-lady')""")
    app.page.goto(app.server)
    app.reload()
    assert app.moves() == ["c3-b4", "f6-g5"]
    assert app.storage("game.ice-lady") is None and app.storage("last")


def test_play_goes_on_without_storage(new_context, server):
    context = new_context()
    context.add_init_script("""
        Object.defineProperty(window, 'localStorage', {
            get() { throw new DOMException('storage is disabled', 'SecurityError'); }
        });""")
    app = App(context.new_page(), server).open()
    app.play("d3", "e4")
    assert app.moves() == ["d3-e4"]
    assert "not saving games" in app.message()
    assert app.fragment() == "v=1&g=ice-lady&m=d3-e4", "the link still holds the game"


def test_pasting_a_link_into_the_same_tab_opens_it(app):
    app.open()
    app.page.evaluate("location.hash = 'v=1&g=ice-lady&m=c3-b4+f6-g5'")
    app.page.wait_for_function("document.querySelectorAll('#moves li').length === 2")
    assert app.position() == GAME.replay(["c3-b4", "f6-g5"]).to_text()

"""What a brand-new visitor meets (issue 26): each game in a fresh profile, with no message but its own.

In Pyodide a JavaScript `null` reaches Python as `jsnull`, not None: reading
a missing storage key as the text "jsnull" greeted every first visit with
"A saved game could not be opened".
"""

import pytest

from conftest import App
from test_access import violations

GAMES = ["ice-lady", "ice-towers", "icetoids", "terrafex", "ice-turn"]
WELCOME = ("Tap or click a piece to see where it can go. Both sides play on this device \u2014 "
           "or choose the computer in New game.")


def test_a_first_visit_is_welcomed_once_and_warned_of_nothing(app):
    app.open()
    assert app.message() == WELCOME
    assert "warn" not in app.page.get_attribute("#message", "class")
    assert app.status().strip()
    app.reload()  # said once: a second visit is not a newcomer's
    assert app.message() == ""
    app.click("c3")
    assert "welcome" not in app.message().lower()


@pytest.mark.parametrize("game_id", GAMES)
def test_each_game_in_a_fresh_profile_shows_only_its_own_status(new_context, server, game_id):
    app = App(new_context().new_page(), server).open()
    if game_id != "ice-lady":
        app.pick(game_id)
    app.page.wait_for_function("!document.querySelector('#board[data-snapshot]')")
    message = app.message()
    assert message in ("", WELCOME), message
    assert "warn" not in app.page.get_attribute("#message", "class")
    assert app.status().strip() and "Loading" not in app.status()


def test_cancelling_a_rename_keeps_the_name(app):
    app.open()
    app.play("c3", "d4")
    app.page.click("#my-games")
    app.page.click("#games-list [data-rename]")
    app.answer("Friday game")
    app.page.wait_for_selector("#games-list :text('Friday game')")
    app.page.click("#games-list [data-rename]")
    app.page.wait_for_selector("#ask-box[open]")
    assert app.page.input_value("#ask-field") == "Friday game"  # the current name is offered to edit
    assert app.page.inner_text("#ask-about").startswith("Friday game, Ice Lady, 2 players, 1 move"), "the box covers"
    # the game's row: it says which game it asks about
    assert violations(app) == [], "the box as axe-core reads it"
    app.answer("Another", ok=False)
    assert "Friday game" in app.page.inner_text("#games-list")
    assert "jsnull" not in app.page.inner_text("#games-list")

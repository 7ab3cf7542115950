"""Games of many seats (issue 56): the board in view after Start, the computer's turns paced so that a person
can follow them, the controls that are the person's, Hint, a timed game's clock by link, Ice Towers' colours."""

PHONE = {"width": 390, "height": 844}


def board_in_view(app) -> bool:
    return app.page.evaluate("""() => {
        const box = document.getElementById('board').getBoundingClientRect();
        return box.top > -1 && box.bottom < innerHeight + 1;  // scrolled to it: within a fraction of a pixel
    }""")


def test_on_a_phone_the_board_is_in_view_after_start_rematch_and_my_games(app):
    """Issue 56: after New game's Start, the page stayed scrolled down to the controls under the board."""
    app.page.set_viewport_size(PHONE)
    app.open()
    app.page.click("#new")
    app.page.click("#new-start")
    app.settled()
    assert board_in_view(app)
    app.play("d3", "e4")  # saved in My games
    app.open("v=1&g=ice-towers&m=red:done+yellow:done")
    app.page.click("#rematch")  # under the board: the page scrolls down to it
    app.settled()
    assert app.moves() == [] and board_in_view(app)
    app.page.click("#my-games")
    app.page.click("#games-list .saved:not(.current) [data-open]")
    app.page.wait_for_selector('#board[data-game="ice-lady"]')
    app.settled()
    assert board_in_view(app)

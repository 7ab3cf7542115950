"""Games of many seats (issue 56): the board in view after Start, the computer's turns paced so that a person
can follow them, the controls that are the person's, Hint, a timed game's clock by link, Ice Towers' colours."""

import pytest
from conftest import App, python_on_the_page
from playwright.sync_api import Error as PlaywrightError

from pyramids.computer import reading_time
from pyramids.session import Session

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


def pause_clock(app):
    """Stop the page's clock (Playwright's fake one, installed before the page opened): timers fire only as the
    test moves it on (`clock.run_for`).  The computer's worker keeps its own time."""
    for _ in range(5):  # a moment ahead of the page's time, which a busy machine may pass before the pause lands
        try:
            return app.page.clock.pause_at((app.page.evaluate("Date.now()") + 50) / 1000)  # seconds
        except PlaywrightError as err:
            if "to the past" not in str(err):
                raise
    raise AssertionError("the page's clock could not be paused")


def test_a_computer_turn_s_summary_stays_on_screen_the_time_to_read_it(app):
    """Issue 56: two computers at Normal speed: after White's move, its summary stays on screen the time it takes
    to read it (`computer.reading_time`) before Black's move lands, though Black has chosen it long before."""
    app.page.clock.install()
    app.open("v=1&g=ice-lady&m=&bots=white:easy,black:easy")
    pause_clock(app)
    app.page.wait_for_function("document.documentElement.getAttribute('data-bot-count') === '2'", timeout=60_000)
    told, position = app.page.inner_text("#message"), app.position()
    assert told.startswith("White ") and told.endswith(".") and position.endswith(" b 4 4")
    pause = round(reading_time(told) * 1000)
    assert app.page.get_attribute("html", "data-bot-pause-ms") == str(pause)
    assert app.page.is_disabled("#hint"), "no person's control while the computer acts"
    app.page.clock.run_for(pause - 100)
    assert app.position() == position and app.page.inner_text("#message") == told, "still White's move on screen"
    app.page.clock.run_for(200)
    app.page.wait_for_function("p => document.getElementById('board').dataset.position !== p", arg=position)
    app.page.clock.resume()


def test_hint_twice_at_one_position_gives_one_move(app):
    """Issue 56: Hint gave another move at each press (23 presses, 23 moves in Ice-Turn's placement)."""
    app.open("v=1&g=ice-turn&m=")
    said = []
    for _ in range(3):
        app.page.evaluate("document.getElementById('message').textContent = ''")
        app.page.click("#hint")
        app.page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint:')",
                                   timeout=60_000)
        lit = app.page.locator("#board [aria-label*='legal target'], #board [aria-label*='selected']")
        said.append((app.message(), lit.evaluate_all("els => els.map(e => e.dataset.cell)")))
    assert said[0][1] and said == [said[0]] * 3, said


COMPUTER_PLAYS_YELLOW = "The computer plays Yellow: only it acts for Yellow. You act for Red and Green."


def test_in_ice_towers_a_person_acts_only_for_their_own_colours(app):
    """Issue 56: "Acting as" and "I'm done" were offered for the computer's colours (issue 51: its "I'm done" a
    button the person could press); a click on its piece said "Act as Yellow to move it"."""
    app.open("v=1&g=ice-towers&players=3&m=&bots=yellow:easy&pace=slow")
    acting = app.page.locator("#game-panel [data-actor]").evaluate_all("els => els.map(e => e.dataset.actor)")
    assert acting == ["red", "green"]
    assert app.page.locator('#game-panel [data-cell="done:yellow"]').count() == 0
    assert app.page.locator('#game-panel [data-cell="done:red"]').count() == 1
    app.click("t10")  # Yellow's free-standing small
    assert app.message() == COMPUTER_PLAYS_YELLOW
    app.page.fill("#move-text", "yellow:done")
    app.page.click("#move-play")
    assert app.message() == COMPUTER_PLAYS_YELLOW and not [m for m in app.moves() if m == "yellow:done"]


def seconds(clock: str) -> int:
    minutes, _, secs = clock.partition(":")
    return int(minutes) * 60 + int(secs)


def test_a_timed_game_s_shared_link_carries_its_clock(app, new_context):
    """Issue 56: the sharer had 1:48 left, the friend's copy opened at 1:59.  Share's link carries the time left,
    and the friend's timer runs on from it; the game says so as it opens."""
    python_on_the_page(app.page)  # Playwright's clock is the page's: the Python's timers run on it there
    app.page.clock.install()
    app.open("v=1&g=ice-towers&timer=120&m=")
    app.page.clock.run_for(12_000)
    left = seconds(app.page.inner_text("#clock"))
    assert 100 < left <= 108
    link = app.share()
    shared = int(link.split("&left=")[1].split("&")[0])
    assert shared in (left, left - 1)
    friend = app.elsewhere(link, new_context().new_page())
    assert f"The timer has {shared // 60}:{shared % 60:02d} left, as when this link was shared" in friend.message()
    assert seconds(friend.page.inner_text("#clock")) <= shared


def lens_at(app, cell: str) -> dict:
    """Tap `cell` on the board (too small for a finger: the lens opens) and read the lens: the part of the board it
    shows (SVG units) and the row names it writes."""
    app.page.evaluate("c => [...document.querySelectorAll('#board [data-cell]')].find(e => e.dataset.cell === c)"
                      ".scrollIntoView({block: 'center'})", cell)
    box = app.page.locator(f'#board [data-cell="{cell}"]').bounding_box()
    app.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    seen = app.page.evaluate("""() => {
        const [x, y, w, h] = document.querySelector('.lens svg').getAttribute('viewBox').split(' ').map(Number);
        return {x, y, w, h, names: [...document.querySelectorAll('.lens .lens-label text')].map(t => t.textContent)};
    }""")
    app.page.keyboard.press("Escape")
    return seen


def test_the_phone_lens_names_its_rows_and_shows_no_blank(browser, server):
    """Issue 56 (and 51): with six colours the lens over the top row had a blank top third and no colour names,
    and cut the "Red" label: it stays within the board and names each row it magnifies."""
    from conftest import watched_contexts
    with watched_contexts(browser) as make:
        app = App(make(server, viewport=PHONE, has_touch=True, is_mobile=True).new_page(), server)
        app.open(Session("ice-towers", {"players": 6}, ["yellow:cap:yS1>t1", "red:cap:rS2>t47"]).link())
        top = lens_at(app, "t1.0")
        assert top["y"] == 0 and top["names"][:2] == ["Red", "Yellow"], top
        bottom = lens_at(app, "t47.0")
        assert bottom["y"] + bottom["h"] == pytest.approx(600) and bottom["names"][-1] == "Orange", bottom


def moves_made(app) -> int:
    """How many moves the game has (read from the page's address: the log waits for a frame, which a paused clock
    does not give)."""
    return app.page.evaluate("(location.hash.split('&m=')[1] || '').split('&')[0].split('+').filter(Boolean).length")


def test_in_ice_towers_the_computer_leaves_its_move_the_time_to_read_it(app):
    """Issue 51: at Normal speed the computer acted every ~2 s while a newcomer was still reading.  After its move
    it does not act again before the move's words have been on screen the time to read them (Hard: its own
    delay is 0.7-1.5 s)."""
    python_on_the_page(app.page)  # Playwright's clock is the page's: the Python's timers run on it there
    app.page.clock.install()
    app.open("v=1&g=ice-towers&m=&bots=yellow:hard")
    pause_clock(app)
    while moves_made(app) == 0:  # its delay, its search (in the worker: real time), its piece marked, its move
        app.page.clock.run_for(200)
        app.page.wait_for_timeout(50)
    told = app.page.inner_text("#message")
    pause = round(reading_time(told) * 1000)
    assert told.startswith("Yellow ") and pause > 4000
    waited = 0
    while waited < pause - 200:  # its next move is chosen meanwhile (Hard), and held
        app.page.clock.run_for(200)
        waited += 200
        app.page.wait_for_timeout(50)
    assert app.page.get_attribute("html", "data-bot-pause-ms") == str(pause)
    assert moves_made(app) == 1, "nothing more before the time to read Yellow's move"
    while moves_made(app) == 1 and waited < pause + 20_000:  # (it may choose to wait a round)
        app.page.clock.run_for(200)
        waited += 200
        app.page.wait_for_timeout(50)
    assert moves_made(app) == 2
    app.page.clock.resume()

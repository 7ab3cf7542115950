"""Learn to play in the browser (issue 51): each game's lesson walked from start to end by clicks on the board
as a player makes them; a first visit offers it, the Rules link it, Esc and "Leave the lesson" leave it, and
the player's own game (its moves, its save, its link) is untouched; what a click would score shows on hover."""

import pytest

from pyramids import games, learn
from conftest import PHONE, App, in_window, two_frames
from test_access import active, arrow_to, small_controls, to_board, violations
from test_ice_towers_page import click_piece

def lesson_box(app):
    app.settled()
    return app.page.inner_text("#lesson")


def make(app, tutor, move):
    """The step's move by clicks on its locations (board or panel), then its choice if one is left; the tutor
    in CPython follows the same clicks, to know the next one."""
    s = tutor.session
    for cell in s.state.path(move):
        if s.clicks.choices:
            break
        if "." in cell:  # a piece inside an Ice Towers tower
            click_piece(app, cell)
        else:
            app.page.click(f'#board [data-cell="{cell}"], #game-panel [data-cell="{cell}"]')
        app.settled()
        s.clicks.click(cell)
    if not tutor.made:
        app.page.click(f'#choices [data-move="{move}"]')
        app.settled()
        s.clicks.choose(move)


def lesson_on_a_phone(new_context, server, game_id, height=PHONE["viewport"]["height"]):
    """A phone's first visit to `game_id`, its lesson begun by a tap on the offer; and the tutor that follows it."""
    app = App(new_context(**{**PHONE, "viewport": {**PHONE["viewport"], "height": height}}).new_page(), server)
    app.open()
    app.pick(game_id)
    app.page.locator("#learn-offer-start").tap()
    app.page.wait_for_selector("#lesson:not([hidden])")
    return app, learn.Tutor(learn.lesson(game_id))


def saved_games(app):
    return app.page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pyramids.v1.saved.')).length")


@pytest.mark.parametrize("game_id", games.ids())
def test_a_first_visit_learns_each_game_from_its_lesson_to_a_game_against_the_computer(app, game_id):
    app.open()
    if game_id != games.DEFAULT:
        app.pick(game_id)
    fragment = app.fragment()
    assert app.page.is_visible("#learn-offer") and games.entry(game_id).title in app.page.inner_text("#learn-offer")
    app.page.click("#learn-offer-start")
    app.page.wait_for_selector("#lesson:not([hidden])")
    assert app.page.is_hidden("#controls") and app.page.is_hidden("#learn-offer")
    tutor = learn.Tutor(learn.lesson(game_id))
    while True:
        box = lesson_box(app)
        assert f"step {tutor.index + 1} of {len(tutor.lesson.steps)}" in box and tutor.step.title in box
        assert app.position() == tutor.session.latest.to_text(), "the lesson's position is on the board"
        if tutor.step.expect:
            assert app.page.is_visible("#lesson-show") and not app.page.query_selector("#lesson-next")
            make(app, tutor, tutor.expected()[0])
            assert tutor.made
            if tutor.step.done:
                assert tutor.step.done.split("\n\n")[0][:40] in lesson_box(app)
            assert app.position() == tutor.session.latest.to_text()
        if tutor.over:
            break
        app.page.click("#lesson-next")
        tutor.next()
    assert tutor.session.latest.outcome is not None and tutor.lesson.finish[:30] in lesson_box(app)
    assert app.fragment() == fragment and saved_games(app) == 0, "a lesson is never saved, nor in the link"
    app.page.click("#lesson-play")
    app.settled()
    assert app.page.is_hidden("#lesson") and app.page.is_visible("#controls")
    assert app.page.is_hidden("#learn-offer"), "a lesson taken is not offered again in the game after it"
    for seat, level in tutor.seats().items():
        assert f"{seat}:{level}" in app.fragment()
    assert app.position() == games.get(game_id).new().to_text() or game_id == "ice-turn"  # Ice-Turn deals at once


def test_a_wrong_click_is_answered_with_why_and_the_player_tries_again(app):
    app.open()
    app.page.click("#learn-offer-start")
    app.page.wait_for_selector("#lesson:not([hidden])")
    app.click("d3")
    app.click("d5")
    assert app.page.get_attribute("#message", "class") == "message warn" and app.message()
    app.click("c3")
    assert "asks for something else" in app.message()
    app.page.click("#lesson-show")
    app.settled()
    assert app.page.locator('#board [data-cell="d3"][aria-label*="legal target"]').count() == 1
    app.click("d3")
    app.click("e4")
    assert app.page.is_visible("#lesson-next")
    focused = app.page.evaluate("document.activeElement.id")
    assert focused == "lesson-next", "the keys go on: Enter continues"
    app.page.keyboard.press("Enter")
    app.settled()
    assert "step 2 of" in lesson_box(app)
    app.page.keyboard.press("Escape")
    app.settled()
    assert app.page.is_hidden("#lesson") and app.page.is_hidden("#learn-offer"), "a lesson left is not offered again"
    app.page.click("#rules summary")
    assert app.page.is_visible("#rules-learn"), "the Rules still lead to it"


def test_show_me_on_a_phone_brings_what_it_lights_into_view(new_context, server):
    """A phone scrolled down to the lesson's buttons: Terrafex's third step lights the small fire in the pool, far
    under them; Show me scrolls it into view (and leaves the page where it is when what it lights is seen, as the
    second step's squares on the board, where a mountain scores: a tap on one starts it, as in a game)."""
    app = App(new_context(**PHONE).new_page(), server)
    app.open()
    app.pick("terrafex")
    app.page.click("#learn-offer-start")
    app.page.wait_for_selector("#lesson:not([hidden])")
    tutor = learn.Tutor(learn.lesson("terrafex"))
    scroll_to_show_me = "document.querySelector('#lesson-show').scrollIntoView({block: 'end'})"  # as a thumb does
    app.page.evaluate(scroll_to_show_me)
    before = app.page.evaluate("scrollY")
    app.page.locator("#lesson-show").tap()
    app.settled()
    two_frames(app.page)  # a scroll would have come in the frame after the drawing
    assert app.page.evaluate("scrollY") == before, "e4, lit on the board, is in view: nothing moves"
    make(app, tutor, tutor.expected()[0])
    app.page.click("#lesson-next")
    tutor.next()
    app.page.locator("#lesson-show").tap()  # the mountain: the squares where it scores, on the board
    app.settled()
    assert app.page.locator('#board [aria-label*="legal target"]').count() == len(tutor.expected())
    app.page.locator('#board [data-cell="b2"]').tap()  # its square alone starts it, as in a game
    app.settled()
    assert "1 more point for White." in app.page.inner_text("#lesson")
    tutor.session.clicks.click("b2")  # the tutor here follows
    assert tutor.made
    app.page.click("#lesson-next")
    tutor.next()
    app.page.evaluate(scroll_to_show_me)
    lit = app.page.locator('#game-panel [aria-label*="legal target"]')
    assert lit.count() == 0
    app.page.locator("#lesson-show").tap()  # the fire: the small one, in the pool far under the buttons
    app.settled()
    assert lit.count() == 1 and lit.get_attribute("data-cell") == "pool:R1"
    app.page.wait_for_function("""() => {
        const box = document.querySelector('#game-panel [aria-label*="legal target"]').getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight; }""")
    assert app.page.evaluate("document.activeElement.id") == "lesson-show", "the keys stay where they were"
    lit.tap()
    app.settled()
    assert "Now Black decides where your small fire goes." in app.page.inner_text("#lesson")


def test_show_me_is_said_alone_not_run_into_the_turn_told_before_it(app):
    """IceToids' second step begins after Blue's turn, told in the message; Show me read "Choose the lit location:
    a2, red piece upright. Blue's turn: brings a waiting piece onto d3; …", as if the turn were part of what to
    do. Asking Show me is acting, as asking a hint is: its words are said alone."""
    app.open()
    app.pick("icetoids")
    app.page.click("#learn-offer-start")
    app.page.wait_for_selector("#lesson:not([hidden])")
    tutor = learn.Tutor(learn.lesson("icetoids"))
    make(app, tutor, tutor.expected()[0])
    app.page.click("#lesson-next")
    tutor.next()
    app.settled()
    assert "Blue's turn: " in app.message()
    app.page.click("#lesson-show")
    app.settled()
    assert app.message() == "Choose the lit location: a2, red piece upright."


SHOWN = """() => {
    const box = e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
    const said = [...document.querySelectorAll('#lesson p')]
        .filter(p => p.offsetHeight && getComputedStyle(p).visibility === 'visible' && !p.querySelector('button'));
    return {lesson: box(document.querySelector('#lesson')), said: box(said[said.length - 1]),
            board: box(document.querySelector('#board')), message: box(document.querySelector('#message')),
            answer: box(document.querySelector('#lesson .lesson-done') || document.body),
            next: box(document.querySelector('#lesson-next, #lesson-play') || document.body), height: innerHeight,
            page: document.querySelector('#board').getBoundingClientRect().top + scrollY}; }"""


def shown(app):
    """Where the lesson, its last line of words, the board, the message, a move's answer and Continue stand in the
    window, once the page's scroll is done (it comes in the frame after the drawing)."""
    app.settled()
    two_frames(app.page)
    return app.page.evaluate(SHOWN)


def begins_with_its_words_over_the_board(at, title):
    """A phone's step begins with its words in view, from their top to their last line, and the board under them,
    its top in view too: the instructions end over what they are about."""
    top, bottom = at["lesson"]
    assert 0 <= top and at["said"][1] <= at["height"], f"{title}: the step's words, every line"
    assert bottom <= at["board"][0] < at["height"], f"{title}: the board under them, its top in view"


@pytest.mark.parametrize("game_id", games.ids())
def test_on_a_short_phone_a_lesson_is_read_over_the_board_and_a_wrong_tap_answered_in_view(new_context, server,
                                                                                           game_id):
    """An iPhone with Safari's bars shown (390x664).  Under the board, a lesson put its words under the window's
    foot in four games of five (a player scrolled down to read and up to play), and the message with them: a tap
    the step does not ask for was answered out of sight, and seemed to do nothing.  The lesson is now over the
    board (in the document too: the keys and a screen reader meet it first), and a refusal is scrolled into view."""
    app, tutor = lesson_on_a_phone(new_context, server, game_id, height=664)
    assert app.page.evaluate("document.querySelector('#lesson').nextElementSibling.id") == "play"
    begins_with_its_words_over_the_board(shown(app), tutor.step.title)
    wrong = {"ice-lady": "a1", "ice-towers": "t10", "icetoids": "a1", "terrafex": "a1", "ice-turn": "b2"}[game_id]
    app.page.locator(f'#board [data-cell="{wrong}"], #game-panel [data-cell="{wrong}"]').last.tap(force=True)
    at = shown(app)
    assert app.page.get_attribute("#message", "class") == "message warn" and app.message()
    assert in_window(at["message"], at["height"]), "the answer to the tap"


def test_a_lesson_is_over_the_board_on_a_phone_and_beside_it_on_a_wider_screen_in_the_document_too(new_context,
                                                                                                   server):
    """The keys' focus and a screen reader follow the document: on a phone the lesson is read before the board is
    played, so it comes before the board there too; turned to a wider window, it goes back beside the board, over
    the status, and comes back over the board when the window narrows again (static/boot.js)."""
    app, _tutor = lesson_on_a_phone(new_context, server, "ice-lady")
    placed = """(() => { const lesson = document.querySelector('#lesson');
        return [lesson.parentElement.id || lesson.parentElement.localName, lesson.nextElementSibling.id]; })()"""
    assert app.page.evaluate(placed) == ["main", "play"]
    app.page.set_viewport_size({"width": 1024, "height": 768})
    app.page.wait_for_function("document.querySelector('#lesson').parentElement.id === 'now'")
    assert app.page.evaluate(placed) == ["now", "status"]
    lesson, board = (app.page.locator(s).bounding_box() for s in ("#lesson", "#board"))
    assert lesson["x"] >= board["x"] + board["width"], "beside the board"
    app.page.set_viewport_size({"width": 390, "height": 844})
    app.page.wait_for_function("document.querySelector('#lesson').nextElementSibling.id === 'play'")
    lesson, board = (app.page.locator(s).bounding_box() for s in ("#lesson", "#board"))
    assert lesson["y"] + lesson["height"] <= board["y"], "over the board"


@pytest.mark.parametrize("game_id", games.ids())
def test_each_step_on_a_phone_begins_with_its_words_over_the_board_and_a_move_s_answer_in_view(new_context, server,
                                                                                              game_id):
    """A phone's lesson is over the board. Each step begins with its words in view and the board under them; the
    player scrolls down to the board to play; the move's answer and Continue come into view together (the keys'
    focus on Continue showed Continue alone at the window's top, the answer over it cut), in the place of the
    step's words: put under them, it pushed the board down 35-260 px under the finger that had played (the board
    stays where it is on the page), and Continue begins the next step with its words from their top."""
    app, tutor = lesson_on_a_phone(new_context, server, game_id)
    begins_with_its_words_over_the_board(shown(app), tutor.step.title)
    for _ in range(3):
        app.page.evaluate("document.querySelector('#board').scrollIntoView({block: 'end'})")  # as a thumb does
        board = shown(app)["page"]
        make(app, tutor, tutor.expected()[0])
        app.page.wait_for_function("document.activeElement.id === 'lesson-next'")  # the keys go on to Continue
        at = shown(app)
        assert at["page"] == board, f"{tutor.step.title}: the board stays where it was played"
        assert 0 <= at["answer"][0] and at["next"][1] <= at["height"], f"{tutor.step.title}: the answer, Continue"
        assert tutor.step.done.split(":")[0] in app.page.inner_text("#lesson"), "the answer is shown"
        assert tutor.step.say.split("\n")[-1][:30] not in app.page.inner_text("#lesson"), "in the words' place"
        app.page.locator("#lesson-next").tap()
        tutor.next()
        assert tutor.step.title in app.page.inner_text("#lesson")
        begins_with_its_words_over_the_board(shown(app), tutor.step.title)


def test_ice_turn_s_lesson_on_a_phone_says_each_step_s_instructions_in_view(new_context, server):
    """Ice-Turn's lesson on a phone: the tray kept the room of a Wild roll's four rows, which no step deals, and the
    first step's instructions ("choose a1, then the up arrow after Tip") ended 90 px under the window.  In a lesson
    the tray is as high as what it shows, and every step begins with its words, to their last line, in view, and
    the board's top under them."""
    app, tutor = lesson_on_a_phone(new_context, server, "ice-turn")
    for step in learn.lesson("ice-turn").steps:
        assert step.title in app.page.inner_text("#lesson")
        begins_with_its_words_over_the_board(shown(app), step.title)
        make(app, tutor, tutor.expected()[0])
        if step is not learn.lesson("ice-turn").steps[-1]:
            app.page.locator("#lesson-next").tap()
            tutor.next()


def test_the_rules_link_starts_a_lesson_and_esc_or_leave_returns_to_the_game_untouched(app):
    app.open()
    app.pick("terrafex")
    app.click("e4")  # a forest grown: the player's game, saved
    position, fragment, entries = app.position(), app.fragment(), saved_games(app)
    assert entries == 1 and app.page.is_hidden("#learn-offer"), "no offer once the player plays"
    app.page.click("#rules summary")
    app.page.click("#rules-learn")
    app.page.wait_for_selector("#lesson:not([hidden])")
    assert app.position() == games.get("terrafex").new().to_text()
    app.click("e4")
    assert app.page.is_visible("#lesson-next")
    app.page.keyboard.press("Escape")
    app.settled()
    assert app.page.is_hidden("#lesson") and app.position() == position and app.fragment() == fragment
    assert saved_games(app) == entries
    app.page.click("#rules-learn")
    app.page.wait_for_selector("#lesson:not([hidden])")
    app.page.click("#lesson-leave")
    app.settled()
    assert app.page.is_hidden("#lesson") and app.position() == position and app.moves()[-1] == "forest:grow:e4"
    app.reload()
    assert app.position() == position, "the reload brings back the player's game, not the lesson"


def test_a_lesson_is_an_entry_of_the_tab_s_history_that_back_leaves_and_leave_or_esc_takes_away(app):
    """On a phone Back is the way out of most things: in a lesson it leaves the lesson, back to the player's game,
    rather than leaving the game for the one before it or the site; Forward, or a reload in the lesson, begins it
    again. The lesson's entry has its game's address;
    leaving by its button or Esc takes the entry back with it, and a game chosen from a lesson takes its place
    (static/bridge.js's `lesson`)."""
    def entry():
        app.settled()
        return app.page.evaluate("navigation.currentEntry.index")

    def begin():
        app.page.evaluate("document.getElementById('rules-learn').click()")
        app.page.wait_for_selector("#lesson:not([hidden])")

    def left():
        app.page.wait_for_selector("#lesson", state="hidden")
        app.settled()
        return app.position(), app.fragment()

    app.open()
    app.pick("terrafex")
    app.click("e4")  # the player's game, saved
    game, here = (app.position(), app.fragment()), entry()
    begin()
    assert entry() == here + 1 and app.fragment() == game[1]
    app.page.evaluate("history.back()")
    assert left() == game and entry() == here
    app.page.evaluate("history.forward()")
    app.page.wait_for_selector("#lesson:not([hidden])")
    assert entry() == here + 1, "Forward to the lesson's entry begins the lesson again"
    app.reload()
    app.page.wait_for_selector("#lesson:not([hidden])")
    assert entry() == here + 1 and app.fragment() == game[1], "and so does a reload in it"
    app.page.evaluate("history.back()")
    assert left() == game and entry() == here
    for leave in (lambda: app.page.click("#lesson-leave"), lambda: app.page.keyboard.press("Escape")):
        begin()
        leave()
        assert left() == game
        app.page.wait_for_function(f"navigation.currentEntry.index === {here}")
    begin()
    app.pick("ice-lady")
    assert entry() == here + 1, "the game chosen took the lesson's entry"
    app.go()
    assert left() == game


def test_a_lesson_asked_for_and_another_game_chosen_before_it_came_does_not_begin(app):
    """The lesson's files are fetched the first time: a game chosen meanwhile is the player's answer, and the lesson
    of the game left does not begin over it when its files come."""
    held = []
    app.open()
    app.page.route("**/static/learn.zip", lambda route: held.append(route))
    app.page.evaluate("document.getElementById('rules-learn').click()")
    app.page.wait_for_function("document.getElementById('status').textContent === 'Loading the lesson…'")
    app.pick("terrafex")
    with app.page.expect_request_finished(lambda request: request.url.endswith("/static/learn.zip")):
        held[0].continue_()
    app.page.wait_for_timeout(300)  # the lesson's files read, were it to begin (it would be seen then)
    app.settled()
    assert app.page.is_hidden("#lesson") and app.page.get_attribute("#board", "data-game") == "terrafex"
    assert app.status() == "White: choose a forest, mountain, fire or glacier action."


def test_hovering_a_square_says_what_a_click_would_score(app):
    """Terrafex grows a forest at its first click: pointing at it says what that does to the score first."""
    app.open()
    app.pick("terrafex")
    assert app.status() == "White: choose a forest, mountain, fire or glacier action."
    panel = app.page.locator("#game-panel").bounding_box()
    app.page.hover('#board [data-cell="d4"]')
    assert "If chosen: d4 becomes a medium forest: White \u22121, Black +2." in app.page.inner_text("#preview")
    assert app.page.locator("#game-panel").bounding_box() == panel, "nothing moves under the pointer"
    label = app.page.get_attribute('#board [data-cell="d4"]', "aria-label")
    assert "if chosen: d4 becomes a medium forest" in label
    app.click("d4")
    assert app.status() == "White: three actions left: mountain, fire, glacier."


def test_a_lesson_begun_by_a_tap_or_a_click_puts_no_preview_over_its_words(new_context, server, app):
    """The offer's button goes as the lesson begins, and the page hands its focus to the board (never to the page,
    where the keys would do nothing).  That focus is not the keys': the preview line, which stands over what
    follows the board, named the location it landed on over the lesson's first words."""
    phone, _tutor = lesson_on_a_phone(new_context, server, "terrafex")
    app.open()
    app.pick("terrafex")
    app.page.click("#learn-offer-start")
    app.page.wait_for_selector("#lesson:not([hidden])")
    for page in (phone.page, app.page):
        page.wait_for_function("document.activeElement.closest('#board [data-cell]')")
        App(page, server).settled()
        assert page.inner_text("#preview") == ""


def test_axe_finds_no_violation_in_a_lesson_and_its_controls_are_big_enough(screen):
    """The lesson box, the first visit's offer and a choice's preview, at desktop size and on a phone."""
    app = screen.open()
    assert violations(app) == []  # the offer
    app.page.click("#learn-offer-start")
    app.page.wait_for_selector("#lesson:not([hidden])")
    assert violations(app) == [] and small_controls(app.page) == []
    app.page.click("#lesson-show")
    app.click("d3")
    app.click("e4")
    assert violations(app) == [] and small_controls(app.page) == []


def test_every_lit_tower_of_a_big_table_comes_to_say_what_capping_it_would_score(app):
    """Six players: more previews than a click's frame has time for; the rest are named a frame later."""
    app.open("v=1&g=ice-towers&players=6&m=")
    app.click("t1")
    lit = app.page.locator("#board .tower.target")
    assert lit.count() > 40
    app.page.wait_for_function("[...document.querySelectorAll('#board .tower.target')]"
                               ".every(e => (e.getAttribute('aria-label') || '').includes('if chosen: Red +'))")
    app.page.hover("#board .tower.target >> nth=-1")
    assert "If chosen: Red +" in app.page.inner_text("#preview")


def lesson_by_keys_at(app, game_id, title):
    """`game_id`'s lesson begun, its steps made by clicks up to the one called `title`; and its tutor."""
    app.open()
    app.pick(game_id)
    app.page.click("#learn-offer-start")
    app.page.wait_for_selector("#lesson:not([hidden])")
    tutor = learn.Tutor(learn.lesson(game_id))
    while tutor.step.title != title:
        if tutor.step.expect:
            make(app, tutor, tutor.expected()[0])
        app.page.click("#lesson-next")
        tutor.next()
        app.settled()
    return tutor


def test_the_arrows_pass_over_what_the_tray_under_the_board_has_too(app):
    """IceToids draws a chosen piece's ways to point on its tile and in the tray: ↑ from the piece went to its
    "point north", 39 px off, before the square north of it, and Enter pointed the piece (a whole turn) where the
    lesson asked to move it.  The arrows go from square to square; Tab reaches the ways to point, in the tray."""
    tutor = lesson_by_keys_at(app, "icetoids", "Ride an arrow")
    piece, square = tutor.session.state.path(tutor.expected()[0])
    assert square == "b3"
    to_board(app)
    arrow_to(app, piece)
    app.page.keyboard.press("Enter")
    app.settled()
    assert "selected" in active(app)["label"]
    assert app.page.locator('#board svg [data-cell="dir:N"]').count() == 1, "the way north drawn on the tile"
    app.page.keyboard.press("ArrowUp")
    assert active(app)["cell"] == "b3", active(app)
    app.page.keyboard.press("Tab")
    assert active(app)["cell"].startswith("dir:") and app.page.evaluate("!!document.activeElement.closest('.tray')")


def test_after_show_me_the_keys_enter_the_board_on_what_it_lit(app):
    """Show me keeps the focus (its words are read); Tab back to the board went to the square last left there, not
    to the one lit: a keyboard player then hunted for it."""
    tutor = lesson_by_keys_at(app, "ice-lady", tutor_title := learn.lesson("ice-lady").steps[2].title)
    assert tutor.step.title == tutor_title
    to_board(app)
    lit = tutor.session.state.path(tutor.expected()[0])[0]
    away = next(c for c in ("a1", "c1", "e1", "g1") if c != lit)
    arrow_to(app, away)
    app.page.focus("#lesson-show")
    app.page.keyboard.press("Enter")
    app.settled()
    assert app.page.evaluate("document.activeElement.id") == "lesson-show"
    to_board(app)
    assert active(app)["cell"] == lit, (active(app), lit)

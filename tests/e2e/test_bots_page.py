"""Ice Lady against the computer (Easy) in the browser: a worker thinks, the page stays responsive."""

from conftest import ROOT, App, in_window, two_frames
from pyramids import games
from pyramids.undoing import REPLY_TAKEN_BACK
from static_server import UPDATE_CHECK, StaticServer, wait_controlled

GAME = games.get("ice-lady")

# The spans of time while a bot search runs (the page counts them in <html data-bot-thinking>).
THINKING = """
    window.thinking = [];
    new MutationObserver(records => {  // a search may start and end within one task: read the old values
        const now = performance.now();
        const started = records.some(r => !(Number(r.oldValue) > 0));
        let last = window.thinking[window.thinking.length - 1];
        if (started && !(last && last[1] === null)) window.thinking.push(last = [now, null]);
        if (!(Number(document.documentElement.getAttribute("data-bot-thinking")) > 0) && last && last[1] === null)
            last[1] = now;
    }).observe(document, {attributes: true, attributeOldValue: true, subtree: true,
                          attributeFilter: ["data-bot-thinking"]});
"""


def new_game_against(app, seat, level):
    app.page.click("#new")
    app.page.select_option(f'#new-seats select[name="seat:{seat}"]', level)
    app.page.click("#new-start")


def wait_moves(app, n):
    app.page.wait_for_function(f"document.querySelectorAll('#moves li').length === {n}", timeout=60_000)


# Whether a search was in flight when each click reached the page: a search that held the main thread
# would let a click in only after it ended.  (How long its tasks are is the bench's to measure.)
CLICKS = """
    window.clicks = [];
    document.addEventListener("click", () => window.clicks.push(
        Number(document.documentElement.getAttribute("data-bot-thinking")) > 0), true);
"""


def press_at_once(app, selector):
    """Click what `selector` finds where it is now, without Playwright's checks that it is ready: they take a few
    frames, which on a busy machine came to more than Hard's second of thought."""
    x, y = app.page.evaluate("""selector => {
        const box = document.querySelector(selector).getBoundingClientRect();
        return [box.x + box.width / 2, box.y + box.height / 2];
    }""", selector)
    app.page.mouse.click(x, y)


def browse_while_thinking(app):
    """Click First while the computer thinks, then Last: the page answers both before the bot's move."""
    app.page.wait_for_function("document.getElementById('status').textContent.includes('thinking')")
    press_at_once(app, "#first")
    assert app.page.inner_text("#ply").startswith("Move 0 of")
    assert "The computer waits" not in app.message(), "a search under way is played (the player stays where they are)"
    press_at_once(app, "#last")


def test_a_game_against_easy(app, new_context):
    app.page.add_init_script(THINKING)
    app.open()
    new_game_against(app, "black", "easy")
    assert "bots=black:easy" in app.fragment()

    app.play("d3", "e4")
    app.page.wait_for_function("document.getElementById('status').textContent.includes('thinking')")
    assert app.status() == "Black (computer) is thinking…"
    browse_while_thinking(app)  # the buttons work while the bot thinks
    wait_moves(app, 2)
    app.page.wait_for_function("document.getElementById('status').textContent === 'White to move.'")
    app.play("c3", "b4")
    wait_moves(app, 4)
    moves = app.moves()
    assert GAME.replay(moves).to_text() == app.position()
    assert app.status() == "White to move."
    assert app.page.evaluate("window.thinking.length") >= 2

    app.page.click("#undo")
    assert app.moves() == moves[:2], "undo takes back the bot's reply and the player's move together"
    assert app.message() == REPLY_TAKEN_BACK, "and says so: two moves went at one click"

    app.page.click("#hint")
    app.page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint:')",
                               timeout=60_000)
    selected = app.page.locator("#board rect.selected").evaluate_all("els => els.map(e => e.dataset.cell)")
    target = app.page.locator("#board rect.target").evaluate_all("els => els.map(e => e.dataset.cell)")
    state = GAME.replay(moves[:2])
    lit = tuple(selected + target)
    assert any(state.path(m) == lit for m in state.legal_moves()), lit
    assert app.moves() == moves[:2], "a hint plays nothing"

    app.reload()
    assert "bots=black:easy" in app.fragment()
    app.play("c3", "b4")
    wait_moves(app, 4)

    link = app.share()
    assert "bots=black:easy" in link
    friend = app.elsewhere(link, new_context().new_page())
    assert friend.moves() == app.moves()
    friend.play("b4", "c5") if GAME.replay(friend.moves()).is_legal("b4-c5") else friend.play("d2", "d4")
    wait_moves(friend, 6)


def test_a_click_on_the_computers_pieces_while_it_thinks_is_refused(app):
    """A click while the computer thought moved its piece, and its answer was dropped: it is refused,
    in words, and the computer's own move lands."""
    app.open("v=1&g=ice-lady&m=c3-d4&bots=black:hard")  # Hard: about a second to think
    app.page.wait_for_function("document.getElementById('status').textContent.includes('thinking')")
    press_at_once(app, '#board [data-cell="f6"]')
    app.settled()
    assert app.message() == ("It is Black's turn, and the computer plays Black: wait for its move "
                             "(Undo takes yours back).")
    assert app.page.locator("#board rect.target").count() == 0
    wait_moves(app, 2)
    assert GAME.replay(app.moves()).to_text() == app.position() and app.status() == "White to move."


def test_while_the_last_turn_is_left_to_read_the_status_says_the_computer_has_chosen(app):
    """Watching computers play, "Blue (computer) is thinking…" stood 15-25 s after each long turn, where the search
    took under half a second and the rest was the time left to read the last turn: the computer seemed slow."""
    app.open("v=1&g=ice-lady&m=c3-d4&bots=black:easy")  # White's move, from the link, told and left to read
    app.page.wait_for_function("document.getElementById('status').textContent.includes('has chosen')")
    assert app.status() == "Black (computer) has chosen its move: it waits while you read the last turn…"
    assert app.moves() == ["c3-d4"] and int(app.page.get_attribute("html", "data-bot-pause-ms")) > 1000
    wait_moves(app, 2)
    assert app.status() == "White to move."


def test_the_computer_waits_while_the_player_looks_back_and_says_so(app):
    """Watching two computers play, ‹ stopped them with no sign of it: the status says the move on screen's."""
    app.open("v=1&g=ice-lady&m=&bots=white:easy,black:easy&pace=fast")
    wait_moves(app, 2)
    app.page.click("#first")
    app.page.wait_for_function("document.getElementById('message').textContent.endsWith("
                               "'The computer waits while you look back: End (or Last) returns to the game.')")
    made = len(app.moves())
    app.page.wait_for_timeout(3000)  # at Fast, a move of Easy's well within it
    assert len(app.moves()) == made and app.page.inner_text("#ply").startswith("Move 0 of")
    app.page.click("#last")
    app.page.wait_for_function(f"document.querySelectorAll('#moves li').length > {made}", timeout=60_000)
    assert "The computer waits" not in app.message()


def test_the_computer_plays_white_and_moves_first(app):
    app.open("v=1&g=ice-lady&m=&bots=white:medium")
    wait_moves(app, 1)
    assert app.status() == "Black to move."
    assert GAME.replay(app.moves()).to_text() == app.position()


def test_the_computer_plays_offline(watched):
    """The worker's files come from the service worker's cache: bots need no network."""
    with StaticServer(ROOT) as server:
        context = watched(server.origin)
        app = App(context.new_page(), server.url).open()
        wait_controlled(app.page)
        server.paths()
        context.set_offline(True)
        app.page.goto(server.url + "#v=1&g=ice-lady&m=&bots=black:easy")
        app.reload()
        app.play("d3", "e4")
        wait_moves(app, 2)
        assert app.page.evaluate("document.documentElement.getAttribute('data-bot-worker')") is None, \
            "the worker started"
        assert set(server.paths()) <= UPDATE_CHECK, "nothing came from the server"


def test_without_workers_the_page_thinks_in_slices(app):
    """Where a worker cannot start, the page says so and searches a slice per task: clicks are
    answered while it thinks (the bench measures the slices' length)."""
    app.page.add_init_script("window.Worker = function () { throw new DOMException('off', 'SecurityError'); };"
                             + THINKING + CLICKS)
    app.open("v=1&g=ice-lady&m=&bots=black:hard")
    app.play("d3", "e4")
    wait_moves(app, 2)
    assert "thinks on this page" in app.message() and "refuses web workers" in app.message()
    assert app.page.evaluate("document.documentElement.getAttribute('data-bot-worker')") == "fallback"
    app.page.evaluate("window.clicks = []")
    app.play("c3", "b4")
    browse_while_thinking(app)
    wait_moves(app, 4)
    assert app.page.evaluate("window.clicks") == [False, False, True, True], "First and Last came in mid-search"
    assert GAME.replay(app.moves()).to_text() == app.position()
    assert app.page.evaluate("window.thinking.length") >= 2


def test_in_ice_towers_the_computer_marks_its_piece_before_it_acts_at_the_speed_chosen(app):
    """Issue 28: nobody waits for the computer where nobody has turns: its chosen piece glows about half a
    second before it acts, and New game's Computer speed travels in the link."""
    app.page.add_init_script("""
        window.intents = [];  // each glow as it appears: the locations, and how many moves were made then
        new MutationObserver(records => {
            const marked = [...document.querySelectorAll('#board .bot-intent')].map(e => e.dataset.cell);
            const moves = document.querySelectorAll('#moves li button').length;
            const last = window.intents[window.intents.length - 1];
            if (marked.length && !(last && last.moves === moves)) window.intents.push({marked, moves});
        }).observe(document, {attributes: true, subtree: true, attributeFilter: ['class']});
    """)
    app.open("v=1&g=ice-towers&m=")
    app.page.click("#new")
    app.page.select_option('#new-seats select[name="seat:yellow"]', "easy")
    app.page.select_option('#new-seats select[name="pace"]', "fast")
    app.page.click("#new-start")
    assert "bots=yellow:easy&pace=fast" in app.fragment()
    app.page.wait_for_function("document.querySelectorAll('#moves li button').length >= 1", timeout=60_000)
    first = app.moves()[0]
    intent = app.page.evaluate("window.intents[0]")
    assert intent["moves"] == 0, "marked before it acts"
    assert sorted(intent["marked"]) == sorted(games.get("ice-towers").new().path(first))


def test_in_ice_towers_computers_that_hold_back_still_play_when_everyone_waits(app):
    """Issue 28: Hard keeps its pieces while two or more others still play; at a table of three Hard bots
    and a person who waits, each sees the others wait too (nothing played since it last waited) and plays."""
    app.open("v=1&g=ice-towers&players=4&m=&bots=yellow:hard,green:hard,blue:hard&pace=fast")
    app.page.wait_for_function("document.querySelectorAll('#moves li button').length >= 3", timeout=60_000)
    moves = app.moves()
    assert not [m for m in moves if m.startswith("red:")], moves
    games.get("ice-towers").replay(moves, players=4)  # each move legal in turn


def test_in_ice_towers_computers_do_not_go_round_a_loop_for_ever(app):
    """Issue 28: two bots in turn mined a large, set it down and capped the same tower back, till the tower
    was as it was (the link).  Told by the page which move began that loop, Red (which, told nothing, starts
    it again) does not, and the game ends: by agreement, or by the rules when no legal play remains (the issue:
    "a game of bots and people always ends by agreement or by the rules").  A loop for ever never ends."""
    from test_session import TOWERS_LAP, TOWERS_TO_LOOP
    played = TOWERS_TO_LOOP + TOWERS_LAP
    app.open(f"v=1&g=ice-towers&m={'+'.join(played)}&bots=red:medium,yellow:medium&pace=fast")
    # The bots act at their pace (0.75-1.5 s an action at "fast") after their search, for as many actions as they
    # choose: here the end came 10-100 s after the page opened (a slow, loaded machine), once in CI over 90 s.
    # A loop for ever never ends, so the bound has only to be above the longest real game.
    app.page.wait_for_function("!document.getElementById('end').hidden", timeout=300_000)
    moves = app.moves()
    result = app.page.inner_text("#end-result")
    assert "Everyone agreed the game is over" in result or "No legal play remains" in result, (result, moves)
    after = moves[len(played):]
    # Red is told when it acts at the loop's position (it may also agree at once, as it did once in CI); Yellow,
    # whose only play there is "done", may act first (it did once in a loaded run): then that is a new position.
    if after and after[0].startswith("red:"):
        assert after[0] != "red:mine:rL1", moves


# A bench game of Hard against Medium (issue 28): four White kings against two, and sixty moves since the last
# capture, promotion, or small or medium moving forward (`State.quiet_plies`); Black to move.
STUCK = ("v=2&g=ice-lady&c=125.FBGAFAAFKCFBJAKFQEUJWHTGEFLGQJTBOSLQNPOCPINBdJOBHBVOEWUYAKDFAJDSBASEzHIYnBVXBTAmAABL"
         "7N2N2K2N3LURnLA9CBABSbDRAWDRAUDWAgCbAeCbAfMg")


def test_computers_agree_a_draw_in_a_game_that_goes_nowhere(app):
    """Position text does not say how long nothing has changed, so the page tells the worker: Black's bot
    offers a draw at once, and White's accepts.  Told nothing, Black plays on (the ending is no drawn one)."""
    app.open(STUCK + "&bots=white:medium,black:medium&pace=fast")
    app.page.wait_for_function("!document.getElementById('end').hidden", timeout=90_000)
    assert app.moves()[125:] == ["offer-draw", "accept-draw"]
    assert "agreed to a draw" in app.page.inner_text("#end-result")


def test_a_bot_worker_whose_script_cannot_start_leaves_the_computer_thinking_on_the_page(app):
    """Issue 55: the page starts the computer's worker (static/bridge.js's `think`); where its script does not
    start (here one that fails as it loads), the page tells the Python, which thinks on the page and says so."""
    app.page.add_init_script("""window.Worker = class extends Worker {
        constructor(url, options) {
            super(String(url).includes('bot-worker') ? 'data:text/javascript,throw new Error("no")' : url, options);
        }
    };""")
    app.open("v=1&g=ice-lady&m=&bots=black:easy")
    app.play("d3", "e4")
    wait_moves(app, 2)
    assert "thinks on this page" in app.message() and "its script could not start here" in app.message()
    assert app.page.evaluate("document.documentElement.getAttribute('data-bot-worker')") == "fallback"
    assert GAME.replay(app.moves()).to_text() == app.position()


def test_on_a_short_phone_a_hint_brings_the_move_it_lights_into_view(new_context, server):
    """On a phone Hint is under the board, its drawer and the panel (390x664: ~1,000 px down the page), and the move
    it lit on the board, with the message naming it, was out of sight: the button seemed to do nothing.  The lit
    move is scrolled into view."""
    app = App(new_context(viewport={"width": 390, "height": 664}, has_touch=True, is_mobile=True).new_page(), server)
    app.open()
    hint = app.page.locator("#hint")
    hint.scroll_into_view_if_needed()
    hint.tap()
    app.page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint:')", timeout=60_000)
    app.settled()
    two_frames(app.page)
    lit = app.page.locator("#board rect.target").evaluate_all(
        "els => els.map(e => { const box = e.getBoundingClientRect(); return [box.top, box.bottom]; })")
    assert lit and all(in_window(box, 664) for box in lit), "the hinted move's target, in view"

"""Follow every turn (issue 25), in every game, at 1366×768: the board and the game log in view together,
one log entry per turn, and after the computer's turn its summary in the message line, every location it
changed outlined, and "Replay turn" stepping through its moves; at 390×844 the log opens from under the board and
the status and message that say what just happened."""

from __future__ import annotations

import random

import pytest

from conftest import settled, two_frames, wait_shown, watch_positions
from pyramids import games, record, turns
from pyramids.core import CHANCE
from pyramids.games import ice_turn

WIDE = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
# A new game whose first seat the computer plays: the test's person plays the other(s).
COMPUTER_FIRST = {"ice-lady": "white", "ice-towers": "yellow", "icetoids": "p1", "terrafex": "white", "ice-turn": "red"}


def opened(new_context, server, game_id, viewport, **options):
    page = new_context(**options).new_page()
    page.set_viewport_size(viewport)
    page.goto(f"{server}#v=1&g={game_id}&m=&bots={COMPUTER_FIRST[game_id]}:easy")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    return page


def played(page):
    return page.locator("#moves button[data-notation]").evaluate_all("els => els.map(e => e.dataset.notation)")


def replayed(game_id, moves):
    game = games.get(game_id)
    states = [game.new()]
    for move in moves:
        states.append(states[-1].play(move))
    return states


def box(page, selector):
    return page.locator(selector).bounding_box()


def place_the_computers_fire(page):
    """Terrafex: the computer's turn goes on after the person places the fire it chose (if it chose one); the
    message the person read when asked to place it (its turn so far), else None."""
    page.wait_for_function("/play the fire|^Black to move/.test(document.getElementById('status').textContent)",
                           timeout=60_000)
    if "play the fire" not in page.inner_text("#status"):
        return None
    asked = page.inner_text("#message")
    state = games.get("terrafex").from_text(page.get_attribute("#board", "data-position"))
    for cell in state.path(sorted(state.legal_moves())[0]):
        page.click(f'#board [data-cell="{cell}"]')
    return asked


@pytest.mark.parametrize("game_id", list(COMPUTER_FIRST))
def test_the_computers_turn_is_told_outlined_and_replayed_beside_the_log(new_context, server, game_id):
    page = opened(new_context, server, game_id, WIDE)
    asked = place_the_computers_fire(page) if game_id == "terrafex" else None
    page.wait_for_function("!document.getElementById('follow').hidden && !/^Tiles dealt/.test("
                           "document.getElementById('message').textContent)", timeout=60_000)  # the deal: not a turn
    page.wait_for_function("!document.getElementById('follow').hidden")

    # the board, the panel and the log side by side, all in view without scrolling
    board, side, log = box(page, "#board"), box(page, "#side"), box(page, "#moves")
    assert board["y"] >= 0 and board["y"] + board["height"] <= WIDE["height"]
    assert board["x"] + board["width"] <= side["x"] < side["x"] + side["width"] <= log["x"]
    assert log["x"] + log["width"] <= WIDE["width"] and log["y"] < WIDE["height"] / 2
    assert page.evaluate("scrollY") == 0

    # one entry per turn (Ice Lady: its score sheet, a move a turn)
    moves = played(page)
    states = replayed(game_id, moves)
    found = turns.turns(states, moves)
    entries = "#moves li[data-ply]" if game_id == "ice-lady" else "#moves li.turn"
    assert page.locator(entries).count() == len(found)
    theirs = [t for t in found if t.seat == COMPUTER_FIRST[game_id]]
    assert theirs, found
    said = page.inner_text("#message")
    if asked:  # told so far when the person was asked to place its fire; then the rest, and the fire, once
        assert asked.startswith("White's turn: ") or asked.startswith("White selects ")
        assert said.count("Black plays the") <= 1 and not said.startswith("White's turn: ")
    else:
        assert turns.headline(states, moves, theirs[-1])[:60] in said

    # every location the turn changed is outlined
    assert page.locator('#board [aria-label*="last move"]').count() >= 1

    # Replay turn: the position before the turn, then each of its moves, then back to the latest
    latest = page.get_attribute("#board", "data-position")
    watch_positions(page)
    page.click("#replay")
    wait_shown(page, states[theirs[-1].first - 1].to_text())
    assert page.inner_text("#replay") == "Stop replay"
    # the message line says the move on screen, not the latest turn's news beside an earlier board
    before = theirs[-1].first - 1
    start = next(ply for ply, state in enumerate(states) if state.actors != (CHANCE,))  # after Ice-Turn's deal
    assert page.inner_text("#message").startswith(f"Move {before - start} of {len(moves) - start}: "), \
        page.inner_text("#message")
    page.wait_for_function("p => document.getElementById('board').dataset.position === p", arg=latest,
                           timeout=30_000)
    replay = "Replay moves" if game_id == "ice-towers" else "Replay turn"  # "There are no turns" there
    page.wait_for_function("w => document.getElementById('replay').textContent === w", arg=replay)
    assert page.inner_text("#message") == said, "the latest turn's news again"
    assert page.locator('#board [aria-label*="last move"]').count() >= 1, "still outlined until the player acts"


@pytest.mark.parametrize("game_id", list(COMPUTER_FIRST))
def test_on_a_phone_the_log_opens_from_under_the_board_and_what_just_happened(new_context, server, game_id):
    """Under the board the status and the message, then the log's drawer, then the game's panel."""
    page = opened(new_context, server, game_id, PHONE)
    page.wait_for_function("document.querySelectorAll('#moves button[data-notation]').length > 0", timeout=60_000)
    board = box(page, "#board")
    assert board["width"] >= PHONE["width"] - 2, "the board keeps the full width"
    for part in ("#now", "#tools"):  # the side panel's
        assert box(page, part)["width"] >= PHONE["width"] - 2, "the panel too (it was a 320 px column: 70 px unused)"
    assert page.locator("#moves").is_hidden()
    status, message, toggle = box(page, "#status"), box(page, "#message"), box(page, "#log-toggle")
    assert board["y"] + board["height"] <= status["y"] < message["y"] < toggle["y"] < box(page, "#game-panel")["y"]
    page.click("#log-toggle")
    assert page.locator("#moves").is_visible()
    assert page.get_attribute("#log-toggle", "aria-expanded") == "true"
    page.click("#log-toggle")
    assert page.locator("#moves").is_hidden()


TAB_WALK = """() => {  // where the focus is: its name, and its top in the page
    const element = document.activeElement;
    const name = element.id ? `#${element.id}` : element.dataset.cell ? `[data-cell=${element.dataset.cell}]`
        : `${element.localName} ${element.textContent.trim().slice(0, 20)}`;
    return [name, Math.round(element.getBoundingClientRect().top + scrollY), !!element.closest('#rules, header')];
}"""


def tab_walk(page):
    """The Tab key from the board to the rules: each stop's name and top in the page."""
    page.focus('#board [tabindex="0"]')
    stops = []
    for _ in range(120):
        page.keyboard.press("Tab")
        name, top, last = page.evaluate(TAB_WALK)
        if last:
            return stops
        stops.append((name, top))
    raise AssertionError(f"the focus never reached the rules: {stops}")


@pytest.mark.parametrize("game_id", ["ice-lady", "terrafex"])
def test_on_a_phone_the_keys_go_down_the_page_as_it_is_shown(new_context, server, game_id):
    """On a phone the log's drawer stands between the status and the panel, which comes first in the side column
    of a wider screen: the Tab key (and a screen reader) went from the message to the panel, the controls and
    the typed move, then back up to the drawer.  Now it goes down the page as it is shown, the drawer closed or
    open, and a control keeps the focus as the window widens past a phone's and narrows again."""
    page = opened(new_context, server, game_id, PHONE)
    page.wait_for_function("document.querySelectorAll('#moves button[data-notation]').length > 0", timeout=60_000)
    for drawer in ("closed", "open"):
        stops = tab_walk(page)
        names = [name for name, _top in stops]
        assert "#log-toggle" in names and "#new" in names, stops
        for (before, above), (after, below) in zip(stops, stops[1:]):
            assert below >= above - 1, f"the drawer {drawer}: from {before} at {above} px up to {after} at {below}"
        page.click("#log-toggle")
    page.focus("#new")
    for viewport, column in ((WIDE, "side"), (PHONE, "log")):
        page.set_viewport_size(viewport)
        page.wait_for_function(f"document.getElementById('tools').parentElement.id === '{column}'")
        assert page.evaluate("document.activeElement.id") == "new"


@pytest.mark.parametrize("game_id", ["ice-lady", "ice-towers", "icetoids"])
def test_on_an_iphone_with_safari_s_bars_shown_the_computer_s_move_is_told_in_view(new_context, server, game_id):
    """An iPhone's 390×844 screen shows Safari a window of 390×664 until the page is scrolled.  The log's drawer
    stood between the board and the status: Ice Lady's message, which says the computer's move, began 10 px under
    the window's foot, and Ice Towers' two-line status ran 10 px under it.  IceToids' board is taller (its tray's
    room): its status ended 3 px under the foot until the header's games took one row, not two."""
    page = opened(new_context, server, game_id, {"width": 390, "height": 664})
    page.wait_for_function("document.getElementById('message').textContent.trim() !== ''", timeout=60_000)
    assert box(page, "#status")["y"] + box(page, "#status")["height"] <= 664
    assert box(page, "#message")["y"] + 20 <= 664, "its first line"


def test_on_a_phone_the_five_games_are_one_row_under_the_title(new_context, server):
    """In two rows of buttons the header took 146 px of a 390×664 window.  From a 320 px phone to a 600 px one the
    games are one row, each a finger's size, no name cut off."""
    page = opened(new_context, server, "ice-lady", {"width": 320, "height": 664})
    for width in (320, 360, 390, 412, 600):
        page.set_viewport_size({"width": width, "height": 664})
        buttons = page.locator("#picker button").evaluate_all("""els => els.map(e => {
            const r = e.getBoundingClientRect();
            return [r.top, r.width, r.height, e.scrollWidth <= e.clientWidth, r.right]; })""")
        assert len({top for top, *_ in buttons}) == 1, f"one row at {width} px"
        assert all(w >= 44 and h >= 44 and whole for _, w, h, whole, _ in buttons), f"{width} px: {buttons}"
        assert buttons[-1][-1] <= width, "the last game in the window"
        assert box(page, "#board")["y"] < 110


def test_on_a_tablet_the_panel_takes_the_room_the_board_leaves(new_context, server):
    """Under the board (768×1024) the panel is as wide as the board: it was a 320 px column with 400 px beside it
    unused. A tablet held upright a little wider (834×1112, 810×1080 less the browser's bars) had a board of
    430 px beside a 320 px column: it too has the board the window's width and the panel under it. Beside it
    (1024×600) the board keeps its width (the window's height less the header and margins, 5.5rem) and the
    panel runs to the page's margin."""
    page = opened(new_context, server, "ice-lady", {"width": 768, "height": 1024})
    for width, height in ((768, 1024), (834, 1112), (810, 980)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("w => document.getElementById('board').getBoundingClientRect().width == w - 32",
                               arg=width)
        board, side = box(page, "#board"), box(page, "#side")
        assert side["y"] >= board["y"] + board["height"]
        assert (side["x"], side["width"]) == (board["x"], board["width"])
        assert box(page, "#status")["y"] + 20 <= height, "whose turn it is, under the board, in view"
    page.set_viewport_size({"width": 1024, "height": 600})
    page.wait_for_function("document.getElementById('side').getBoundingClientRect().y < 300")
    board, side = box(page, "#board"), box(page, "#side")
    assert board["width"] == pytest.approx(600 - 88, abs=1) and side["x"] > board["x"] + board["width"]
    assert side["x"] + side["width"] == pytest.approx(1024 - 16, abs=1)


@pytest.mark.parametrize("game_id", ["ice-lady", "icetoids"])
def test_a_phone_held_sideways_shows_the_whole_board_under_the_header(new_context, server, game_id):
    """At 844×390 the board's column was 90 % of the window's height wide, and the header above it pushed Ice Lady's
    first row under the window's foot; IceToids' board has its tray's room under it too.  Narrower phones (568×320,
    667×375, 740×360) had the games' buttons wrap under the title, and the board lost 10-23 px under the foot."""
    page = opened(new_context, server, game_id, {"width": 844, "height": 390}, has_touch=True)
    for width, height in ((844, 390), (740, 360), (667, 375), (568, 320)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("w => document.documentElement.clientWidth === w", arg=width)
        board = box(page, "#board")
        assert board["y"] >= box(page, "header")["height"] and board["y"] + board["height"] <= height, (width, board)
        assert page.evaluate("scrollY") == 0


def board_box(page):
    """The board's box, found and measured in one script: the computer's move may draw the board again between
    a locator's finding and its measuring (Playwright's box is then None)."""
    return page.evaluate("""() => { const r = document.querySelector('#board > svg').getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height}; }""")


@pytest.mark.parametrize("game_id", ["ice-lady", "ice-turn"])
def test_a_page_zoomed_in_keeps_a_board_to_see(new_context, server, game_id):
    """A 1280×720 screen zoomed to 400 % is a 320×180 window, at 300 % 427×240 (WCAG's reflow).  The board's column
    was the window's height less the header: at 400 % a board of 92 px, 368 of the screen's pixels where it had 632
    before the zoom, and Ice-Turn's tray beside its board left the board 16 px.  With a mouse the board keeps
    16rem, the page scrolling to it, nothing scrolling sideways; at 200 % (640×360) it is whole in the window, and
    so at 150 % of a 1024×768 laptop (683×512), where the games' buttons wrapped under the title and the board ran
    10 px under the window's foot."""
    page = opened(new_context, server, game_id, {"width": 320, "height": 180})
    for width, height in ((320, 180), (427, 240)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("w => document.documentElement.clientWidth === w", arg=width)
        board = board_box(page)
        assert board["width"] >= 255 and board["x"] >= 0, (width, board)
        assert page.evaluate("document.documentElement.scrollWidth") == width
    for width, height in ((640, 360), (683, 512)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("w => document.documentElement.clientWidth === w", arg=width)
        board = board_box(page)
        assert board["width"] > 255 and board["y"] + board["height"] <= height, (width, board)


def test_a_phone_held_sideways_has_ice_turns_tray_beside_its_board(new_context, server):
    """At 844×390 Ice-Turn's tray stood under its board: the window's height was theirs to share, so the board
    came out 236 px wide and the tray's finger-high buttons ran 180 px under the window's foot.  Beside the board,
    both are whole under the header (a turn's movement: Tip, Turn, the Treehouse and End), and the tray says the
    die and the movement points left, which the panel, now under them, says too.  In a lesson the tray stays
    under the board and the lesson's words beside it, to be read while the board is played."""
    game, rng, moves = games.get("ice-turn"), random.Random(5), []
    state = game.new()
    while not (state.phase == "move" and state.outcome is None):
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    page = new_context(viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True).new_page()
    page.goto(f"{server}#v=1&g=ice-turn&m={'+'.join(moves)}")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    page.wait_for_selector("#board .tray button[data-cell='end']")
    board, tray = box(page, "#board > svg"), box(page, "#board .tray")
    assert board["width"] > 340 and board["y"] >= box(page, "header")["height"]
    assert tray["x"] >= board["x"] + board["width"]
    assert board["y"] + board["height"] <= 390 and tray["y"] + tray["height"] <= 390
    assert box(page, "#board .tray button[data-cell='end']")["y"] + 44 <= 390
    assert page.evaluate("scrollY") == 0
    tally = page.locator("#board .face .tally")
    assert tally.inner_text() == f"Red: {state.mp_left} of {state.mp_total} MP left" and tally.is_visible()
    for width, height in ((740, 360), (667, 375)):  # the board was centred beside a taller tray: 9 px under the foot
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("w => document.documentElement.clientWidth === w", arg=width)
        board = box(page, "#board > svg")
        assert board["y"] >= box(page, "header")["height"] and board["y"] + board["height"] <= height, (width, board)
    page.set_viewport_size({"width": 844, "height": 390})
    page.click("#learn-offer-start")
    page.wait_for_selector("#lesson:not([hidden])")
    board, tray, lesson = box(page, "#board > svg"), box(page, "#board .tray"), box(page, "#lesson")
    assert tray["y"] >= board["y"] + board["height"] and lesson["x"] >= board["x"] + board["width"]
    assert page.locator("#board .face .tally").is_hidden(), "the panel says it, beside the board"


def test_a_phone_held_upright_says_ice_turns_movement_points_over_the_tray(new_context, server):
    """Held upright, a phone has the status under Ice-Turn's tray and the panel far below it: at 390×664 the
    movement points left were under the window's foot, out of sight while they are spent.  The tray says them
    over its rows, as beside the board when the phone is held sideways, and a Wild turn's End movement, the
    tray's last row, stays within the window; a 1366×768 window has the panel beside."""
    game, rng, moves = games.get("ice-turn"), random.Random(5), []
    state = game.new()
    while not (state.phase == "move" and state.outcome is None):
        moves.append("face:wild" if state.is_legal("face:wild") else rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    assert state.face == "wild"
    page = new_context(viewport={"width": 390, "height": 664}, has_touch=True, is_mobile=True).new_page()
    page.goto(f"{server}#v=1&g=ice-turn&m={'+'.join(moves)}")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    page.wait_for_selector("#board .tray button[data-cell='end']")
    tally = page.locator("#board .face .tally")
    assert tally.inner_text() == f"Red: {state.mp_left} of {state.mp_total} MP left" and tally.is_visible()
    spot = box(page, "#board .face .tally")
    assert spot["y"] >= box(page, "#board > svg")["y"] + box(page, "#board > svg")["height"]
    assert spot["y"] + spot["height"] <= 664 and page.evaluate("scrollY") == 0
    end = box(page, "#board .tray button[data-cell='end']")
    assert end["height"] >= 44 and end["y"] + end["height"] <= 664, end
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_function("() => document.documentElement.clientWidth === 1366")
    assert tally.is_hidden(), "the panel says it, beside the board"


@pytest.mark.parametrize("game_id", ["ice-lady", "ice-turn"])
def test_with_a_phone_browser_s_bars_shown_the_board_sized_by_the_window_is_whole(new_context, server, game_id):
    """A phone's browser shows its address bar and toolbar until the page is scrolled, and CSS's 100vh is the
    window's height with them hidden (Safari's and Chrome's large viewport): at 844×390 with 60 px of bars, a board
    sized by it came out 360 px high (Ice-Turn's 367) and ran 51-58 px under the window's foot.  Chromium emulates
    the bars (the small viewport 60 px under the large one) in a page already open; its phone emulation
    (`is_mobile`) measures the page's own width and is left out."""
    page = new_context(viewport={"width": 844, "height": 390}, has_touch=True).new_page()
    page.goto(f"{server}#v=1&g={game_id}&m=")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    page.context.new_cdp_session(page).send("Emulation.setSmallViewportHeightDifferenceOverride", {"difference": 60})
    page.wait_for_function("""() => { const probe = document.createElement('div');
        probe.style.cssText = 'position: absolute; height: 100vh'; document.body.append(probe);
        const high = probe.getBoundingClientRect().height; probe.remove(); return high === 450; }""")
    board = box(page, "#board > svg")
    assert board["y"] >= box(page, "header")["height"] and board["y"] + board["height"] <= 390, board
    assert board["height"] > 250, "the board still as high as the window less the header"


def test_held_sideways_in_a_window_360_px_high_ice_turn_s_wild_turn_is_whole(new_context, server):
    """A Wild turn is the tray's tallest face: the die, Tip, Turn, the Treehouse's eight choices in two rows, End
    movement.  Beside the board in a 740×360 window (a common Android phone held sideways) End stood 4 px under the
    window's foot; in a 568×320 one (an iPhone SE held sideways) 19 px, in 667×325 (a later SE, less Safari's bars)
    22 px: there End stands at the tray's top, beside the movement points it ends."""
    game, rng, moves = games.get("ice-turn"), random.Random(0), []
    state = game.new()
    while not (state.phase == "move" and state.face == "wild" and state.spent == 0):
        assert state.outcome is None
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    page = new_context(viewport={"width": 740, "height": 360}, has_touch=True).new_page()
    page.goto(f"{server}#v=1&g=ice-turn&m={'+'.join(moves)}")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    page.wait_for_selector("#board .tray .face button[data-cell='end']")
    for width, height in ((740, 360), (640, 360), (844, 390), (568, 320), (667, 325)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("w => document.documentElement.clientWidth === w", arg=width)
        page.evaluate("scrollTo(0, 0)")
        lowest = page.locator("#board .tray .face button").evaluate_all(
            "els => Math.max(...els.map(e => e.getBoundingClientRect().bottom))")
        end = box(page, "#board .tray .face button[data-cell='end']")
        assert lowest <= height and end["y"] + end["height"] <= height, (width, lowest)
        whole = box(page, "#board")  # the tray's room too: else a move made scrolls the page (`back_in_view`)
        assert whole["y"] + whole["height"] <= height, (width, whole)
        assert box(page, "#board .tray")["x"] >= box(page, "#board > svg")["x"] + box(page, "#board > svg")["width"]


def test_held_sideways_a_refusal_is_read_under_the_board_and_the_next_move_brings_the_board_back(new_context,
                                                                                                   server):
    """At 568×320 a refused tap scrolls its words, under the board, into view; the page stayed so, the board's top
    row and Ice-Turn's End (at the top of its tray) cut off at the window's top, until the player scrolled back."""
    game, rng, moves = games.get("ice-turn"), random.Random(0), []
    state = game.new()
    while not (state.phase == "move" and state.face == "wild" and state.spent == 0):
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    mine = next(i for i, stack in enumerate(state.stacks) if stack and stack[0][0] == state.active[0])
    cells = ice_turn.CELLS
    page = new_context(viewport={"width": 568, "height": 320}, has_touch=True).new_page()
    page.goto(f"{server}#v=1&g=ice-turn&m={'+'.join(moves)}")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    page.wait_for_selector("#board .tray .face button[data-cell='end']")
    page.locator("#board .tray .face button.arrow").first.tap()  # a way to tip, with no piece chosen
    page.wait_for_function("document.getElementById('message').classList.contains('warn')")
    page.wait_for_function("(() => { const box = document.getElementById('message').getBoundingClientRect();"
                           " return box.top >= 0 && box.bottom <= innerHeight; })()")
    assert box(page, "#board")["y"] < 0, "the refusal's words are under the board: it is scrolled up to them"
    page.locator(f'#board svg [data-cell="{cells[mine]}"]').first.tap(force=True)
    page.wait_for_function("document.querySelector('#board .tray .face button.lit:not(.end)')")
    page.wait_for_function("document.getElementById('board').getBoundingClientRect().top >= 0")
    end = box(page, "#board .tray .face button[data-cell='end']")
    assert 0 <= end["y"] and end["y"] + end["height"] <= 320
    assert box(page, "#board")["y"] + box(page, "#board")["height"] <= 320, "the board whole"


def test_on_a_large_screen_the_board_is_as_high_as_the_window_allows_and_the_columns_are_centred(new_context, server):
    """At 1920×1080 the board stopped at 760 px, with a third of the screen empty beside the log."""
    page = opened(new_context, server, "ice-lady", {"width": 1920, "height": 1080})
    board, log = box(page, "#board"), box(page, "#log")
    assert board["width"] == pytest.approx(1080 - 100, abs=1) and board["y"] + board["height"] <= 1080
    left, right = board["x"], 1920 - (log["x"] + log["width"])
    assert left == pytest.approx(right, abs=2) and left > 100
    page.set_viewport_size({"width": 1366, "height": 768})
    page.wait_for_function("document.getElementById('board').getBoundingClientRect().width < 700")
    assert box(page, "#board")["width"] == pytest.approx(768 - 100, abs=1), "a laptop's board as before"


def test_an_entry_opens_to_its_moves_and_the_keys_step_turn_by_turn(app):
    """Terrafex's turns: an entry opens to its single moves, each clickable; PageUp and Shift+← step a turn."""
    game = games.get("terrafex")
    moves = ["mountain:start:c1", "glacier:h2W", "forest:grow:c3", "fire:2", "fire:burn:d2", "end",
             "mountain:start:c7", "forest:spread:c4"]
    app.open("v=1&g=terrafex&m=" + "+".join(moves))
    assert app.page.locator("#moves li.turn").count() == 2
    first = app.page.locator("#moves li.turn").first
    assert first.locator(".actions").is_hidden()
    first.locator("button.open").click()
    assert (first.locator(".actions").is_visible()
            and first.locator("button.open").get_attribute("aria-expanded") == "true")
    first.locator('button[data-ply="2"]').click()
    assert app.position() == game.replay(moves[:2]).to_text()
    said = game.replay(moves[:1]).words(moves[1]).rstrip(".")
    assert app.page.inner_text("#message") == f"Move 2 of 8: {said}.", "the move on screen, in words"
    app.page.keyboard.press("PageDown")
    assert app.position() == game.replay(moves[:6]).to_text()
    app.page.keyboard.press("End")
    app.page.keyboard.press("Shift+ArrowLeft")
    assert app.position() == game.replay(moves[:6]).to_text()
    app.page.click("#prev-turn")
    assert app.position() == game.new().to_text()
    app.page.click("#next-turn")
    assert app.position() == game.replay(moves[:6]).to_text()
    app.page.keyboard.press("ArrowRight")  # ←/→ still step a move
    assert app.position() == game.replay(moves[:7]).to_text()


def test_a_game_printed_on_a_phone_has_its_board_and_every_turn_in_full_and_no_controls(new_context, server):
    """Printed (as the browser's Print gives it), the page is the game on paper: the board, the status and every
    turn of the log in all its words, where the screen shows the log in a drawer under the board (a phone) or in
    a list that scrolls, and each turn in three lines; none of what paper cannot press."""
    game = games.get("ice-turn")
    rng, state, moves = random.Random(5), game.new(), []
    while len(moves) < 120 and not state.outcome:
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    page = new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    page.goto(f"{server}#{record.encode(record.Record('ice-turn', {}, tuple(moves)))}")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    settled(page)
    assert page.locator("#log-body").is_hidden() and page.locator("#controls").is_visible()
    page.emulate_media(media="print")
    for shown in ("#board > svg", "#status", "#log-body"):
        assert page.locator(shown).is_visible(), shown
    for left_out in ("#picker", "#controls", "#type-move", "#board .tray", ".log-toggle", ".turn-nav", "#rules"):
        assert page.locator(left_out).is_hidden(), left_out
    cut = page.evaluate("""() => [document.getElementById('moves'), ...document.querySelectorAll('#moves .sum')]
        .filter(e => e.scrollHeight > e.clientHeight + 1).map(e => e.id || e.dataset.ply)""")
    assert cut == [], "the list and each turn in full"
    assert page.locator("#moves li.turn").count() == len(turns.turns(replayed("ice-turn", moves), moves))


# Each change the log's list is handed (one batch per turn of the event loop): how many entries it holds after.
LIST_BATCHES = """
window.listBatches = [];
new MutationObserver(() => listBatches.push(document.querySelectorAll('#moves > li').length))
  .observe(document.getElementById('moves'), {childList: true});
"""


def test_a_long_links_log_is_worked_out_a_slice_at_a_time(app):
    """Issue 29: a 300-move IceToids link opened in a running page made its log in one task of 40-60 ms.  A
    list that takes more than a slice is worked out a slice per task and shown whole: the list is emptied,
    then filled in a later task (the page's thread slowed six times, so that it takes more than a slice on
    any machine), with every turn and the move on screen."""
    game = games.get("icetoids")
    rng, state, moves = random.Random(3), game.new(), []
    while len(moves) < 300 and state.legal_moves():
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    app.open("v=1&g=ice-lady&m=c3-d4+f6-e5")  # a list to empty
    cdp = app.page.context.new_cdp_session(app.page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})
    try:
        app.page.evaluate(LIST_BATCHES)
        app.page.evaluate("fragment => { location.hash = fragment; }", f"v=1&g=icetoids&m={'+'.join(moves)}")
        app.page.wait_for_function("text => document.getElementById('board').dataset.position === text",
                                   arg=state.to_text(), timeout=60_000)
        entries = len(turns.turns(replayed("icetoids", moves), moves)) + (state.outcome is not None)
        app.page.wait_for_function("n => document.querySelectorAll('#moves > li').length === n", arg=entries)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    batches = app.page.evaluate("listBatches")
    assert 0 in batches and batches[-1] == entries and batches.index(0) < len(batches) - 1, batches
    assert played(app.page) == moves
    assert app.page.locator(f'#moves li.ply[data-ply="{len(moves)}"] > [aria-current=step]').count() == 1


@pytest.mark.parametrize("height", [844, 664])
def test_on_a_phone_looking_back_shows_the_board_and_floats_the_history_s_buttons_over_it(new_context, server,
                                                                                           height):
    """On a phone the history's buttons are under the board, the log's drawer and the panel: Terrafex's ‹ stands
    ~1,350 px down the page, and each press changed a board out of sight.  Looking back, the board is shown whole
    from its top, and the buttons float at the window's foot under it, with the move shown; at the latest move
    they go back to their place."""
    game = games.get("terrafex")
    moves = [sorted(game.new().legal_moves())[0]]
    moves.append(sorted(game.replay(moves).legal_moves())[0])
    page = new_context(viewport={"width": 390, "height": height}, has_touch=True, is_mobile=True).new_page()
    page.goto(f"{server}#{record.encode(record.Record('terrafex', {}, tuple(moves)))}")
    page.wait_for_selector("html[data-ready]", timeout=60_000)
    back = page.locator("#prev")
    back.scroll_into_view_if_needed()
    assert box(page, "#board")["y"] + box(page, "#board")["height"] < 0, "the board, out of sight over the button"
    back.tap()
    settled(page)
    two_frames(page)
    board, buttons = box(page, "#board"), box(page, "#controls .nav")
    assert 0 <= board["y"] < 1 and board["y"] + board["height"] <= buttons["y"], "the board whole, over the buttons"
    assert buttons["y"] + buttons["height"] <= height and page.inner_text("#nav-ply") == "Move 1 of 2"
    page.locator("#prev").tap()  # where it floats
    settled(page)
    assert page.get_attribute("#board", "data-position") == game.new().to_text()
    assert page.inner_text("#nav-ply") == "Move 0 of 2"
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    two_frames(page)
    assert box(page, "#rules")["y"] + box(page, "#rules")["height"] <= box(page, "#controls .nav")["y"], \
        "the page's foot scrolls clear of the floating buttons"
    page.locator("#last").tap()
    settled(page)
    assert page.evaluate("getComputedStyle(document.querySelector('#controls .nav')).position") == "static"
    assert page.locator("#nav-ply").is_hidden(), "at the latest move, the buttons are back in their place"
    page.set_viewport_size({"width": 768, "height": 1024})  # a tablet: the buttons under the board do not float
    page.locator("#prev").scroll_into_view_if_needed()
    scrolled = page.evaluate("scrollY")
    page.locator("#prev").tap()
    settled(page)
    two_frames(page)
    assert page.evaluate("getComputedStyle(document.querySelector('#controls .nav')).position") == "static"
    assert page.evaluate("scrollY") == scrolled, "the page stays with the buttons pressed"

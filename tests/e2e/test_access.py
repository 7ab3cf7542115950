"""Every game by keyboard only, by screen reader and by finger (issue 13), and axe-core's checks.

axe-core comes from npm (pinned in package.json, installed by build.sh's `npm ci`); the
tests inject node_modules/axe-core/axe.min.js into the page: the app never ships it.
It checks WCAG 2.2 AA and axe's best practices (issue 26), at desktop size and on a phone.
"""

from __future__ import annotations

import pathlib
import random
import re
import struct
import zlib

import pytest
from conftest import ARGS, CHROMIUM, PHONE, App, watched_contexts
from test_ice_turn_page import DEAL, PLACE
from test_ice_turn_page import link as ice_turn_link

from pyramids import games
from pyramids.session import Session

ROOT = pathlib.Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GAMES = ("ice-lady", "ice-towers", "icetoids", "terrafex", "ice-turn")


def link(game_id: str, **options) -> str:
    return Session(game_id, options).link()


def type_move(app: App, move: str) -> None:
    count = len(app.moves())
    app.page.fill("#move-text", move)
    app.page.keyboard.press("Enter")
    app.page.wait_for_function("n => document.querySelectorAll('#moves [data-notation]').length > n", arg=count)


def start(app: App, game_id: str) -> None:
    """A new game on a bare visit, its game picked by keys (a link would make the player one side only)."""
    app.open()
    app.page.focus(f'#picker [data-game="{game_id}"]')
    app.page.keyboard.press("Enter")
    app.page.wait_for_function("g => document.querySelector('#board').dataset.game === g", arg=game_id)


def busy_towers() -> str:
    """A six-player Ice Towers table after 30 caps: towers of three and four pieces."""
    session, rng = Session("ice-towers", {"players": 6}), random.Random(3)
    for _ in range(30):
        session.play(rng.choice([m for m in session.state.legal_moves() if ":cap:" in m]))
    assert any(len(t.pieces) >= 4 for t in session.state.towers)
    return session.link()


# -- keyboard ------------------------------------------------------------------
def active(app: App) -> dict:
    return app.page.evaluate("""() => { const e = document.activeElement;
        return {cell: e.dataset ? e.dataset.cell || null : null, move: e.dataset ? e.dataset.move || null : null,
                board: !!e.closest('#board'), label: e.getAttribute('aria-label') || ''}; }""")


def to_board(app: App) -> None:
    """Tab (backwards from the panel, else forwards) until the focus is on the board."""
    for key in ("Shift+Tab", "Tab"):
        for _ in range(60):
            if active(app)["board"]:
                return
            app.page.keyboard.press(key)
    raise AssertionError("Tab never reaches the board")


def arrow_to(app: App, cell: str) -> None:
    """Arrow keys toward `cell`, the key chosen by where it lies on screen."""
    seen = []
    for _ in range(80):
        now = active(app)["cell"]
        if now == cell:
            return
        dx, dy = app.page.evaluate("""c => {
            const a = document.activeElement.getBoundingClientRect();
            const b = [...document.querySelectorAll('#board [data-cell]')].find(e => e.dataset.cell === c)
                .getBoundingClientRect();
            return [b.left + b.width / 2 - a.left - a.width / 2, b.top + b.height / 2 - a.top - a.height / 2]; }""",
                                   cell)
        across = seen.count(now) > 1  # going round in circles: try the other axis
        horizontal = (abs(dx) >= abs(dy)) != across and abs(dx) > 0.5 or abs(dy) <= 0.5
        app.page.keyboard.press(("ArrowRight" if dx > 0 else "ArrowLeft") if horizontal
                                else ("ArrowDown" if dy > 0 else "ArrowUp"))
        seen.append(now)
    raise AssertionError(f"the arrow keys never reach {cell} (stuck on {active(app)['cell']})")


def tab_to(app: App, key: str, value: str) -> None:
    """Tab forwards until the focus is on the control with data-<key>=value (panel, choices)."""
    for _ in range(120):
        if active(app)[key] == value:
            return
        app.page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reaches {key} {value}")


def on_board(app: App, cell: str) -> bool:
    return app.page.evaluate("c => [...document.querySelectorAll('#board [data-cell]')]"
                             ".some(e => e.dataset.cell === c)", cell)


def play_by_keyboard(app: App, move: str) -> None:
    """Make `move` with the keys alone: its click path by arrows and Enter, then its choice if asked."""
    before = games.get(app.page.get_attribute("#board", "data-game")).from_text(app.position())
    count = len(app.moves())
    for cell in before.path(move):
        if on_board(app, cell):
            to_board(app)
            arrow_to(app, cell)
            assert cell.split(":")[-1] in active(app)["label"] or active(app)["label"], "each location has a name"
        else:
            tab_to(app, "cell", cell)
        app.page.keyboard.press("Enter")
        app.page.wait_for_timeout(30)
        if on_board(app, cell):
            offered = app.page.locator("#choices button").evaluate_all("els => els.map(e => e.dataset.move)")
            if offered:  # the keys go on to the choices the move asks for, three to seven Tabs away
                assert active(app)["move"] == offered[0], "the focus on the first choice"
            else:
                assert active(app)["board"], "the focus stays on the board when it is redrawn"
    if len(app.moves()) == count:
        tab_to(app, "move", move)
        app.page.keyboard.press("Enter")
    app.page.wait_for_function("n => document.querySelectorAll('#moves [data-notation]').length > n", arg=count)
    assert move in app.moves()[count:], app.message()
    live = app.page.inner_text("#live")
    assert before.describe(move).rstrip(".") in live, live


def choose_move(state) -> str:
    """A move a person makes at the start of a game (not an agreement to end, not the timer)."""
    moves = [m for m in state.legal_plays() if not m.endswith((":done", ":undone", ":ring"))]
    return sorted(moves, key=lambda m: (len(state.path(m)), m))[-1] if moves else ""


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_plays_by_keyboard_with_each_move_announced(app, game_id):
    """Issue 13: "a person can play every built game ... with only a keyboard, with a screen reader
    hearing each move": the board is one Tab stop, arrows move, Enter acts, the live region speaks."""
    start(app, game_id)
    game = games.get(game_id)
    for _ in range(4):
        move = choose_move(game.from_text(app.position()))
        play_by_keyboard(app, move)
    stops = app.page.evaluate("[...document.querySelectorAll('#board [tabindex=\"0\"]')]"
                              ".map(e => !!e.closest('.tray'))")
    assert stops.count(False) == 1, "the board is one Tab stop"
    assert stops.count(True) <= 1, "a tray of buttons under it, one more"


def test_the_tray_of_buttons_under_the_board_is_a_tab_stop_of_its_own(app):
    """Ice-Turn's End, Treehouse and direction buttons under the board were reached only by the arrow keys down
    from the board's bottom row, which no help told: the tray is a Tab stop after the board's, on its lit button
    (End with nothing chosen; a chosen piece's first lit direction), and Shift+Tab goes back to where the board
    was left."""
    app.open(ice_turn_link(DEAL + PLACE + ["roll:3", "face:aim"]))
    to_board(app)  # Shift+Tab from the page's foot: the tray first
    assert active(app)["cell"] == "end", "nothing chosen: End movement is the tray's one lit button"
    app.page.keyboard.press("Shift+Tab")
    assert active(app)["board"] and not app.page.evaluate("!!document.activeElement.closest('.tray')")
    arrow_to(app, "a1")  # the starting tree
    app.page.keyboard.press("Enter")
    assert "selected" in active(app)["label"]
    app.page.keyboard.press("Tab")
    lit = app.page.locator("#board .tray .action.lit").evaluate_all("els => els.map(e => e.dataset.cell)")
    assert active(app)["cell"] == lit[0] and lit[0].startswith("tip:"), "the chosen piece's first lit direction"
    count = len(app.moves())
    app.page.keyboard.press("Enter")
    app.page.wait_for_function("n => document.querySelectorAll('#moves [data-notation]').length > n", arg=count)
    assert app.moves()[-1] == f"tip:a1{lit[0][-1]}"
    assert active(app)["cell"] == lit[0], "the focus stays on the button across the redraw"
    app.page.keyboard.press("Shift+Tab")
    assert active(app)["cell"] == "a1", "Shift+Tab from the tray comes back to the board's place left"


def test_a_tray_button_that_says_another_thing_after_it_is_pressed_does_not_keep_the_focus(app):
    """Ice-Turn's End movement becomes End turn under the focus: a second Enter (a key held, pressed twice) ended the
    turn and skipped the reactionary turning.  The focus goes back to the board."""
    app.open(ice_turn_link(DEAL + PLACE + ["roll:6", "face:dig", "tip:a1E"]))  # with a reactionary turning to come
    to_board(app)
    assert active(app)["cell"] == "end" and app.page.evaluate("document.activeElement.textContent") == "End movement"
    count = len(app.moves())
    app.page.keyboard.press("Enter")
    app.page.wait_for_function("n => document.querySelectorAll('#moves [data-notation]').length > n", arg=count)
    assert app.page.inner_text('#board .tray [data-cell="end"]') == "End turn"
    assert active(app)["board"] and not app.page.evaluate("!!document.activeElement.closest('.tray')"), active(app)


def test_pieces_inside_an_ice_towers_tower_are_reached_by_arrows(app):
    """Issue 13: arrows move "between locations (cells, pieces in a tower ...)": mine and split by keys."""
    tall = ["yellow:cap:yL1>t7", "red:cap:rL2>t7", "yellow:cap:yM1>t7", "red:cap:rM1>t7", "yellow:cap:yS1>t7"]
    app.open(Session("ice-towers", {"players": 6}, tall).link())
    play_by_keyboard(app, "red:mine:rL2")  # the third of six pieces in tower 7
    play_by_keyboard(app, "green:split:yM1")  # the split point between yellow large and yellow medium


def test_tab_enters_the_board_where_a_move_can_begin(app):
    """IceToids starts with a colour choice: Tab lands on a colour, not on a face-down tile."""
    start(app, "icetoids")
    to_board(app)
    assert active(app)["cell"] == "colour:red" and active(app)["label"] == "colour red"


def test_escape_cancels_and_history_keys_browse_outside_the_board(app):
    """Issue 13: "Esc cancels a selection"; ←/→ still browse the game when the focus is not on the board."""
    app.open()
    play_by_keyboard(app, "c3-d4")
    to_board(app)
    arrow_to(app, "f6")
    app.page.keyboard.press("Enter")
    assert "selected" in active(app)["label"]
    app.page.keyboard.press("Escape")
    assert app.page.locator("#board .selected").count() == 0
    assert "cancelled" in app.page.inner_text("#live")
    app.page.keyboard.press("ArrowLeft")  # on the board: moves the focus, not the game
    assert app.page.inner_text("#ply") == "Move 1 of 1"
    app.page.focus("#undo")
    app.page.keyboard.press("ArrowLeft")
    assert app.page.inner_text("#ply") == "Move 0 of 1"
    assert "Move 0 of 1" in app.page.inner_text("#live")


def test_question_mark_on_the_board_or_off_it_brings_the_keys_help(app):
    """The keys were told only inside the closed Rules, far under the board, and ? did nothing: ? (on the board or
    off it, not in a field) opens the Rules at the keys' help, the focus there, in view."""
    app.open()
    for start in (lambda: to_board(app), lambda: app.page.focus("#undo")):
        app.page.evaluate("document.getElementById('rules').open = false; scrollTo(0, 0)")
        start()
        app.page.keyboard.press("?")
        app.page.wait_for_function("document.activeElement.id === 'rules-here'")
        assert app.page.evaluate("document.getElementById('rules').open")
        box = app.page.locator("#rules-here").bounding_box()
        assert box["y"] >= 0 and box["y"] < app.page.viewport_size["height"]
        assert "Tab reaches the board" in app.page.inner_text("#rules-here")
    app.page.focus("#move-text")
    app.page.keyboard.press("?")
    assert app.page.input_value("#move-text") == "?", "typed in a field: a character"


def test_the_game_and_the_move_on_screen_are_marked_for_a_screen_reader_and_in_a_high_contrast_theme(app):
    """The header's game on screen and the log's move on screen carry aria-current (a screen reader says "current
    page", "current step"); in a high-contrast theme (forced colours), which drops the backgrounds that alone
    marked them, each still stands out from its neighbours, as does the colour Ice Towers' player acts as."""
    session = Session("ice-lady")
    for move in ("f3-e4", "d6-e5", "e4-d5", "e5-d4"):
        session.play(move)
    app.open(session.link())
    app.page.click('#moves li[data-ply="2"] > button')
    app.settled()

    def marked() -> list[str]:
        return app.page.eval_on_selector_all("[aria-current]", "els => els.map(e => e.dataset.game || e.dataset.ply)")

    assert marked() == ["ice-lady", "2"]
    app.page.emulate_media(forced_colors="active")
    paints = app.page.evaluate("""() => [
        '#picker [data-game="ice-lady"]', '#picker [data-game="terrafex"]',
        '#moves li[data-ply="2"] > button', '#moves li[data-ply="3"] > button',
    ].map(s => getComputedStyle(document.querySelector(s)).backgroundColor)""")
    assert paints[0] != paints[1] and paints[2] != paints[3], paints
    app.page.keyboard.press("End")
    app.settled()
    assert marked() == ["ice-lady", "4"]
    app.pick("terrafex")
    app.settled()
    assert marked() == ["terrafex"], "a new Terrafex game: no move to mark"
    app.pick("ice-towers")  # ...and the colour Ice Towers' player acts as, pressed
    app.settled()
    paints = app.page.evaluate("""() => ['.acting [aria-pressed="true"]', '.acting [aria-pressed="false"]']
        .map(s => getComputedStyle(document.querySelector(s)).backgroundColor)""")
    assert paints[0] != paints[1], paints


def test_in_a_high_contrast_theme_what_a_selection_lights_in_the_tray_stands_out(app):
    """Ice-Turn's tray lights the ways the selected piece may go (by a background and a border's colour): in forced
    colours, which drop both, the lit buttons take the system's highlight as an outline."""
    game, rng, moves = games.get("ice-turn"), random.Random(2), []
    state = game.new()
    while state.phase != "move" or state.active != "red":
        moves.append(rng.choice(state.legal_moves()))
        state = state.play(moves[-1])
    app.open(Session("ice-turn", moves=moves).link())
    app.click(state.path(next(m for m in state.legal_moves() if m.startswith("tip:")))[0])  # a piece to tip
    app.page.emulate_media(forced_colors="active")
    outlines = app.page.evaluate("""() => ['#board .tray button.lit', '#board .tray button:not(.lit)']
        .map(s => getComputedStyle(document.querySelector(s)).outlineStyle)""")
    assert outlines == ["solid", "none"], outlines


def test_a_typed_move_plays_and_a_wrong_one_is_refused_in_words(app):
    """Issue 13: "A typed-move box that accepts the game's notation"."""
    app.open()
    app.page.fill("#move-text", "c3-d5")
    app.page.keyboard.press("Enter")
    assert app.moves() == [] and "c3-d5" in app.message()
    assert app.message() in app.page.inner_text("#live")
    app.page.fill("#move-text", "c3-d4")
    app.page.keyboard.press("Enter")
    app.page.wait_for_function("document.querySelectorAll('#moves li').length == 1")
    assert app.page.input_value("#move-text") == ""
    assert "White small c3 to d4" in app.page.inner_text("#live")


def test_a_notice_about_the_link_is_announced(app):
    """A listener hears why a link could not be opened, as a sighted player reads it."""
    app.open("v=1&g=no-such-game&m=")
    assert "This link cannot be opened" in app.message()
    assert "This link cannot be opened" in app.page.inner_text("#live")


def test_locations_are_named_in_words_with_their_state(app):
    """Issue 13: every location has an accessible name in words, with "selected" and "legal target"."""
    app.open(link("ice-lady"))
    app.click("c3")
    labels = app.page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#board [data-cell]')]
        .map(e => [e.dataset.cell, e.getAttribute('aria-label')]))""")
    assert labels["c3"] == "c3, white small, selected"
    assert labels["d4"] == "d4, empty, legal target"
    assert app.page.locator("#board svg[role=img]").count() == 0, "no role=img hides the board"


# -- axe-core ------------------------------------------------------------------
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
# What axe leaves "to review" that is always a fault here: an aria-label on an element whose role takes no
# name (a plain span) is read by no screen reader.
NEVER_IN_DOUBT = ["aria-prohibited-attr"]


def violations(app: App) -> list[str]:
    app.page.add_script_tag(path=str(AXE))
    return app.page.evaluate("""async ([tags, sure]) => {
        const found = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
        return [...found.violations, ...found.incomplete.filter(v => sure.includes(v.id))]
            .map(v => `${v.id}: ${v.help} -- ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')}`); }""",
                             [AXE_TAGS, NEVER_IN_DOUBT])


@pytest.mark.parametrize("game_id", GAMES)
def test_axe_finds_no_violation_on_any_game(screen, game_id):
    """Issue 13: axe-core reports no violation on every game's page; issue 26: with WCAG 2.2 AA and best practice
    (the rules page's h3 under the page's h1, Ice Towers' "I'm done" and Ice-Turn's move list under 24 px)."""
    app = screen.open(link(game_id))
    app.page.evaluate("document.querySelector('#rules').open = true")  # the rules page's headings are checked too
    app.page.wait_for_function("document.querySelector('#rules-body h3')")
    app.click(choose_move_cell(app))  # a selection shows targets: they are checked too
    assert violations(app) == []


def choose_move_cell(app: App) -> str:
    state = games.get(app.page.get_attribute("#board", "data-game")).from_text(app.position())
    return next(c for c in state.path(choose_move(state)) if on_board(app, c))


def test_axe_finds_no_violation_in_the_dialogs(screen):
    """Issue 13: ... and each dialog (new game, My games with a saved game, embed box)."""
    app = screen.open(link("ice-towers", players=3))
    type_move(app, choose_move(games.get("ice-towers").new(players=3)))
    app.page.click("#new")
    assert violations(app) == []
    app.page.click("#new-cancel")
    app.page.click("#my-games")
    assert app.page.locator("#games-list [data-open]").count() == 1
    assert violations(app) == []
    app.page.click("#games-close")
    app.page.click("#embed")
    assert violations(app) == []


def test_a_dark_theme_where_the_system_asks_for_one_and_axe_finds_no_violation_in_it(app):
    """A visitor whose system asks for dark pages (prefers-color-scheme) gets one: every game with its rules and a
    selection shown, the log's move on screen and the dialogs pass axe's checks (its contrast among them) in it,
    and the board keeps its light colours, the pictures drawn for them.  An embed stays light: it sits in a wiki
    page whose colours it cannot know; a page printed is light."""
    app.page.emulate_media(color_scheme="dark")

    def paper(selector: str) -> float:
        """How light `selector`'s background is, 0 (black) to 255 (white)."""
        return app.page.evaluate("""s => getComputedStyle(document.querySelector(s)).backgroundColor
            .match(/[0-9.]+/g).slice(0, 3).map(Number).reduce((a, b) => a + b) / 3""", selector)

    for game_id in GAMES:
        app.open(link(game_id))
        app.page.evaluate("document.querySelector('#rules').open = true")
        app.page.wait_for_function("document.querySelector('#rules-body h3')")
        app.click(choose_move_cell(app))
        assert paper("body") < 40 and paper("#board") > 240, game_id
        assert violations(app) == [], game_id
    type_move(app, choose_move(games.get("ice-turn").from_text(app.position())))
    app.page.click("#new")
    assert violations(app) == []
    app.page.click("#new-cancel")
    app.page.click("#my-games")
    assert violations(app) == []
    app.page.click("#games-close")
    app.page.click("#embed")
    assert violations(app) == []
    app.page.emulate_media(media="print")  # paper is white: the page printed in the light theme's ink, not grey
    assert app.page.evaluate("getComputedStyle(document.body).color") == "rgb(34, 34, 34)"
    app.page.emulate_media(media="screen")
    app.page.goto(app.server + "embed.html#" + Session("ice-lady", {}, ["c3-d4"]).link() + "&play")
    app.wait_ready()
    assert paper("body") > 240 and app.page.evaluate("getComputedStyle(document.body).color") == "rgb(34, 34, 34)"
    assert violations(app) == []


def test_a_player_chooses_a_light_or_dark_page_whatever_the_system_asks_and_it_is_kept(app):
    """The page follows the system's theme unless the player chooses one with the Theme setting (static/theme.js):
    the choice holds on a system that asks for the other, is the page's as it is first shown on the next visit (before
    its Python starts), is made in the player's other tabs as it is made, and "as the system" gives the page back to
    the system.  The board keeps its light colours, and a page printed is light."""
    def paper(page=app.page) -> float:
        """How light the page's background is, 0 (black) to 255 (white)."""
        return page.evaluate("""() => getComputedStyle(document.body).backgroundColor
            .match(/[0-9.]+/g).slice(0, 3).map(Number).reduce((a, b) => a + b) / 3""")

    app.page.emulate_media(color_scheme="dark")
    app.open(link("ice-lady"))
    assert paper() < 40 and app.page.input_value("#theme") == ""
    app.page.select_option("#theme", "light")
    assert paper() > 240
    assert app.page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light only"  # fields
    assert violations(app) == []
    # on the next visit: the page's colours once its document is parsed, and as it is shown
    app.page.add_init_script("""addEventListener("DOMContentLoaded", () =>
        sessionStorage.parsed = getComputedStyle(document.body).backgroundColor)""")
    app.page.add_init_script("""new MutationObserver((_, seen) => {  // static/snapshot.js shows the page
        if (document.documentElement.hasAttribute("data-painting")) return;
        sessionStorage.shown = getComputedStyle(document.body).backgroundColor; seen.disconnect();
    }).observe(document, {subtree: true, attributeFilter: ["data-painting"]})""")
    app.reload()
    light = "rgb(250, 248, 243)"
    assert app.page.evaluate("[sessionStorage.parsed, sessionStorage.shown]") == [light, light]
    assert app.page.input_value("#theme") == "light" and paper() > 240

    other = App(app.page.context.new_page(), app.server).open(link("icetoids"))  # the player's other tab
    other.page.emulate_media(color_scheme="dark")
    assert paper(other.page) > 240 and other.page.input_value("#theme") == "light"
    other.page.select_option("#theme", "dark")
    app.page.wait_for_function("document.querySelector('#theme').value === 'dark'")
    app.page.emulate_media(color_scheme="light")
    assert paper() < 40 and paper(other.page) < 40
    assert app.page.evaluate("getComputedStyle(document.querySelector('#board')).backgroundColor") == \
        "rgb(255, 255, 255)"  # the board keeps its paper
    app.page.emulate_media(media="print")  # paper is white: the dark page printed in the light theme's ink
    assert app.page.evaluate("getComputedStyle(document.body).color") == "rgb(34, 34, 34)"
    app.page.emulate_media(media="screen")

    app.page.select_option("#theme", "")  # as the system: light here
    assert paper() > 240 and app.page.evaluate("localStorage.getItem('pyramids.v1.theme')") is None
    other.page.wait_for_function("document.querySelector('#theme').value === ''")
    assert paper(other.page) < 40  # its system asks for dark
    other.page.evaluate("localStorage.setItem('pyramids.v1.theme', 'toString')")  # storage holding nonsense
    other.reload()
    assert other.page.input_value("#theme") == "" and paper(other.page) < 40, "the system's theme"
    other.page.close()


def pixel(page, x: float, y: float) -> tuple[int, int, int]:
    """The colour on screen at (x, y), read from a one-pixel screenshot (its PNG's one row, unfiltered as it has
    no neighbours)."""
    png = page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})
    data, at = b"", 8
    while at < len(png):
        size = struct.unpack(">I", png[at:at + 4])[0]
        if png[at + 4:at + 8] == b"IDAT":
            data += png[at + 8:at + 8 + size]
        at += size + 12
    return tuple(zlib.decompress(data)[1:4])


def test_a_browser_that_darkens_pages_by_itself_leaves_this_one_and_its_board_as_drawn(browser, server):
    """Chrome's auto dark theme (Android's "Apply dark themes to sites") transforms what is declared light: the
    page declares both themes (index.html's color-scheme), and its board takes the page's, so that the board's
    paper stays white and its pictures their colours instead of being darkened.  A player who chose the light
    page has it light, its board too (static/theme.js declares it light "only")."""
    darkened = browser.browser_type.launch(executable_path=CHROMIUM, headless=True,
                                           args=[*ARGS, "--enable-features=WebContentsForceDark"])
    try:
        page = darkened.new_page(viewport={"width": 1000, "height": 700}, color_scheme="dark")
        page.goto(server + "#" + link("icetoids"))
        page.wait_for_selector("html[data-ready]", timeout=60_000)
        board = page.locator("#board").bounding_box()
        assert min(pixel(page, board["x"] + 4, board["y"] + 4)) > 240, "the board's paper white"
        assert max(pixel(page, 4, board["y"] + board["height"] + 4)) < 40, "the page its own dark"
        page.select_option("#theme", "light")
        assert min(pixel(page, board["x"] + 4, board["y"] + 4)) > 240, "the board's paper white"
        assert min(pixel(page, 4, board["y"] + board["height"] + 4)) > 240, "the page light, as chosen"
    finally:
        darkened.close()


def test_axe_finds_no_violation_on_the_embed_page(screen):
    """Issue 13: ... and the embed page; issue 26: its "Open in the full app" under 24 px, an aria-label on a span."""
    app = screen
    app.page.goto(app.server + "embed.html#" + Session("ice-lady", {}, ["c3-d4"]).link() + "&play")
    app.wait_ready()
    assert violations(app) == []


# -- target size -----------------------------------------------------------------
CONTROLS = "button, a[href], summary, select, textarea, input:not([type=checkbox]):not([type=radio])"


def small_controls(page, least: int = 24) -> list[str]:
    """Controls on screen, outside the board, under `least` x `least` CSS px.

    24: WCAG 2.2's target size (2.5.8) without its spacing exception, which axe allows: a button as high as
    its small text is one whatever its neighbours; checkboxes stand in their labels and are left to axe.
    44: a finger on a phone, where a checkbox is measured by its label (a tap on it ticks the box).
    The board's locations have their own test (a finger wide on a phone, or in the lens).
    """
    return page.evaluate("""([s, least]) => [...document.querySelectorAll(s)]
        .map(e => e.type === 'checkbox' ? e.closest('label') : e)
        .filter(e => e && e.getClientRects().length && !e.closest('#board'))
        .map(e => { const r = e.getBoundingClientRect();
                    return [e.id || e.name || e.dataset.cell || e.textContent.trim().slice(0, 30),
                            r.width, r.height]; })
        .filter(([, w, h]) => w < least || h < least)
        .map(([what, w, h]) => `${what} ${w.toFixed(1)}x${h.toFixed(1)}`)""",
        [CONTROLS + (", input[type=checkbox]" if least >= 44 else ""), least])


def open_boxes(app: App, names) -> None:
    """Each named box under the controls (Embed, Notation, Share) opened by its button, unless it is open."""
    for name in names:
        if app.page.is_hidden(f"#{name}-box"):
            app.page.click(f"#{name}")


def test_every_control_is_at_least_24_px_in_every_game_and_dialog(screen):
    """Issue 26: Ice Towers' "I'm done", Ice-Turn's move list, the embed's "Open in the full app" and the
    rules' summary measured under 24 px; every other control is checked too, at desktop size and on a phone."""
    app = screen.open()
    type_move(app, "c3-d4")
    app.page.evaluate("document.querySelector('#rules').open = true")
    small = {}
    for game_id in GAMES:
        app.pick(game_id)
        open_boxes(app, ("embed", "notation"))  # their boxes' controls
        small[game_id] = small_controls(app.page)
    app.page.click("#new")
    small["new game"] = small_controls(app.page)
    app.page.click("#new-cancel")
    app.page.click("#my-games")
    small["my games"] = small_controls(app.page)
    app.page.click("#games-close")
    app.page.goto(app.server + "embed.html#" + Session("ice-lady", {}, ["c3-d4"]).link())
    app.wait_ready()
    small["embed"] = small_controls(app.page)
    assert {where: found for where, found in small.items() if found} == {}


def small_lettered_fields(page) -> list[str]:
    """Fields on screen whose letters are under 16 px: Safari on an iPhone or iPad zooms the page in on one tapped,
    and leaves it zoomed."""
    return page.evaluate("""() => [...document.querySelectorAll('input:not([type=checkbox]), select, textarea')]
        .filter(e => e.getClientRects().length && parseFloat(getComputedStyle(e).fontSize) < 16)
        .map(e => `${e.id || e.name} ${getComputedStyle(e).fontSize}`)""")


def test_on_a_phone_every_control_is_a_finger_high_in_every_game_dialog_and_box(phone):
    """On a phone the dialogs' lists and buttons measured 24-31 px, New game's player count 30 px wide, the
    typed move's field 34 px and the Rules' summary 24 px, where the game's own controls are 44.  Every field's
    letters are 16 px: New game's seats, the link and the embed code were 12.8-13.6 px, which Safari zooms into."""
    app = phone.open()
    type_move(app, "c3-d4")
    app.page.evaluate("document.querySelector('#rules').open = true")
    small, lettered = {}, {}
    for game_id in GAMES:
        app.pick(game_id)
        open_boxes(app, ("embed", "notation", "share"))
        small[game_id], lettered[game_id] = small_controls(app.page, 44), small_lettered_fields(app.page)
        app.page.click("#new")
        small[f"new {game_id}"] = small_controls(app.page, 44)
        lettered[f"new {game_id}"] = small_lettered_fields(app.page)
        app.page.click("#new-cancel")
    app.page.click("#my-games")
    small["my games"] = small_controls(app.page, 44)
    assert {where: found for where, found in small.items() if found} == {}
    assert {where: found for where, found in lettered.items() if found} == {}
    app.page.goto(app.server + "embed.html#" + link("terrafex"))
    app.wait_ready()
    summary = app.page.evaluate("document.querySelector('#game-panel summary').getBoundingClientRect().height")
    assert small_controls(app.page) == [] and summary == 24, "the embed stays compact: its frame's size is the wiki's"


# -- My games ------------------------------------------------------------------
def test_my_games_buttons_name_their_game_and_a_long_name_wraps(screen):
    """Issue 26: a screen reader heard "Open", "Rename", "Delete" without the game, and a long unbroken name
    ran over those buttons."""
    app = screen.open(link("ice-lady"))
    type_move(app, "c3-d4")
    app.page.click("#my-games")
    name = "W" * 80  # the longest name kept (saves.rename)
    app.page.click("#games-list [data-rename]")
    app.answer(name)
    app.page.wait_for_function("n => document.querySelector('#games-list .about strong').textContent === n", arg=name)
    for action in ("Open", "Rename", "Delete"):
        assert app.page.get_by_role("button", name=f"{action} {name}, Ice Lady, 2 players, 1 move, ").count() == 1
    text, buttons = app.page.evaluate("""() => { const item = document.querySelector('#games-list .saved');
        const words = document.createRange();
        words.selectNodeContents(item.querySelector('.about'));
        return [Math.max(...[...words.getClientRects()].map(r => r.right)),
                item.querySelector('.acts').getBoundingClientRect().left]; }""")
    assert text <= buttons, "the name stays clear of the buttons"


# -- touch ---------------------------------------------------------------------
@pytest.fixture
def phone(browser, server):
    """The app in a 390x844 touch screen."""
    with watched_contexts(browser) as make:
        yield App(make(server, **PHONE).new_page(), server)


def small_locations(page) -> list[dict]:
    return page.evaluate("""() => [...document.querySelectorAll('#board [data-cell], #game-panel [data-cell]')]
        .map(e => { const r = e.getBoundingClientRect();
                    return {cell: e.dataset.cell, x: r.left + r.width / 2, y: r.top + r.height / 2,
                            w: r.width, h: r.height, board: !!e.closest('#board')}; })
        .filter(r => r.w > 0 && (r.w < 44 || r.h < 44))""")


@pytest.mark.parametrize("fragment", [link(g) for g in GAMES] + [busy_towers()], ids=list(GAMES) + ["towers-6"])
def test_every_location_is_a_finger_wide_on_a_phone(phone, fragment):
    """Issue 13: "at 390x844 every clickable location ... measures at least 44x44 px or opens a view where it does"."""
    app = phone.open(fragment)
    small = small_locations(app.page)
    assert all(r["board"] for r in small), f"panel controls under 44 px: {small}"
    for r in small:
        app.page.evaluate("c => [...document.querySelectorAll('#board [data-cell]')].find(e => e.dataset.cell === c)"
                          ".scrollIntoView({block: 'center'})", r["cell"])
        box = app.page.evaluate("""c => { const r = [...document.querySelectorAll('#board [data-cell]')]
            .find(e => e.dataset.cell === c).getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; }""", r["cell"])
        app.page.touchscreen.tap(*box)
        size = app.page.evaluate("""c => { const lens = document.querySelector('.lens svg');
            if (!lens) return null;
            const v = lens.getBoundingClientRect();
            const r = [...lens.querySelectorAll('[data-cell]')].find(e => e.dataset.cell === c).getBoundingClientRect();
            return [Math.min(r.right, v.right) - Math.max(r.left, v.left),
                    Math.min(r.bottom, v.bottom) - Math.max(r.top, v.top)]; }""", r["cell"])
        assert size and size[0] >= 44 and size[1] >= 44, \
            f"{r['cell']} ({r['w']:.0f}x{r['h']:.0f} px) in the lens: {size}"
        app.page.keyboard.press("Escape")
        assert app.page.locator(".lens").count() == 0


# static/access.js's: how long a finger stays for a hold
HOLD_MS = int(re.search(r"HOLD_MS = (\d+)", (ROOT / "static" / "access.js").read_text()).group(1))


def finger(app, cell: str, slide: int = 0, lifted: str = "touchEnd") -> str:
    """A finger on `cell`, sliding `slide` px down at once (or staying), then lifted (or the touch cancelled:
    "touchCancel"): the preview line while it was down, once it says something (a hold), else after twice a hold's
    time."""
    box = app.page.locator(f'#board [data-cell="{cell}"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch = app.page.context.new_cdp_session(app.page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    if slide:
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y + slide}]})
        app.page.wait_for_timeout(2 * HOLD_MS)
    else:
        app.page.wait_for_function("document.getElementById('preview').textContent !== ''")
    said = app.page.inner_text("#preview")
    touch.send("Input.dispatchTouchEvent", {"type": lifted, "touchPoints": []})
    app.settled()
    return said


def test_a_finger_held_on_a_location_says_what_choosing_it_would_do_and_chooses_nothing(phone):
    """A finger cannot point at a square, and a tap grows a Terrafex forest at once: holding the square says
    what growing it would do, as the mouse's pointing does, until the finger lifts, and the hold grows nothing.
    A finger that slides is scrolling: it says nothing.  After a hold, a tap grows the forest, and so does Enter
    on it, after a hold no click followed (Android opens its menu instead; here the touch is cancelled): a click
    of the page's own, which the hold must not take for the browser's."""
    for chosen_by in ("a tap", "Enter"):
        app = phone.open(link("terrafex"))
        assert finger(app, "d4", slide=40) == ""
        assert app.moves() == []
        grown = "If chosen: d4 becomes a medium forest: White \u22121, Black +2."
        assert grown in finger(app, "d4", lifted="touchEnd" if chosen_by == "a tap" else "touchCancel")
        assert app.page.inner_text("#preview") == "", "gone with the finger"
        assert app.moves() == [] and app.page.locator(".lens").count() == 0
        if chosen_by == "a tap":
            app.page.locator('#board [data-cell="d4"]').tap()
        else:
            app.page.focus('#board [data-cell="d4"]')
            app.page.keyboard.press("Enter")
        app.settled()
        assert app.moves() == ["forest:grow:d4"], chosen_by


IN_SIGHT = """() => { const r = document.getElementById('preview').getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"""


def test_a_held_square_s_line_is_said_in_sight_where_the_board_s_foot_is_below_the_window(phone):
    """The line sits under the board, and on a phone a lesson over the board puts the board's foot below the
    window: Terrafex's first step asks to hold a forest "to see what growing it does", and the line was out of
    sight.  There it is pinned to the window's foot; under a board in sight it stays under the board."""
    app = phone.open(link("terrafex"))
    app.page.evaluate("scrollTo(0, 0)")
    words, in_sight, pinned, under_board = finger_held(app, "d4")
    assert "If chosen: d4 becomes a medium forest" in words
    assert in_sight and not pinned and under_board <= 844, "under a board in sight: in its place, in sight"
    app.page.locator("#learn-offer-start").tap()
    app.page.wait_for_selector("#lesson:not([hidden])")
    app.settled()
    words, in_sight, pinned, under_board = finger_held(app, "e4")
    assert "If chosen: e4 becomes a medium forest" in words
    assert under_board > 844, "the lesson puts the line's place under the board below the window"
    assert in_sight and pinned, "pinned to the window's foot, in sight"
    assert app.moves() == []


UNDER_BOARD = """() => { const line = document.getElementById('preview'), pinned = line.classList.contains('pinned');
    line.classList.remove('pinned'); const bottom = line.getBoundingClientRect().bottom;
    if (pinned) line.classList.add('pinned'); return bottom; }"""


def finger_held(app, cell: str) -> tuple[str, bool, bool, float]:
    """A finger held on `cell`: the preview line's words, whether it is in the window, whether pinned, and where its
    foot would be in its place under the board."""
    box = app.page.locator(f'#board [data-cell="{cell}"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch = app.page.context.new_cdp_session(app.page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    app.page.wait_for_function("document.getElementById('preview').textContent !== ''")
    said = (app.page.inner_text("#preview"), app.page.evaluate(IN_SIGHT),
            app.page.evaluate("document.getElementById('preview').classList.contains('pinned')"),
            app.page.evaluate(UNDER_BOARD))
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    app.settled()
    return said


def test_a_computer_reply_is_announced(app):
    """Issue 13: the live region announces each move, "a person's or a bot's"."""
    app.open(Session("ice-lady").link() + "&bots=black:easy")
    app.page.fill("#move-text", "c3-d4")
    app.page.keyboard.press("Enter")
    app.page.wait_for_function("document.querySelectorAll('#moves li button[data-ply=\"2\"]').length > 0",
                               timeout=30_000)
    reply = app.page.evaluate("document.querySelector('#moves li button[data-ply=\"2\"]').textContent")
    live = app.page.inner_text("#live")
    assert live.startswith("Black") and reply.strip().rstrip(".") in live, (reply, live)


def test_the_keys_focus_on_a_location_says_what_choosing_it_would_score(app):
    """The preview line follows the keys' focus as it follows the mouse: Terrafex grows a forest at its first
    choice, and the line says what that does to the score."""
    app.open(link("terrafex"))
    to_board(app)
    arrow_to(app, "d4")
    assert "If chosen: d4 becomes a medium forest: White \u22121, Black +2." in app.page.inner_text("#preview")

"""Moves that move, and their sounds, in the browser (issue 51): static/motion.js and static/sound.js.

Every kind of move slides its pieces (a person's, the computer's, one a link brings, Replay turn, a step
through the game), in every game; never under prefers-reduced-motion; a click in the middle of one is answered
at once, on the board as drawn.  Sounds: the setting is remembered, nothing plays while it is off, before the
player has pressed anything, or in an embed.  What is counted, not timed: each `animate()` of a named piece (an
init script wraps it) and each AudioContext and sound made (a wrapped AudioContext).
"""

from __future__ import annotations

import random
import re

import pytest

from conftest import App, watched_contexts
from conformance import playout
from pyramids import games, record, views

# Every animation of a board's piece, by the piece's name; every AudioContext made and every sound started.
COUNT = """
    window.moved = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
        if (this.closest("#board")) window.moved.push(this.getAttribute("data-piece"));
        else if (this.closest("svg.fading")) window.moved.push("(gone)");  // a piece taken, fading over the board
        return animate.apply(this, args);
    };
    window.audio = {contexts: 0, sounds: 0};
    window.audioOrder = [];  // the media played (once playing) and the contexts made, in order
    const mediaPlay = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
        const src = this.getAttribute("src");
        return mediaPlay.call(this).then(() => { window.audioOrder.push(src); });
    };
    if (window.AudioContext) {
        const Real = window.AudioContext;
        window.AudioContext = class extends Real {
            constructor(...args) { super(...args); window.audio.contexts++; window.audioOrder.push("AudioContext"); }
            createOscillator() { window.audio.sounds++; return super.createOscillator(); }
        };
    }
"""
SLOW = 60_000  # ms: a move slowed down to act in the middle of it (pyramidsMotion.duration)


def play_a_move(app):
    """Click a legal move of the position on the board (Ice Lady)."""
    state = games.get("ice-lady").from_text(app.position())
    app.play(*state.path(state.legal_plays()[0]))


def wait_moves(app, count):
    app.page.wait_for_function(f"document.querySelectorAll('#moves button[data-notation]').length === {count}",
                               timeout=60_000)


def opened(app, fragment="", count=True):
    if count:
        app.page.add_init_script(COUNT)
    app.open(fragment)
    app.page.wait_for_selector("html[data-motion]", state="attached")
    app.settled()  # the board before the move is measured (in the frame after it is drawn)
    return app


def moved(app) -> list[str]:
    """The named pieces animated since the last call."""
    app.settled()
    return app.page.evaluate("window.moved.splice(0)")


def running(app) -> int:
    return app.page.evaluate("document.getAnimations().filter(a => a.playState === 'running').length")


def centre_gap(app, square: str) -> float:
    """How far the piece drawn nearest to `square`'s centre is from it, in CSS pixels."""
    return app.page.evaluate("""([square]) => {
        const at = el => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
        const cell = document.querySelector(`#board [data-cell="${square}"]`);
        const [cx, cy] = at(cell);
        const pieces = [...document.querySelectorAll('#board [data-piece]')].map(at);
        return Math.min(...pieces.map(([x, y]) => Math.hypot(x - cx, y - cy)));
    }""", [square])


def test_every_kind_of_move_slides_its_pieces(app):
    """Ice Lady: a person's move, the computer's reply, Replay turn, a step back and forth, a link brought."""
    opened(app, "v=1&g=ice-lady&m=&bots=black:easy")
    app.play("d3", "e4")
    assert moved(app) == ["white"], "a person's move: the white small slides"
    wait_moves(app, 2)
    assert moved(app) == ["black"], "the computer's move: one black piece slides"
    app.page.click("#replay")
    app.page.wait_for_function("document.getElementById('replay').textContent === 'Stop replay'")
    app.page.wait_for_function("document.getElementById('replay').textContent === 'Replay turn'", timeout=10_000)
    assert moved(app) == ["black", "black"], "Replay turn: the computer's move taken back, then made again"
    app.page.keyboard.press("ArrowLeft")
    assert moved(app) == ["black"], "a step back: the black piece slides back"
    app.page.keyboard.press("ArrowRight")
    assert moved(app) == ["black"], "and forward again"
    state = games.get("ice-lady").from_text(app.position())
    link = record.encode(record.Record("ice-lady", {}, (*app.moves(), state.legal_plays()[0])))
    app.page.evaluate("fragment => { location.hash = fragment; }", link)
    wait_moves(app, 3)
    assert moved(app) == ["white"], "a link with one more move, pasted into the tab: a white piece slides"


@pytest.mark.parametrize("game_id", games.ids())
def test_a_step_through_the_game_moves_the_pieces_of_every_game(app, game_id):
    """A random game of each game; Home shows its start, each piece taken back to where it was."""
    game = games.get(game_id)
    moves = playout(game, random.Random(5), max_plies=60)
    pieces = re.compile(r'data-piece="[^"]*"[^>]*>.{0,80}')
    assert pieces.findall(views.draw(game.new())) != pieces.findall(views.draw(game.replay(moves)))
    opened(app, record.encode(record.Record(game_id, {}, tuple(moves))))
    app.page.keyboard.press("Home")
    assert app.page.inner_text("#ply").startswith("Move 0 of")
    assert moved(app), f"{game_id}: the pieces go back to the start"


def test_a_new_game_is_drawn_not_moved(app):
    opened(app, "v=1&g=ice-lady&m=d3-e4+e6-f5")
    app.page.click("#new")
    app.page.click("#new-start")
    app.settled()
    assert moved(app) == [], "the pieces of another game appear where they are"


def test_reduced_motion_moves_nothing(browser, server):
    with watched_contexts(browser) as make:
        page = make(server, reduced_motion="reduce").new_page()
        app = opened(App(page, server), "v=1&g=ice-lady&m=")
        page.evaluate(f"window.pyramidsMotion.duration = {SLOW}")
        app.play("d3", "e4")
        assert running(app) == 0 and moved(app) == [], "prefers-reduced-motion: no animation"
        assert centre_gap(app, "e4") < 2, "the piece is drawn where it goes at once"


def test_a_click_during_a_move_is_answered_at_once_on_the_board_as_drawn(app):
    opened(app, "v=1&g=ice-lady&m=")
    app.page.evaluate(f"window.pyramidsMotion.duration = {SLOW}")
    app.play("d3", "e4")
    assert running(app) == 1 and centre_gap(app, "e4") > 10, "the white small is on its way to e4"
    app.play("a5")  # an empty square: nothing to draw again
    assert running(app) == 0 and centre_gap(app, "e4") < 2, "the move jumped to its end: the white small on e4"
    app.page.click("#undo")
    app.settled()  # the slide begins in the frame after the drawing (static/motion.js)
    assert running(app) == 1 and centre_gap(app, "d3") > 10, "the white small slides back to d3"
    app.play("d3")  # chosen on its way back
    assert running(app) == 0 and centre_gap(app, "d3") < 2, "it stands on d3 at once"
    assert "selected" in app.page.get_attribute('#board [data-cell="d3"]', "aria-label")
    app.play("e4")
    assert app.moves() == ["d3-e4"] and running(app) == 1, "the move is made at once, and slides"
    app.page.keyboard.press("ArrowLeft")  # a key too
    app.settled()  # the slide begins in the frame after the drawing (static/motion.js)
    assert app.page.inner_text("#ply").startswith("Move 0 of 1") and running(app) == 1, "the step, at once, slides"


# -- sounds -------------------------------------------------------------------------------------
def sounds(app):
    app.settled()
    return app.page.evaluate("window.audio")


def test_sounds_play_after_a_press_and_are_off_when_turned_off_for_the_next_visit_too(app):
    opened(app, "v=1&g=ice-lady&m=&bots=white:easy")
    wait_moves(app, 1)
    assert sounds(app) == {"contexts": 0, "sounds": 0}, "the computer's move before the player pressed anything"
    assert app.page.is_checked("#sound"), "on unless turned off"
    play_a_move(app)
    # the press opens the audio device, and the sound is made once it is open (static/sound.js: by 0.9 s at most)
    app.page.wait_for_function("window.audio.sounds > 0", timeout=10_000)  # the player's move is heard

    app.page.uncheck("#sound")
    assert app.storage("sound") == "off"
    wait_moves(app, 3)
    app.reload()
    assert not app.page.is_checked("#sound"), "the setting is remembered"
    app.page.wait_for_function("window.pyramidsSound")
    play_a_move(app)
    wait_moves(app, 5)
    assert sounds(app) == {"contexts": 0, "sounds": 0}, "nothing plays while the setting is off"
    app.page.check("#sound")
    assert app.storage("sound") == "on"


def test_the_first_press_is_answered_before_the_audio_starts(app):
    """Issue 55: a phone's first press waited for the audio device (its AudioContext made inside the press:
    half of that task at 4x).  The press asks for it: a silent media element opens the device, off the page's
    thread, and the context is made once it plays (the first context a page makes waits for the device in its
    task, 50-230 ms at 4x; one made after it a few ms); a move that first press made is still heard."""
    app.page.add_init_script("addEventListener('click', () => { window.atClick = window.audio.contexts; });")
    opened(app, "v=1&g=ice-lady&m=")
    app.click("d3")  # the press: pointerup then click, in one task
    assert app.page.evaluate("window.atClick") == 0, "no AudioContext made in the press's own task"
    app.page.wait_for_function("window.audio.contexts === 1", timeout=10_000)
    assert app.page.evaluate("window.audioOrder") == ["static/silence.wav", "AudioContext"], \
        "the device opened by the silent file first"

    app.reload()
    app.page.wait_for_function("window.pyramidsSound")
    app.page.fill("#move-text", "d3-e4")
    app.page.press("#move-text", "Enter")  # the first press makes the move
    wait_moves(app, 1)
    app.page.wait_for_function("window.audio.sounds > 0", timeout=10_000)
    assert sounds(app)["contexts"] == 1


def test_each_move_has_its_sound(app):
    opened(app, "v=1&g=ice-lady&m=d3-e4+e6-f5")
    app.page.wait_for_function("window.pyramidsSound")
    app.page.evaluate("""() => { window.heard = []; const play = window.pyramidsSound.play;
        window.pyramidsSound.play = kind => { window.heard.push(kind); play(kind); }; }""")
    app.play("e4", "g6")  # a capture
    app.play("d6", "c5")
    app.page.keyboard.press("ArrowLeft")  # a step back: silent
    app.settled()  # (two steps within one frame are one board: nothing new on it)
    app.page.keyboard.press("ArrowRight")  # forward: the move again
    app.page.click("#my-games")
    app.page.keyboard.press("Escape")
    app.settled()
    assert app.page.evaluate("window.heard") == ["capture", "move", "move"]
    app.page.wait_for_function("window.audio.sounds > 0", timeout=10_000)  # made once the audio device is open


def test_an_embed_is_silent(app):
    app.page.add_init_script(COUNT)
    app.page.goto(app.server + "embed.html#v=1&g=ice-lady&m=d3-e4+e6-f5&play")
    app.wait_ready()
    app.page.wait_for_selector("html[data-motion]", state="attached")
    app.settled()
    app.play("e4", "g6")
    app.page.click("#prev")
    assert "white" in moved(app), "the embed's pieces move too"
    assert app.page.evaluate("window.pyramidsSound === undefined"), "the embed never loads the sounds"
    assert sounds(app) == {"contexts": 0, "sounds": 0}

"""My games and exact resume in the browser: a friend's link never costs the player a game,
a reload brings back exactly what was on screen, and a 10,000-move link opens without freezing."""

import json
import random
import re

from pyramids import games, record

ICE_LADY = games.get("ice-lady")


def entry(app, key=None):
    """A saved entry's fields (the last one played by default)."""
    return json.loads(app.storage("saved." + (key or app.storage("last"))))


def listed(app) -> list[str]:
    """My games as the player sees it: one text per saved game."""
    app.page.click("#my-games")
    items = app.page.locator("#games-list li.saved").all_inner_texts()
    app.page.click("#games-close")
    return items


def test_a_friends_link_and_one_move_keep_the_players_own_game(app):
    """Issue 12: opening a friend's link and playing one move used to replace the player's own saved game."""
    app.open()
    app.play("d3", "e4")
    own = app.storage("last")
    app.page.goto(app.server + "#v=1&g=ice-lady&m=c3-b4+f6-g5")
    app.page.reload()
    app.wait_ready()
    assert app.moves() == ["c3-b4", "f6-g5"]
    assert app.storage("last") == own, "nothing is saved before the player moves"
    app.play("d3", "e4")
    friend = app.storage("last")
    assert friend != own and entry(app, own)["record"] == "v=1&g=ice-lady&m=d3-e4"
    assert entry(app, friend)["record"] == "v=1&g=ice-lady&m=c3-b4+f6-g5+d3-e4"
    items = listed(app)
    assert len(items) == 2 and "3 moves" in items[0] and "1 move" in items[1]
    app.page.click("#my-games")
    app.page.click(f'#games-list [data-open="{own}"]')
    app.page.wait_for_function("document.querySelectorAll('#moves li').length === 1")
    assert app.moves() == ["d3-e4"] and app.fragment() == "v=1&g=ice-lady&m=d3-e4"
    app.page.goto(app.server)
    app.reload()
    assert app.moves() == ["d3-e4"], "a bare visit opens the game played last"


def test_reload_mid_game_keeps_the_redo_stack_and_the_ply(app):
    app.open()
    app.play("d3", "e4", "e6", "f5", "e4", "g6")
    app.page.click("#undo")
    app.page.click("#first")
    app.page.click("#next")
    app.reload()
    assert app.moves() == ["d3-e4", "e6-f5"]
    assert app.page.inner_text("#ply") == "Move 1 of 2" and app.position() == ICE_LADY.replay(["d3-e4"]).to_text()
    assert app.page.is_enabled("#redo"), "the redo stack came back"
    app.page.click("#last")
    app.page.click("#redo")
    assert app.moves() == ["d3-e4", "e6-f5", "e4xg6"]


def clock_seconds(app) -> int:
    minutes, seconds = re.fullmatch(r"(\d+):(\d\d)", app.page.inner_text("#clock")).groups()
    return int(minutes) * 60 + int(seconds)


def test_reload_keeps_the_clock_running(app):
    """The deadline is stored, not the time left: a reload neither stops the timer nor buys time."""
    app.open("v=1&g=ice-towers&timer=60&m=")
    app.page.wait_for_function("/^0:5[0-7]$/.test(document.querySelector('#clock').textContent)", timeout=15_000)
    app.click("t10")
    before = clock_seconds(app)
    app.reload()
    after = clock_seconds(app)
    deadline = entry(app)["deadline"]
    assert after <= before and deadline and app.fragment() == "v=1&g=ice-towers&timer=60&m="
    shown, left = app.page.evaluate("deadline => [document.querySelector('#clock').textContent, "
                                    "deadline - Date.now() / 1000]", deadline)
    assert left > 0 and abs(int(shown[0]) * 60 + int(shown[2:]) - left) <= 1.5, "the clock counts to the stored deadline"


def long_game(plies: int) -> list[str]:
    """A legal Ice Lady game of `plies` moves that never repeats a position three times nor ends."""
    rng, state, moves = random.Random(1), ICE_LADY.new(), []
    while len(moves) < plies:
        legal = state.legal_plays()
        rng.shuffle(legal)
        going_on = []
        for move in legal:
            after = state.play(move)
            if after.outcome is None:
                going_on.append((move, after))
                if after.repetitions == 1:
                    break
        move, state = going_on[-1] if going_on[-1][1].repetitions == 1 else going_on[0]
        moves.append(move)
    return moves


OPENING = re.compile(r"Opening the game: move ([\d,]+) of ([\d,]+)…")

# What the status line said when the page answered a key: a key pressed while a game opens is answered
# between two slices of its replay, not once the replay is over.
ANSWERED_JS = """
window.__answered = [];
addEventListener('keydown', () => __answered.push(document.getElementById('status').textContent), true);
"""


def answered_while_opening(page) -> list[tuple[int, int]]:
    """Once the status says the game is opening (read between two frames), press a key; the moves
    replayed (of how many) that the status said when the page answered it."""
    page.wait_for_function("/^Opening the game: move/.test(document.getElementById('status').textContent)",
                           timeout=120_000)
    page.keyboard.press("Shift")
    page.wait_for_function("window.__answered.length > 0")
    said = [OPENING.fullmatch(text) for text in page.evaluate("window.__answered")]
    return [tuple(int(n.replace(",", "")) for n in found.groups()) for found in said if found]


def test_a_10000_move_link_opens_in_slices_and_answers_meanwhile(app):
    """Replay runs a slice per task: the status says how far it got, and a key is answered before it ends.
    (How long the tasks take is measured by the bench: python -m tests.bench.)"""
    moves = long_game(record.MAX_MOVES)
    link = record.encode(record.Record("ice-lady", {}, tuple(moves)))
    app.open()
    app.page.evaluate(f"() => {{ {ANSWERED_JS} }}")
    app.page.evaluate("link => { location.hash = link; }", link)
    answered = answered_while_opening(app.page)
    assert answered and all(done < total == 10_000 for done, total in answered), "answered mid-replay"
    app.page.wait_for_function("document.querySelector('#ply').textContent === 'Move 10000 of 10000'",
                               timeout=180_000)
    assert app.position() == ICE_LADY.replay(moves).to_text()

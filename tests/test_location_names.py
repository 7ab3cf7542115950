"""Every clickable location of every game has a name in words, with its state (issue 13).

Issue 13: "every location has an accessible name in words ("c3, white small", "tower 4:
red large, yellow medium; Red controls, 5 points", "b2, face-down tile"), with its state
("selected", "legal target")"; "the board keeps no role="img" that hides its contents";
"Colour-blind play stays as good as it is now: pattern and letter as well as hue".
"""

import random
import re
from html import unescape

import pytest
from test_ice_towers import table

from pyramids import games, page, svg, views
from pyramids.session import Session
from pyramids.svg import Marks


def labels(text: str) -> dict[str, str]:
    return {unescape(c): unescape(n) for c, n in re.findall(r'data-cell="([^"]*)" aria-label="([^"]*)"', text)}


def drawn(state, marks=Marks()) -> str:
    return "".join(views.labelled(text, state, marks)
                   for text in (views.draw(state, marks), views.controls(state, marks), views.panel(state)))


@pytest.mark.parametrize("game_id", games.ids())
def test_every_location_drawn_in_a_game_has_a_name_in_words(game_id):
    """A random game of each kind: every data-cell on the board, its tray and the panel, selections included,
    is named by the game (never its raw id), and the page's board is no role=img."""
    rng = random.Random(13)
    session = Session(game_id, rng=rng)
    seen = 0
    for _ in range(80):
        state = session.state
        moves = state.legal_moves()
        if state.outcome is not None or not moves:
            break
        move = rng.choice(moves)
        path = state.path(move)
        marks = Marks(path[:1], state.guide(path[:1]).targets) if path else Marks()
        text = drawn(state, marks)
        cells = re.findall(r'data-cell="([^"]*)"', text)
        named = labels(text)
        assert set(named) == {unescape(c) for c in cells}, "every location gets a label"
        for cell, name in named.items():
            assert state.location_name(cell) != cell and name.startswith(state.location_name(cell)), \
                f"{cell} is named in words, not by its id"
            assert not re.search(r"\b1 pips\b|\bpips\b", name)
        for cell in marks.selected:
            if cell in named:
                assert "selected" in named[cell]
        for cell in marks.targets:
            if cell in named:
                assert "legal target" in named[cell]
        assert 'role="img"' not in views.labelled(views.draw(state, marks), state, marks)
        seen += len(named)
        session.play(move)
    assert seen > 100


def test_ice_lady_names_squares_by_what_stands_there():
    state = games.get("ice-lady").from_text("7[kms]/8/8/8/8/8/8/[KMS]7 w 3 3")
    assert state.location_name("a1") == "a1, white king tree: large, medium, small"
    assert state.location_name("c3") == "c3, empty"
    new = games.get("ice-lady").new()
    assert new.location_name("c3") == "c3, white small"
    assert new.location_name("d7") == "d7, black medium"
    marks = Marks(("c3",), ("d4",), ())
    named = labels(views.labelled(views.draw(new, marks), new, marks))
    assert named["c3"] == "c3, white small, selected"
    assert named["d4"] == "d4, empty, legal target"
    starts = views.labelled(views.draw(new), new, Marks(), new.guide(()).targets)
    assert re.findall(r'data-cell="(\w+)" aria-label="[^"]*" data-start', starts) == \
        ["c3", "d3", "e3", "f3", "c2", "f2"]


def test_ice_towers_names_towers_pieces_split_points_and_hands_in_words():
    """Issue 13: Ice Towers titles read "t1: free-stander, 1 pips" today."""
    state = table("t1:rL1,yL1,yM1")
    assert state.location_name("t1") == "tower 1: red large, yellow large, yellow medium; Yellow controls, 8 points"
    assert state.location_name("t1.1") == "tower 1, piece 2 of 3 from the bottom: yellow large"
    assert state.location_name("t1|2") == "tower 1, split between yellow large and yellow medium"
    assert state.location_name("t2") == "tower 2: red small; free-standing, 1 point"
    assert state.location_name("done:red") == "Red: I'm done (agree to end the game)"
    held = table(held=("rS1@t9",))
    assert held.location_name("hand:red") == "Red's hand: the red small it holds", "no notation (rS1) in words"


def test_icetoids_names_tiles_pieces_and_setup_choices():
    state = games.get("icetoids").new()
    assert state.location_name("b2") == "b2, face down"
    assert state.location_name("colour:red") == "colour red"
    assert state.play("p1:colour=red").location_name("colour:red") == "colour red, taken by P1"
    assert state.location_name("dir:N") == "point north"
    assert state.location_name("a1:blue.E") == "a1, blue piece pointing east"


def test_terrafex_names_squares_and_pool_pieces():
    state = games.get("terrafex").new()
    names = [state.location_name(c) for c in re.findall(r'data-cell="([a-h][1-8])"', views.draw(state))]
    assert "d2: medium forest — scores 2 for Black" in names and "a1: empty" in names
    assert state.location_name("pool:G1") == f"pool: small forest, {state.pool_count('G', 1)} left"
    assert state.location_name("end") == "end the turn"


def test_ice_turn_names_squares_and_the_action_bar():
    state = games.get("ice-turn").new()
    assert state.location_name("a1") == "a1, no tile yet; standing, bottom to top: red large, red medium, red small"
    assert state.location_name("tip:N") == "tip north"
    assert state.location_name("aim:+90") == "aim: rotate the selected tile 90 degrees clockwise"
    assert state.location_name("tile:sE") == "place single arrow E"


# -- colour-blind play: pattern and letter as well as hue -------------------------
PLAIN = ("white", "black", "yellow")  # the colours drawn without a pattern: far apart in lightness


@pytest.mark.parametrize("game_id", games.ids())
def test_colours_that_meet_in_a_game_differ_by_more_than_hue(game_id):
    """Every game's pieces: each patterned colour has its own pattern, and the colours drawn
    without one differ in lightness, so no two players look alike to a colour-blind eye."""
    game = games.get(game_id)
    biggest = {o.name: max(o.choices) for o in game.options if o.name == "players"}
    session, rng = Session(game_id, biggest, rng=random.Random(5)), random.Random(5)
    for _ in range(30):  # past any setup in which colours are chosen
        moves = session.state.legal_moves()
        if not moves or session.state.outcome:
            break
        session.play(rng.choice(moves))
    text = views.draw(session.state)
    patterned = set(re.findall(r'url\(#pat-(\w+)\)', text))
    plain = {c for c in PLAIN if f'fill="{svg.PAINTS[c].fill}"' in text}
    assert patterned or plain, "pieces are drawn"
    patterns = [svg.PAINTS[c].pattern for c in patterned]
    assert len(set(patterns)) == len(patterns) and all(patterns)
    assert all(f'id="pat-{c}"' in text for c in patterned), "the patterns are defined in the board itself"

    def lightness(colour):
        r, g, b = (int(svg.PAINTS[colour].fill[i:i + 2], 16) for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    for a in plain:
        for b in plain - {a}:
            assert abs(lightness(a) - lightness(b)) > 30, f"{a} and {b} differ in lightness"


# -- the live region's words ------------------------------------------------------
def test_the_live_region_says_each_new_move_then_the_turn():
    """Issue 13: "one polite live region announces each move (a person's or a bot's) and each message"."""
    session = Session("ice-lady")
    heard = (len(session.moves), session.cursor)
    session.play("c3-d4")
    session.play("f6-e5")  # two moves since last spoken (a bot's reply too): both are said
    assert page.announcement(session, *heard) == "White small c3 to d4. Black small f6 to e5. White to move."
    heard = (len(session.moves), session.cursor)
    session.clicks.click("d4")
    said = page.announcement(session, *heard)
    assert said.startswith(session.message) and "legal target" in said and said.endswith("White to move.")
    session.clicks.cancel()
    assert page.announcement(session, *heard) == "Selection cancelled. White to move."
    session.undoing.undo()
    assert page.announcement(session, *heard).startswith("Move taken back.")
    session.go(0)
    assert page.announcement(session, 1, 1).startswith("Move 0 of 1: the start.")
    assert page.announcement(session, 1, 0) == "", "nothing new, nothing said"


def test_a_choice_left_open_is_read_out_with_where_to_find_it():
    """A promotion asks "Promote to king" or "Keep": a listener hears both, and where the buttons are."""
    session, rng = Session("ice-lady"), random.Random(2)
    while not any(m.endswith("=K") for m in session.state.legal_moves()):
        session.play(rng.choice(session.state.legal_plays()))
    promote = next(m for m in session.state.legal_moves() if m.endswith("=K"))
    for cell in session.state.path(promote):
        session.clicks.click(cell)
    assert session.clicks.choices
    said = page.announcement(session, len(session.moves), session.cursor)
    assert "Choices after the board: " in said and "Promote to king" in said

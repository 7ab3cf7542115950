"""Ice-Turn's board and panel: every move is clickable, and the board shows what the rules say."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from conformance import playout
from pyramids import games, page, views
from pyramids.session import Session
from pyramids.svg import Marks
from test_ice_turn import pos

GAME = games.get("ice-turn")


def drawn(state, marks=Marks(), watching=False):
    """The board and the tray under it, as the page shows them (`page.board`)."""
    return ET.fromstring(f"<div>{views.draw(state, marks)}{views.controls(state, marks, watching)}</div>")


def clickable(state, marks=Marks()):
    panel = ET.fromstring(f"<div>{views.panel(state)}</div>")
    return {el.get("data-cell") for tree in (drawn(state, marks), panel) for el in tree.iter() if el.get("data-cell")}


@pytest.mark.parametrize("players", [3, 4])
def test_every_move_path_is_clickable_for_every_player_count(players):
    moves = playout(GAME, random.Random(players), max_plies=90, players=players)
    state = GAME.new(players=players)
    for move in moves:
        state = state.play(move)
        if state.outcome is None and state.actors != ("chance",):
            cells = clickable(state)
            for legal in state.legal_moves():
                assert set(state.path(legal)) <= cells, legal


def test_goals_are_marked_in_their_owners_colour():
    root = ET.fromstring(views.draw(GAME.new(players=4)))
    goals = [el.get("class") for el in root.iter() if (el.get("class") or "").startswith("goal ")]
    assert sorted(goals) == ["goal blue", "goal green", "goal red", "goal yellow"]


def test_a_stack_is_drawn_bottom_to_top_and_a_lying_piece_as_a_triangle():
    state = pos({"a1": "r3b1r2", "b2": "r1E", "d4": "b3b2"})
    root = ET.fromstring(views.draw(state))
    standing = [el.find("{http://www.w3.org/2000/svg}title").text for el in root.iter()
                if "standing" in (el.get("class") or "")]
    assert standing[:3] == ["red large", "blue small", "red medium"]
    lying = [el for el in root.iter() if "lying" in (el.get("class") or "")]
    assert len(lying) == 1 and "rotate(90" in lying[0].get("transform")


def test_a_selected_piece_lights_its_actions_with_costs():
    state = pos({"a1": "r3r2r1", "b2": "b1E", "d4": "b3b2"}, face="hop")
    guidance = state.guide(("a1",))
    root = drawn(state, Marks(selected=("a1",), targets=guidance.targets))
    lit = {el.get("data-cell") for el in root.iter() if "lit" in (el.get("class") or "")}
    assert {"tip:N", "tip:E", "hop", "end"} <= lit and "tip:S" not in lit
    assert "Tip 1 MP" in "".join(root.itertext())
    lying = pos({"a1": "r2N", "b1": "r3r1", "d4": "b3b2b1"})
    marks = Marks(selected=("a1",), targets=lying.guide(("a1",)).targets)
    assert "move 2 MP" in views.draw(lying, marks), "a move's destination shows its cost"


def test_reactionary_turning_lights_the_turnable_pieces():
    state = pos({"a2": "r1N", "a4": "b1S", "b1": "r3r2", "d4": "b3b2"}, phase="react")
    root = ET.fromstring(views.draw(state))
    rings = [el for el in root.iter() if el.get("class") == "turnable"]
    assert len(rings) == 1


def choosing_in_a_stack():
    """Red's small a1 clicked onto Blue's stack on a2: the page asks where in the stack it goes."""
    state = pos({"a1": "r1N", "a2": "b3b2", "b1": "r2r3", "d4": "b1"})
    session = Session("ice-turn")
    session.states, session.moves, session.cursor = [state], [], 0
    session.clicks.click("a1")
    session.clicks.click("a2")
    return state, session


def test_choices_show_a_picture_of_the_resulting_stack():
    """The page asks where a piece goes in a stack with a picture of each resulting stack."""
    state, session = choosing_in_a_stack()
    assert sorted(session.clicks.choices) == ["move:a1@0", "move:a1@1", "move:a1@2"]
    html = page.choices(session)
    assert html.count('class="stack-picture"') == 3
    middle = views.choice_picture(state, "move:a1@1")
    titles = [el.text for el in ET.fromstring(middle).iter("title")]
    assert titles == ["blue large", "red small", "blue medium"]
    assert "Above the blue large on a2" in html


def test_the_panel_shows_hands_dice_face_and_movement_points():
    session = Session("ice-turn", rng=random.Random(1), options={"players": 3})
    text = views.panel(session.state)
    assert "Placing the tiles" in text and text.count("hand:") == 3
    state = pos({"a1": "r3r2r1", "d4": "b3b2b1"}, roll=5, face="dig", spent=2)
    text = views.panel(state)
    assert 'aria-label="d6 shows 5"' in text and "Dig" in text and "<strong>3</strong> of 5 movement points" in text


def tray(state, watching=False):
    """What the tray shows (its face; its room beside it is unseen)."""
    return next(el for el in drawn(state, watching=watching).iter() if el.get("class") == "face")


def words(element):
    return " ".join(" ".join(element.itertext()).split())


def test_the_trays_room_is_its_tallest_faces_with_nothing_to_press_find_or_read():
    """The tray is as high from turn to turn at any width: app.css lays its room and the face it shows in one cell,
    and the room holds a Wild roll's face and the whole hand's, every button lit (a lit border is wider).  A phone's
    Wild face was two rows higher than a Tip face's, and the game log under the board moved down and back."""
    tipping = pos({"a1": "r3r2r1", "d4": "b3b2b1"}, roll=3, face="tip")
    whole = next(el for el in drawn(tipping).iter() if el.get("class") == "tray")
    rooms = [el for el in whole if el.get("class") == "room"]
    assert len(rooms) == 2 and all(room.get("aria-hidden") == "true" for room in rooms)
    wild = tray(pos({"a1": "r3r2r1", "d4": "b3b2b1"}, roll=3, face="wild"))
    rows = "Tip 1 MP Turn 1 MP Treehouse MP=7 ↻90° ↻180° ↻270° Swap Hop Dig End movement"
    assert words(rooms[0]) == f"Player 1: reactionary turning {rows}" and words(wild) == f"Red: 3 of 3 MP left {rows}"
    assert [b.get("class") for b in rooms[0].iter("button")] == ["arrow lit"] * 8 + ["lit"] * 7 + ["end lit"]
    placing = tray(Session("ice-turn", rng=random.Random(1)).state)
    assert len(list(rooms[1].iter("button"))) == len(list(placing.iter("button"))) == 7, "every tile of every kind"
    for button in (b for room in rooms for b in room.iter("button")):
        assert button.get("tabindex") == "-1" and button.get("data-cell") is button.get("title") is None
        assert [el.tag for el in button.iter()][1:] in ([], ["svg"]), "an icon's box, not its drawing"
    assert [el.get("class") for el in whole][-1] == "face"


def test_the_tray_says_the_die_and_the_movement_points_left_over_its_rows():
    """A phone held sideways has the panel under the board and its tray (app.css shows this line there only): the
    tray says what the d6 gave and what is left of it, as the panel does; once the movement is over, that the
    player is turning pieces (section 3.4, reactionary turning)."""
    moving = pos({"a1": "r3r2r1", "d4": "b3b2b1"}, roll=5, face="dig", spent=2)
    line = tray(moving).find("p")
    assert line.get("class") == "tally" and words(line) == "Red: 3 of 5 MP left"
    assert line.find(".//svg").get("aria-label") == "d6 shows 5"
    reacting = pos({"a1": "r3r2r1", "d4": "b3b2b1"}, seat="blue", phase="react", roll=4, face="dig", spent=4)
    assert words(tray(reacting).find("p")) == "Blue: reactionary turning"


def test_the_tray_asks_in_setup_says_who_is_acting_and_says_the_result_when_the_game_is_over():
    """The tray under the board holds the actions, in HTML (a finger high on a phone); in setup it says what to
    choose; while another acts, what they are doing and no button; a won game has no actions: it says who won
    (it stood empty before: on a phone the status line is out of sight, under the game log)."""
    placing = Session("ice-turn", rng=random.Random(1)).state
    assert words(tray(placing).find("p")) == "Red: choose an empty cell, then a tile"
    assert {el.get("data-cell") for el in tray(placing).iter("button")} == {
        f"tile:{code}" for code in ("sN", "sE", "sS", "sW", "dNS", "dEW", "q")}
    assert "double arrow ×2 Q-Turner ×2 single arrow ×4" in words(tray(placing)), "each kind in the hand, counted"
    moving = pos({"a1": "r3r2r1", "d4": "b3b2b1"}, roll=3, face="hop")
    assert words(tray(moving, watching=True)) == "Red is moving: 3 of 3 movement points left."
    assert not list(tray(moving, watching=True).iter("button")), "nothing to press while another acts"
    won = pos({"d4": "r1r2r3", "a1": "b3b2b1"})
    assert won.outcome is not None
    assert words(tray(won)) == "Red wins. Red built the nest on d4."
    assert not list(tray(won).iter("button")), "nothing to press once the game is over"


def test_the_board_alone_is_the_picture():
    """The tray is not the board's: a picture of the position (embed.image, My games) is the board alone."""
    moving = pos({"a1": "r3r2r1", "d4": "b3b2b1"}, roll=3, face="wild")
    board = views.draw(moving)
    assert "tray" not in board and 'data-cell="end"' not in board and 'data-cell="tip7"' not in board
    assert 'data-cell="end"' in views.controls(moving) and 'data-cell="tip7"' in views.controls(moving)


def lit_locations(state, marks=Marks()):
    return {el.get("data-cell") for el in drawn(state, marks).iter()
            if "lit" in (el.get("class") or "").split()}


def test_the_treehouse_tip_button_is_lit_while_it_can_be_used():
    """Issue 26: "MP=7" worked but was never lit. Tip "Totally Increase Points to 7" is a move by itself, so
    its button is lit whenever it is legal, a piece selected or not, like End movement."""
    state = pos({"a1": "r3r2r1", "d4": "b3b2b1"}, face="tip", roll=2)
    assert {"tip7", "end"} <= lit_locations(state)
    selected = Marks(selected=("a1",), targets=state.guide(("a1",)).targets)
    assert "tip7" in lit_locations(state, selected)
    assert "tip7" in lit_locations(pos({"a1": "r3r2r1", "d4": "b3b2b1"}, face="wild"))
    assert "tip7" not in lit_locations(state.play("tip7")), "used: once a turn"


def test_a_lone_standing_piece_is_drawn_from_the_side_like_a_stack():
    """Issue 26: a lone standing piece was drawn from above, stacks from the side. Every standing piece,
    alone or stacked, is now one side-view band on a ground shadow, the top one pointed."""
    state = pos({"a4": "r1", "d4": "b3b2b1", "a1": "r3r2"})
    root = ET.fromstring(views.draw(state))
    pieces = [el for el in root.iter() if "pyramid" in (el.get("class") or "").split()]
    assert len(pieces) == 6 and all("standing" in el.get("class").split() for el in pieces)
    shapes = {el.find("{http://www.w3.org/2000/svg}title").text: el.find("{http://www.w3.org/2000/svg}path").get("d")
              for el in pieces}
    assert all(shape.count("L") == 3 for shape in shapes.values()), "each a band (four corners), never a square"
    grounds = [el for el in root.iter() if el.get("class") == "ground"]
    assert len(grounds) == 3, "a1, a4 and d4 each stand on the tile"

    def width_at_top(d):
        xs = [float(v) for v in re.findall(r"[ML]([\d.]+) ", d)]
        return xs[2] - xs[1]

    assert width_at_top(shapes["red small"]) == pytest.approx(width_at_top(shapes["blue small"])), \
        "a small alone and a small on top of a tree look the same"


def test_choice_pictures_beside_the_board_define_no_id_twice():
    """Issue 25: each choice picture defines the pieces' patterns again; its ids are its own."""
    state, session = choosing_in_a_stack()
    document = views.draw(state) + page.choices(session)
    ids = re.findall(r'\bid="([^"]+)"', document)
    assert len(ids) > 4 and sorted(ids) == sorted(set(ids))

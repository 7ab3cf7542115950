"""IceToids' board: every location a move needs is drawn clickable, and face-down tiles show nothing."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from colours import contrast
from conformance import playout
from pyramids.core import CHANCE
from pyramids.games.icetoids import CELLS, COLOURS, GAME, ORIENTATIONS, TILESET
from pyramids.grid import join_row
from pyramids.session import Session
from pyramids.svg import Marks
from pyramids import views
from pyramids.views import draw, last_marks
from pyramids.views.icetoids import BACK, BLUE, MARGIN, TILE_FACE

SVG = "{http://www.w3.org/2000/svg}"
ARROW_TYPES = [name for name, tile in TILESET.items() if not tile.target]


def clickable(svg_text):
    """data-cell value -> the elements carrying it that take clicks (no pointer-events="none" above)."""
    found = {}

    def walk(element, dead):
        dead = dead or element.get("pointer-events") == "none"
        if element.get("data-cell") is not None:
            assert not dead, f"{element.get('data-cell')} is drawn where clicks do not reach"
            found.setdefault(element.get("data-cell"), []).append(element)
        for child in element:
            walk(child, dead)

    walk(ET.fromstring(svg_text), False)
    return found


def elements(svg_text, tag, cls):
    return [e for e in ET.fromstring(svg_text).iter(SVG + tag) if cls in (e.get("class") or "").split()]


def states(players, seed, max_plies=160):
    state = GAME.new(players=players)
    yield state
    for move in playout(GAME, random.Random(seed), max_plies=max_plies, players=players):
        state = state.play(move)
        yield state


def position(tiles, pieces, seats="red@a2,blue@d3", turn="p1", pending="-"):
    """A play position from {cell: token}: red (p1) waits west of a2, blue (p2) east of d3."""
    def rows(cells):
        return "/".join(join_row([cells.get(f"{f}{r}") for f in "abcd"]) for r in "4321")
    return GAME.from_text(f"{seats} {rows(tiles)} {rows(pieces)} {turn} {pending}")


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (2, 4)])
def test_every_location_of_every_legal_move_is_drawn_clickable(players, seed):
    """Each click of every legal move's path is a data-cell in the drawing of the state,
    with the selection so far and its targets marked, as the page draws it."""
    for state in states(players, seed):
        if state.actors in ((), (CHANCE,)):
            continue
        drawn = {}
        for move in state.legal_moves():
            path = state.path(move)
            for i, location in enumerate(path):
                selection = path[:i]
                if selection not in drawn:
                    targets = state.guide(selection).targets if selection else ()
                    drawn[selection] = clickable(draw(state, Marks(selection, targets)))
                assert location in drawn[selection], (state.to_text(), move, selection)
        for found in drawn.values():
            for cell in CELLS:
                assert len(found.get(cell, ())) == 1, f"tile {cell} must be one clickable element"


def test_the_drawing_is_a_complete_svg_document():
    """It parses as XML and needs nothing outside itself (no links, no external CSS)."""
    for state in states(4, 5, max_plies=60):
        text = draw(state, Marks(last=("a1",)))
        root = ET.fromstring(text)
        assert root.tag == SVG + "svg" and root.get("viewBox")
        assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "<style" not in text


@pytest.mark.parametrize("seed", range(4))
def test_face_down_tiles_leave_no_identity_in_the_drawing(seed):
    """[A13] Until a tile is turned over nothing about it exists; the drawing adds nothing either:
    every face-down tile is the same shared back, and tile types, arrows and target symbols are
    drawn exactly as often as the revealed tiles account for."""
    backs = set()
    for state in states(3, seed):
        if state.in_setup or state.pending is not None:
            continue
        text = draw(state)
        face_down = [c for c, t in zip(CELLS, state.tiles) if t is None]
        revealed = [t for t in state.tiles if t is not None]
        rects = elements(text, "rect", "face-down")
        assert sorted(r.get("data-cell") for r in rects) == sorted(face_down)
        for rect in rects:
            markup = ET.tostring(rect, encoding="unicode").replace(rect.get("data-cell"), "CELL")
            backs.add(re.sub(r' (x|y)="[^"]*"', "", markup))
        for name in ARROW_TYPES:
            assert len(re.findall(rf"\b{name} arrow tile", text)) == sum(t[0] == name for t in revealed)
        assert len(elements(text, "g", "arrow")) == sum(len(t[1]) for t in revealed)
        assert len(elements(text, "g", "glyph")) == 3 * sum(bool(TILESET[t[0]].target) for t in revealed)
    assert len(backs) == 1, backs


def test_revealed_tiles_show_their_arrows_as_turned_and_their_target_symbol():
    """A revealed tile keeps the orientation chosen ("It will remain in that orientation");
    a target tile shows its colour's symbol, a different shape for each colour."""
    state = position({"b2": "corner=ES", "c2": "straight=NS", "a1": "red", "d4": "green"}, {})
    text = draw(state)
    arrows = {a.get("class") for a in elements(text, "g", "arrow")}
    assert arrows == {"arrow E", "arrow S", "arrow N"}  # corner E+S, straight N+S
    turned = [a.get("transform") for a in elements(text, "g", "arrow") if a.get("class") == "arrow E"]
    assert turned and turned[0].startswith("rotate(90 ")
    glyphs = {tuple(g.get("class").split()[1:]) for g in elements(text, "g", "glyph")}
    assert glyphs == {("red", "ring"), ("green", "cross")}
    swatches = draw(GAME.new())
    assert len({g.get("class") for g in elements(swatches, "g", "glyph")}) == len(COLOURS)


def test_several_pieces_on_a_tile_are_each_clickable():
    """ "Any number of pieces can be on the same tile at once": each has its own spot."""
    here = "blue.N,blue.U,red.E,red.S,red.U"
    state = position({"b2": "single=N"}, {"b2": here})
    found = clickable(draw(state))
    names = [f"b2:{p}" for p in here.split(",")]
    boxes = []
    for name in names:
        (group,) = found[name]
        hit = group.find(SVG + "rect")
        boxes.append(tuple(float(hit.get(k)) for k in ("x", "y", "width", "height")))
    for i, (x, y, w, h) in enumerate(boxes):
        for x2, y2, w2, h2 in boxes[i + 1:]:
            assert x + w <= x2 + 0.01 or x2 + w2 <= x + 0.01 or y + h <= y2 + 0.01 or y2 + h2 <= y + 0.01


def test_waiting_pieces_stand_beside_their_home_edge_pointing_in():
    """§2.4: off-board pieces wait "next to and pointing at their Home Tile"."""
    state = position({"a2": "red"}, {"a2": "red.U"})
    (group,) = clickable(draw(state))["off:red"]
    triangles = [g for g in group.iter(SVG + "g") if "lying" in (g.get("class") or "")]
    assert len(triangles) == 2 and all(t.get("transform").startswith("rotate(90 ") for t in triangles)
    assert float(group.find(SVG + "rect").get("x")) < MARGIN, "west of a2, off the board"
    (blue,) = clickable(draw(state))["off:blue"]
    assert all(t.get("transform").startswith("rotate(270 ") for t in blue.iter(SVG + "g") if t.get("transform"))


def test_waiting_pieces_and_a_piece_lit_as_targets_are_outlined_as_a_lit_tile_is():
    """Show me in a lesson lights the location to choose: the waiting pieces ("Choose the lit location: 3 red pieces
    waiting to enter a2.") and a piece on a tile were marked only when chosen, and the board showed nothing lit."""
    state = position({"a2": "red", "b2": "single=N"}, {"b2": "red.E"})
    plain = clickable(draw(state))
    assert not any(elements(ET.tostring(g[0], encoding="unicode"), "rect", "target") for g in plain.values())
    lit = clickable(draw(state, Marks(targets=("off:red", "b2:red.E"))))
    for name in ("off:red", "b2:red.E"):
        (group,) = lit[name]
        assert [r for r in group.iter(SVG + "rect") if r.get("class") == "target"], name
    chosen = clickable(draw(state, Marks(selected=("b2:red.E",))))["b2:red.E"][0]
    assert not [r for r in chosen.iter(SVG + "rect") if r.get("class") == "target"], "chosen: the chosen ring"


def test_directions_are_offered_only_around_the_selected_piece():
    """POINT: any of the four ways but the current one [A9]; drawn only once a piece is selected."""
    state = position({"b2": "single=N", "a2": "red"}, {"b2": "red.E"})
    assert not any(k.startswith("dir:") for k in clickable(draw(state)))
    guidance = state.guide(["b2:red.E"])
    found = clickable(draw(state, Marks(("b2:red.E",), guidance.targets)))
    assert sorted(k for k in found if k.startswith("dir:")) == ["dir:N", "dir:S", "dir:W"]
    assert "c2" in guidance.targets and found["c2"][0].get("class") == "target"


def test_turning_a_tile_previews_each_layout_with_the_button_words():
    """[A11] the mover orients a revealed tile; the board shows every layout, captioned as the buttons."""
    state = position({"a2": "red"}, {"b2": "red.U"}, pending="b2").play("reveal:b2=corner")
    text = draw(state)
    previews = elements(text, "g", "preview")
    assert [p.get("data-arrows") for p in previews] == list(ORIENTATIONS["corner"])
    labels = {state.label(m) for m in state.legal_moves()}
    assert {"".join(p.itertext()) for p in previews} == labels == {
        "Arrows N and E", "Arrows E and S", "Arrows S and W", "Arrows N and W"}
    (turn,) = clickable(text)["b2"]
    assert turn.get("class") == "turn", "the tile to turn takes the click above its pieces"
    assert "b2:red.U" not in clickable(text)


def test_the_tray_has_a_revealed_tile_s_turns_a_finger_high_each_a_legal_choice():
    """[A11] "The active player" turns the revealed tile: its pictures over the board came out 27 px on a phone,
    their words 7 px.  The tray under the board has one button per layout (app.css hides the pictures over the
    board there), each the click of a legal move, its words in its title, a hinted one ringed; the person
    watching another seat turn it has none."""
    state = position({"a2": "red"}, {"b2": "red.U"}, pending="b2").play("reveal:b2=corner")
    tray = ET.fromstring(views.controls(state))
    buttons = list(tray.iter("button"))
    assert [b.get("data-cell") for b in buttons] == [state.path(m)[0] for m in state.legal_moves()]
    assert [b.get("title") for b in buttons] == [f"Turn b2: {state.label(m)}" for m in state.legal_moves()]
    assert "".join(tray.itertext()) == "Turn b2", "the words are the buttons' titles: the pictures say them"
    hinted = ET.fromstring(views.controls(state, Marks((), ("turn:ES",))))
    assert [b.get("data-cell") for b in hinted.iter("button") if "hinted" in b.get("class")] == ["turn:ES"]
    assert not list(ET.fromstring(views.controls(state, watching=True)).iter("button"))


def test_setup_shows_colours_then_home_tiles_and_corner_edges():
    """§2.3: a colour, then a home tile on the edge, then for a corner the edge to wait by [A5]."""
    state = GAME.new()
    swatches = sorted(k for k in clickable(draw(state)) if k.startswith("colour:"))
    assert swatches == sorted(f"colour:{c}" for c in COLOURS)
    state = state.play("p1:colour=red").play("p1:home=a2")
    (taken,) = [s for s in elements(draw(state), "g", "swatch") if "taken" in s.get("class")]
    assert taken.get("data-cell") == "colour:red"
    state = state.play("p2:colour=blue")
    text = draw(state)
    assert "Blue (P2): choose your home tile" in text
    corner = draw(state, Marks(("d4",)))
    assert ">north<" in corner and ">east<" in corner


def test_every_lit_tile_s_blue_outline_lies_on_a_white_one_that_stands_out_on_a_face_down_tile():
    """WCAG 2.2's non-text contrast (1.4.11, 3:1): the blue that lights a home to choose, a move's tile, the
    tile to turn or a selected tile stood 1.6:1 on a face-down tile's slate; a white outline twice as wide
    under it stands out there, and the blue itself on a revealed tile's cream."""
    assert contrast(BLUE, BACK) < 3 <= contrast("#ffffff", BACK) and contrast(BLUE, TILE_FACE) >= 3
    state = GAME.new().play("p1:colour=red")
    boards = {"homes": draw(state)}
    for move in ("p1:home=a2", "p2:colour=blue", "p2:home=d3", "off-a2", "reveal:a2=yellow", "off-d3",
                 "reveal:d3=green", "a2.U>E", "d3.U>W"):
        state = state.play(move)
    boards["a move's tile, the piece's tile selected"] = draw(state, Marks(("a2",), ("b2",)))
    state = state.play("a2.E-b2").play("reveal:b2=corner")
    assert state.pending is not None, "b2 is turned over: its layout to choose"
    boards["the tile to turn"] = draw(state)
    for what, text in boards.items():
        lit = 0
        for parent in ET.fromstring(text).iter():
            children = list(parent)
            for before, outline in zip([None, *children], children):
                if outline.get("stroke") != BLUE or outline.tag != SVG + "rect":
                    continue
                lit += 1
                assert before is not None and before.get("stroke") == "#fff", f"{what}: no white under the blue"
                assert [before.get(k) for k in "xy"] + [before.get("width")] == \
                    [outline.get(k) for k in "xy"] + [outline.get("width")], what
                assert float(before.get("stroke-width")) >= 2 * float(outline.get("stroke-width")) - 1, what
        assert lit, f"{what}: nothing lit"


def test_last_marks_cover_a_push():
    """A push marks where the mover came from, the tile it entered and where the pushed piece went."""
    before = position({"a2": "red", "b2": "blue", "c2": "single=N"}, {"a2": "red.E", "b2": "blue.U"})
    move = "a2.E-b2!blue.U"
    touched, captured = last_marks(before, move, before.play(move))
    assert set(touched) == {"a2", "b2", "c2"} and captured == ()
    point = "a2.E>N"
    assert last_marks(before, point, before.play(point)) == (("a2",), ())


def test_status_names_each_seat_by_colour_and_says_what_it_chooses():
    """The status line says who acts, the seat and its colour once chosen, and in the setup what the seat
    chooses (§2.3), where "P1 to move." would leave a newcomer guessing."""
    session = Session("icetoids", rng=random.Random(1))
    assert session.words.status() == "P1: choose a colour."
    session.clicks.click("colour:yellow")
    assert session.words.status() == "Yellow (P1): choose a home tile on the edge of the board."
    session.clicks.click("b1")
    assert session.words.status() == "P2: choose a colour."
    session.clicks.click("colour:red")
    session.clicks.click("c4")
    assert session.words.status() == "Yellow (P1) to move."
    assert session.state.actor_name(CHANCE) == "Chance"


def test_panel_shows_each_seat_and_the_tiles_still_hidden_and_the_tray_the_ways_to_point():
    """Beside the board: seat, colour, home and progress; and what is still face down, counted from the tile
    set and the revealed tiles only.  Under the board, the tray: the ways to point the selected piece, as
    buttons a finger high on a phone (the panel had them, out of sight there under the game log); empty, its room
    kept, with nothing selected (issue 13: no way to point then), and in setup."""
    state = position({"a2": "red", "b2": "corner=NE"}, {"a2": "red.U"})
    assert "data-cell" not in views.controls(state) and 'class="tray"' in views.controls(state)
    guidance = state.guide(["a2:red.U"])
    marks = Marks(guidance.selection, guidance.targets)
    html = views.panel(state, None, marks)
    assert "data-cell" not in html, "the ways to point have one home: the tray"
    tray = ET.fromstring(views.controls(state, marks))
    assert [b.get("data-cell") for b in tray.iter("button")] == ["dir:N", "dir:E", "dir:S", "dir:W"]
    assert not list(ET.fromstring(views.controls(state, marks, watching=True)).iter("button"))
    root = ET.fromstring(f"<div>{html}</div>")
    assert guidance.message == "This piece cannot move now; point it: choose a way under the board."
    moving = position({"b2": "single=N", "a2": "red"}, {"b2": "red.E"}).guide(["b2:red.E"])
    assert moving.message == "Choose a lit tile to go to, or a way to point it under the board."
    assert "Red (P1): home a2 (west edge), 2 waiting; targets found 1 of 3, occupied 1 (a red piece on all 3 wins)." \
        in html
    assert "Blue (P2): home d3 (east edge), 3 waiting; targets found 0 of 3, occupied 0 (a blue piece on all 3 " \
        "wins)." in html
    assert "held" not in html, "issue 51: 'held' was never explained"
    hidden = "".join(root.find(".//p[@class='hidden-tiles']").itertext())
    assert hidden.startswith("Face down: 14 tiles") and "2 red targets" in hidden and "corner" not in hidden
    last = next(s for seed in range(1, 40) for s in states(2, seed, 600) if sum(s.face_down().values()) == 1)
    hidden = "".join(ET.fromstring(f"<div>{views.panel(last)}</div>").find(".//p[@class='hidden-tiles']").itertext())
    assert re.fullmatch(r"Face down: 1 tile \(still to find: 1 [a-z]+ (target|arrow tile)\)\.", hidden), hidden
    setup = views.panel(GAME.new(players=3).play("p1:colour=red"))
    assert "data-cell" not in setup and "Red (P1): choosing a home tile" in setup and "P2: choosing a colour" in setup
    assert views.controls(GAME.new(players=3).play("p1:colour=red")) == '<div class="tray"></div>', \
        "in setup the tray's room is kept, empty: nothing under the board moves as play begins"

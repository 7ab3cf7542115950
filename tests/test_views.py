"""Board drawings: well-formed, self-contained SVG with every clickable location named."""

import random
import xml.etree.ElementTree as ET

import pytest

from conformance import playout
from pyramids import games, views
from pyramids.svg import Marks

SVG = "{http://www.w3.org/2000/svg}"


def parse(text):
    return ET.fromstring(text)


def cells(root):
    return {el.get("data-cell") for el in root.iter() if el.get("data-cell")}


@pytest.mark.parametrize("game_id", games.ids())
def test_every_move_path_is_clickable_on_the_board(game_id):
    """A player can click every location of every legal move's path (the board, the tray under it or the panel)."""
    game = games.get(game_id)
    moves = playout(game, random.Random(5), max_plies=60)
    state = game.new()
    for move in [None, *moves]:
        if move is not None:
            state = state.play(move)
        if state.outcome is not None or state.actors == ("chance",):
            continue
        clickable = {}  # what can be clicked once a prefix of a path is selected (and its targets lit)
        for legal in state.legal_moves():
            path = state.path(legal)
            for n in range(len(path)):
                if path[:n] not in clickable:
                    marks = Marks(path[:n], state.guide(path[:n]).targets if n else ())
                    clickable[path[:n]] = (cells(parse(views.draw(state, marks)))
                                           | cells(parse(f"<div>{views.controls(state, marks)}</div>"))
                                           | cells(parse(f"<div>{views.panel(state, None, marks)}</div>")))
                assert path[n] in clickable[path[:n]], (legal, path[n])


@pytest.mark.parametrize("game_id", games.ids())
def test_the_svg_is_self_contained(game_id):
    text = views.draw(games.get(game_id).new())
    root = parse(text)
    assert root.tag == SVG + "svg" and root.get("viewBox")
    assert root.find(SVG + "title") is not None
    assert "href=" not in text and "@import" not in text and "<style" not in text


def test_ice_lady_board_marks_selection_targets_and_last_move():
    state = games.get("ice-lady").new()
    root = parse(views.draw(state, Marks(selected=("d3",), targets=("c4", "e4"), last=("c3",))))
    assert len(cells(root)) == 64
    by_cell = {el.get("data-cell"): el.get("class") for el in root.iter() if el.get("data-cell")}
    assert "selected" in by_cell["d3"] and "target" in by_cell["c4"] and "last" in by_cell["c3"]
    assert len([el for el in root.iter() if "pyramid" in (el.get("class") or "")]) == 16


def test_ice_lady_draws_a_king_tree_as_nested_pieces():
    state = games.get("ice-lady").from_text("8/8/8/8/3s4/8/8/2[km]5 w 0 2")
    classes = [el.get("class") for el in parse(views.draw(state)).iter() if "pyramid" in (el.get("class") or "")]
    assert classes == ["pyramid black small", "pyramid black large", "pyramid black medium"]


def test_ice_lady_panel_shows_the_reserves():
    state = games.get("ice-lady").from_text("8/8/8/8/3s4/8/8/2[km]5 w 0 2")
    assert "White: 0 larges" in views.panel(state) and "Black: 2 larges" in views.panel(state)

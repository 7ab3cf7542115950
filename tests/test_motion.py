"""Moves that move, and their sounds (issue 51): what the views and the page say for static/motion.js and
static/sound.js to work on.

Every piece a board draws is named (`data-piece`, svg.named): static/motion.js slides each piece from where the
piece of its name stood nearest, so a piece left unnamed would just appear, and two pieces given one name where
the game tells them apart could swap places on screen.  A board follows the one before (`page.follows`) only on
one line of play; `page.sound` says which sound a board makes.  The browser side is tests/e2e/test_motion_page.py.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from pyramids import games, page, views
from pyramids.session import Session

from conformance import playout

NAMED = re.compile(r'data-piece="([^"]*)"')


def drawn_pieces(state) -> int:
    """How many pieces the position has on its board, counted by its own rules' data."""
    game = state.game.id
    if game == "ice-lady":
        return sum(len(pieces) for _, pieces in state.units.values())
    if game == "ice-towers":
        return sum(len(tower.pieces) for tower in state.towers) + len(state.held)
    if game == "icetoids":
        waiting = sum(state.off_board.get(state.colours[seat], 0) for seat, home in state.homes.items() if home)
        return sum(len(here) for here in state.pieces) + waiting
    if game == "terrafex":  # a frost or a cap is a glacier's piece over its forest
        return sum(1 + bool(cell[2]) for cell in state.board if cell is not None)
    if game == "ice-turn":
        return sum(len(stack) for stack in state.stacks)
    raise AssertionError(f"count the pieces of {game} here")


VARIANTS = [("ice-lady", {}), ("ice-towers", {"players": 3}), ("ice-towers", {"haunted": True}),
            ("icetoids", {"players": 4}), ("terrafex", {}), ("terrafex", {"layout": "custom"}), ("ice-turn", {})]


def test_every_game_is_counted():
    assert {game_id for game_id, _ in VARIANTS} == set(games.ids())


@pytest.mark.parametrize("game_id,options", VARIANTS)
def test_every_piece_on_every_board_is_named(game_id, options):
    """Random games of every game: each board names as many pieces as the position has, with the names the
    game gives its pieces where it tells them apart (Ice Towers' rL2, Ice-Turn's r3: once each)."""
    game = games.get(game_id)
    for seed in range(3):
        state = game.new(**options)
        for move in [None, *playout(game, random.Random(seed), max_plies=120, **options)]:
            state = state if move is None else state.play(move)
            names = NAMED.findall(views.draw(state))
            assert len(names) == drawn_pieces(state), (state.to_text(), Counter(names))
            if game_id in ("ice-towers", "ice-turn"):
                assert len(set(names)) == len(names), state.to_text()


def test_a_piece_keeps_its_name_as_it_moves():
    """Ice Lady: a white small moving from d3 to e4 is a white piece before and after (its colour names it), and
    the board has as many white pieces named; a capture leaves one black piece fewer."""
    def names(moves):
        return Counter(NAMED.findall(views.draw(games.get("ice-lady").replay(moves))))
    start, moved, taken = names([]), names(["d3-e4"]), names(["d3-e4", "e6-f5", "e4xg6"])
    assert start == moved == Counter(white=8, black=8)
    assert taken == Counter(white=8, black=7)


def test_pictures_of_pieces_beside_the_board_are_not_pieces():
    """A panel's pictures of pieces (Terrafex's pool, trackers and key) carry no name: they never move."""
    state = games.get("terrafex").new()
    assert "data-piece" not in views.panel(state)


def shown(game_id="ice-lady", moves=(), ply=None, mine=()):
    session = Session(game_id, moves=list(moves))
    session.link_play.choose(mine)
    if ply is not None:
        session.go(ply)
    return session, page.shown(session)


def test_a_board_follows_the_one_before_on_one_line_of_play():
    line = ["d3-e4", "e6-f5", "e4xg6"]
    session, at_two = shown(moves=line, ply=2)
    for ply in (3, 0, 1, 2):
        session.go(ply)
        assert page.follows(at_two, page.shown(session)), ply  # a step either way, the same board again
    session.undoing.undo()  # taking back the move on screen, e6-f5, and those after it
    undone = page.shown(session)
    assert page.follows(at_two, undone), "an undo"
    session.play("c6-d5")
    assert page.follows(undone, page.shown(session)), "another move from there"
    assert page.follows(at_two, shown(moves=line)[1]), "a link bringing the moves after these, as a new session"


def test_a_board_of_another_game_or_seat_does_not_follow():
    _, before = shown(moves=["d3-e4", "e6-f5"])
    assert not page.follows(None, before), "the first board drawn"
    assert not page.follows(before, shown()[1]), "a new game"
    assert not page.follows(before, shown(moves=["d3-e4"])[1]), "a game of fewer moves (a saved one)"
    assert not page.follows(before, shown(moves=["c3-d4", "e6-f5"])[1]), "another game of Ice Lady"
    assert not page.follows(before, shown(moves=["d3-e4", "e6-d5"])[1]), "another line from a common move"
    assert not page.follows(before, shown(moves=["d3-e4", "e6-f5"], mine=["black"])[1]), "the board turned round"
    assert not page.follows(shown("terrafex")[1], shown("ice-turn")[1]), "another game"


def sound_after(moves, more, game_id="ice-lady", bots=None, undo=False):
    """The sound of the board after `more` is played (or undone) on the game of `moves`."""
    session = Session(game_id, moves=list(moves), bots=bots)
    before, board_before = page.shown(session), page.board(session)
    for move in more:
        if bots:
            assert session.play_bot(move, session.position_key())
        else:
            session.play(move)
    if undo:
        session.undoing.undo()
    return page.sound(session, before, page.shown(session), board_before, page.board(session))


def test_the_sound_of_a_move():
    assert sound_after([], ["d3-e4"]) == "move"
    assert sound_after(["d3-e4", "e6-f5"], ["e4xg6"]) == "capture", "a black piece left the board"
    assert sound_after(["d3-e4"], ["e6-f5"], bots={"black": "easy"}) == "their", "the computer's move"
    assert sound_after(["d3-e4"], ["resign"]) == "end"
    assert sound_after(["d3-e4"], [], undo=True) == "", "an undo is silent"
    assert sound_after(["d3-e4"], []) == "", "a board drawn again"


def test_a_terrafex_forest_burnt_is_a_capture():
    """The fire burns a forest away: one green piece fewer on the board."""
    moves = playout(games.get("terrafex"), random.Random(3), max_plies=300)
    burn = next(ply for ply, move in enumerate(moves) if move.startswith("fire:burn"))
    assert sound_after(moves[:burn], [moves[burn]], game_id="terrafex") == "capture"

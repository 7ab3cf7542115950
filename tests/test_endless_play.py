"""Our rules against endless play, as the rules pages state them, and what they leave alone."""

import random

import pytest

from conformance import playout
from pyramids import games
from pyramids.core import REPETITION_RULE
from pyramids.games import ice_towers


def rules_page(game_id: str) -> str:
    """The page's text as the app shows it (games.rules_page), white space folded."""
    return " ".join(games.rules_page(game_id).split())


def play(state, *moves):
    for move in moves:
        state = state.play(move)
    return state


# -- Ice Lady ------------------------------------------------------------------------------------
ICE_LADY = games.get("ice-lady")
KINGS = ("a8-b8", "h1-g1", "b8-a8", "g1-h1")  # both kings step out and back: the start comes back


def test_ice_lady_draws_on_the_third_repetition():
    """Our rule: "when the same position ... comes about for the third time, the game ends in a draw"."""
    assert "comes about for the third time, the game ends in a draw" in rules_page("ice-lady")
    start = ICE_LADY.from_text("K7/8/8/8/8/8/8/7k w 0 0")
    twice = play(start, *KINGS)
    assert twice.repetitions == 2 and twice.outcome is None, "twice is not yet a draw"
    thrice = play(twice, *KINGS)
    assert thrice.outcome is not None and thrice.outcome.draw and thrice.outcome.reason == REPETITION_RULE
    assert thrice.legal_moves() == [] and thrice.actors == ()
    with pytest.raises(Exception, match="game is over"):
        thrice.play("a8-b8")


def test_ice_lady_repetition_counts_the_same_player_to_move_only():
    start = ICE_LADY.from_text("K7/8/8/8/8/8/8/7k w 0 0")
    state = play(start, "a8-b8", "h1-g1", "b8-a8")  # the kings are back but Black is to move
    assert state.repetitions == 1


def test_ice_lady_a_sideways_step_is_undone_and_counts():
    """Only moves that can never be undone start the count afresh; a medium's sideways step can be."""
    start = ICE_LADY.from_text("8/8/8/8/3M4/8/8/7k w 0 0")
    there_and_back = ("d4-f4", "h1-g1", "f4-d4", "g1-h1")
    assert play(start, *there_and_back, *there_and_back).outcome.draw
    forward = play(start, *there_and_back, "d4-d6", "h1-g1")  # a step forward: a new era
    assert forward.repetitions == 1
    assert play(forward, "d6-f6", "g1-h1", "f6-d6", "h1-g1").repetitions == 2


def test_ice_lady_position_text_keeps_the_count():
    twice = play(ICE_LADY.from_text("K7/8/8/8/8/8/8/7k w 0 0"), *KINGS)
    assert twice.to_text() == "K7/8/8/8/8/8/8/7k w 0 0 seen=2"
    again = ICE_LADY.from_text(twice.to_text())
    assert play(again, *KINGS).outcome.draw
    assert ICE_LADY.from_text(play(again, *KINGS).to_text()).outcome.draw
    with pytest.raises(Exception, match="repetition count"):
        ICE_LADY.from_text("K7/8/8/8/8/8/8/7k w 0 0 seen=9")


# -- IceToids ------------------------------------------------------------------------------------
ICETOIDS = games.get("icetoids")
TURNS = ("a2.E>N", "d3.W>S", "a2.N>E", "d3.S>W")  # each seat turns its piece away and back


def test_icetoids_draws_on_the_third_repetition():
    """Our rule: "comes about for the third time, the game ends in a draw, so that play cannot go on for ever"."""
    assert "comes about for the third time, the game ends in a draw" in rules_page("icetoids")
    start = ICETOIDS.from_text("red@a2,blue@d3 4/3[yellow]/[yellow]3/4 4/3[blue.W]/[red.E]3/4 p1 -")
    twice = play(start, *TURNS)
    assert twice.repetitions == 2 and twice.outcome is None
    thrice = play(twice, *TURNS)
    assert thrice.outcome.draw and thrice.outcome.reason == REPETITION_RULE
    assert ICETOIDS.from_text(thrice.to_text()).outcome.draw, "the position text keeps the count"


# -- Ice Towers ----------------------------------------------------------------------------------
def test_ice_towers_ends_after_the_move_limit_scored_as_it_stands(monkeypatch):
    """Our rule: "a game also ends, scored as it stands, after 2,000 moves"."""
    assert ice_towers.MOVE_LIMIT == 2000 and "scored as it stands, after 2,000 moves" in rules_page("ice-towers")
    monkeypatch.setattr(ice_towers, "MOVE_LIMIT", 12)
    game = games.get("ice-towers")
    state = game.new()
    moves = playout(game, random.Random(5), max_plies=12)
    assert len(moves) == 12
    for move in moves[:-1]:
        state = state.play(move)
        assert state.outcome is None
    state = state.play(moves[-1])
    assert state.outcome is not None and state.outcome.reason.startswith(ice_towers.ENDINGS["limit"])
    assert state.outcome.scores == state.scores() and not state.held, "held pieces are set down at the end"
    assert state.to_text().endswith("over:limit")


def test_the_move_limit_fits_in_a_link():
    """The Ice Towers limit ends a game long before the 10,000 moves a link may hold, so a link can show the end."""
    from pyramids.record import MAX_MOVES

    assert ice_towers.MOVE_LIMIT < MAX_MOVES


# -- Terrafex ------------------------------------------------------------------------------------
TERRAFEX = games.get("terrafex")


def test_terrafex_scores_the_game_on_the_third_repetition():
    """Our rule: "comes about for the third time, the game ends and is scored as it stands"."""
    assert "comes about for the third time, the game ends and is scored as it stands" in rules_page("terrafex")
    rng, states = random.Random(0), [TERRAFEX.new()]
    while states[-1].outcome is None and len(states) < 5000:
        states.append(states[-1].play(rng.choice(states[-1].legal_moves())))
    end = states[-1]
    assert end.outcome.reason.startswith("The same position came about a third time"), "random glaciers bounce"
    assert end.outcome.scores == end.scores() and end.legal_moves() == []
    era, position = end.repetition_key()
    assert sum(s.repetition_key() == (era, position) for s in states) == 3, "the third time, not before"
    assert all(s.outcome is None for s in states[:-1])
    twice = next(s for s in states if s.repetitions == 2)
    assert "seen=2" in twice.to_text()
    assert TERRAFEX.from_text(twice.to_text()).repetitions == 2, "position text keeps the count"


def test_terrafex_counts_repetitions_within_the_glaciers_total_size():
    """Glaciers never grow back on the board: a merge or a melt starts a new era."""
    state = TERRAFEX.new()
    assert state.repetition_key()[0] == (False, 12), "Layout 1 has four large glaciers"

"""Follow every turn (issue 25): a move's words name every location the move changed.

`state.places()` lists each location with the words `describe` names it by and
what it holds; for random games of every game, each location whose contents
differ after a move must be named in that move's description (chance moves too:
a tile dealt or revealed names where it went).
"""

from __future__ import annotations

import random
import re

import pytest

from pyramids import games

from conformance import playout

VARIANTS = [
    ("ice-lady", {}), ("ice-lady", {"mandatory_capture": True}),
    ("ice-towers", {}), ("ice-towers", {"players": 3}), ("ice-towers", {"haunted": True}),
    ("ice-towers", {"timer": 60}),
    ("icetoids", {}), ("icetoids", {"players": 4}),
    ("ice-turn", {}), ("ice-turn", {"players": 4}),
    ("terrafex", {}), ("terrafex", {"layout": "2"}), ("terrafex", {"layout": "custom"}),
]


def unnamed(before, move: str, after) -> list[str]:
    """The words of each location `move` changed that its description leaves out."""
    text, old, new = before.describe(move), before.places(), after.places()
    missing = []
    for place in old.keys() | new.keys():
        if place in old and place in new and old[place][1] == new[place][1]:
            continue
        words = (old.get(place) or new[place])[0]
        if not re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text, re.IGNORECASE):
            missing.append(words)
    return sorted(set(missing))


@pytest.mark.parametrize("game_id,options", VARIANTS)
def test_every_changed_location_is_named(game_id, options):
    """Whatever is played, its description names each location it changed."""
    game = games.get(game_id)
    for seed in range(4):
        moves = playout(game, random.Random(seed), max_plies=300, **options)
        state = game.new(**options)
        for move in moves:
            after = state.play(move)
            missing = unnamed(state, move, after)
            assert not missing, (state.to_text(), move, state.describe(move), missing)
            state = after


def test_the_check_sees_a_location_left_unnamed():
    """The check itself: a description without the square a capture emptied fails it."""
    lady = games.get("ice-lady")
    state = lady.from_text("8/8/8/8/3s4/2S5/8/8 w 4 4")

    class Terse(type(state)):
        def describe(self, move: str) -> str:
            return "White small c3 to e5"

    terse = Terse(state.game, state.board, state.to_move, state.reserve_counts, state.options)
    assert unnamed(terse, "c3xe5", state.play("c3xe5")) == ["d4"]
    assert unnamed(state, "c3xe5", state.play("c3xe5")) == []

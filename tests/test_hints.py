"""Hint (issue 56): the same position gives the same hint, and a hint lights what it names, popups included."""

import random
import re

import pytest

from pyramids import games, page, views
from pyramids.session import Session
from pyramids.svg import Marks


def drawn(state, marks: Marks, actor) -> str:
    """The board, the tray under it and the panel beside it, as the page draws them."""
    return views.draw(state, marks) + views.controls(state, marks) + views.panel(state, actor, marks)


@pytest.mark.parametrize("game_id", games.ids())
def test_every_hint_lights_what_it_names(game_id):
    """A hint lights the move's last click as a target: the board or panel must look different for it (IceToids'
    colour hint lit nothing in the colour popup; Ice Towers' "I'm done", Terrafex's pool, Ice-Turn's End, lit
    anyway, neither); where that click asks a choice, the choice is offered, the hint's lit."""
    rng = random.Random(11)
    named = 0
    for _ in range(2):
        s = Session(game_id, rng=rng)
        while s.latest.outcome is None and len(s.moves) < 150:
            state, legal = s.latest, s.latest.legal_moves()
            for move in rng.sample(legal, min(4, len(legal))) if len(s.moves) % 3 == 0 else ():
                s.clicks.show_hint(move)
                named += 1
                if s.clicks.choices:
                    lit = re.findall(r'class="choice hinted" data-move="([^"]*)"', page.choices(s))
                    assert lit == [move], (game_id, move)
                else:
                    assert s.clicks.targets == state.path(move)[-1:], (game_id, move)
                    assert drawn(state, Marks(s.clicks.selection, s.clicks.targets), s.clicks.actor) != \
                        drawn(state, Marks(s.clicks.selection, ()), s.clicks.actor), f"{game_id}: {move} lights nothing"
            s.play(rng.choice(legal))
    assert named > 20


def test_a_hint_s_search_is_seeded_by_the_position_and_the_seat():
    s = Session("ice-lady")
    first = s.computer.hint_seed("white")
    assert Session("ice-lady").computer.hint_seed("white") == first, "the same on any page, any day"
    assert s.computer.hint_seed("black") != first
    s.play("d3-e4")
    assert s.computer.hint_seed("white") != first

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


def test_a_click_on_a_hinted_promotion_s_square_keeps_its_choice_open():
    """A hint for an Ice Lady move that may promote offers its choices at once, its target outlined; a tap on that
    target (where a player's finger goes) dropped the move without a word. The choice stays open, and is asked."""
    s = Session("ice-lady", moves=["d3-c4", "d6-e5", "e3-d4", "e5-f4", "e2-e4", "c7-a7", "f2-h2", "e6-d5", "d4-c5",
                                   "f4-g3", "c4xe6", "f6-g5"])
    s.clicks.show_hint("e6xg8=K")
    s.clicks.click("g8")
    assert (s.clicks.selection, s.clicks.choices, s.clicks.hinted) == (("e6", "g8"), ("e6xg8", "e6xg8=K"), "e6xg8=K")
    assert s.message == "Now choose: Keep the small or Promote to king."
    s.clicks.click("e6")  # the piece again: chosen afresh, its targets lit
    assert s.clicks.selection == ("e6",) and "g8" in s.clicks.targets and not s.clicks.choices
